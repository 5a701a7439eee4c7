import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useState } from "react";
import type { TocEntry } from "@/shared/html/heading-ids";
import { MailIcon } from "@/components/ui/icons";
import { notify } from "@/components/ui/toaster";
import { LinkIcon, ListIcon, ShareIcon } from "./page-icons";

export const TOC_ID = "page-toc";

/** "Quick navigation": a disclosure listing the content's headings; each link jumps to its heading. */
export function TocToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation("page");
  return (
    <button type="button" className="cca-ps-btn" aria-expanded={open} aria-controls={TOC_ID} onClick={onToggle}>
      <ListIcon />
      {t("page:toc.title")}
    </button>
  );
}

/** The screen's styles (page-styles.ts: cca-ps-*) render it: plain elements, cheap on the server. */
export function TableOfContents({ toc, hidden }: { toc: TocEntry[]; hidden: boolean }) {
  const { t } = useTranslation("page");
  const top = Math.min(...toc.map((e) => e.level));
  return (
    <nav id={TOC_ID} aria-label={t("page:toc.label")} hidden={hidden} className="cca-ps-toc">
      <ul>
        {toc.map((entry) => (
          <li key={entry.id} style={entry.level > top ? { paddingLeft: `var(--chakra-spacing-${(entry.level - top) * 4})` } : undefined}>
            <a href={`#${encodeURIComponent(entry.id)}`} className="page-toc-link">
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Copy link, the system share sheet where the browser has one, and e-mail. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("page");
  const [canShare, setCanShare] = useState(false);
  // Known only in the browser: rendered after hydration so the server and client markup agree.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- navigator exists only after mount
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("page:share.copied"));
    } catch {
      notify.error(t("page:share.copy_error"));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not an error.
      if ((error as { name?: string })?.name !== "AbortError") void copy();
    }
  };
  return (
    <>
      {canShare && (
        <button type="button" className="cca-ps-btn" onClick={share}>
          <ShareIcon />
          {t("page:share.native")}
        </button>
      )}
      <button type="button" className="cca-ps-btn" onClick={copy}>
        <LinkIcon />
        {t("page:share.copy_link")}
      </button>
      <a className="cca-ps-btn" href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>
        <MailIcon />
        {t("page:share.email")}
      </a>
    </>
  );
}
