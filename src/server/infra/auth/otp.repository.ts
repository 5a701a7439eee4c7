/** SQL of one-time codes: table `user_otp` (one row per code sent, the code kept as an HMAC). */
import type { Queryable } from "../db/db";

export type OtpPurpose = "registration" | "reset";
export type OtpChannel = "email" | "sms";

export interface OtpRow {
  id: number;
  channel: OtpChannel;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

const COLUMNS = "id, channel, code_hash, expires_at, attempts, used_at";

/** Codes of the user created after `since` (all purposes). */
export async function countOtpsSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const row = await db.one<{ n: number }>("select count(*)::integer as n from user_otp where user_id = $1 and created_on > $2", [userId, since]);
  return row.n;
}

/** Forgets the user's codes created before `before`. */
export async function deleteOtpsBefore(db: Queryable, userId: number, before: Date): Promise<void> {
  await db.query("delete from user_otp where user_id = $1 and created_on < $2", [userId, before]);
}

export async function insertOtp(
  db: Queryable,
  otp: { userId: number; purpose: OtpPurpose; channel: OtpChannel; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.query("insert into user_otp (user_id, purpose, channel, code_hash, expires_at) values ($1, $2, $3, $4, $5)", [
    otp.userId,
    otp.purpose,
    otp.channel,
    otp.codeHash,
    otp.expiresAt,
  ]);
}

/** The newest code of the user and purpose, live or not. */
export function latestOtp(db: Queryable, userId: number, purpose: OtpPurpose): Promise<OtpRow | null> {
  return db.maybeOne<OtpRow>(`select ${COLUMNS} from user_otp where user_id = $1 and purpose = $2 order by id desc limit 1`, [userId, purpose]);
}

/** Codes of the user and purpose that are unused, unexpired at `now` and have tries left (under `maxAttempts`), newest first. */
export function liveOtps(db: Queryable, userId: number, purpose: OtpPurpose, maxAttempts: number, now: Date): Promise<OtpRow[]> {
  return db.query<OtpRow>(
    `select ${COLUMNS} from user_otp
      where user_id = $1 and purpose = $2 and used_at is null and attempts < $3 and expires_at > $4 order by id desc`,
    [userId, purpose, maxAttempts, now],
  );
}

/** Counts a wrong try on each unused code of `ids`; their try counts after it. */
export async function addOtpAttempt(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ attempts: number }>(
    "update user_otp set attempts = attempts + 1 where id = any($1::integer[]) and used_at is null returning attempts",
    [ids],
  );
  return rows.map((row) => row.attempts);
}

/**
 * Marks the code used if it still is usable (unused, under `maxAttempts` tries), and with it every other
 * unused code of its user and purpose; false when another request used it first.
 */
export async function markOtpUsed(tx: Queryable, id: number, maxAttempts: number): Promise<boolean> {
  const row = await tx.maybeOne<{ user_id: number; purpose: OtpPurpose }>(
    "update user_otp set used_at = now() where id = $1 and used_at is null and attempts < $2 returning user_id, purpose",
    [id, maxAttempts],
  );
  if (!row) return false;
  await tx.query("update user_otp set used_at = now() where user_id = $1 and purpose = $2 and used_at is null", [row.user_id, row.purpose]);
  return true;
}
