/**
 * POST user-api/api/v1/user/list/{index}/{type} (the reference calls it with `extended_user/_doc`):
 * the reference's query parameters, the page, `aggregationData` and `totalCount`. The body (a map
 * polygon in the original) is not read: the portal keeps no user geometry to search.
 */
import { FORM_ERRORS, wholeNumberError } from "@/contracts/field-errors";
import { AppError } from "../../infra/http/app-error";
import { parseChoice, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { QueryValue, RequestContext } from "../../infra/http/types";
import { optionalAccount } from "./account-context";
import { searchUsers, type UserSearchQuery } from "./user-search.service";

const LIMIT_DEFAULT = 10;
const LIMIT_MAX = 50;
const TEXT_MAX = 100;
const VALUES_MAX = 50;
const SEXES = ["Male", "Female", "Others"];

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new AppError("BAD_REQUEST", `${name} must be a whole number (got "${value}")`, { [name]: wholeNumberError(0) });
  return Number(value);
}

function text(query: Record<string, QueryValue>, name: string): string | null {
  return queryValue(query, name)?.trim().slice(0, TEXT_MAX) || null;
}

/** A list parameter: comma-separated and/or repeated (`role=A,B` or `role=A&role=B`); null when absent. */
function list(query: Record<string, QueryValue>, name: string): string[] | null {
  const raw = query[name];
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > VALUES_MAX) throw new AppError("BAD_REQUEST", `${name} takes at most ${VALUES_MAX} values`, { [name]: FORM_ERRORS.invalid });
  return values.length > 0 ? [...new Set(values)] : null;
}

/**
 * A date bound: `2026-01-31` (a whole day, UTC), an ISO 8601 date-time or epoch milliseconds (what
 * Java clients send). Returned as the start of the range, or for `end` the first instant after it.
 */
function dateBound(query: Record<string, QueryValue>, name: string, end: boolean): Date | null {
  const value = queryValue(query, name)?.trim();
  if (!value) return null;
  let date: Date;
  let wholeDay = false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = new Date(`${value}T00:00:00Z`);
    wholeDay = true;
  } else if (/^\d{1,15}$/.test(value)) {
    date = new Date(Number(value));
  } else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    date = new Date(value);
  } else {
    date = new Date(NaN);
  }
  if (Number.isNaN(date.getTime())) {
    throw new AppError("BAD_REQUEST", `${name} must be a date (2026-01-31), an ISO 8601 date-time or epoch milliseconds (got "${value}")`, {
      [name]: FORM_ERRORS.invalid,
    });
  }
  if (end) date = new Date(date.getTime() + (wholeDay ? 86_400_000 : 1));
  return date;
}

function userSearchQuery(ctx: RequestContext): UserSearchQuery {
  const q = ctx.request.query;
  const sexes = list(q, "sex");
  const badSex = sexes?.find((s) => !SEXES.includes(s));
  if (badSex !== undefined) throw new AppError("BAD_REQUEST", `sex must be ${SEXES.join(", ")} (got "${badSex}")`, { sex: FORM_ERRORS.invalid });
  return {
    name: text(q, "name"),
    email: text(q, "email"),
    phoneNumber: text(q, "phoneNumber"),
    userName: text(q, "userName"),
    createdFrom: dateBound(q, "createdOnMinDate", false),
    createdBefore: dateBound(q, "createdOnMaxDate", true),
    loginFrom: dateBound(q, "lastLoggedInMinDate", false),
    loginBefore: dateBound(q, "lastLoggedInMaxDate", true),
    userIds: list(q, "user")?.map((v) => parseId(v, "user")) ?? null,
    roles: list(q, "role"),
    groupIds: list(q, "userGroupList")?.map((v) => parseId(v, "userGroupList")) ?? null,
    institutions: list(q, "institution"),
    professions: list(q, "profession"),
    sexes,
    sort: parseChoice(queryValue(q, "sort")?.replace(/^user\./, ""), "sort", ["dateCreated", "lastLoginDate"] as const, "dateCreated"),
    offset: count(queryValue(q, "offset"), "offset", 0),
    limit: Math.min(LIMIT_MAX, Math.max(1, count(queryValue(q, "max") ?? queryValue(q, "limit"), "max", LIMIT_DEFAULT))),
  };
}

export function registerUserSearchRoutes(router: Router): void {
  router.post("user", "/v1/user/list/:index/:type", async (ctx) => {
    const caller = await optionalAccount(ctx);
    // Contact details and inactive accounts vary with the caller: never shared by caches.
    return json(await searchUsers(ctx.deps.db, caller, userSearchQuery(ctx)), 200, { "cache-control": "no-store" });
  });
}
