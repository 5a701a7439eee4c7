/**
 * SQL of the reference's user list (POST user-api/api/v1/user/list/extended_user/_doc): one page of
 * users and the counts per filter field, both computed in the database. Only the filters a request
 * uses become SQL, so each plan is the plan of that filter (see migration 0006 for the indexes).
 */
import type { Queryable, SqlParam } from "../db/db";
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
  const facet: Record<CountedFacet, string> = {
    role: filter.roles ? `u.roles && ${p(filter.roles)}::text[]` : "true",
    userGroup: filter.groupIds
      ? `exists (select 1 from user_group_member gm where gm.user_id = u.id and gm.user_group_id = any(${p(filter.groupIds)}::integer[]))`
      : "true",
    institution: filter.institutions ? `u.institution = any(${p(filter.institutions)}::text[])` : "true",
    profession: filter.professions ? `u.occupation = any(${p(filter.professions)}::text[])` : "true",
    sex: filter.sexes ? `u.sex_type = any(${p(filter.sexes)}::text[])` : "true",
  };
  return { params, common: common.join("\n    and "), facet };
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
 * value when that field's own filter is left out. One statement: the rows that pass the other filters
 * are read once (`base`), each with a flag per counted field saying whether it passes that field.
 */
export function searchUsersCounts(db: Queryable, filter: UserSearchFilter): Promise<FacetCount[]> {
  const { params, common, facet } = build(filter);
  const others = (except: CountedFacet | null) =>
    COUNTED_FACETS.filter((f) => f !== except && facet[f] !== "true").map((f) => `m_${f}`).join(" and ") || "true";
  const sql = `
    with base as materialized (
      select u.id, u.roles, u.institution, u.occupation, u.sex_type,
        ${COUNTED_FACETS.map((f) => `${facet[f]} as m_${f}`).join(",\n        ")}
      from app_user u
      where ${common}
    ),
    counted as (
      select 'role' as facet, r.role as value, count(*)::integer as n
        from base cross join lateral unnest(base.roles) as r(role) where ${others("role")} group by r.role
      union all
      select 'userGroup', gm.user_group_id::text, count(*)::integer
        from base join user_group_member gm on gm.user_id = base.id
        join user_group g on g.id = gm.user_group_id and not g.is_deleted
        where ${others("userGroup")} group by gm.user_group_id
      union all
      select 'institution', institution, count(*)::integer from base where institution is not null and ${others("institution")} group by institution
      union all
      select 'profession', occupation, count(*)::integer from base where occupation is not null and ${others("profession")} group by occupation
      union all
      select 'sex', sex_type, count(*)::integer from base where sex_type is not null and ${others("sex")} group by sex_type
    )
    select 'total' as facet, null as value, count(*)::integer as n from base where ${others(null)}
    union all
    select facet, value, n from (
      select facet, value, n, row_number() over (partition by facet order by n desc, value) as rank from counted
    ) ranked where rank <= ${FACET_VALUES_MAX}`;
  return db.query<FacetCount>(sql, params);
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
