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

/**
 * Reads the signed-in user from the access token for display only (menus, avatars).
 * The platform verifies the signature before it trusts anything in the token.
 */
export function decodeSessionUser(token: string | undefined, nowSeconds = Date.now() / 1000): SessionUser | null {
  if (!token) return null;
  let payload: TokenPayload;
  try {
    payload = jwtDecode<TokenPayload>(token);
  } catch {
    return null;
  }
  const id = Number(payload.id ?? payload.sub);
  if (!Number.isInteger(id) || id <= 0) return null;
  const exp = typeof payload.exp === "number" ? payload.exp : 0;
  if (exp <= nowSeconds) return null;
  return {
    id,
    name: typeof payload.name === "string" ? payload.name : "",
    roles: Array.isArray(payload.roles) ? (payload.roles.filter((r) => typeof r === "string") as Role[]) : [],
    exp,
  };
}
