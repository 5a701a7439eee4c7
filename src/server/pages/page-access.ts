import { ROLES } from "@site-config";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../db/db";
import { AppError } from "../http/app-error";

/**
 * Who may write pages (reference §5.3): ROLE_ADMIN and ROLE_PAGE_EDITOR everywhere; for the pages of a
 * group also that group's founders and moderators (user_group_member.role, per group). Decided on the
 * stored account (roles as they are now), never on the token alone.
 */
export async function canEditPages(db: Queryable, account: Account | null, userGroupId: number | null): Promise<boolean> {
  if (!account) return false;
  if (account.isAdmin || account.roles.includes(ROLES.PAGE_EDITOR)) return true;
  if (userGroupId === null) return false;
  const row = await db.maybeOne(
    `select 1 as found from user_group_member m join user_group g on g.id = m.user_group_id
      where m.user_group_id = $1 and m.user_id = $2 and m.role in ('founder', 'moderator') and not g.is_deleted`,
    [userGroupId, account.id],
  );
  return row !== null;
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
