import { ROLES } from "@site-config";
import type { CurrentGroup } from "@/contracts/group";
import type { GroupActions, JoinState } from "@/contracts/layout";
import { hasAccess } from "@/shared/access";

type RolesHolder = { roles: readonly string[] } | null;

/** The parts of `GET /membership/{id}` the chrome uses. */
export interface MembershipFlags {
  isMember: boolean;
  requested: boolean;
  canEdit: boolean;
  canModerate: boolean;
}

/**
 * Whether the visitor may create, edit, delete and reorder the pages of the current tree (the same
 * rule as the platform's `enable/edit`): admins and page editors everywhere; inside a group also its
 * founders and moderators, which the group membership says (`isGroupStaff`: its `canModerate`; null
 * when it could not be read).
 */
export function canEditPagesFor(user: RolesHolder, group: CurrentGroup, isGroupStaff: boolean | null): boolean {
  if (!user) return false;
  if (hasAccess([ROLES.ADMIN, ROLES.PAGE_EDITOR], user)) return true;
  return group.id !== null && isGroupStaff === true;
}

export function joinStateOf(membership: MembershipFlags | null): JoinState | null {
  if (!membership) return null;
  if (membership.isMember) return "joined";
  return membership.requested ? "requested" : "join";
}

/**
 * Group-header controls. Joining is offered to visitors (it opens the sign-in dialog first) and to
 * signed-in non-members; page creation to those who may edit the group's pages; microsite editing to
 * admins and the group's founders (`canEdit` of the membership; admins only when it is unknown);
 * answering join requests to founders and moderators (`canModerate`).
 * Unknown membership (the call failed) hides the membership control.
 */
export function groupActionsFor(
  user: RolesHolder,
  group: CurrentGroup,
  membership: MembershipFlags | null,
  canEditPages: boolean,
  closed: boolean,
): GroupActions | undefined {
  if (group.id === null) return undefined;
  if (!user) return { membership: "join", closed, canCreatePages: false, canEditMicrosite: false, canModerate: false };
  const isAdmin = hasAccess([ROLES.ADMIN], user);
  return {
    membership: joinStateOf(membership),
    closed,
    canCreatePages: canEditPages,
    canEditMicrosite: membership ? membership.canEdit : isAdmin,
    canModerate: membership ? membership.canModerate : isAdmin,
  };
}
