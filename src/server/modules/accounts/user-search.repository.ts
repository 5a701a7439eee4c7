/**
 * SQL of the reference's user list (POST user-api/api/v1/user/list/extended_user/_doc): one page of
 * users and the counts per filter field, both computed in the database. Only the filters a request
 * uses become SQL, so each plan is the plan of that filter (see migration 0006 for the indexes).
 */
import type { Queryable, SqlParam } from "../../infra/db/db";
import { likePattern, USER_COLUMNS, type UserRow } from "./user.repository";

/** Filter fields with counts in `aggregationData` (taxonomyRole has no data here: always empty). */
export const COUNTED_FACETS = ["role", "userGroup", "institution", "profession", "sex"] as const;
export type CountedFacet = (typeof COUNTED_FACETS)[number];

/** At most this many values per field (the most frequent): institutions and professions are free text. */
export const FACET_VALUES_MAX = 100;

export interface UserSearchFilter {
  /** Admins also see unverified and disabled accounts. */
  includeInactive: boolean;
  name: string | null;
  /** Substring of the e-mail address / mobile number (administrators only: checked by the service). */
  email: string | null;
  phoneNumber: string | null;
  userName: string | null;
  createdFrom: Date | null;
  createdBefore: Date | null;
  loginFrom: Date | null;
  loginBefore: Date | null;
  userIds: number[] | null;
  /** Counted fields: any of the values (OR within a field, AND between fields). */
  roles: string[] | null;
  groupIds: number[] | null;
  institutions: string[] | null;
  professions: string[] | null;
  sexes: string[] | null;
  sort: "dateCreated" | "lastLoginDate";
  offset: number;
  limit: number;
}

interface Built {
  params: SqlParam[];
  /** Conditions every row must meet, counted fields excluded. */
  common: string;
  /** Per counted field, its condition ("true" when not filtered). */
  facet: Record<CountedFacet, string>;
  /** For the counts: the group filter as a join, so each user's membership is looked up once, not once per count. */
  groupJoin: string;
  groupFlag: string;
}

function build(filter: UserSearchFilter): Built {
  const params: SqlParam[] = [];
  const p = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const common = ["not u.is_deleted"];
  if (!filter.includeInactive) common.push("u.enabled and not u.account_locked");
  if (filter.name) common.push(`u.name ilike ${p(likePattern(filter.name))}::text`);
  if (filter.email) common.push(`u.email ilike ${p(likePattern(filter.email))}::text`);
  if (filter.phoneNumber) common.push(`u.mobile_number like ${p(likePattern(filter.phoneNumber))}::text`);
  if (filter.userName) common.push(`u.user_name ilike ${p(likePattern(filter.userName))}::text`);
  if (filter.createdFrom) common.push(`u.created_on >= ${p(filter.createdFrom)}::timestamptz`);
  if (filter.createdBefore) common.push(`u.created_on < ${p(filter.createdBefore)}::timestamptz`);
  if (filter.loginFrom) common.push(`u.last_login_date >= ${p(filter.loginFrom)}::timestamptz`);
  if (filter.loginBefore) common.push(`u.last_login_date < ${p(filter.loginBefore)}::timestamptz`);
  if (filter.userIds) common.push(`u.id = any(${p(filter.userIds)}::integer[])`);
  const groupParam = filter.groupIds ? p(filter.groupIds) : null;
  const facet: Record<CountedFacet, string> = {
    role: filter.roles ? `u.roles && ${p(filter.roles)}::text[]` : "true",
    userGroup: groupParam
      ? `u.id in (select sel.user_id from user_group_member sel where sel.user_group_id = any(${groupParam}::integer[]))`
      : "true",
    institution: filter.institutions ? `u.institution = any(${p(filter.institutions)}::text[])` : "true",
    profession: filter.professions ? `u.occupation = any(${p(filter.professions)}::text[])` : "true",
    sex: filter.sexes ? `u.sex_type = any(${p(filter.sexes)}::text[])` : "true",
  };
  const groupJoin = groupParam
    ? `left join (select distinct sel.user_id from user_group_member sel where sel.user_group_id = any(${groupParam}::integer[])) sel on sel.user_id = u.id`
    : "";
  return { params, common: common.join("\n    and "), facet, groupJoin, groupFlag: groupParam ? "sel.user_id is not null" : "true" };
}

