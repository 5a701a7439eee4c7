/**
 * SQL of the command-line tools that no module's repository offers: the lookup `npm run user:create` makes
 * before creating a user (it names the existing account), and the statistics refresh after `npm run seed:bulk`.
 */
import type { Queryable } from "../infra/db/db";

/** The first user (deleted ones included) holding the e-mail address (any case) or the mobile number. */
export async function findUserIdByContact(db: Queryable, email: string | null, mobileNumber: string | null): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1::text) or mobile_number = $2::text limit 1", [email, mobileNumber]);
  return row?.id ?? null;
}

/** Fresh statistics for the planner and a visibility map for index-only scans (VACUUM ANALYZE each table). */
export async function vacuumAnalyze(db: Queryable, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.exec(`vacuum analyze ${table}`);
}
