import { ROLES } from "@site-config";
import type { SessionUser } from "@/contracts/user";

/** Whether a member may answer a template: a role of its `permissions`, or an admin (data/save's rule). */
export function mayAnswer(user: Pick<SessionUser, "roles"> | null, permissions: readonly string[]): boolean {
  if (!user) return false;
  const roles = user.roles as readonly string[];
  return roles.includes(ROLES.ADMIN) || permissions.some((p) => roles.includes(p));
}

/** The page whose text introduces the participation list (reference screens §2.11). */
export const PARTICIPATE_INTRO_PAGE_ID = 204;
