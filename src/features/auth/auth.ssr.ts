import { safeForwardPath } from "@/lib/auth/forward";
import { groupHref } from "@/lib/group-link";
import { localizedPath } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface GuestScreenProps {
  /** The validated `forward` path, or "" (go to the home page of the current group). */
  forward: string;
}

/**
 * Sign-in, registration and password reset: a visitor who is already signed in goes straight on
 * to `forward` (or the home page); the others get the validated `forward` to return to afterwards.
 */
export const getGuestScreenProps = withLayout<GuestScreenProps>(async ({ ctx, layout }) => {
  const forward = safeForwardPath(ctx.query.forward, "");
  if (layout.user) {
    return { redirect: { destination: localizedPath(ctx, forward || groupHref(layout.currentGroup.linkPrefix, "/")), permanent: false } };
  }
  return { props: { forward } };
});
