import useTranslation from "@/lib/i18n/use-translation";
import { useRouter } from "next/router";
import { useId, useRef, useState, type FormEvent } from "react";
import SITE_CONFIG from "@site-config";
import { SearchIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";

/** External site-restricted search URL for `text`, or null when there is nothing to search (the results page offers it). */
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

/** The portal's search of `text` in the current site or group (`/search?q=…`, `/group/{name}/search?q=…`), or null when there is nothing to search. */
export function portalSearchPath(linkPrefix: string, text: string): string | null {
  const q = text.trim();
  return q ? `${groupHref(linkPrefix, "/search")}?q=${encodeURIComponent(q)}` : null;
}

/** `/hi` for a visitor reading Hindi, "" in the default language: for addresses next/link and the router do not prefix. */
export function languagePrefix(locale: string | undefined, defaultLocale: string | undefined): string {
  return locale && defaultLocale && locale !== defaultLocale ? `/${locale}` : "";
}

/**
 * Where a search form goes without JavaScript (a GET of `q`): the search screen of the current site or
 * group, in the visitor's language (`/hi/…`; a form's action gets no prefix from the router).
 */
export function searchFormAction(linkPrefix: string, locale: string | undefined, defaultLocale: string | undefined): string {
  return `${languagePrefix(locale, defaultLocale)}${groupHref(linkPrefix, "/search")}`;
}

/**
 * Site search: nothing happens while typing; submitting opens the portal's search screen (a client
 * navigation; a plain GET without JavaScript). With nothing typed, it focuses the field.
 */
export function NavbarSearch({ linkPrefix, fullWidth = false }: { linkPrefix: string; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const inputId = useId();
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = portalSearchPath(linkPrefix, text);
    // Nothing typed: the button opens the field (folded behind it when the bar is short of room).
    if (path) void router.push(path);
    else inputRef.current?.focus();
  };

  return (
    <form
      role="search"
      className={fullWidth ? "cca-search cca-search--full" : "cca-search"}
      action={searchFormAction(linkPrefix, router.locale, router.defaultLocale)}
      method="get"
      onSubmit={onSubmit}
    >
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
