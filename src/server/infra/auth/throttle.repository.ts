/** SQL of the attempt counters: table `auth_throttle` (one row per key: its window, failures and lock). */
import type { Queryable } from "../db/db";

export interface ThrottleRow {
  failures: number;
  locked_until: Date | null;
}

/** Forgets keys whose window started before `idleBefore` and that are not locked at `now`. */
export async function sweepThrottle(db: Queryable, idleBefore: Date, now: Date): Promise<void> {
  await db.query("delete from auth_throttle where window_start < $1 and (locked_until is null or locked_until < $2)", [idleBefore, now]);
}

/**
 * Counts one attempt of `key` in one statement: a window that started at or before `windowStartedBy`
 * is over, so the count starts again at 1 from `now`. Answers the new count and the key's lock.
 */
export function countAttempt(db: Queryable, key: string, now: Date, windowStartedBy: Date): Promise<ThrottleRow> {
  return db.one<ThrottleRow>(
    `insert into auth_throttle (key, window_start, failures) values ($1, $2, 1)
     on conflict (key) do update set
       window_start = case when auth_throttle.window_start <= $3 then excluded.window_start else auth_throttle.window_start end,
       failures = case when auth_throttle.window_start <= $3 then 1 else auth_throttle.failures + 1 end
     returning failures, locked_until`,
    [key, now, windowStartedBy],
  );
}

/** Locks `key` until `lockedUntil` unless it is locked at `now` already (only the first of racing requests does); the lock set, or null. */
export async function lockKey(db: Queryable, key: string, lockedUntil: Date, now: Date): Promise<Date | null> {
  const row = await db.maybeOne<{ locked_until: Date }>(
    `update auth_throttle set locked_until = $2, failures = 0, window_start = $3
      where key = $1 and (locked_until is null or locked_until <= $3) returning locked_until`,
    [key, lockedUntil, now],
  );
  return row?.locked_until ?? null;
}

/** Gives back one failure of `key` unless it is locked at `now`. */
export async function refundFailure(db: Queryable, key: string, now: Date): Promise<void> {
  await db.query("update auth_throttle set failures = greatest(failures - 1, 0) where key = $1 and (locked_until is null or locked_until <= $2)", [key, now]);
}

export async function deleteThrottleKey(db: Queryable, key: string): Promise<void> {
  await db.query("delete from auth_throttle where key = $1", [key]);
}
