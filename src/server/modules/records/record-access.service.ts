/**
 * The visibility engine (visibility.ts) applied to one record: the caller's standing read from the
 * database, then the decision. Every read or write of one record asks `requireRecordAccess` (or
 * `accessOf` with a row already read); a caller who may not see the record gets the answer of a record
 * that does not exist (404), so a restricted record's existence does not leak.
 */
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { findRecords, type RecordRow } from "./data.repository";
import { recordAccess, type CallerStanding, type RecordAccess, type RecordFacts } from "./visibility";
import { findGroupRoles, logRestrictedRead } from "./visibility.repository";

/** The caller's standing towards a record in `groupIds` (null: anonymous). */
export async function standingOf(db: Queryable, account: Account | null, groupIds: readonly number[]): Promise<CallerStanding | null> {
  if (!account) return null;
  return { id: account.id, roles: account.roles, groupRoles: await findGroupRoles(db, account.id, groupIds) };
}

/** What `account` may do with a record already read. */
export async function accessOf(db: Queryable, account: Account | null, record: RecordFacts & { usergroups: readonly number[] }): Promise<RecordAccess> {
  // Anonymous callers and public records need no lookup for `see`; the standing still decides `exact`.
  return recordAccess(await standingOf(db, account, record.usergroups), record);
}

/**
 * A live record the caller may see, with what they may do (404 otherwise). `logRead`: a read of its
 * values by someone who sees it only through its audience is written to its access log (migration 0024).
 */
export async function requireRecordAccess(db: Queryable, id: number, account: Account | null, options: { logRead?: boolean } = {}): Promise<{ row: RecordRow; access: RecordAccess }> {
  const [row] = await findRecords(db, [id], { live: true });
  if (!row) throw notFound(`Record ${id} not found`);
  const access = await accessOf(db, account, row);
  if (!access.see) throw notFound(`Record ${id} not found`);
  if (options.logRead && access.restrictedRead && account) await logRestrictedRead(db, id, account.id, row.consent_audience);
  return { row, access };
}
