/**
 * One-time codes for account verification and password reset: 6 random digits, kept as an HMAC,
 * valid 10 minutes, single use, dead after 5 wrong tries; at most 20 codes per account in 24 hours
 * (and 5 per asking address, see auth.service). Every live code of a user and purpose counts.
 * The rules; the SQL is in otp.repository.ts.
 */
import crypto from "node:crypto";
import type { Queryable } from "../db/db";
import { AppError } from "../http/app-error";
import { addOtpAttempt, countOtpsSince, deleteOtpsBefore, insertOtp, latestOtp, liveOtps, markOtpUsed, type OtpChannel, type OtpPurpose } from "./otp.repository";

export type { OtpChannel, OtpPurpose } from "./otp.repository";

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Codes sent per account in 24 hours, all askers together: bounds the messages an account receives.
 * One client address may have at most OTP_MAX_PER_ADDRESS_PER_DAY of them sent (the first and 4
 * resends), so someone else asking from elsewhere cannot use up the owner's.
 */
export const OTP_MAX_PER_DAY = 20;
export const OTP_MAX_PER_ADDRESS_PER_DAY = 5;

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
  return countOtpsSince(db, userId, new Date(Date.now() - 24 * 3600 * 1000));
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
  await deleteOtpsBefore(db, userId, new Date(Date.now() - 2 * 24 * 3600 * 1000));
  const code = generateCode();
  await insertOtp(db, { userId, purpose, channel, codeHash: hashCode(secret, userId, purpose, code), expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000) });
  return code;
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
  const live = await liveOtps(db, userId, purpose, OTP_MAX_ATTEMPTS, new Date());
  if (live.length === 0) {
    const row = await latestOtp(db, userId, purpose);
    if (!row || row.used_at) throw new AppError("VERIFIED_OR_OTP_DELETED", "There is no code to check: it was used or replaced. Ask for a new one.");
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError("OTP_ATTEMPTS_EXCEEDED", "Too many wrong codes. Ask for a new one.");
    throw new AppError("INVALID_OR_EXPIRED_OTP", "The code has expired. Ask for a new one.");
  }
  const hash = hashCode(secret, userId, purpose, code);
  const right = live.find((row) => sameHash(row.code_hash, hash));
  if (right) return { id: right.id, channel: right.channel };

  const attempts = await addOtpAttempt(db, live.map((row) => row.id));
  if (attempts.length > 0 && attempts.every((n) => n >= OTP_MAX_ATTEMPTS)) {
    throw new AppError("OTP_ATTEMPTS_EXCEEDED", "Too many wrong codes. Ask for a new one.");
  }
  throw new AppError("INVALID_OR_EXPIRED_OTP", "The code is not correct.");
}

/** Marks a checked code used, and the other live codes of its purpose with it; 400 when another request used it first. */
export async function consumeOtp(tx: Queryable, otp: CheckedOtp): Promise<void> {
  if (!(await markOtpUsed(tx, otp.id, OTP_MAX_ATTEMPTS))) throw new AppError("VERIFIED_OR_OTP_DELETED", "The code was already used. Ask for a new one.");
}
