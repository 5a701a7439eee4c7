import { useRouter } from "next/router";
import useTranslation from "next-translate/useTranslation";
import { useCallback, useState } from "react";
import { notify } from "@/components/ui/toaster";
import { waitForAuth } from "@/lib/auth/auth-wall";

/**
 * The join-microsite action: signs the visitor in first when needed (auth wall), then joins an open
 * group or asks to join a closed one, and re-renders the page from the server (membership changed).
 * The API client loads on first use, so it stays out of every page's first-load bundle.
 */
export function useJoinGroup(groupId: number | null): { join: () => Promise<void>; busy: boolean } {
  const { t } = useTranslation();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const join = useCallback(async () => {
    if (groupId === null || busy) return;
    try {
      await waitForAuth();
    } catch {
      return; // the visitor closed the sign-in dialog: nothing to do
    }
    setBusy(true);
    try {
      const [{ getBrowserClient }, { joinGroup }, { ApiError }] = await Promise.all([
        import("@/lib/api/client"),
        import("@/lib/api/groups"),
        import("@/lib/api/api-error"),
      ]);
      try {
        const result = await joinGroup(getBrowserClient(), groupId);
        notify.success(t(result.message === "JOIN_REQUEST_SENT" ? "header:group.join_requested" : "header:group.joined"));
        await router.replace(router.asPath, undefined, { scroll: false });
      } catch (error) {
        notify.error(t("header:group.join_failed"), ApiError.from(error).message);
      }
    } finally {
      setBusy(false);
    }
  }, [busy, groupId, router, t]);
  return { join, busy };
}
