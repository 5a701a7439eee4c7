import useTranslation from "@/lib/i18n/use-translation";
import { useId, useRef, useState, type FormEvent } from "react";
import SITE_CONFIG from "@site-config";
import { SearchIcon } from "@/components/ui/icons";

/** External site-restricted search URL for `text`, or null when there is nothing to search. */
export function siteSearchUrl(siteUrl: string, text: string): string | null {
  const q = text.trim();
  if (!q) return null;
  let host: string;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    host = siteUrl.replace(/^[a-z]+:\/\//i, "").replace(/\/.*$/, "");
  }
  return `${SITE_CONFIG.SITE.SEARCH_URL}?as_sitesearch=${encodeURIComponent(host)}&q=${encodeURIComponent(q)}`;
}

/** Site search: nothing happens while typing; submitting leaves for the external search (with nothing typed, it focuses the field). */
export function NavbarSearch({ siteUrl, fullWidth = false }: { siteUrl: string; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = siteSearchUrl(siteUrl, text);
    // Nothing typed: the button opens the field (folded behind it when the bar is short of room).
    if (url) window.location.href = url;
    else inputRef.current?.focus();
  };

  return (
    <form role="search" className={fullWidth ? "cca-search cca-search--full" : "cca-search"} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="cca-sr-only">
        {t("header:search.label")}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="cca-input"
        type="search"
        name="q"
        placeholder={t("header:search.placeholder")}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="cca-icon-btn" aria-label={t("header:search.submit")}>
        <SearchIcon />
      </button>
    </form>
  );
}
