import useTranslation from "next-translate/useTranslation";
import { useEffect, useState } from "react";
import { Box, Button } from "@chakra-ui/react";
import type { TocEntry } from "@/lib/html/heading-ids";
import { MailIcon } from "@/components/ui/icons";
import { notify } from "@/components/ui/toaster";
import { LinkIcon, ListIcon, ShareIcon } from "./page-icons";

export const TOC_ID = "page-toc";

/** "Quick navigation": a disclosure listing the content's headings; each link jumps to its heading. */
export function TocToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation("page");
  return (
    <Button size="sm" variant="outline" aria-expanded={open} aria-controls={TOC_ID} onClick={onToggle}>
      <ListIcon />
      {t("page:toc.title")}
    </Button>
  );
}

export function TableOfContents({ toc, hidden }: { toc: TocEntry[]; hidden: boolean }) {
  const { t } = useTranslation("page");
  const top = Math.min(...toc.map((e) => e.level));
  return (
    <Box as="nav" id={TOC_ID} aria-label={t("page:toc.label")} hidden={hidden} bg="white" borderWidth="1px" borderRadius="md" p={4} mb={6}>
      <Box as="ul" listStyleType="none" m={0} p={0}>
        {toc.map((entry) => (
          <Box as="li" key={entry.id} pl={(entry.level - top) * 4} py={1}>
            <a href={`#${encodeURIComponent(entry.id)}`} className="page-toc-link">
              {entry.text}
            </a>
          </Box>
        ))}
      </Box>
    </Box>
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
        <Button size="sm" variant="outline" onClick={share}>
          <ShareIcon />
          {t("page:share.native")}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={copy}>
        <LinkIcon />
        {t("page:share.copy_link")}
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>
          <MailIcon />
          {t("page:share.email")}
        </a>
      </Button>
    </>
  );
}
