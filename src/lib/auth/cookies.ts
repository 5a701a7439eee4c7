import SITE_CONFIG from "@site-config";

export const ACCESS_COOKIE = SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME;
export const REFRESH_COOKIE = SITE_CONFIG.COOKIES.REFRESH_TOKEN.NAME;

/** A cookie the page's JavaScript may read (not HttpOnly); undefined during SSR. */
export function readBrowserCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  if (!match) return undefined;
  const value = match.slice(name.length + 1);
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function secureFlag(): string {
  return typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
}

/** Stores a JavaScript-visible cookie as the platform would (path /, SameSite=Lax). */
export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secureFlag()}`;
}

export function deleteBrowserCookie(name: string): void {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
}

/** The access token of this browser, if any. */
export function readAccessToken(): string | undefined {
  return readBrowserCookie(ACCESS_COOKIE) || undefined;
}

/**
 * Keeps the browser's access cookie in step with tokens the platform just answered. The platform sets
 * both cookies itself (BRToken HttpOnly); when it did not (another deployment), the tokens are stored
 * from the body so the session still works.
 */
export function persistTokens(pair: { access_token?: string; refresh_token?: string }): void {
  if (!pair.access_token || readAccessToken() === pair.access_token) return;
  writeBrowserCookie(ACCESS_COOKIE, pair.access_token, SITE_CONFIG.COOKIES.ACCESS_TOKEN.MAX_AGE);
  if (pair.refresh_token) writeBrowserCookie(REFRESH_COOKIE, pair.refresh_token, SITE_CONFIG.COOKIES.REFRESH_TOKEN.MAX_AGE);
}

/** Forgets the session in this browser (the HttpOnly BRToken is cleared by /logout on the server). */
export function clearBrowserSession(): void {
  deleteBrowserCookie(ACCESS_COOKIE);
}
