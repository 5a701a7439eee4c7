import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouteChangeStart } from "@/components/layout/router-hooks";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import { useSession } from "@/components/auth/session-context";
import { bus, type AuthWallRequest } from "@/lib/events/bus";

// The dialog and the sign-in form load on the first `authwall_init`, not with every page.
const AuthWallDialog = dynamic(() => import("./auth-wall-dialog"), { ssr: false });

/**
 * The sign-in modal on demand (spec §4): `waitForAuth()` emits `authwall_init`, this opens the
 * modal. Signing in (with the OTP step inside the modal if the account needs it) closes it, re-reads
 * the user from the cookie, emits `authwall_success` and resolves every waiting request; closing it
 * otherwise emits `authwall_failed` and rejects them with `{ message: null }`. Mount once.
 */
export function AuthWall({ linkPrefix }: { linkPrefix: string }) {
  const { refreshUser } = useSession();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const waiting = useRef<AuthWallRequest[]>([]);

  useEffect(() => {
    const onInit = (request: AuthWallRequest) => {
      waiting.current.push(request);
      setLoaded(true);
      setOpen(true);
    };
    bus.on("authwall_init", onInit);
    return () => bus.off("authwall_init", onInit);
  }, []);

  const settle = useCallback(
    (signedIn: boolean) => {
      const requests = waiting.current;
      waiting.current = [];
      setOpen(false);
      if (signedIn) {
        const user = refreshUser();
        bus.emit("authwall_success", { userId: user?.id ?? 0 });
        requests.forEach((r) => r.resolve());
      } else if (requests.length > 0) {
        bus.emit("authwall_failed", undefined);
        requests.forEach((r) => r.reject({ message: null }));
      }
    },
    [refreshUser],
  );

  // Following a link in the modal (register, forgot password) leaves the page: the request is abandoned.
  useRouteChangeStart(useCallback(() => settle(false), [settle]));

  if (!loaded) return null;
  // The sign-in texts come with the dialog, not with every page.
  return (
    <LazyNamespaces namespaces={["auth", "form"]}>
      <AuthWallDialog open={open} linkPrefix={linkPrefix} onSignedIn={() => settle(true)} onDismiss={() => settle(false)} />
    </LazyNamespaces>
  );
}
