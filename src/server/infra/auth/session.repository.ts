/**
 * SQL of the caller's identity: refresh tokens (refresh_token) and session versions (app_user.token_version).
 * Infrastructure: the token code and the request's auth context read it; accounts call it to end sessions.
 */
import type { Queryable } from "../db/db";

export async function insertRefreshToken(db: Queryable, jti: string, userId: number, expiresAt: Date, family: string): Promise<void> {
  // Expired rows of the user go at the same time, so the table stays small.
  await db.query("delete from refresh_token where user_id = $1 and expires_at < now() - interval '1 day'", [userId]);
  await db.query("insert into refresh_token (jti, user_id, expires_at, family) values ($1, $2, $3, $4)", [jti, userId, expiresAt, family]);
}

/** What presenting a refresh token did: exchanged, refused as a reuse after its grace, or refused (unknown, revoked, expired). */
export type RefreshUse = "ok" | "reused" | "invalid";

/**
 * Marks a refresh token used and says whether it may still be exchanged: never used, or used within
 * the last `graceSeconds` (the first use's time is kept, so the window never slides). A token of the
 * user used before that, and not revoked, is a reuse.
 */
export async function consumeRefreshToken(db: Queryable, jti: string, userId: number, graceSeconds: number): Promise<RefreshUse> {
  const now = new Date();
  const row = await db.maybeOne(
    `update refresh_token set used_at = coalesce(used_at, $3)
      where jti = $1 and user_id = $2 and not revoked and expires_at > $3 and (used_at is null or used_at > $4)
      returning jti`,
    [jti, userId, now, new Date(now.getTime() - graceSeconds * 1000)],
  );
  if (row) return "ok";
  const used = await db.maybeOne("select 1 as used from refresh_token where jti = $1 and user_id = $2 and used_at is not null and not revoked", [jti, userId]);
  return used ? "reused" : "invalid";
}

/** Refuses every refresh token of a family (one sign-in and its renewals) from now on, and its access tokens with them. */
export async function revokeRefreshFamily(db: Queryable, family: string, userId: number): Promise<void> {
  await db.query("update refresh_token set revoked = true where family = $1 and user_id = $2 and not revoked", [family, userId]);
}

/** The family of a refresh token, if it is known. */
export async function refreshFamilyOf(db: Queryable, jti: string, userId: number): Promise<string | null> {
  return (await db.maybeOne<{ family: string }>("select family from refresh_token where jti = $1 and user_id = $2", [jti, userId]))?.family ?? null;
}

/**
 * Ends every session of the user: their refresh tokens are refused and the session version moves on,
 * so access tokens issued before stop working at the next request (issue 27 item 12).
 */
export async function revokeRefreshTokens(db: Queryable, userId: number): Promise<void> {
  await db.query("update refresh_token set revoked = true where user_id = $1 and not revoked", [userId]);
  await db.query("update app_user set token_version = token_version + 1 where id = $1", [userId]);
}

export async function sessionVersionOf(db: Queryable, userId: number): Promise<number> {
  return (await db.maybeOne<{ token_version: number }>("select token_version from app_user where id = $1", [userId]))?.token_version ?? 0;
}

/**
 * Whether an access token's session still stands: the user exists, may sign in, has the token's
 * session version, and the token's family (when it names one) is not revoked. One indexed lookup.
 */
export async function sessionStands(db: Queryable, userId: number, version: number, family: string | null): Promise<boolean> {
  const row = await db.maybeOne<{ current: boolean; revoked: boolean }>(
    `select (u.token_version = $2 and u.enabled and not u.is_deleted) as current,
            ($3::text is not null and exists (select 1 from refresh_token r where r.family = $3::text and r.user_id = u.id and r.revoked)) as revoked
       from app_user u where u.id = $1`,
    [userId, version, family],
  );
  return !!row && row.current && !row.revoked;
}
