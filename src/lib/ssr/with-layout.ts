import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { AxiosInstance } from "axios";
import { parseCookies } from "nookies";
import { languageIdFor, type LocaleCode } from "@site-config";
import type { LayoutData } from "@/contracts/layout";
import { getEnv } from "@/config/env";
import { currentAccessToken, renewSession } from "@/lib/api/client";
import { appendSetCookies } from "@/lib/auth/cookie-headers";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "@/lib/auth/cookies";
import { hasSessionToken, isTokenExpired } from "@/lib/auth/session";
import { ownDomainAddress } from "@/lib/groups/resolve-current-group";
import { loadGroupsCached, loadLayout } from "./load-layout";
import { createSsrApiClient } from "./ssr-client";

export interface ScreenContext {
  ctx: GetServerSidePropsContext;
  client: AxiosInstance;
  layout: LayoutData;
  locale: LocaleCode;
  languageId: number;
}

/** A loader's answer "signed in, but not allowed": the app renders the 403 screen with status 403. */
export interface ForbiddenResult {
  forbidden: true;
}

export type ScreenResult<P> = GetServerSidePropsResult<P> | ForbiddenResult;

export type ScreenLoader<P> = (screen: ScreenContext) => Promise<ScreenResult<P>>;

export type WithLayoutProps<P> = P & { layout: LayoutData };

/** Props of a page the loader refused (see ForbiddenResult); _app shows the 403 screen for them. */
export interface ForbiddenProps {
  layout: LayoutData;
  forbidden: true;
}

function localeOf(ctx: GetServerSidePropsContext): LocaleCode {
  return ctx.locale === "hi" ? "hi" : "en";
}

/**
 * The visitor's access token for this request. An expired or missing access token with a refresh
 * cookie is renewed once here (the new cookies go on this response), so a returning visitor stays
 * signed in; a dead session (refused renewal, or an expired token with no refresh cookie) is cleared.
 */
async function resolveSession(ctx: GetServerSidePropsContext, client: AxiosInstance, cookies: Record<string, string>, secure: boolean) {
  const access = cookies[ACCESS_COOKIE] || undefined;
  const refresh = cookies[REFRESH_COOKIE] || undefined;
  if (access && !isTokenExpired(access)) return { accessToken: access, changed: false };
  if (refresh) {
    const renewed = await renewSession(client);
    return { accessToken: renewed ?? currentAccessToken(client), changed: true };
  }
  if (access && hasSessionToken(access)) {
    appendSetCookies(ctx.res, [`${ACCESS_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`]);
    return { accessToken: undefined, changed: true };
  }
  return { accessToken: undefined, changed: false };
}

/**
 * `/group/{name}/…` of a group that has its own domain: a permanent redirect (308) to the same screen
 * there, so bookmarks and shared links keep working. Not cached, as the domain may change again.
 */
async function movedGroupRedirect(ctx: GetServerSidePropsContext, client: AxiosInstance, locale: LocaleCode, groupName: string) {
  const localePrefix = ctx.locale && ctx.defaultLocale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : "";
  const groups = await loadGroupsCached(client, languageIdFor(locale));
  const destination = ownDomainAddress(groups, { groupName, path: ctx.resolvedUrl, localePrefix });
  if (!destination) return null;
  ctx.res.setHeader("Cache-Control", "private, no-store");
  return { redirect: { destination, permanent: true } } as const;
}

/**
 * getServerSideProps for every screen: sends `/group/{name}` of a group with its own domain there,
 * resolves the session (renewing it when needed) and the chrome (current group, page trees, user)
 * from in-process caches, answers 404 for an unknown `/group/{name}`, then
 * runs the screen's own loader.
 */
export function withLayout<P extends object = Record<string, never>>(
  loader?: ScreenLoader<P>,
): GetServerSideProps<WithLayoutProps<P>> {
  return async (ctx) => {
    const env = getEnv();
    const cookies = parseCookies(ctx);
    const locale = localeOf(ctx);
    const requestId = ctx.req.headers["x-request-id"];
    const client = createSsrApiClient(env, { cookies, ssrContext: { res: ctx.res }, requestId: typeof requestId === "string" ? requestId : undefined });
    const groupName = typeof ctx.params?.groupName === "string" ? ctx.params.groupName : undefined;
    if (groupName !== undefined) {
      const moved = await movedGroupRedirect(ctx, client, locale, groupName);
      if (moved) return moved;
    }
    const session = await resolveSession(ctx, client, cookies, env.secureCookies);

    const layout = await loadLayout({
      client,
      env,
      locale,
      host: ctx.req.headers.host,
      groupName,
      accessToken: session.accessToken,
    });
    if (!layout) return { notFound: true };

    // Anonymous views of public screens are the same for every visitor: the portal's page cache
    // (src/web-server/html-cache.ts) and shared caches may keep them for a minute — never a response
    // that sets a cookie or shows a signed-in user. (The language cookie of a first visit is written
    // in the browser, so that first visits are cacheable too.) The browser itself keeps nothing fresh
    // (max-age=0, no stale-while-revalidate): its cache is not keyed by the session, and a visitor who
    // signs in must not be shown the anonymous answer it kept (a form list read as "sign in first").
    ctx.res.setHeader("Cache-Control", layout.user || session.changed ? "private, no-store" : "public, max-age=0, s-maxage=60");
    // Whose view this is, for the service worker's offline copies (src/service-worker/routing.ts): it keeps
    // each visitor's pages apart and never shows a signed-in visitor's page to anyone else.
    ctx.res.setHeader("X-Cca-Viewer", layout.user ? `u${layout.user.id}` : "anon");

    if (!loader) return { props: { layout } as WithLayoutProps<P> };
    const result = await loader({ ctx, client, layout, locale, languageId: languageIdFor(locale) });
    if ("forbidden" in result) {
      ctx.res.statusCode = 403;
      ctx.res.setHeader("Cache-Control", "private, no-store");
      const props: ForbiddenProps = { layout, forbidden: true };
      return { props: props as unknown as WithLayoutProps<P> };
    }
    if ("props" in result) {
      const props = await result.props;
      return { ...result, props: { ...props, layout } };
    }
    return result;
  };
}
