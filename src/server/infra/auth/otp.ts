/**
 * One-time codes for account verification and password reset: 6 random digits, kept as an HMAC,
 * valid 10 minutes, single use, dead after 5 wrong tries; at most 20 codes per account in 24 hours
 * (and 5 per asking address, see auth.service). Every live code of a user and purpose counts.
 */
import crypto from "node:crypto";
import type { Queryable } from "../db/db";
import { AppError } from "../http/app-error";

export type OtpPurpose = "registration" | "reset";
export type OtpChannel = "email" | "sms";

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Codes sent per account in 24 hours, all askers together: bounds the messages an account receives.
 * One client address may have at most OTP_MAX_PER_ADDRESS_PER_DAY of them sent (the first and 4
 * resends), so someone else asking from elsewhere cannot use up the owner's.
 */
export const OTP_MAX_PER_DAY = 20;
export const OTP_MAX_PER_ADDRESS_PER_DAY = 5;

interface OtpRow {
  id: number;
  channel: OtpChannel;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

function hashCode(secret: Uint8Array, userId: number, purpose: OtpPurpose, code: string): string {
  return crypto.createHmac("sha256", secret).update(`${userId}:${purpose}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function codesSentToday(db: Queryable, userId: number): Promise<number> {
  const row = await db.one<{ n: number }>("select count(*)::integer as n from user_otp where user_id = $1 and created_on > $2", [
    userId,
    new Date(Date.now() - 24 * 3600 * 1000),
  ]);
  return row.n;
}

export const otpLimitReached = () =>
  new AppError("OTP_ATTEMPTS_EXCEEDED", "Too many codes were sent to this account today. Try again tomorrow.");

/** Stores a new code (replacing any earlier one of the purpose) and returns it; 429 when the daily limit is reached. */
export async function createOtp(
  db: Queryable,
  secret: Uint8Array,
  userId: number,
  purpose: OtpPurpose,
  channel: OtpChannel,
): Promise<string> {
  if ((await codesSentToday(db, userId)) >= OTP_MAX_PER_DAY) throw otpLimitReached();
  // Rows older than the daily window matter no more.
  await db.query("delete from user_otp where user_id = $1 and created_on < $2", [userId, new Date(Date.now() - 2 * 24 * 3600 * 1000)]);
  const code = generateCode();
  await db.query("insert into user_otp (user_id, purpose, channel, code_hash, expires_at) values ($1, $2, $3, $4, $5)", [
    userId,
    purpose,
    channel,
    hashCode(secret, userId, purpose, code),
    new Date(Date.now() + OTP_TTL_SECONDS * 1000),
  ]);
  return code;
}

function latestOtp(db: Queryable, userId: number, purpose: OtpPurpose): Promise<OtpRow | null> {
  return db.maybeOne<OtpRow>(
    "select id, channel, code_hash, expires_at, attempts, used_at from user_otp where user_id = $1 and purpose = $2 order by id desc limit 1",
    [userId, purpose],
  );
}

/** True when the user holds an unused, unexpired code of the purpose with tries left. */
export async function hasLiveOtp(db: Queryable, userId: number, purpose: OtpPurpose): Promise<boolean> {
  const row = await latestOtp(db, userId, purpose);
  return !!row && !row.used_at && row.attempts < OTP_MAX_ATTEMPTS && row.expires_at.getTime() > Date.now();
}

/** The channel of the newest code of the purpose, if any (resends go the same way). */
export async function lastOtpChannel(db: Queryable, userId: number, purpose: OtpPurpose): Promise<OtpChannel | null> {
  return (await latestOtp(db, userId, purpose))?.channel ?? null;
}

export interface CheckedOtp {
  id: number;
  channel: OtpChannel;
}

/**
 * Checks `code` against the live codes of the purpose (unused, unexpired, tries left): a newer code
 * does not kill an older one still live, so someone asking for codes cannot replace the one that
 * reached the owner (issue 27 item 11). A wrong code costs a try on every live code (the guessing odds
 * stay those of one code); the fifth kills them: 400 INVALID_OR_EXPIRED_OTP, 429 OTP_ATTEMPTS_EXCEEDED,
 * or 400 VERIFIED_OR_OTP_DELETED when there is no usable code. Call `consumeOtp` in the transaction
 * that acts on a correct code.
 */
export async function checkOtp(
  db: Queryable,
  secret: Uint8Array,
  userId: number,
  purpose: OtpPurpose,
  code: string,
): Promise<CheckedOtp> {
  const live = await db.query<OtpRow>(
    `select id, channel, code_hash, expires_at, attempts, used_at from user_otp
      where user_id = $1 and purpose = $2 and used_at is null and attempts < $3 and expires_at > $4 order by id desc`,
    [userId, purpose, OTP_MAX_ATTEMPTS, new Date()],
  );
  if (live.length === 0) {
    const row = await latestOtp(db, userId, purpose);
    if (!row || row.used_at) throw new AppError("VERIFIED_OR_OTP_DELETED", "There is no code to check: it was used or replaced. Ask for a new one.");
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError("OTP_ATTEMPTS_EXCEEDED", "Too many wrong codes. Ask for a new one.");
    throw new AppError("INVALID_OR_EXPIRED_OTP", "The code has expired. Ask for a new one.");
  }
  const hash = hashCode(secret, userId, purpose, code);
  const right = live.find((row) => sameHash(row.code_hash, hash));
  if (right) return { id: right.id, channel: right.channel };

  const updated = await db.query<{ attempts: number }>(
    "update user_otp set attempts = attempts + 1 where id = any($1::integer[]) and used_at is null returning attempts",
    [live.map((row) => row.id)],
  );
  if (updated.length > 0 && updated.every((row) => row.attempts >= OTP_MAX_ATTEMPTS)) {
    throw new AppError("OTP_ATTEMPTS_EXCEEDED", "Too many wrong codes. Ask for a new one.");
  }
  throw new AppError("INVALID_OR_EXPIRED_OTP", "The code is not correct.");
}

/** Marks a checked code used, and the other live codes of its purpose with it; 400 when another request used it first. */
export async function consumeOtp(tx: Queryable, otp: CheckedOtp): Promise<void> {
  const row = await tx.maybeOne<{ user_id: number; purpose: OtpPurpose }>(
    "update user_otp set used_at = now() where id = $1 and used_at is null and attempts < $2 returning user_id, purpose",
    [otp.id, OTP_MAX_ATTEMPTS],
  );
  if (!row) throw new AppError("VERIFIED_OR_OTP_DELETED", "The code was already used. Ask for a new one.");
  await tx.query("update user_otp set used_at = now() where user_id = $1 and purpose = $2 and used_at is null", [row.user_id, row.purpose]);
}
