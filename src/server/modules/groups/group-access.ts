import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { findLiveGroup, findRole, type GroupMemberRole, type MembershipGroupRow } from "./group-membership.repository";

/**
 * Who may run a group (reference §5.3), decided on the stored account and the stored per-group role
 * (user_group_member.role of THAT group), never on the token: admins (ROLE_ADMIN) everywhere;
 * founders edit their group and its administrators; founders and moderators handle join requests.
 */
export interface GroupStanding {
  group: MembershipGroupRow;
  role: GroupMemberRole | null;
  /** Admin or founder. */
  canEdit: boolean;
  /** Admin, founder or moderator. */
  canModerate: boolean;
}

/** The caller's standing in a live group; 404 for an unknown or deleted group. */
export async function standingIn(db: Queryable, account: Account | null, groupId: number): Promise<GroupStanding> {
  const group = await findLiveGroup(db, groupId);
  if (!group) throw notFound(`Group ${groupId} not found`);
  const role = account ? await findRole(db, groupId, account.id) : null;
  const isAdmin = account?.isAdmin ?? false;
  return { group, role, canEdit: isAdmin || role === "founder", canModerate: isAdmin || role === "founder" || role === "moderator" };
}

/** 404 unknown group, 403 unless the caller is an admin or a founder of the group. */
export async function requireGroupEditor(db: Queryable, account: Account, groupId: number): Promise<GroupStanding> {
  const standing = await standingIn(db, account, groupId);
  if (!standing.canEdit) throw new AppError("FORBIDDEN", `Only administrators and the founders of group ${groupId} may do this`);
  return standing;
}

/** 404 unknown group, 403 unless the caller is an admin, a founder or a moderator of the group. */
export async function requireGroupModerator(db: Queryable, account: Account, groupId: number): Promise<GroupStanding> {
  const standing = await standingIn(db, account, groupId);
  if (!standing.canModerate) {
    throw new AppError("FORBIDDEN", `Only administrators and the founders or moderators of group ${groupId} may do this`);
  }
  return standing;
}
