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
