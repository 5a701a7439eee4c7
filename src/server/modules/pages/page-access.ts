import { ROLES } from "@site-config";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { findLiveGroup, findRole } from "../groups/group-membership.repository";

/**
 * Who may write pages (reference §5.3): ROLE_ADMIN and ROLE_PAGE_EDITOR everywhere; for the pages of a
 * group also that group's founders and moderators (user_group_member.role, per group). Decided on the
 * stored account (roles as they are now), never on the token alone.
 */
export async function canEditPages(db: Queryable, account: Account | null, userGroupId: number | null): Promise<boolean> {
  if (!account) return false;
  if (account.isAdmin || account.roles.includes(ROLES.PAGE_EDITOR)) return true;
  if (userGroupId === null || !(await findLiveGroup(db, userGroupId))) return false;
  const role = await findRole(db, userGroupId, account.id);
  return role === "founder" || role === "moderator";
}

/** 403 unless the account may write the pages of `userGroupId` (null: the main site). */
export async function assertCanEditPages(db: Queryable, account: Account, userGroupId: number | null): Promise<void> {
  if (!(await canEditPages(db, account, userGroupId))) {
    throw new AppError(
      "FORBIDDEN",
      userGroupId === null
        ? "Only administrators and page editors may change the pages of the main site"
        : `Only administrators, page editors and the founders or moderators of group ${userGroupId} may change its pages`,
    );
  }
}
