import SITE_CONFIG from "@site-config";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies";

/** The part of a Node response that SSR code writes cookies on. */
export interface CookieResponse {
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
}

function flags(secure: boolean): string {
  return `; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie values for a token pair, as the platform sets them (BRToken HttpOnly). */
export function sessionCookies(pair: { access_token: string; refresh_token?: string }, secure: boolean): string[] {
  const cookies = [`${ACCESS_COOKIE}=${encodeURIComponent(pair.access_token)}; Max-Age=${SITE_CONFIG.COOKIES.ACCESS_TOKEN.MAX_AGE}${flags(secure)}`];
  if (pair.refresh_token) {
    cookies.push(`${REFRESH_COOKIE}=${encodeURIComponent(pair.refresh_token)}; Max-Age=${SITE_CONFIG.COOKIES.REFRESH_TOKEN.MAX_AGE}; HttpOnly${flags(secure)}`);
  }
  return cookies;
}

/** Set-Cookie values that delete both session cookies. */
export function expiredSessionCookies(secure: boolean): string[] {
  return [`${ACCESS_COOKIE}=; Max-Age=0${flags(secure)}`, `${REFRESH_COOKIE}=; Max-Age=0; HttpOnly${flags(secure)}`];
}

function cookieName(header: string): string {
  return header.slice(0, header.indexOf("=")).trim();
}

/**
 * Adds cookies to a response, replacing earlier values of the same cookie. A Domain attribute is
 * dropped: SSR reaches the platform on an internal address, and the cookie belongs to this site.
 */
export function appendSetCookies(res: CookieResponse, cookies: readonly string[]): void {
  if (cookies.length === 0) return;
  const incoming = cookies.map((c) => c.replace(/;\s*Domain=[^;]*/gi, ""));
  const names = new Set(incoming.map(cookieName));
  const current = res.getHeader("Set-Cookie");
  const existing = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)]).filter((c) => !names.has(cookieName(c)));
  res.setHeader("Set-Cookie", [...existing, ...incoming]);
}
