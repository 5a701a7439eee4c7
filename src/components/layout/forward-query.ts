import SITE_CONFIG from "@site-config";

const LOCALE_PREFIX = new RegExp(`^/(?:${SITE_CONFIG.LANG.LIST.map((l) => l.code).join("|")})(?=/|$)`);
const GROUP_PREFIX = /^\/group\/[^/]+(?=\/)/;

/** The route part of an asPath: no query or hash, no locale prefix, no `/group/{slug}` prefix. */
export function routePath(asPath: string): string {
  const path = (asPath.split(/[?#]/)[0] ?? "").replace(LOCALE_PREFIX, "").replace(GROUP_PREFIX, "");
  return path.startsWith("/") ? path : `/${path}`;
}

/** True when login/logout links on this path must not carry `forward` (sign-in and register screens). */
export function isNoForwardPath(asPath: string): boolean {
  const path = routePath(asPath);
  return SITE_CONFIG.NO_FORWARD_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** `?forward=<encoded asPath>` for login/logout links, or "" on the no-forward paths. */
export function forwardQuery(asPath: string): string {
  return isNoForwardPath(asPath) ? "" : `?forward=${encodeURIComponent(asPath)}`;
}
