/**
 * THE visibility engine (issue 30, item 4): for a caller and a record, whether the caller may see the
 * record at all, see its values exactly (places as stored), and change its consent. Pure: the facts come
 * from the records repositories (`findCallerStanding`) and every read of one record asks here — the
 * record page and its summary, the record's social writes, curating, comments and activity, followers'
 * notices. Reads of many records (lists, search, map points, facets, statistics, tables, exports,
 * sitemap, group counts) read the public tier only: `VISIBLE` in data.repository.ts, the `visible` flags
 * of the value index and the group rows (migration 0023) — records with public consent. The owner's own
 * list (`data/myList` of oneself) adds their records of any consent.
 *
 * Decision (audiences widen NONE → COMMUNITY → CURATORS → MEMBERS → PUBLIC):
 * | caller                                         | sees the record when the audience is … | exact values | changes consent |
 * |------------------------------------------------|----------------------------------------|--------------|-----------------|
 * | the owner, an administrator                    | any                                    | yes          | yes             |
 * | a founder or moderator of one of its groups    | any (they keep it for the community)   | no           | yes             |
 * | an allowed editor                              | COMMUNITY or wider                     | yes          | no              |
 * | a member of one of its groups                  | COMMUNITY or wider                     | no           | no              |
 * | a data curator                                 | CURATORS or wider                      | yes          | yes             |
 * | any signed-in member                           | MEMBERS or wider                       | no           | no              |
 * | anyone                                         | PUBLIC                                 | no           | no              |
 * What a caller sees without exact values is the public form of each value (`publicValueOf`).
 *
 * A record whose treatments withhold it (a curator's WITHHOLD or EMBARGO, or a restricting label such as
 * "Community Use Only": `record_withheld`, treatments.ts) counts as having at most CURATORS consent.
 *
 * A record waiting for review or sent back (review_state PENDING/RETURNED, issue 30 item 5) is, within the
 * table above, seen only by its reviewers: its owner, administrators, data curators and the founders and
 * moderators of its groups.
 */
import { ROLES } from "@site-config";
import { audienceIncludes, type ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";

/** What the engine needs to know of the caller (null: anonymous). */
export interface CallerStanding {
  id: number;
  roles: readonly string[];
  /** The caller's role in each of the record's groups they belong to. */
  groupRoles: ReadonlyArray<"founder" | "moderator" | "member">;
}

/** What the engine needs to know of the record. */
export interface RecordFacts {
  user_id: number;
  allowed_users: readonly number[];
  consent_audience: ConsentAudience;
  /** Absent: published. */
  review_state?: ReviewState;
  /** Its treatments withhold the whole record today (issue 30, item 2; absent: no). */
  record_withheld?: boolean;
}

export interface RecordAccess {
  /** May know the record exists and read it (otherwise: answer as if there were no such record). */
  see: boolean;
  /** Sees values as stored (places exactly); only with `see`. */
  exact: boolean;
  /** May change or withdraw its consent and read its consent history. */
  manageConsent: boolean;
  /** Sees it only because of its audience, not as its keeper (a read of a restricted record to log). */
  restrictedRead: boolean;
}

const NONE: RecordAccess = { see: false, exact: false, manageConsent: false, restrictedRead: false };

export function recordAccess(caller: CallerStanding | null, record: RecordFacts): RecordAccess {
  const access = consentAccess(caller, record);
  if (!access.see || (record.review_state ?? "PUBLISHED") === "PUBLISHED") return access;
  // Not published: within its consent, only its reviewers.
  const reviewer =
    caller !== null &&
    (caller.id === record.user_id ||
      caller.roles.includes(ROLES.ADMIN) ||
      caller.roles.includes(ROLES.DATACURATOR) ||
      caller.groupRoles.some((r) => r === "founder" || r === "moderator"));
  return reviewer ? access : NONE;
}

/** The table above, by consent alone. */
function consentAccess(caller: CallerStanding | null, record: RecordFacts): RecordAccess {
  // A withheld record (a curator's treatment or a restricting label) reaches no wider than its community and curators.
  const audience: ConsentAudience = record.record_withheld && audienceIncludes(record.consent_audience, "MEMBERS") ? "CURATORS" : record.consent_audience;
  if (caller === null) return audience === "PUBLIC" ? { see: true, exact: false, manageConsent: false, restrictedRead: false } : NONE;
  const isAdmin = caller.roles.includes(ROLES.ADMIN);
  const isCurator = caller.roles.includes(ROLES.DATACURATOR);
  const keeper = caller.groupRoles.some((r) => r === "founder" || r === "moderator");
  const member = caller.groupRoles.length > 0;
  const allowed = record.allowed_users.includes(caller.id);
  if (caller.id === record.user_id || isAdmin) return { see: true, exact: true, manageConsent: true, restrictedRead: false };
  const community = audienceIncludes(audience, "COMMUNITY");
  const curators = audienceIncludes(audience, "CURATORS");
  const see = keeper || ((allowed || member) && community) || (isCurator && curators) || audienceIncludes(audience, "MEMBERS");
  if (!see) return NONE;
  return {
    see: true,
    exact: (allowed && community) || (isCurator && curators),
    manageConsent: keeper || (isCurator && curators),
    restrictedRead: audience !== "PUBLIC" && !keeper,
  };
}

/** The caller as the SQL form of the engine needs them (null: anonymous). */
export interface SqlCaller {
  id: number;
  roles: readonly string[];
}

/**
 * The engine's `see` as a condition over `cca_data d`, for reads that count records of any consent (the
 * template editor's value counts): the same table as `recordAccess`, checked against it by
 * tests/integration/leak-hunter.test.ts. `param` adds a value and answers its placeholder.
 */
export function seeSql(caller: SqlCaller | null, param: (value: number | string) => string): string {
  if (caller === null) return "d.is_public";
  if (caller.roles.includes(ROLES.ADMIN)) return "true";
  const curator = caller.roles.includes(ROLES.DATACURATOR);
  const me = param(caller.id);
  const groupsWith = (roles: string) =>
    `exists (select 1 from cca_data_user_group g join user_group_member m on m.user_group_id = g.user_group_id and m.user_id = ${me}
                join user_group ug on ug.id = g.user_group_id and not ug.is_deleted
              where g.data_id = d.id${roles ? ` and m.role in (${roles})` : ""})`;
  // By consent (as `consentAccess`); publication is the clause after it.
  const parts = [
    "(d.consent_audience in ('MEMBERS', 'PUBLIC') and not d.record_withheld)",
    `d.user_id = ${me}`,
    groupsWith("'founder', 'moderator'"),
    `(d.consent_audience <> 'NONE' and (${me} = any(d.allowed_users) or ${groupsWith("")}))`,
  ];
  if (curator) parts.push("d.consent_audience in ('CURATORS', 'MEMBERS', 'PUBLIC')");
  // Not published: within its consent, only its reviewers (the owner, data curators, its groups' founders and moderators).
  const reviewers = curator ? "true" : `(d.user_id = ${me} or ${groupsWith("'founder', 'moderator'")})`;
  return `((${parts.join(" or ")}) and (d.review_state = 'PUBLISHED' or ${reviewers}))`;
}
