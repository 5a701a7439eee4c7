import { jwtDecode } from "jwt-decode";
import type { Role } from "@site-config";
import type { SessionUser } from "@/contracts/user";

interface TokenPayload {
  id?: unknown;
  sub?: unknown;
  name?: unknown;
  roles?: unknown;
  exp?: unknown;
}

/** Seconds before expiry at which an access token counts as expired (clock skew, request time). */
export const TOKEN_EXPIRY_SKEW_SECONDS = 10;

function decodePayload(token: string | undefined): TokenPayload | null {
  if (!token) return null;
  try {
    return jwtDecode<TokenPayload>(token);
  } catch {
    return null;
  }
}

function userId(payload: TokenPayload): number | null {
  const id = Number(payload.id ?? payload.sub);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Reads the signed-in user from the access token for display only (menus, avatars).
 * The platform verifies the signature before it trusts anything in the token.
 */
export function decodeSessionUser(token: string | undefined, nowSeconds = Date.now() / 1000): SessionUser | null {
  const payload = decodePayload(token);
  if (!payload) return null;
  const id = userId(payload);
  if (id === null) return null;
  const exp = typeof payload.exp === "number" ? payload.exp : 0;
  if (exp <= nowSeconds) return null;
  return {
    id,
    name: typeof payload.name === "string" ? payload.name : "",
    roles: Array.isArray(payload.roles) ? (payload.roles.filter((r) => typeof r === "string") as Role[]) : [],
    exp,
  };
}

/** The same user from the same token contents (id, name, roles, expiry), whichever object holds them. */
export function isSameSessionUser(a: SessionUser | null, b: SessionUser | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.id === b.id && a.exp === b.exp && a.name === b.name && a.roles.join() === b.roles.join();
}

/** A token naming a user (expired or not): the visitor has a session that renewal may keep alive. */
export function hasSessionToken(token: string | undefined): boolean {
  const payload = decodePayload(token);
  return payload !== null && userId(payload) !== null;
}

/** True when the token is missing, unreadable, or expires within the skew. */
export function isTokenExpired(token: string | undefined, nowSeconds = Date.now() / 1000, skewSeconds = TOKEN_EXPIRY_SKEW_SECONDS): boolean {
  const payload = decodePayload(token);
  if (!payload || typeof payload.exp !== "number") return true;
  return payload.exp - skewSeconds <= nowSeconds;
}
