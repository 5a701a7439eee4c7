/**
 * Access and refresh tokens (HS256). Both carry `id` (number), `sub`, `name`, `email` (or the mobile
 * number, or ""), `roles` (read from the database when issued), `iat` and `exp`, the user's session
 * version `ver` and the session (refresh-token family) `sid`; the refresh token adds `typ: "refresh"`
 * and a `jti` recorded in refresh_token, so each one is accepted once. A token whose `ver` is behind
 * the user's, or whose family was revoked, opens nothing (issue 27 item 12).
 */
import crypto from "node:crypto";
import SITE_CONFIG from "@site-config";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { TokenPair } from "@/contracts/auth";
import type { Queryable } from "../db/db";
import { AppError } from "../http/app-error";
import { serializeCookie } from "../http/cookies";
import type { PlatformDeps } from "../http/types";
import {
  consumeRefreshToken,
  insertRefreshToken,
  refreshFamilyOf,
  revokeRefreshFamily,
  sessionVersionOf,
} from "./session.repository";

export const ACCESS_COOKIE = SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME; // BAToken
export const REFRESH_COOKIE = SITE_CONFIG.COOKIES.REFRESH_TOKEN.NAME; // BRToken
/** Both cookies live 7 days (604,800 s); the tokens inside expire on their own terms. */
const ACCESS_MAX_AGE = SITE_CONFIG.COOKIES.ACCESS_TOKEN.MAX_AGE;
const REFRESH_MAX_AGE = SITE_CONFIG.COOKIES.REFRESH_TOKEN.MAX_AGE;

export interface TokenSubject {
  id: number;
  name: string;
  email: string | null;
  mobile_number: string | null;
  roles: string[];
}

export interface IssuedTokens {
  tokens: TokenPair;
  /** Set-Cookie values for BAToken and BRToken. */
  cookies: string[];
}

function claimsOf(user: TokenSubject): Record<string, unknown> {
  return { id: user.id, name: user.name, email: user.email ?? user.mobile_number ?? "", roles: [...user.roles] };
}

/**
 * Signs a new pair for `user` at their current session version and records the refresh token, in
 * `family` (a renewal) or a new one (a sign-in).
 */
export async function issueTokens(
  db: Queryable,
  deps: Pick<PlatformDeps, "jwtSecret" | "settings">,
  user: TokenSubject,
  family: string = crypto.randomUUID(),
): Promise<IssuedTokens> {
  const now = Math.floor(Date.now() / 1000);
  const accessExp = now + deps.settings.accessTokenTtl;
  const refreshExp = now + deps.settings.refreshTokenTtl;
  const jti = crypto.randomUUID();
  const claims = { ...claimsOf(user), ver: await sessionVersionOf(db, user.id), sid: family };
  const access = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(accessExp)
    .sign(deps.jwtSecret);
  const refresh = await new SignJWT({ ...claims, typ: "refresh" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(refreshExp)
    .sign(deps.jwtSecret);
  await insertRefreshToken(db, jti, user.id, new Date(refreshExp * 1000), family);
  const tokens: TokenPair = { access_token: access, refresh_token: refresh, token_type: "bearer", timeout: accessExp * 1000 };
  return { tokens, cookies: tokenCookies(tokens, deps.settings.secureCookies) };
}

/**
 * BAToken is readable by the page (the UI decodes the user from it); BRToken is HttpOnly so no script
 * can take the long-lived token. Both SameSite=Lax, Secure on https.
 */
export function tokenCookies(tokens: Pick<TokenPair, "access_token" | "refresh_token">, secure: boolean): string[] {
  return [
    serializeCookie(ACCESS_COOKIE, tokens.access_token, { maxAge: ACCESS_MAX_AGE, httpOnly: false, secure }),
    serializeCookie(REFRESH_COOKIE, tokens.refresh_token, { maxAge: REFRESH_MAX_AGE, httpOnly: true, secure }),
  ];
}

/** Set-Cookie values that remove both session cookies (sign-out). */
export function clearedTokenCookies(secure: boolean): string[] {
  return [
    serializeCookie(ACCESS_COOKIE, "", { maxAge: 0, httpOnly: false, secure }),
    serializeCookie(REFRESH_COOKIE, "", { maxAge: 0, httpOnly: true, secure }),
  ];
}

const invalidRefresh = () => new AppError("INVALID_REFRESH_TOKEN", "The refresh token is invalid or expired; sign in again");

export interface RefreshClaims {
  userId: number;
  jti: string;
  /** The session version it was issued at (0 for tokens from before versions existed). */
  version: number;
}

/** The session version a token carries: tokens from before versions existed count as 0. */
export function versionClaim(payload: Record<string, unknown>): number {
  return typeof payload.ver === "number" && Number.isInteger(payload.ver) ? payload.ver : 0;
}

/** The user id, jti and session version of a validly signed, unexpired refresh token; 401 INVALID_REFRESH_TOKEN otherwise. */
export async function verifyRefreshToken(token: string, secret: Uint8Array): Promise<RefreshClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    const id = typeof payload.id === "number" ? payload.id : Number.parseInt(String(payload.id ?? payload.sub ?? ""), 10);
    if (payload.typ !== "refresh" || typeof payload.jti !== "string" || !Number.isInteger(id) || id < 1) throw invalidRefresh();
    return { userId: id, jti: payload.jti, version: versionClaim(payload) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JOSEError) throw invalidRefresh();
    throw error;
  }
}

/**
 * How long a used refresh token is still exchanged. Two renewals can race with the same token (a page
 * the server renews while the browser also renews, two tabs, a navigation cutting off the answer that
 * carried the new cookies); without a short grace the loser would be signed out.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/**
 * Accepts a refresh token once, or again within the grace period, and answers its family (the renewal
 * continues it); 401 when used before that, revoked or unknown. A reuse after the grace means the token
 * was copied: the whole family is revoked (`onReuse` runs that outside the caller's transaction, which
 * the 401 rolls back), so neither the thief's chain nor the owner's goes on.
 */
export async function consumeRefresh(db: Queryable, token: { userId: number; jti: string }, onReuse: (family: string) => void): Promise<string> {
  const use = await consumeRefreshToken(db, token.jti, token.userId, REFRESH_REUSE_GRACE_SECONDS);
  const family = use === "invalid" ? null : await refreshFamilyOf(db, token.jti, token.userId);
  if (use === "reused" && family) onReuse(family);
  if (use !== "ok" || !family) throw invalidRefresh();
  return family;
}

/** Refuses a refresh token's whole session from now on, grace or not, its access tokens included (signing out). */
export async function revokeRefresh(db: Queryable, token: { userId: number; jti: string }): Promise<void> {
  const family = await refreshFamilyOf(db, token.jti, token.userId);
  if (family) await revokeRefreshFamily(db, family, token.userId);
}
