import type { RequestContext } from "./types";

/** The cookies the request carries (the first of duplicate names wins, as browsers send the most specific first). */
export function requestCookies(ctx: RequestContext): Record<string, string> {
  const raw = ctx.request.headers.cookie;
  const header = Array.isArray(raw) ? raw.join("; ") : (raw ?? "");
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAge: number;
  httpOnly: boolean;
  secure: boolean;
  path?: string;
  sameSite?: "Lax" | "Strict";
}

/** One Set-Cookie value. Token values are base64url and dots, so they need no encoding. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${options.maxAge}`, `Path=${options.path ?? "/"}`];
  if (options.httpOnly) parts.push("HttpOnly");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
