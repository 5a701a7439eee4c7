import { Button, HStack } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { ROLES } from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import type { UserIbp } from "@/contracts/user";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { notify } from "@/components/ui/toaster";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { useSession } from "@/components/auth/session-context";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

// Dialogs load when first opened, not with the record page.
const RequestDialog = dynamic(() => import("./request-dialog"), { ssr: false, loading: LazyFailure });
const EditorsDialog = dynamic(() => import("./editors-dialog"), { ssr: false, loading: LazyFailure });

export interface RecordSocialProps {
  record: CCAData;
  /** Owner first, then the allowed editors (as the page shows them). */
  contributors: UserIbp[];
  title: string;
}

/** Who the visitor is for this record: may manage its editors (owner, data curator, admin), may edit it. */
export function recordRole(user: { id: number; roles: readonly string[] } | null, record: Pick<CCAData, "userId" | "allowedUsers">) {
  if (!user) return { manager: false, editor: false };
  const manager = String(user.id) === record.userId || user.roles.includes(ROLES.ADMIN) || user.roles.includes(ROLES.DATACURATOR);
  return { manager, editor: manager || record.allowedUsers.includes(String(user.id)) };
}

/** The record page's social controls: follow/unfollow, request to contribute (non-editors), editors (owner, curators). */
export function RecordSocialActions({ record, contributors, title }: RecordSocialProps) {
  const { t, lang } = useTranslation();
  const refreshAfterWrite = useRefreshAfterWrite();
  const { user, refreshUser } = useSession();
  // The followers as this page last learnt them; a new render from the server (navigation, refresh) wins.
  const [state, setState] = useState({ source: record, followers: record.followers });
  let followers = state.followers;
  if (state.source !== record) {
    followers = record.followers;
    setState({ source: record, followers });
  }
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<"request" | "editors" | null>(null);
  const { manager, editor } = recordRole(user, record);
  const following = user !== null && followers.includes(String(user.id));

  const toggleFollow = async () => {
    try {
      await waitForAuth();
    } catch {
      return; // the visitor closed the sign-in dialog
    }
    const me = user ?? refreshUser();
    const follow = !(me !== null && followers.includes(String(me.id)));
    setBusy(true);
    try {
      const { followRecord } = await import("@/lib/api/cca-social");
      const updated = await followRecord(await loadBrowserClient(), record.id, follow, lang === "hi" ? "hi" : "en");
      setState({ source: record, followers: updated.followers });
      notify.success(t(follow ? "contribute:follow.followed" : "contribute:follow.unfollowed"));
    } catch (error) {
      notify.error(t("contribute:follow.error"), (await import("./social-errors")).socialErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const askToContribute = async () => {
    try {
      await waitForAuth();
    } catch {
      return;
    }
    setDialog("request");
  };

  const refresh = () => void refreshAfterWrite({ page: true });

  return (
    <HStack gap={2} flexWrap="wrap" mt={4} className="cca-no-print">
      <Button size="sm" variant={following ? "solid" : "outline"} colorPalette="teal" aria-pressed={following} loading={busy} onClick={toggleFollow} title={t("contribute:follow.hint")}>
        {t(following ? "contribute:follow.unfollow" : "contribute:follow.follow")}
      </Button>
      {!editor ? (
        <Button size="sm" variant="outline" colorPalette="teal" onClick={askToContribute}>
          {t("contribute:request.button")}
        </Button>
      ) : null}
      {manager ? (
        <Button size="sm" variant="outline" colorPalette="teal" onClick={() => setDialog("editors")}>
          {t("contribute:editors.button")}
        </Button>
      ) : null}
      {dialog === "request" ? <RequestDialog recordId={record.id} title={title} onClose={() => setDialog(null)} /> : null}
      {dialog === "editors" ? (
        <EditorsDialog
          record={record}
          contributors={contributors}
          title={title}
          onClose={(changed) => {
            setDialog(null);
            if (changed) refresh();
          }}
        />
      ) : null}
    </HStack>
  );
}
