import type { Db, Queryable } from "../db/db";
import { AppError, notFound } from "../http/app-error";
import {
  deleteJoinRequest,
  deleteMember,
  findLiveGroup,
  findMembershipByGroup,
  insertJoinRequest,
  insertMember,
  isMember,
  type MembershipGroupRow,
} from "./group-membership.repository";

export type JoinMessage = "JOINED" | "ALREADY_MEMBER" | "JOIN_REQUEST_SENT";

/** The answer of `GET …/join/{id}` and `DELETE …/leave/{id}`. */
export interface MembershipResult<M extends string> {
  status: true;
  message: M;
}

async function liveGroup(db: Queryable, groupId: number): Promise<MembershipGroupRow> {
  const group = await findLiveGroup(db, groupId);
  if (!group) throw notFound(`Group ${groupId} not found`);
  return group;
}

/** Whether `userId` belongs to the group; 404 for an unknown or deleted group. */
export async function checkMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  await liveGroup(db, groupId);
  return isMember(db, groupId, userId);
}

/** `{ "<groupId>": isMember }` for every group that is not deleted. */
export async function membershipMap(db: Queryable, userId: number): Promise<Record<string, boolean>> {
  const map: Record<string, boolean> = {};
  for (const row of await findMembershipByGroup(db, userId)) map[String(row.id)] = row.is_member;
  return map;
}

/**
 * Open group: the caller becomes a member (a stale join request is dropped). Closed group: a join
 * request is stored, once; the founders are not told yet. A member gets ALREADY_MEMBER either way.
 */
export async function joinGroup(db: Db, groupId: number, userId: number): Promise<MembershipResult<JoinMessage>> {
  const group = await liveGroup(db, groupId);
  if (group.allow_user_to_join) {
    const joined = await db.transaction(async (tx) => {
      const added = await insertMember(tx, groupId, userId);
      if (added) await deleteJoinRequest(tx, groupId, userId);
      return added;
    });
    return { status: true, message: joined ? "JOINED" : "ALREADY_MEMBER" };
  }
  if (await isMember(db, groupId, userId)) return { status: true, message: "ALREADY_MEMBER" };
  await insertJoinRequest(db, groupId, userId);
  return { status: true, message: "JOIN_REQUEST_SENT" };
}

/** Ends the caller's membership; 409 NOT_A_MEMBER when there is none. */
export async function leaveGroup(db: Queryable, groupId: number, userId: number): Promise<MembershipResult<"LEFT">> {
  await liveGroup(db, groupId);
  if (!(await deleteMember(db, groupId, userId))) throw new AppError("NOT_A_MEMBER", `You are not a member of group ${groupId}`);
  return { status: true, message: "LEFT" };
}
