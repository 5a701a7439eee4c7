import { ROLES } from "@site-config";
import { parsePositiveId, queryText } from "@/lib/params";

export interface UserListParams {
  name: string;
  role: string;
  page: number;
}

/** Roles a visitor can filter the directory by (every global role but ANY). */
export const FILTER_ROLES: readonly string[] = Object.values(ROLES).filter((r) => r !== ROLES.ANY);

/** The directory's state from the URL (`?name=&role=&page=`); unknown roles and bad pages are ignored. */
export function parseUserListQuery(query: Record<string, unknown>): UserListParams {
  const role = queryText(query.role, 64);
  return {
    name: queryText(query.name, 100),
    role: FILTER_ROLES.includes(role) ? role : "",
    page: parsePositiveId(query.page) ?? 1,
  };
}

/** The query string part for these params (defaults left out). */
export function userListSearch({ name, role, page }: UserListParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (name) out.name = name;
  if (role) out.role = role;
  if (page > 1) out.page = String(page);
  return out;
}

/** `role_admin` for ROLE_ADMIN: the key of its translation in user:roles. */
export function roleKey(authority: string): string {
  return authority.toLowerCase();
}
