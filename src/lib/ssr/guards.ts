import type { GetServerSidePropsContext } from "next";
import { hasAccess } from "@/shared/access";
import { groupHref } from "@/lib/group-link";
import type { ForbiddenResult, ScreenContext } from "./with-layout";

export interface SignInRedirect {
  redirect: { destination: string; permanent: false };
}

/**
 * A path in the visitor's language for a server-side redirect (Next does not add the locale to a
 * getServerSideProps redirect; in the browser the router reads it back from the path).
 */
export function localizedPath(ctx: Pick<GetServerSidePropsContext, "locale" | "defaultLocale">, path: string): string {
  const localePrefix = ctx.locale && ctx.defaultLocale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : "";
  if (!localePrefix) return path;
  return path === "/" ? localePrefix : `${localePrefix}${path}`;
}

/** `/login?forward=<this page>`, in the visitor's language and group. */
export function signInUrl({ ctx, layout }: Pick<ScreenContext, "ctx" | "layout">): string {
  return localizedPath(ctx, `${groupHref(layout.currentGroup.linkPrefix, "/login")}?forward=${encodeURIComponent(ctx.resolvedUrl)}`);
}

/** The 403 answer: the app shows the translated "Access denied" screen with a link home. */
export function forbidden(): ForbiddenResult {
  return { forbidden: true };
}

/** The redirect to sign in and come back here afterwards. */
export function signInRedirect(screen: Pick<ScreenContext, "ctx" | "layout">): SignInRedirect {
  return { redirect: { destination: signInUrl(screen), permanent: false } };
}

/** Anonymous visitor → redirect to sign in (and back here afterwards); null when signed in. */
export function requireSignIn(screen: Pick<ScreenContext, "ctx" | "layout">): SignInRedirect | null {
  return screen.layout.user ? null : signInRedirect(screen);
}

/**
 * Sign-in and one of `allowed` roles (`ANY`: any signed-in user). Anonymous → sign-in redirect;
 * signed in without the role → 403; null when allowed.
 */
export function requireRole(screen: Pick<ScreenContext, "ctx" | "layout">, allowed: readonly string[]): SignInRedirect | ForbiddenResult | null {
  const redirect = requireSignIn(screen);
  if (redirect) return redirect;
  return hasAccess(allowed, screen.layout.user) ? null : forbidden();
}
