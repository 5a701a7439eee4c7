/** The reference's user list with counts per filter field (reference §3.1 axGetUserList). */
import type { UserFacet, UserSearchItem, UserSearchResponse } from "@/contracts/user";
import { FORM_ERRORS } from "@/contracts/field-errors";
import type { Db } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { Account } from "./account-context";
import { listRoles } from "./user.repository";
import { groupsOfUsers, searchUsersCounts, searchUsersPage, type UserGroupRow, type UserSearchFilter } from "./user-search.repository";
import { toProfile, toReferenceProfile } from "./user.service";

export type UserSearchQuery = Omit<UserSearchFilter, "includeInactive">;

/**
 * Visitors and members see verified, enabled accounts; administrators every account that is not
 * deleted. Only administrators may search by e-mail address or mobile number (anyone else could probe
 * whether an address has an account): 403 for others.
 */
export async function searchUsers(db: Db, caller: Account | null, query: UserSearchQuery): Promise<UserSearchResponse> {
  const isAdmin = !!caller?.isAdmin;
  if (!isAdmin && (query.email !== null || query.phoneNumber !== null)) {
    throw new AppError("FORBIDDEN", "Only an administrator may search users by e-mail address or mobile number");
  }
  const roles = await listRoles(db);
  const roleIds = new Map(roles.map((r) => [r.authority, r.id]));
  const unknown = query.roles?.find((role) => !roleIds.has(role));
  if (unknown !== undefined) throw new AppError("BAD_REQUEST", `Unknown role "${unknown}"`, { role: FORM_ERRORS.unknownRole });

  // The last sign-in is private (issue 27 item 16): for others its bounds are ignored and its order falls back to
  // the newest accounts, so the reference's list (which may send them) keeps working without revealing it.
  const privacy: Partial<UserSearchFilter> = isAdmin ? {} : { loginFrom: null, loginBefore: null, sort: query.sort === "lastLoginDate" ? "dateCreated" : query.sort };
  const filter: UserSearchFilter = { ...query, ...privacy, includeInactive: isAdmin };
  const [rows, counts] = await Promise.all([searchUsersPage(db, filter), searchUsersCounts(db, filter, roles.map((r) => r.authority))]);
  const groups = await groupsOfUsers(db, rows.map((r) => r.id));
  const groupsByUser = new Map<number, UserGroupRow[]>();
  for (const g of groups) groupsByUser.set(g.user_id, [...(groupsByUser.get(g.user_id) ?? []), g]);

  const aggregationData: Record<UserFacet, Record<string, number>> = {
    role: {},
    // The portal has no species taxonomy, so nobody holds a taxonomy role: always empty.
    taxonomyRole: {},
    userGroup: {},
    institution: {},
    profession: {},
    sex: {},
  };
  let totalCount = 0;
  for (const c of counts) {
    if (c.facet === "total") totalCount = c.n;
    else if (c.value !== null) aggregationData[c.facet][c.value] = c.n;
  }

  const userList: UserSearchItem[] = rows.map((row) => ({
    id: row.id,
    user: toReferenceProfile(toProfile(row, roleIds, isAdmin || caller?.id === row.id)),
    userGroup: (groupsByUser.get(row.id) ?? []).map(({ id, name, role }) => ({ id, name, role })),
    taxonomy: [],
    locationInformation: null,
  }));
  return { userList, aggregationData, totalCount, offset: query.offset, limit: query.limit };
}
