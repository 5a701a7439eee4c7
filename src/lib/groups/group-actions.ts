import { ROLES } from "@site-config";
import type { CurrentGroup } from "@/contracts/group";
import type { GroupActions } from "@/components/layout/layout-types";
import { hasAccess } from "@/lib/auth/access";

/**
 * Group-header controls. Joining is offered to visitors (it opens the sign-in modal first) and to
 * signed-in non-members; page creation to page editors and admins; microsite editing to admins.
 * Group founders and moderators (database roles) arrive with the groups issue.
 */
export function groupActionsFor(user: { roles: readonly string[] } | null, group: CurrentGroup, isMember: boolean | null): GroupActions | undefined {
  if (group.id === null) return undefined;
  if (!user) return { canJoin: true, canCreatePages: false, canEditMicrosite: false };
  return {
    canJoin: isMember === false,
    canCreatePages: hasAccess([ROLES.ADMIN, ROLES.PAGE_EDITOR], user),
    canEditMicrosite: hasAccess([ROLES.ADMIN], user),
  };
}
