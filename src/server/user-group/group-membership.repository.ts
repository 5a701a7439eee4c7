import type { Queryable } from "../db/db";

/** A user's role inside one group (stored per group; not a global role, never in the token). */
export type GroupMemberRole = "member" | "founder" | "moderator";

/** What membership rules need to know about a group that is not deleted. */
export interface MembershipGroupRow {
  id: number;
  allow_user_to_join: boolean;
}

export function findLiveGroup(db: Queryable, groupId: number): Promise<MembershipGroupRow | null> {
  return db.maybeOne<MembershipGroupRow>("select id, allow_user_to_join from user_group where id = $1 and not is_deleted", [groupId]);
}

export async function isMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const row = await db.maybeOne("select 1 as found from user_group_member where user_group_id = $1 and user_id = $2", [groupId, userId]);
  return row !== null;
}

/** Every group that is not deleted, with whether `userId` is a member of it. */
export function findMembershipByGroup(db: Queryable, userId: number): Promise<{ id: number; is_member: boolean }[]> {
  return db.query<{ id: number; is_member: boolean }>(
    `select g.id, exists (select 1 from user_group_member m where m.user_group_id = g.id and m.user_id = $1) as is_member
       from user_group g
      where not g.is_deleted
      order by g.display_order, g.id`,
    [userId],
  );
}

/** Adds the member; false when they already were one (their role is left as it is). */
export async function insertMember(db: Queryable, groupId: number, userId: number, role: GroupMemberRole = "member"): Promise<boolean> {
  const rows = await db.query(
    `insert into user_group_member (user_group_id, user_id, role) values ($1, $2, $3)
     on conflict (user_group_id, user_id) do nothing
     returning user_id`,
    [groupId, userId, role],
  );
  return rows.length > 0;
}

/** Removes the member; false when they were not one. */
export async function deleteMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const rows = await db.query("delete from user_group_member where user_group_id = $1 and user_id = $2 returning user_id", [groupId, userId]);
  return rows.length > 0;
}

/** Stores a join request; false when one was already pending. */
export async function insertJoinRequest(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const rows = await db.query(
    `insert into user_group_join_request (user_group_id, user_id) values ($1, $2)
     on conflict (user_group_id, user_id) do nothing
     returning user_id`,
    [groupId, userId],
  );
  return rows.length > 0;
}

export async function deleteJoinRequest(db: Queryable, groupId: number, userId: number): Promise<void> {
  await db.query("delete from user_group_join_request where user_group_id = $1 and user_id = $2", [groupId, userId]);
}
