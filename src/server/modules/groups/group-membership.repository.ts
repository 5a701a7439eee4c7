import type { Queryable } from "../../infra/db/db";

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

/** The user's role in the group, or null when they are not a member. */
export async function findRole(db: Queryable, groupId: number, userId: number): Promise<GroupMemberRole | null> {
  const row = await db.maybeOne<{ role: GroupMemberRole }>("select role from user_group_member where user_group_id = $1 and user_id = $2", [
    groupId,
    userId,
  ]);
  return row?.role ?? null;
}

/** Makes the user a member with this role, or changes the role of an existing member. */
export async function upsertMemberRole(db: Queryable, groupId: number, userId: number, role: GroupMemberRole): Promise<void> {
  await db.query(
    `insert into user_group_member (user_group_id, user_id, role) values ($1, $2, $3)
     on conflict (user_group_id, user_id) do update set role = excluded.role`,
    [groupId, userId, role],
  );
}

/** Founders of the group whose accounts are not deleted. */
export async function countFounders(db: Queryable, groupId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::integer as n from user_group_member m join app_user u on u.id = m.user_id
      where m.user_group_id = $1 and m.role = 'founder' and not u.is_deleted`,
    [groupId],
  );
  return row.n;
}

export interface GroupStaffRow {
  id: number;
  name: string;
  profile_pic: string | null;
  roles: string[];
  email: string | null;
  mobile_number: string | null;
  role: "founder" | "moderator";
}

/** Founders and moderators with live accounts, in the order they became members. */
export function findStaff(db: Queryable, groupId: number): Promise<GroupStaffRow[]> {
  return db.query<GroupStaffRow>(
    `select u.id, u.name, u.profile_pic, u.roles, u.email, u.mobile_number, m.role
       from user_group_member m join app_user u on u.id = m.user_id
      where m.user_group_id = $1 and m.role in ('founder', 'moderator') and not u.is_deleted
      order by m.created_on, u.id`,
    [groupId],
  );
}

export async function hasJoinRequest(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const row = await db.maybeOne("select 1 as found from user_group_join_request where user_group_id = $1 and user_id = $2", [groupId, userId]);
  return row !== null;
}

/** Removes a pending request; false when there was none. */
export async function removeJoinRequest(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const rows = await db.query("delete from user_group_join_request where user_group_id = $1 and user_id = $2 returning user_id", [groupId, userId]);
  return rows.length > 0;
}

export interface JoinRequestRow {
  user_id: number;
  name: string;
  profile_pic: string | null;
  created_on: Date;
}

/** Pending requests of live accounts, oldest first. */
export function findJoinRequests(db: Queryable, groupId: number): Promise<JoinRequestRow[]> {
  return db.query<JoinRequestRow>(
    `select r.user_id, u.name, u.profile_pic, r.created_on
       from user_group_join_request r join app_user u on u.id = r.user_id
      where r.user_group_id = $1 and not u.is_deleted
      order by r.created_on, r.user_id`,
    [groupId],
  );
}

/** How many of `ids` are live (not deleted) users. */
export async function countLiveUsers(db: Queryable, ids: number[]): Promise<number> {
  const rows = await db.query<{ id: number }>("select id from app_user where id = any($1::integer[]) and not is_deleted", [ids]);
  return rows.length;
}

/** The id of the live user with this e-mail address (any case), or null. */
export async function findLiveUserIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1) and not is_deleted", [email]);
  return row?.id ?? null;
}

/** Whether the user founded at least one live group (issue 31: group founders read the registry mapping). */
export async function foundsAnyGroup(db: Queryable, userId: number): Promise<boolean> {
  const row = await db.maybeOne<{ one: number }>(
    `select 1 as one from user_group_member m join user_group g on g.id = m.user_group_id and not g.is_deleted
      where m.user_id = $1 and m.role = 'founder' limit 1`,
    [userId],
  );
  return row !== null;
}
