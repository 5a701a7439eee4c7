import { ROLES } from "@site-config";
import type { SessionUser } from "@/contracts/user";

/** What a record's page needs to decide who may curate it (ids as strings, as cca-api sends them). */
export interface RecordPeople {
  userId: string;
  allowedUsers: readonly string[];
}

type Viewer = Pick<SessionUser, "id" | "roles"> | null | undefined;

const hasRole = (user: Viewer, role: string) => (user?.roles as readonly string[] | undefined)?.includes(role) ?? false;

/** Data curators and admins: restore, and every edit. */
export const isRecordCurator = (user: Viewer): boolean => hasRole(user, ROLES.ADMIN) || hasRole(user, ROLES.DATACURATOR);

/** `data/update`: owner, allowed editors, data curators, admins (the server's rule). */
export function mayEditRecord(user: Viewer, record: RecordPeople): boolean {
  if (!user) return false;
  return String(user.id) === record.userId || record.allowedUsers.includes(String(user.id)) || isRecordCurator(user);
}

/** `data/delete`: owner, data curators, admins (allowed editors may not). */
export function mayDeleteRecord(user: Viewer, record: RecordPeople): boolean {
  if (!user) return false;
  return String(user.id) === record.userId || isRecordCurator(user);
}
