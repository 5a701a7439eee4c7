import type { GetServerSideProps } from "next";
import { parseCookies } from "nookies";
import { getEnv } from "@/config/env";
import { revokeRefreshToken } from "@/lib/api/auth";
import { appendSetCookies, expiredSessionCookies } from "@/lib/auth/cookie-headers";
import { REFRESH_COOKIE } from "@/lib/auth/cookies";
import { localizedPath } from "@/lib/ssr/guards";
import { createSsrApiClient } from "@/lib/ssr/ssr-client";

/**
 * /logout: the platform revokes the refresh token, this response deletes both session cookies (the
 * refresh cookie is HttpOnly, so only the server can), then the visitor goes to the home page (of
 * the group, inside one). No session renewal or chrome is needed, so this skips withLayout.
 */
export const getServerSideProps: GetServerSideProps = async (ctx) => {
  const env = getEnv();
  const refreshToken = parseCookies(ctx)[REFRESH_COOKIE];
  if (refreshToken) {
    // Signing out never fails: an unreachable platform only means the token expires on its own.
    await revokeRefreshToken(createSsrApiClient(env, { cookies: {} }), refreshToken).catch(() => undefined);
  }
  appendSetCookies(ctx.res, expiredSessionCookies(env.secureCookies));
  ctx.res.setHeader("Cache-Control", "private, no-store");
  const groupName = typeof ctx.params?.groupName === "string" ? ctx.params.groupName : undefined;
  const home = groupName ? `/group/${encodeURIComponent(groupName)}` : "/";
  return { redirect: { destination: localizedPath(ctx, home), permanent: false } };
};
