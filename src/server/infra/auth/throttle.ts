/**
 * Attempt counters in fixed windows, kept in the database so every instance sharing it agrees. An
 * attempt is counted before the work it guards, atomically (`takeAttempt`); the one past the limit
 * locks the key for `lockSeconds`, and a locked key answers 429 TOO_MANY_ATTEMPTS with Retry-After.
 * The rules; the SQL is in throttle.repository.ts.
 */
import type { Queryable } from "../db/db";
import { AppError } from "../http/app-error";
import { countAttempt, deleteThrottleKey, lockKey, refundFailure, sweepThrottle } from "./throttle.repository";

export interface ThrottleRule {
  key: string;
  /** Failures allowed per window; the one that reaches it locks the key. */
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/** A sign-in name as the lookup reads it: e-mail addresses in any case are one identifier. */
export function identifierKey(identifier: string): string {
  const trimmed = identifier.trim();
  return trimmed.includes("@") ? trimmed.toLowerCase() : trimmed;
}

/**
 * Sign-in and code attempts, counted before the password or the account is looked at: 20 per client
 * address in 15 minutes; per sign-in identifier (e-mail or mobile number, known or not) 5 from one
 * address and 50 from all addresses together in 15 minutes. An attacker at one address thus locks
 * only themself out of the account; the owner elsewhere goes on (and a password reset clears both).
 */
export const THROTTLE = {
  loginAccount: (userId: number): ThrottleRule => ({ key: `login:account:${userId}`, limit: 5, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES }),
  loginAddress: (address: string): ThrottleRule => ({ key: `login:address:${address}`, limit: 20, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES }),
  loginIdentifierFrom: (identifier: string, address: string): ThrottleRule => ({
    key: `login:id:${identifierKey(identifier)}:${address}`,
    limit: 5,
    windowSeconds: FIFTEEN_MINUTES,
    lockSeconds: FIFTEEN_MINUTES,
  }),
  loginIdentifier: (identifier: string): ThrottleRule => ({ key: `login:id:${identifierKey(identifier)}`, limit: 50, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES }),
  otpAddress: (address: string): ThrottleRule => ({ key: `otp:address:${address}`, limit: 20, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES }),
  /** Messages sent on behalf of one address (sign-ups, code resends, password resets): 20 an hour. */
  sendAddress: (address: string): ThrottleRule => ({ key: `send:address:${address}`, limit: 20, windowSeconds: 3600, lockSeconds: 3600 }),
} as const;

function tooMany(lockedUntil: Date, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    "TOO_MANY_ATTEMPTS",
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "retry-after": String(seconds) },
  );
}

const DAY_MS = 24 * 3600 * 1000;
let attemptsSinceSweep = 0;

/**
 * Counts one attempt before the work it guards, in one statement (an upsert that increments and
 * answers the new count), so parallel requests cannot all pass a check made before any of them was
 * counted: the first `limit` attempts of a window pass, the next one locks the key, and every attempt
 * while it is locked answers 429. Give back what succeeded with `refundAttempt` or `resetThrottle`.
 */
export async function takeAttempt(db: Queryable, rule: ThrottleRule, onLock?: () => Promise<void>): Promise<void> {
  const now = Date.now();
  // Now and then, forget keys idle for a day so the table does not grow with every address seen.
  if (++attemptsSinceSweep >= 100) {
    attemptsSinceSweep = 0;
    await sweepThrottle(db, new Date(now - DAY_MS), new Date(now));
  }
  const row = await countAttempt(db, rule.key, new Date(now), new Date(now - rule.windowSeconds * 1000));
  if (row.locked_until && row.locked_until.getTime() > now) throw tooMany(row.locked_until, now);
  if (row.failures <= rule.limit) return;
  const lockedUntil = new Date(now + rule.lockSeconds * 1000);
  // Only the first of racing requests sets the lock, so its end does not move.
  const locked = await lockKey(db, rule.key, lockedUntil, new Date(now));
  // The request that set the lock (one per lock period) may tell someone.
  if (locked && onLock) await onLock();
  throw tooMany(locked ?? lockedUntil, now);
}

/** Takes one attempt of each rule in turn (each counted even when a later one refuses). */
export async function takeAttempts(db: Queryable, rules: readonly ThrottleRule[]): Promise<void> {
  for (const rule of rules) await takeAttempt(db, rule);
}

/** Gives back an attempt that turned out well (a right password), so success does not use up a shared limit. */
export async function refundAttempt(db: Queryable, rule: ThrottleRule): Promise<void> {
  await refundFailure(db, rule.key, new Date());
}

/** Counts one use of a rate-limited action: `limit` uses per window pass, the next ones answer 429. */
export async function consumeRate(db: Queryable, rule: ThrottleRule): Promise<void> {
  await takeAttempt(db, rule);
}

/** Forgets a key's failures (a successful sign-in resets its account counter). */
export async function resetThrottle(db: Queryable, rule: ThrottleRule): Promise<void> {
  await deleteThrottleKey(db, rule.key);
}
