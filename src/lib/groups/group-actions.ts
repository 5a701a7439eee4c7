import { ROLES } from "@site-config";
import type { CurrentGroup } from "@/contracts/group";
import type { GroupActions } from "@/components/layout/layout-types";
import { hasAccess } from "@/lib/auth/access";

type RolesHolder = { roles: readonly string[] } | null;

/**
 * Whether the visitor may create, edit, delete and reorder the pages of the current tree: admins and
 * page editors everywhere; inside a group also its founders and moderators, which only the platform
 * knows (`enable/edit`, passed as `groupEnableEdit`; null when it could not be asked).
 */
export function canEditPagesFor(user: RolesHolder, group: CurrentGroup, groupEnableEdit: boolean | null): boolean {
  if (!user) return false;
  if (group.id !== null && groupEnableEdit !== null) return groupEnableEdit;
  return hasAccess([ROLES.ADMIN, ROLES.PAGE_EDITOR], user);
}

/**
 * Group-header controls. Joining is offered to visitors (it opens the sign-in modal first) and to
 * signed-in non-members; page creation to those who may edit the group's pages; microsite editing to admins.
 */
export function groupActionsFor(user: RolesHolder, group: CurrentGroup, isMember: boolean | null, canEditPages: boolean): GroupActions | undefined {
  if (group.id === null) return undefined;
  if (!user) return { canJoin: true, canCreatePages: false, canEditMicrosite: false };
  return {
    canJoin: isMember === false,
    canCreatePages: canEditPages,
    canEditMicrosite: hasAccess([ROLES.ADMIN], user),
  };
}
