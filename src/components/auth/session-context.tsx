import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { SessionUser } from "@/contracts/user";
import { notify } from "@/components/ui/toaster";
import { groupHref } from "@/lib/group-link";
import { clearBrowserSession, readAccessToken } from "@/lib/auth/cookies";
import { decodeSessionUser, isSameSessionUser } from "@/lib/auth/session";
import { onSessionExpired } from "@/lib/auth/session-expiry";

export interface SessionValue {
  /** The signed-in user (decoded from the BAToken cookie), or null. */
  user: SessionUser | null;
  signedIn: boolean;
  /** Re-reads the user from the cookie (after a sign-in in this page) and returns it. */
  refreshUser: () => SessionUser | null;
  /** Forgets the session here and goes to /logout (which clears the HttpOnly cookie too). */
  signOut: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export interface SessionProviderProps {
  /** The user the server rendered with (LayoutData.user); undefined when unknown (static pages). */
  initialUser: SessionUser | null | undefined;
  /** The current group's link prefix, for the /logout link. */
  linkPrefix?: string;
  children: ReactNode;
}

/** Holds the session user for the chrome and the screens; mounted once in _app. */
export function SessionProvider({ initialUser, linkPrefix = "", children }: SessionProviderProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const [state, setState] = useState<{ source: SessionUser | null | undefined; user: SessionUser | null }>({
    source: initialUser,
    user: initialUser ?? null,
  });
  // Every render from the server (a navigation, router.replace) brings the server's view of the user:
  // it wins over what this page learnt, even when it reads the same as the user shown so far (an
  // unchanged token), so the chrome always pairs the server's user with the server's rights.
  let { user } = state;
  if (state.source !== initialUser) {
    user = initialUser ?? null;
    setState({ source: initialUser, user });
  }

  const refreshUser = useCallback(() => {
    const next = decodeSessionUser(readAccessToken());
    setState((s) => (isSameSessionUser(s.user, next) ? s : { ...s, user: next }));
    return next;
  }, []);

  // Static screens (404, 500) have no server-rendered user: read the cookie once mounted.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie is outside React; read once after hydration
    if (initialUser === undefined) refreshUser();
  }, [initialUser, refreshUser]);

  useEffect(
    () =>
      onSessionExpired(() => {
        setState((s) => ({ ...s, user: null }));
        notify.error(t("common:session_expired"));
      }),
    [t],
  );

  const signOut = useCallback(() => {
    clearBrowserSession();
    setState((s) => ({ ...s, user: null }));
    void router.push(groupHref(linkPrefix, "/logout"));
  }, [router, linkPrefix]);

  const value = useMemo<SessionValue>(() => ({ user, signedIn: user !== null, refreshUser, signOut }), [user, refreshUser, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const SIGNED_OUT: SessionValue = {
  user: null,
  signedIn: false,
  refreshUser: () => decodeSessionUser(readAccessToken()),
  signOut: clearBrowserSession,
};

/** `{ user, signedIn, refreshUser, signOut }` of the visitor. */
export function useSession(): SessionValue {
  return useContext(SessionContext) ?? SIGNED_OUT;
}

/** The session user when a SessionProvider is mounted, else `fallback` (chrome rendered on its own). */
export function useSessionUser(fallback: SessionUser | null): SessionUser | null {
  const session = useContext(SessionContext);
  return session ? session.user : fallback;
}
