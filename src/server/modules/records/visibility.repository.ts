/** SQL of what the visibility engine (visibility.ts) needs to know of a caller: their roles in a record's groups. */
import type { Queryable } from "../../infra/db/db";

export type GroupRole = "founder" | "moderator" | "member";

/** The caller's role in each of `groupIds` they belong to (live groups). */
export async function findGroupRoles(db: Queryable, userId: number, groupIds: readonly number[]): Promise<GroupRole[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.query<{ role: GroupRole }>(
    `select m.role from user_group_member m join user_group g on g.id = m.user_group_id and not g.is_deleted
      where m.user_id = $1 and m.user_group_id = any($2::integer[])`,
    [userId, groupIds],
  );
  return rows.map((r) => r.role);
}

/** Writes a restricted read, unless the same reader read the same record within the hour. */
export async function logRestrictedRead(db: Queryable, dataId: number, userId: number, audience: string): Promise<void> {
  await db.query(
    `insert into cca_data_access_log (data_id, user_id, audience)
     select $1, $2, $3
      where not exists (select 1 from cca_data_access_log where data_id = $1 and user_id = $2 and read_on > now() - interval '1 hour')`,
    [dataId, userId, audience],
  );
}

export interface AccessLogRow {
  user_id: number;
  audience: string;
  read_on: Date;
}

/** A page of a record's access log, newest first, and its total. */
export async function findAccessLog(db: Queryable, dataId: number, offset: number, limit: number): Promise<{ rows: AccessLogRow[]; total: number }> {
  const rows = await db.query<AccessLogRow>(
    "select user_id, audience, read_on from cca_data_access_log where data_id = $1 order by read_on desc, id desc offset $2 limit $3",
    [dataId, offset, limit],
  );
  const { total } = await db.one<{ total: number }>("select count(*)::integer as total from cca_data_access_log where data_id = $1", [dataId]);
  return { rows, total };
}
