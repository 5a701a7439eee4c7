import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { Button, HStack, Text } from "@chakra-ui/react";
import { AppLink } from "@/components/ui/app-link";
import { EditIcon, PlusIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { deletePage } from "@/lib/api/pages";
import { groupHref } from "@/lib/group-link";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { TrashIcon } from "./page-icons";

/* Loaded only for those who may edit pages (next/dynamic): visitors never download the dialog or the API client. */

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
  const refresh = useRefreshAfterWrite();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const close = () => {
    if (busy) return;
    setOpen(false);
    setFailure(null);
  };
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deletePage(getBrowserClient(), pageId);
      setOpen(false);
      notify.success(t("page:actions.deleted"));
      await refresh({ queries: [queryKeys.pageTreeAll()] });
      await router.push(afterDeleteHref);
    } catch (e) {
      setFailure({ error: e });
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
        {/* The reasons a call fails (auth:codes) load with the dialog, not with the page. */}
        <LazyNamespaces namespaces={["auth"]}>{failure && <DeleteFailure error={failure.error} />}</LazyNamespaces>
      </Modal>
    </>
  );
}

function DeleteFailure({ error }: { error: unknown }) {
  const { t } = useTranslation("page");
  return (
    <Text role="alert" color="red.700" fontWeight="medium">
      {t("page:actions.delete_error")}: {apiErrorMessage(t, error)}
    </Text>
  );
}

// Loaded on demand, with the query cache it uses.
export default withQueryClient(EditorActions);
