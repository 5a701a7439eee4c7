import { useRouter } from "next/router";
import useTranslation from "next-translate/useTranslation";
import { useEffect, useState } from "react";
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import type { TocEntry } from "@/lib/html/heading-ids";
import { AppLink } from "@/components/ui/app-link";
import { EditIcon, MailIcon, PlusIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { deletePage } from "@/lib/api/pages";
import { groupHref } from "@/lib/group-link";
import { LinkIcon, ListIcon, ShareIcon, TrashIcon } from "./page-icons";

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

interface EditorActionsProps {
  pageId: number;
  title: string;
  linkPrefix: string;
  /** Where to go after deleting: the parent page, or the home of the group or main site. */
  afterDeleteHref: string;
}

/** Create, edit and delete (with a confirmation) for those who may edit the current tree's pages. */
export function EditorActions({ pageId, title, linkPrefix, afterDeleteHref }: EditorActionsProps) {
  const { t } = useTranslation("page");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deletePage(getBrowserClient(), pageId);
      setOpen(false);
      notify.success(t("page:actions.deleted"));
      await queryClient.invalidateQueries({ queryKey: ["pageTree"] });
      await router.push(afterDeleteHref);
    } catch (e) {
      setError(apiErrorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button asChild size="sm" colorPalette="yellow" variant="subtle">
        <AppLink href={groupHref(linkPrefix, "/page/create")}>
          <PlusIcon />
          {t("page:actions.create")}
        </AppLink>
      </Button>
      <Button asChild size="sm" colorPalette="teal" variant="subtle">
        <AppLink href={groupHref(linkPrefix, `/page/edit/${pageId}`)}>
          <EditIcon />
          {t("page:actions.edit")}
        </AppLink>
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" onClick={() => setOpen(true)}>
        <TrashIcon />
        {t("page:actions.delete")}
      </Button>
      <Modal
        role="alertdialog"
        open={open}
        onClose={close}
        closeOnOutsideClick
        title={t("page:actions.delete_title", { title })}
        description={t("page:actions.delete_description")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={close} disabled={busy}>
              {t("common:actions.cancel")}
            </Button>
            <Button colorPalette="red" onClick={remove} loading={busy}>
              {t("page:actions.delete_submit")}
            </Button>
          </HStack>
        }
      >
        {error && (
          <Text role="alert" color="red.700" fontWeight="medium">
            {t("page:actions.delete_error")}: {error}
          </Text>
        )}
      </Modal>
    </>
  );
}
