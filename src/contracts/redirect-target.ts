/**
 * Where a Redirect page may send its visitors: a path of this site (`/data/list`,
 * `/group/sacred-groves/chart`) or an http(s) address. One rule for the page form (yup schema), the
 * pages-api (page.validation.ts) and the page show route (the redirect it answers). Everything else is
 * refused: `javascript:`, `data:`, protocol-relative `//host`, and the backslash, control-character and
 * percent-encoded spellings that browsers or servers turn into another site (`/\host`, `/%5Chost`,
 * `/%2F/host`, `/\t/host`).
 */

/** Any whitespace (Unicode included) or control character. */
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;
/** A base that only serves to resolve site paths; never shown or followed. */
const PATH_BASE = "http://site.invalid";

/** Problems a path may hide: a backslash (read as "/"), whitespace and control characters (dropped or read as "/"). */
function hasUnsafeCharacter(value: string): boolean {
  return value.includes("\\") || SPACE_OR_CONTROL.test(value);
}

/** The path as the URL parser resolves it (dot segments, `%2e` included): null when it leaves this site. */
function resolvedPath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, PATH_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PATH_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" and "/%2e//host" resolve to "//host": as a Location that is another site.
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}

/**
 * A path of this site: starts with a single "/", no backslash, whitespace or control character anywhere,
 * and none once percent-decoded either (nor a leading "//"), so no server or browser along the way can
 * read it as another site.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || hasUnsafeCharacter(value)) return false;
  let decoded = value;
  // Decoded up to three times: "%255C" is "%5C" after one decoding and "\" after two.
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false; // not valid percent-encoding
    }
    if (next === decoded) break;
    decoded = next;
    if (decoded.startsWith("//") || decoded.includes("\\") || /[\u0000-\u001f\u007f-\u009f]/.test(decoded)) return false;
  }
  return resolvedPath(value) !== null;
}

/** An absolute http(s) address with a host, written `http://…` or `https://…`, without whitespace or control characters. */
export function isHttpAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || hasUnsafeCharacter(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Whether a Redirect page may send visitors to `value` (already trimmed). */
export function isRedirectTarget(value: string): boolean {
  return isSitePath(value) || isHttpAddress(value);
}

/**
 * The Location a Redirect page answers with: a site path stays a site path (relative to the host the
 * visitor is on, also inside a group or on a group's own domain), an http(s) address is written in
 * full; both percent-encoded (non-ASCII characters cannot travel in a header). null when the stored
 * value is not a redirect target (older data): the page is then not found rather than an open redirect.
 */
export function redirectDestination(stored: string): string | null {
  const value = stored.trim();
  if (isSitePath(value)) return resolvedPath(value);
  if (isHttpAddress(value)) return new URL(value).href;
  return null;
}
