import SITE_CONFIG from "@site-config";
import type { GroupJoinRequest, GroupMembership, GroupMembershipMap } from "@/contracts/group";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUserById } from "../accounts/user.repository";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { notify } from "../../infra/notify/notify";
import { requireGroupModerator, standingIn } from "./group-access";
import { contactOf, joinDecisionMessage, joinRequestMessage, type GroupNames } from "./group-messages";
import {
  countFounders,
  deleteJoinRequest,
  deleteMember,
  findJoinRequests,
  findLiveGroup,
  findMembershipByGroup,
  findRole,
  findStaff,
  hasJoinRequest,
  insertJoinRequest,
  insertMember,
  isMember,
  removeJoinRequest,
  type MembershipGroupRow,
} from "./group-membership.repository";
import { findGroupBase, findTranslations } from "./group.repository";

export type JoinMessage = "JOINED" | "ALREADY_MEMBER" | "JOIN_REQUEST_SENT";

/** The answer of the membership writes: `{status: true, message}`. */
export interface MembershipResult<M extends string> {
  status: true;
  message: M;
}

const HINDI = SITE_CONFIG.LANG.LIST.find((l) => l.code === "hi")?.id ?? 206;

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
export async function membershipMap(db: Queryable, userId: number): Promise<GroupMembershipMap> {
  const map: GroupMembershipMap = {};
  for (const row of await findMembershipByGroup(db, userId)) map[String(row.id)] = row.is_member;
  return map;
}

/**
 * `GET member/list/{userId}` (open, as in the reference: the original's record page asks it without a
 * token). Someone's groups are as public as the user list makes them: the groups of a verified, enabled
 * account are shown to anyone; those of a locked, disabled or deleted account (absent from the user
 * list) only to the account itself and administrators, everyone else gets every group false, the
 * answer of an id that has no account.
 */
export async function membershipMapOf(db: Queryable, caller: Account | null, userId: number): Promise<GroupMembershipMap> {
  const map = await membershipMap(db, userId);
  const user = await findUserById(db, userId);
  const listed = user !== null && !user.is_deleted && user.enabled && !user.account_locked;
  const mayKnow = caller !== null && !!user && !user.is_deleted && (caller.id === userId || caller.isAdmin);
  if (listed || mayKnow) return map;
  return Object.fromEntries(Object.keys(map).map((id) => [id, false]));
}

/** The caller's standing (`GET …/membership/{id}`); a visitor gets all false / null. */
export async function membershipOf(db: Queryable, account: Account | null, groupId: number): Promise<GroupMembership> {
  const standing = await standingIn(db, account, groupId);
  const requested = account !== null && standing.role === null ? await hasJoinRequest(db, groupId, account.id) : false;
  return {
    isMember: standing.role !== null,
    role: standing.role,
    requested,
    canEdit: standing.canEdit,
    canModerate: standing.canModerate,
  };
}

interface GroupInfo {
  names: GroupNames;
  /** Absolute address of the group's home (its own domain, or the main site's /group/{slug}). */
  home: string;
  /** Absolute address of the group's edit screen (join requests), on the main site. */
  edit: string;
}

async function groupInfo(deps: PlatformDeps, groupId: number): Promise<GroupInfo> {
  const base = await findGroupBase(deps.db, groupId);
  if (!base) throw notFound(`Group ${groupId} not found`);
  const hi = (await findTranslations(deps.db, groupId)).find((t) => t.language_id === HINDI);
  const site = deps.settings.siteUrl.replace(/\/+$/, "");
  return {
    names: { en: base.name, hi: hi?.name || base.name },
    home: base.domain_name ?? `${site}/group/${base.slug}`,
    edit: `${site}/group/${base.slug}/edit`,
  };
}

/** Tells every founder and moderator of the group about a new join request (outbox; e-mail/SMS when configured). */
async function notifyStaffOfRequest(deps: PlatformDeps, groupId: number, requesterId: number): Promise<void> {
  const requester = await findUserById(deps.db, requesterId);
  const info = await groupInfo(deps, groupId);
  const message = joinRequestMessage(info.names, requester?.name ?? `User ${requesterId}`, info.edit);
  for (const staff of await findStaff(deps.db, groupId)) {
    const target = contactOf(staff);
    if (target) await notify(deps, { ...target, ...message });
  }
}