/** One page of the users matching every filter, newest (or most recently signed in) first. */
export function searchUsersPage(db: Queryable, filter: UserSearchFilter): Promise<UserRow[]> {
  const { params, common, facet } = build(filter);
  const all = [common, ...COUNTED_FACETS.map((f) => facet[f])].filter((c) => c !== "true").join("\n    and ");
  const order = filter.sort === "lastLoginDate" ? "u.last_login_date desc nulls last, u.id desc" : "u.created_on desc, u.id desc";
  return db.query<UserRow>(
    `select ${USER_COLUMNS} from app_user u
      where ${all}
      order by ${order} limit ${filter.limit} offset ${filter.offset}`,
    params,
  );
}

export interface FacetCount {
  facet: CountedFacet | "total";
  value: string | null;
  n: number;
}

/**
 * The number of users matching every filter ("total") and, per counted field, the matching users per
 * value when that field's own filter is left out (so a ticked box does not hide its neighbours' counts).
 * One statement, two reads of the users: the total, institution, profession, sex and every role of
 * `roleNames` in one pass (grouping sets; one count per field with its own FILTER), and the groups
 * (joined with their members).
 */
export async function searchUsersCounts(db: Queryable, filter: UserSearchFilter, roleNames: readonly string[]): Promise<FacetCount[]> {
  const { params, common, facet: built, groupJoin, groupFlag } = build(filter);
  const facet = { ...built, userGroup: groupFlag };
  const others = (except: CountedFacet | null) =>
    COUNTED_FACETS.filter((f) => f !== except && facet[f] !== "true").map((f) => `(${facet[f]})`).join(" and ") || "true";
  params.push([...roleNames]);
  const roleParam = `$${params.length}::text[]`;
  const roleCounts = roleNames.map((_, i) => `count(*) filter (where ${others("role")} and u.roles @> array[(${roleParam})[${i + 1}]])`);
  const sql = `
    with counted as (
      select case when grouping(u.institution) = 0 then 'institution' when grouping(u.occupation) = 0 then 'profession'
                  when grouping(u.sex_type) = 0 then 'sex' else 'total' end as facet,
             coalesce(u.institution, u.occupation, u.sex_type) as value,
             case when grouping(u.institution) = 0 then count(*) filter (where ${others("institution")})
                  when grouping(u.occupation) = 0 then count(*) filter (where ${others("profession")})
                  when grouping(u.sex_type) = 0 then count(*) filter (where ${others("sex")})
                  else count(*) filter (where ${others(null)}) end::integer as n,
             case when grouping(u.institution, u.occupation, u.sex_type) = 7 then array[${roleCounts.join(", ") || "0"}]::integer[] end as roles
        from app_user u ${groupJoin}
       where ${common}
       group by grouping sets ((u.institution), (u.occupation), (u.sex_type), ())
      union all
      select 'userGroup', gm.user_group_id::text, count(*)::integer, null
        from app_user u ${groupJoin} join user_group_member gm on gm.user_id = u.id
        join user_group g on g.id = gm.user_group_id and not g.is_deleted
       where ${common} and ${others("userGroup")}
       group by gm.user_group_id
    )
    select facet, value, n, roles from (
      select facet, value, n, roles, row_number() over (partition by facet order by n desc, value) as rank
        from counted where facet = 'total' or (n > 0 and value is not null)
    ) ranked
    where rank <= ${FACET_VALUES_MAX} or facet = 'total'`;
  const rows = await db.query<FacetCount & { roles: number[] | null }>(sql, params);
  const result: FacetCount[] = [];
  for (const { facet: name, value, n, roles } of rows) {
    result.push({ facet: name, value, n });
    roles?.forEach((count, i) => {
      if (count > 0) result.push({ facet: "role", value: roleNames[i]!, n: count });
    });
  }
  return result;
}

export interface UserGroupRow {
  user_id: number;
  id: number;
  name: string;
  role: "member" | "founder" | "moderator";
}

/** The groups (not deleted) of these users, with each user's role in them. */
export function groupsOfUsers(db: Queryable, userIds: readonly number[]): Promise<UserGroupRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.query<UserGroupRow>(
    `select gm.user_id, g.id, g.name, gm.role from user_group_member gm
       join user_group g on g.id = gm.user_group_id and not g.is_deleted
      where gm.user_id = any($1::integer[])
      order by gm.user_id, g.display_order, g.id`,
    [userIds],
  );
}
