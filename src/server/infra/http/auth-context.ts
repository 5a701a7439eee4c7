import { errors as joseErrors, jwtVerify } from "jose";
import { hasAccess } from "@/shared/access";
import { sessionStands } from "../auth/session.repository";
import { AppError } from "./app-error";
import type { RequestContext } from "./types";

/** The caller, from a verified access token. Global roles come from the token, never from the DB. */
export interface AuthUser {
  id: number;
  name: string;
  roles: string[];
}

/** Verifies an HS256 access token and reads the user from its claims (`id` may be a string, as in the reference). */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AuthUser> {
  return (await verifyAccessClaims(token, secret)).user;
}

interface AccessClaims {
  user: AuthUser;
  /** The session version the token was issued at (0 before versions existed). */
  version: number;
  /** The session (refresh-token family), when the token names one. */
  sid: string | null;
}

async function verifyAccessClaims(token: string, secret: Uint8Array): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    // Refresh tokens carry the same claims; they must not open the API.
    if (payload.typ === "refresh" || payload.token_type === "refresh") throw new AppError("UNAUTHORIZED", "Invalid JWT token");
    const rawId = payload.id ?? payload.sub;
    const id = typeof rawId === "number" ? rawId : Number.parseInt(String(rawId ?? ""), 10);
    if (!Number.isInteger(id) || id < 1) throw new AppError("UNAUTHORIZED", "Invalid JWT token");
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === "string") : [];
    const version = typeof payload.ver === "number" && Number.isInteger(payload.ver) ? payload.ver : 0;
    const sid = typeof payload.sid === "string" && payload.sid ? payload.sid : null;
    return { user: { id, name: typeof payload.name === "string" ? payload.name : "", roles }, version, sid };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError("UNAUTHORIZED", "JWT token expired");
    throw new AppError("UNAUTHORIZED", "Invalid JWT token");
  }
}

function bearerToken(ctx: RequestContext): string | null {
  const header = ctx.request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  if (!match) throw new AppError("UNAUTHORIZED", "The Authorization header must be \"Bearer <token>\"");
  return match[1]!;
}

const resolved = new WeakMap<RequestContext, Promise<AuthUser | null>>();

function resolveUser(ctx: RequestContext): Promise<AuthUser | null> {
  let user = resolved.get(ctx);
  if (!user) {
    user = (async () => {
      const token = bearerToken(ctx);
      if (!token) return null;
      const claims = await verifyAccessClaims(token, ctx.deps.jwtSecret);
      // Signed is not enough: the session must still stand — not signed out, no password change or
      // disabling since (issue 27 item 12). One indexed lookup per request, shared by all instances.
      if (!(await sessionStands(ctx.deps.db, claims.user.id, claims.version, claims.sid))) {
        throw new AppError("UNAUTHORIZED", "This session has ended; sign in again");
      }
      return claims.user;
    })();
    resolved.set(ctx, user);
  }
  return user;
}

/**
 * Whether the request presents credentials at all (an Authorization header, valid or not): reads that
 * answer a visitor with what a visitor may see still answer a bad or expired token 401, so the client
 * renews it.
 */
export function presentsCredentials(ctx: RequestContext): boolean {
  const header = ctx.request.headers.authorization;
  return (Array.isArray(header) ? header[0] : header)?.trim() ? true : false;
}

/** The signed-in caller; 401 when there is no valid token. */
export async function requireUser(ctx: RequestContext): Promise<AuthUser> {
  const user = await resolveUser(ctx);
  if (!user) throw new AppError("UNAUTHORIZED", "Sign-in required");
  return user;
}

/** The caller when a valid token is sent, else null (a bad or expired token counts as anonymous). */
export async function optionalUser(ctx: RequestContext): Promise<AuthUser | null> {
  try {
    return await resolveUser(ctx);
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHORIZED") return null;
    throw error;
  }
}

/** A signed-in caller holding one of `allowed` roles (ANY: any signed-in caller); 401 or 403 otherwise. */
export async function requireAccess(ctx: RequestContext, allowed: readonly string[]): Promise<AuthUser> {
  const user = await requireUser(ctx);
  if (!hasAccess(allowed, user)) throw new AppError("FORBIDDEN", "You do not have permission to do this");
  return user;
}