async function notifyRequester(deps: PlatformDeps, groupId: number, userId: number, approved: boolean): Promise<void> {
  const user = await findUserById(deps.db, userId);
  const target = user && !user.is_deleted ? contactOf(user) : null;
  if (!target) return;
  const info = await groupInfo(deps, groupId);
  await notify(deps, { ...target, ...joinDecisionMessage(info.names, approved, info.home) });
}

/**
 * Open group: the caller becomes a member (a stale join request is dropped). Closed group: a join
 * request is stored, once, and the founders and moderators are told. A member gets ALREADY_MEMBER.
 */
export async function joinGroup(deps: PlatformDeps, groupId: number, userId: number): Promise<MembershipResult<JoinMessage>> {
  const { db } = deps;
  const group = await liveGroup(db, groupId);
  if (group.allow_user_to_join) {
    const joined = await db.transaction(async (tx) => {
      const added = await insertMember(tx, groupId, userId);
      if (added) await deleteJoinRequest(tx, groupId, userId);
      return added;
    });
    if (joined) invalidateCache(CACHE_KEYS.groupList); // member counts
    return { status: true, message: joined ? "JOINED" : "ALREADY_MEMBER" };
  }
  if (await isMember(db, groupId, userId)) return { status: true, message: "ALREADY_MEMBER" };
  if (await insertJoinRequest(db, groupId, userId)) await notifyStaffOfRequest(deps, groupId, userId);
  return { status: true, message: "JOIN_REQUEST_SENT" };
}

function lastFounder(groupId: number): AppError {
  return new AppError("LAST_FOUNDER", `Group ${groupId} needs at least one founder: make someone else a founder first`);
}

/** Ends the caller's membership; 409 NOT_A_MEMBER when there is none, 409 LAST_FOUNDER for the only founder. */
export async function leaveGroup(db: Db, groupId: number, userId: number): Promise<MembershipResult<"LEFT">> {
  await liveGroup(db, groupId);
  await db.transaction(async (tx) => {
    const role = await findRole(tx, groupId, userId);
    if (role === null) throw new AppError("NOT_A_MEMBER", `You are not a member of group ${groupId}`);
    if (role === "founder" && (await countFounders(tx, groupId)) <= 1) throw lastFounder(groupId);
    await deleteMember(tx, groupId, userId);
  });
  invalidateCache(CACHE_KEYS.groupList);
  return { status: true, message: "LEFT" };
}

/** Withdraws the caller's pending request; 404 when there is none. */
export async function withdrawRequest(db: Queryable, groupId: number, userId: number): Promise<MembershipResult<"REQUEST_WITHDRAWN">> {
  await liveGroup(db, groupId);
  if (!(await removeJoinRequest(db, groupId, userId))) throw notFound(`You have no pending request to join group ${groupId}`);
  return { status: true, message: "REQUEST_WITHDRAWN" };
}

/** Pending requests, oldest first (admins, founders and moderators of the group). */
export async function listJoinRequests(db: Queryable, account: Account, groupId: number): Promise<GroupJoinRequest[]> {
  await requireGroupModerator(db, account, groupId);
  return (await findJoinRequests(db, groupId)).map((r) => ({
    userId: r.user_id,
    name: r.name,
    profilePic: r.profile_pic,
    requestedOn: new Date(r.created_on).toISOString(),
  }));
}

/** Approves (the requester becomes a member) or refuses a pending request; the requester is told. 404 without one. */
export async function decideJoinRequest(
  deps: PlatformDeps,
  account: Account,
  groupId: number,
  userId: number,
  approve: boolean,
): Promise<MembershipResult<"REQUEST_APPROVED" | "REQUEST_REFUSED">> {
  await requireGroupModerator(deps.db, account, groupId);
  const requester = await findUserById(deps.db, userId);
  const found = await deps.db.transaction(async (tx) => {
    if (!(await removeJoinRequest(tx, groupId, userId))) return false;
    // A request of an account deleted since is dropped, never approved.
    if (!requester || requester.is_deleted) return false;
    if (approve) await insertMember(tx, groupId, userId);
    return true;
  });
  if (!found) throw notFound(`User ${userId} has no pending request to join group ${groupId}`);
  if (approve) invalidateCache(CACHE_KEYS.groupList);
  await notifyRequester(deps, groupId, userId, approve);
  return { status: true, message: approve ? "REQUEST_APPROVED" : "REQUEST_REFUSED" };
}
