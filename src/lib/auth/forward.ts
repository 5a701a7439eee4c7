/**
 * The `forward` parameter of /login and /register: where to go after signing in. Only a path on
 * this site is accepted ("/…", not "//host" or "/\host", which browsers treat as another site);
 * anything else, including absolute URLs and `javascript:`, falls back to "/".
 */
export function safeForwardPath(raw: unknown, fallback = "/"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/")) return fallback;
  // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil" and "/\t/evil" mean "//evil".
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (value.startsWith("//")) return fallback;
  return value;
}
