import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { AxiosInstance } from "axios";
import { parseCookies, setCookie } from "nookies";
import SITE_CONFIG, { languageIdFor, type LocaleCode } from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import { getEnv } from "@/config/env";
import { createApiClient } from "@/lib/api/client";
import { loadLayout } from "./load-layout";

export interface ScreenContext {
  ctx: GetServerSidePropsContext;
  client: AxiosInstance;
  layout: LayoutData;
  locale: LocaleCode;
  languageId: number;
}

export type ScreenLoader<P> = (screen: ScreenContext) => Promise<GetServerSidePropsResult<P>>;

export type WithLayoutProps<P> = P & { layout: LayoutData };

function localeOf(ctx: GetServerSidePropsContext): LocaleCode {
  return ctx.locale === "hi" ? "hi" : "en";
}

/**
 * getServerSideProps for every screen: resolves the chrome (current group, page trees, user) from
 * in-process caches, answers 404 for an unknown `/group/{name}`, remembers the language, then runs
 * the screen's own loader.
 */
export function withLayout<P extends object = Record<string, never>>(
  loader?: ScreenLoader<P>,
): GetServerSideProps<WithLayoutProps<P>> {
  return async (ctx) => {
    const env = getEnv();
    const cookies = parseCookies(ctx);
    const locale = localeOf(ctx);
    const client = createApiClient({ baseURL: env.apiEndpointSsr, cookies });
    const groupName = typeof ctx.params?.groupName === "string" ? ctx.params.groupName : undefined;

    const layout = await loadLayout({
      client,
      env,
      locale,
      host: ctx.req.headers.host,
      groupName,
      accessToken: cookies[SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME],
    });
    if (!layout) return { notFound: true };

    const localeCookie = SITE_CONFIG.COOKIES.LOCALE;
    const firstVisit = !cookies[localeCookie.NAME];
    if (firstVisit) {
      setCookie(ctx, localeCookie.NAME, locale, { maxAge: localeCookie.MAX_AGE, path: "/", sameSite: "lax" });
    }
    // Anonymous views of public screens may be served from a shared cache for a minute
    // (never a response that sets a cookie or shows a signed-in user).
    ctx.res.setHeader(
      "Cache-Control",
      layout.user || firstVisit ? "private, no-store" : "public, s-maxage=60, stale-while-revalidate=300",
    );

    if (!loader) return { props: { layout } as WithLayoutProps<P> };
    const result = await loader({ ctx, client, layout, locale, languageId: languageIdFor(locale) });
    if ("props" in result) {
      const props = await result.props;
      return { ...result, props: { ...props, layout } };
    }
    return result;
  };
}
