import { wholeNumberError } from "@/contracts/field-errors";
import { parseChoice, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { readFormBody, readJsonBody } from "../../infra/http/body";
import { requestCookies } from "../../infra/http/cookies";
import { AppError } from "../../infra/http/app-error";
import type { PlatformResponse, RequestContext } from "../../infra/http/types";
import { REFRESH_COOKIE } from "../../infra/auth/tokens";
import { clientAddress, optionalAccount, requireAccount } from "./account-context";
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  refreshTokens,
  regenerateOtp,
  resetPassword,
  signup,
  validateAccount,
  type AuthResult,
} from "./auth.service";
import {
  allRoles,
  autocomplete,
  deleteUser,
  getIbp,
  getIbps,
  getProfile,
  toProfile,
  updateUserDetails,
  updateUserImage,
  updateUserRoles,
  userList,
  type UserListQuery,
} from "./user.service";
import { listRoles } from "./user.repository";

const NO_STORE = { "cache-control": "no-store" };

function authJson(result: AuthResult): PlatformResponse {
  return json(result.body, 200, result.cookies.length > 0 ? { ...NO_STORE, "set-cookie": result.cookies } : NO_STORE);
}

const LIST_LIMIT = 10;
const LIST_MAX = 50;

function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) {
    throw new AppError("BAD_REQUEST", `${name} must be a whole number (got "${value}")`, { [name]: wholeNumberError(0) });
  }
  return Number(value);
}

function listQuery(ctx: RequestContext): UserListQuery {
  const q = ctx.request.query;
  const name = queryValue(q, "name")?.trim().slice(0, 100) || null;
  const role = queryValue(q, "role")?.trim() || null;
  const sortRaw = queryValue(q, "sort")?.replace(/^user\./, "");
  const sort = parseChoice(sortRaw, "sort", ["dateCreated", "lastLoginDate"] as const, "dateCreated");
  const offset = parseCount(queryValue(q, "offset"), "offset", 0);
  const limit = Math.min(LIST_MAX, Math.max(1, parseCount(queryValue(q, "limit") ?? queryValue(q, "max"), "limit", LIST_LIMIT)));
  return { name, role, sort, offset, limit };
}

/** user-api/api/v1/authenticate/*, v1/user/*, v1/roles/all and userGroup-api/api/v1/group/login (reference §2, §3.1). */
export function registerAccountRoutes(router: Router): void {
  // Sign-in and registration ------------------------------------------------------------------
  router.post("userGroup", "/v1/group/login", async (ctx) => authJson(await login(ctx.deps, clientAddress(ctx), readFormBody(ctx))));
  router.post("user", "/v1/authenticate/login", async (ctx) => authJson(await login(ctx.deps, clientAddress(ctx), readFormBody(ctx))));
  router.post("user", "/v1/authenticate/signup", async (ctx) => authJson(await signup(ctx.deps, clientAddress(ctx), readJsonBody(ctx))));
  router.post("user", "/v1/authenticate/validate", async (ctx) =>
    authJson(await validateAccount(ctx.deps, clientAddress(ctx), readFormBody(ctx))),
  );
  router.post("user", "/v1/authenticate/regenerate-otp", async (ctx) =>
    authJson(await regenerateOtp(ctx.deps, clientAddress(ctx), readFormBody(ctx))),
  );
  router.post("user", "/v1/authenticate/forgot-password", async (ctx) =>
    authJson(await forgotPassword(ctx.deps, clientAddress(ctx), readFormBody(ctx))),
  );
  router.post("user", "/v1/authenticate/reset-password", async (ctx) =>
    authJson(await resetPassword(ctx.deps, clientAddress(ctx), readFormBody(ctx))),
  );
  router.post("user", "/v1/authenticate/change-password", async (ctx) => {
    const caller = await requireAccount(ctx);
    return authJson(await changePassword(ctx.deps, caller, readJsonBody(ctx)));
  });
  // Any content type (or none): the body is not read.
  router.post("user", "/v1/authenticate/refresh-tokens", async (ctx) => {
    const token = queryValue(ctx.request.query, "refreshToken") ?? requestCookies(ctx)[REFRESH_COOKIE];
    return authJson(await refreshTokens(ctx.deps, token));
  });

  router.post("user", "/v1/authenticate/logout", async (ctx) => {
    const token = queryValue(ctx.request.query, "refreshToken") ?? requestCookies(ctx)[REFRESH_COOKIE];
    return authJson(await logout(ctx.deps, token, queryValue(ctx.request.query, "everywhere") === "true"));
  });

  // Users --------------------------------------------------------------------------------------
  router.get("user", "/v1/user/me", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(toProfile(caller.row, new Map((await listRoles(ctx.deps.db)).map((r) => [r.authority, r.id])), true), 200, NO_STORE);
  });

  router.get("user", "/v1/user/list", async (ctx) => json(await userList(ctx.deps.db, await optionalAccount(ctx), listQuery(ctx))));
  // POST v1/user/list/{index}/{type}, the reference's list with counts: user-search.routes.ts.

  router.get("user", "/v1/user/ibp/autocomplete", async (ctx) => {
    const name = queryValue(ctx.request.query, "name")?.trim() ?? "";
    return json(name ? await autocomplete(ctx.deps.db, name.slice(0, 100)) : []);
  });
  router.get("user", "/v1/user/ibp/:id", async (ctx) => json(await getIbp(ctx.deps.db, parseId(ctx.params.id, "id"))));
  router.get("user", "/v1/user/bulk/ibp", async (ctx) => {
    const raw = queryValue(ctx.request.query, "userIds") ?? "";
    const ids = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 100)
      .map((s) => parseId(s, "userIds"));
    return json(ids.length ? await getIbps(ctx.deps.db, ids) : []);
  });

  router.get("user", "/v1/user/:id", async (ctx) => {
    const id = parseId(ctx.params.id, "id");
    const caller = await optionalAccount(ctx);
    // Contact details vary with the caller: never shared by caches.
    return json(await getProfile(ctx.deps.db, caller, id), 200, caller ? NO_STORE : {});
  });

  router.put("user", "/v1/user/update/details", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await updateUserDetails(ctx.deps.db, caller, readJsonBody(ctx)), 200, NO_STORE);
  });

  router.put("user", "/v1/user/update/image", async (ctx) => {
    const caller = await requireAccount(ctx);
    const q = ctx.request.query;
    const profilePic = Array.isArray(q.profilePic) ? q.profilePic[0] : q.profilePic;
    return json(await updateUserImage(ctx.deps.db, ctx.deps.fileStore, caller, queryValue(q, "id"), profilePic), 200, NO_STORE);
  });

  router.get("user", "/v1/roles/all", async (ctx) => json(await allRoles(ctx.deps.db)));

  router.put("user", "/v1/user/update/roles", async (ctx) => {
    const caller = await requireAccount(ctx);
    if (!caller.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may change roles");
    return json(await updateUserRoles(ctx.deps.db, caller, readJsonBody(ctx)), 200, NO_STORE);
  });

  router.delete("user", "/v1/user/delete/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    await deleteUser(ctx.deps.db, caller, parseId(ctx.params.id, "id"));
    return json({ status: true, message: "USER_DELETED" }, 200, NO_STORE);
  });
}
