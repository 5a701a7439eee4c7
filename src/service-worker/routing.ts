/**
 * What the service worker does with a request, and whose cache a page goes to (issue 32, item 2). Pure
 * (no worker globals), so unit tests read it; `sw.ts` applies it.
 *
 * - `page`: a same-origin GET for a screen (a navigation, or the `/_next/data/…` JSON of a client-side
 *   navigation): network first; what the network answers is kept in the cache of the visitor it was
 *   made for (`pages-anon`, `pages-u{id}`, named by the `x-cca-viewer` header the page sets), so a
 *   signed-in visitor's pages are never shown to anyone else; offline, the cached page of the current
 *   visitor, else the offline screen in the visitor's language.
 * - `static`: build assets and hashed files (`/_next/static/`, the stylesheet, fonts, the base map, the
 *   logo): cache first.
 * - `media`: stored files (`/files-api/api/get/…`): cache first, bounded (the last-viewed records' photos).
 * - `map-tile`: an offline map pack's tiles (`/nakshaIntegrator-api/api/mappack/…/tiles/…`): from a kept pack
 *   (`map-pack-…` caches) first, else the network.
 * - `map-points`: the map's public points (`/cca-api/api/v1/data/search/map`): network first, then a kept pack.
 * - `none`: everything else (API calls, writes, uploads, other origins) goes to the network untouched.
 */
export type RequestKind = "page" | "static" | "media" | "map-tile" | "map-points" | "none";

export interface RequestLike {
  method: string;
  mode: string;
  url: string;
  headers?: { get(name: string): string | null };
}

export const VIEWER_HEADER = "x-cca-viewer";
export const PAGES_CACHE_PREFIX = "pages-";
export const STATIC_CACHE = "static-v1";
export const MEDIA_CACHE = "media-v1";
/** How many pages (and page data) each visitor's cache keeps, oldest dropped first. */
export const PAGES_MAX = 80;
export const MEDIA_MAX = 200;
/** A navigation waits this long for the network before the cached page is shown. */
export const NETWORK_TIMEOUT_MS = 8000;

const STATIC_PREFIXES = ["/_next/static/", "/api/styles/", "/api/fonts/", "/api/map/", "/map/"];
const STATIC_FILES = new Set(["/logo.svg", "/favicon.ico"]);
/** Screens that must always come from the network (they change the session). */
const SIGN_OUT = /^(?:\/hi)?(?:\/group\/[^/]+)?\/logout(?:\/|$)/;
const NEVER_CACHED_PAGES = [SIGN_OUT];

/** The sign-out screen (the worker forgets signed-in pages when it is opened). */
export const isSignOut = (pathname: string): boolean => SIGN_OUT.test(pathname);

export function classify(request: RequestLike, origin: string): RequestKind {
  if (request.method !== "GET") return "none";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "none";
  }
  if (url.origin !== origin) return "none";
  const p = url.pathname;
  if (STATIC_PREFIXES.some((prefix) => p.startsWith(prefix)) || STATIC_FILES.has(p)) return "static";
  if (p.startsWith("/files-api/api/get/")) return "media";
  if (/^\/nakshaIntegrator-api\/api\/mappack\/[^/]+\/tiles\//.test(p)) return "map-tile";
  if (p === "/cca-api/api/v1/data/search/map") return "map-points";
  if (p.startsWith("/_next/data/")) return "page";
  if (request.mode !== "navigate") return "none";
  if (p.startsWith("/api/") || /^\/[A-Za-z-]+-api\//.test(p) || p.startsWith("/_next/")) return "none";
  if (NEVER_CACHED_PAGES.some((re) => re.test(p))) return "none";
  return "page";
}

/** `anon` or `u{id}` from the page's header; null for anything else (such an answer is not kept). */
export function viewerOf(header: string | null | undefined): string | null {
  if (!header) return null;
  return /^(?:anon|u\d{1,12})$/.test(header) ? header : null;
}

export const pagesCacheOf = (viewer: string): string => `${PAGES_CACHE_PREFIX}${viewer}`;

/** The signed-in visitors' page caches to delete when `viewer` is the one using this browser now. */
export function cachesToPurge(names: readonly string[], viewer: string): string[] {
  return names.filter((n) => n.startsWith(`${PAGES_CACHE_PREFIX}u`) && n !== pagesCacheOf(viewer));
}

/** The offline screen in the visitor's language (from the address's language prefix). */
export function offlinePathFor(pathname: string): string {
  return pathname === "/hi" || pathname.startsWith("/hi/") ? "/hi/offline" : "/offline";
}

/** Same-origin build assets a page's HTML refers to (its scripts, styles, preloads), as absolute URLs. */
export function assetsOfHtml(html: string, base: string): string[] {
  const found = new Set<string>();
  const re = /(?:src|href)="(\/(?:_next\/static|api\/styles|api\/fonts)\/[^"?#]+)"/g;
  for (let m = re.exec(html); m !== null; m = re.exec(html)) found.add(new URL(m[1]!, base).href);
  return [...found];
}

/** The participation forms a `/participate` screen links to (same language and group prefix), as absolute URLs. */
export function formLinksOfHtml(html: string, pageUrl: string): string[] {
  const page = new URL(pageUrl);
  const found = new Set<string>();
  const re = /href="((?:\/hi)?(?:\/group\/[^/"]+)?\/participate\/[A-Za-z0-9_-]+)"/g;
  for (let m = re.exec(html); m !== null; m = re.exec(html)) found.add(new URL(m[1]!, page.origin).href);
  return [...found];
}
