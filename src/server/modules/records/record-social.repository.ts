/**
 * SQL of the social side of a record: its followers and allowed editors (`cca_data.followers`,
 * `cca_data.allowed_users`), its groups (`cca_data_user_group`, read against `user_group` and
 * `user_group_member`), requests to contribute (`cca_contributor_request`) and the contact details of
 * the people told about them (`app_user`).
 */
import type { Queryable } from "../../infra/db/db";

/** An e-mail address and a mobile number, either may be missing. */
export interface ContactRow {
  email: string | null;
  mobile_number: string | null;
}

// ── Followers and editors ────────────────────────────────────────────────────────────────────────

/** Adds `userId` to the record's followers (no-op when already following). */
export async function addFollower(tx: Queryable, recordId: number, userId: number): Promise<void> {
  await tx.query("update cca_data set followers = array_append(followers, $2::integer) where id = $1 and not ($2::integer = any(followers))", [recordId, userId]);
}

/** Removes `userId` from the record's followers. */
export async function removeFollower(tx: Queryable, recordId: number, userId: number): Promise<void> {
  await tx.query("update cca_data set followers = array_remove(followers, $2::integer) where id = $1", [recordId, userId]);
}

/** Contacts of the record's followers except `actorId` (deleted users skipped), with what the visibility engine needs of them. */
export function followerContacts(db: Queryable, recordId: number, actorId: number): Promise<Array<ContactRow & { id: number; roles: string[] }>> {
  return db.query<ContactRow & { id: number; roles: string[] }>(
    `select u.id, u.roles, u.email, u.mobile_number
       from cca_data d join app_user u on u.id = any(d.followers)
      where d.id = $1 and u.id <> $2 and not u.is_deleted`,
    [recordId, actorId],
  );
}

/** Replaces the record's allowed editors. */
export async function setAllowedUsers(tx: Queryable, recordId: number, userIds: readonly number[]): Promise<void> {
  await tx.query("update cca_data set allowed_users = $2::integer[] where id = $1", [recordId, userIds]);
}

/** Adds `userId` to the record's allowed editors unless they own it or are one already; whether it did. */
export async function appendAllowedUser(tx: Queryable, recordId: number, userId: number): Promise<boolean> {
  const updated = await tx.query<{ id: number }>(
    "update cca_data set allowed_users = array_append(allowed_users, $2::integer) where id = $1 and user_id <> $2 and not ($2::integer = any(allowed_users)) returning id",
    [recordId, userId],
  );
  return updated.length > 0;
}

// ── Groups ───────────────────────────────────────────────────────────────────────────────────────

export interface GroupRef {
  id: number;
  name: string;
  slug: string;
}

/**
 * Live groups among `groupIds` that the caller may change: every one for an admin (`memberId` null),
 * else those `memberId` belongs to.
 */
export function groupsInReach(db: Queryable, groupIds: readonly number[], memberId: number | null): Promise<GroupRef[]> {
  return memberId === null
    ? db.query<GroupRef>("select id, name, slug from user_group where not is_deleted and id = any($1::integer[])", [groupIds])
    : db.query<GroupRef>(
        `select g.id, g.name, g.slug from user_group g join user_group_member m on m.user_group_id = g.id and m.user_id = $2
          where not g.is_deleted and g.id = any($1::integer[])`,
        [groupIds, memberId],
      );
}

/** Of `groupIds`, those `userId` founds or moderates. */
export async function moderatedGroupIds(db: Queryable, userId: number, groupIds: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ user_group_id: number }>(
    "select user_group_id from user_group_member where user_id = $1 and role in ('founder', 'moderator') and user_group_id = any($2::integer[])",
    [userId, groupIds],
  );
  return new Set(rows.map((r) => r.user_group_id));
}

export async function removeRecordGroups(tx: Queryable, recordId: number, groupIds: readonly number[]): Promise<void> {
  await tx.query("delete from cca_data_user_group where data_id = $1 and user_group_id = any($2::integer[])", [recordId, groupIds]);
}

/** Links the record to the groups (in id order, so concurrent writers take locks alike). */
export async function addRecordGroups(tx: Queryable, recordId: number, groupIds: readonly number[]): Promise<void> {
  await tx.query(
    "insert into cca_data_user_group (data_id, user_group_id) select $1, g from unnest($2::integer[]) as g order by g on conflict do nothing",
    [recordId, [...groupIds].sort((a, b) => a - b)],
  );
}

// ── Requests to contribute ───────────────────────────────────────────────────────────────────────

export interface RequestRow {
  id: number;
  data_id: number;
  requester_id: number;
  message: string;
  token_hash: string;
  created_on: Date;
  expires_on: Date;
  used_on: Date | null;
  granted_by: number | null;
}

/** Whether `requesterId` has an unanswered, unexpired request for the record. */
export async function hasPendingRequest(db: Queryable, recordId: number, requesterId: number): Promise<boolean> {
  const row = await db.maybeOne<{ id: number }>(
    "select id from cca_contributor_request where data_id = $1 and requester_id = $2 and used_on is null and expires_on > now() limit 1",
    [recordId, requesterId],
  );
  return row !== null;
}

/** A new request without its token yet (see `setRequestToken`); its id and creation time. */
export function insertRequest(tx: Queryable, recordId: number, requesterId: number, message: string): Promise<{ id: number; created_on: Date }> {
  return tx.one<{ id: number; created_on: Date }>(
    "insert into cca_contributor_request (data_id, requester_id, message, token_hash, expires_on) values ($1, $2, $3, '', now()) returning id, created_on",
    [recordId, requesterId, message],
  );
}

export async function setRequestToken(tx: Queryable, requestId: number, tokenHash: string, expiresOn: Date): Promise<void> {
  await tx.query("update cca_contributor_request set token_hash = $2, expires_on = $3 where id = $1", [requestId, tokenHash, expiresOn]);
}

export function findRequest(db: Queryable, requestId: number): Promise<RequestRow | null> {
  return db.maybeOne<RequestRow>(
    "select id, data_id, requester_id, message, token_hash, created_on, expires_on, used_on, granted_by from cca_contributor_request where id = $1",
    [requestId],
  );
}

/** Marks the request answered by `grantedBy`; false when it already was (of two confirmations at once, one wins). */
export async function spendRequest(tx: Queryable, requestId: number, grantedBy: number): Promise<boolean> {
  const spent = await tx.query<{ id: number }>(
    "update cca_contributor_request set used_on = now(), granted_by = $2 where id = $1 and used_on is null returning id",
    [requestId, grantedBy],
  );
  return spent.length > 0;
}

// ── Contacts ─────────────────────────────────────────────────────────────────────────────────────

/** Live accounts that may sign in, other than `exceptId`: the user `ownerId` and everyone holding `role`. */
export function ownerAndRoleContacts(db: Queryable, ownerId: number, exceptId: number, role: string): Promise<(ContactRow & { id: number })[]> {
  return db.query<ContactRow & { id: number }>(
    `select id, email, mobile_number from app_user
      where not is_deleted and enabled and not account_locked and id <> $2 and (id = $1 or $3 = any(roles))
      order by id`,
    [ownerId, exceptId, role],
  );
}

/** The contact of a user who is not deleted; null otherwise. */
export function contactOfUser(db: Queryable, userId: number): Promise<ContactRow | null> {
  return db.maybeOne<ContactRow>("select email, mobile_number from app_user where id = $1 and not is_deleted", [userId]);
}
