import { optionalAccount, requireAccount } from "../accounts/account-context";
import { parseId } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { PlatformResponse } from "../../infra/http/types";
import {
  checkMember,
  decideJoinRequest,
  joinGroup,
  leaveGroup,
  listJoinRequests,
  membershipMap,
  membershipMapOf,
  membershipOf,
  withdrawRequest,
} from "./group-membership.service";

// Answers depend on the caller: never kept by shared caches.
const NO_STORE = { "cache-control": "no-store" };

/** A bare JSON boolean (`json()` takes objects only). */
function jsonBoolean(value: boolean): PlatformResponse {
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE }, body: JSON.stringify(value) };
}

/** userGroup-api/api/v1/group/member|membership|join|leave|request(s) (reference §3.2, §4.2 "Membership"). */
export function registerGroupMembershipRoutes(router: Router): void {
  router.get("userGroup", "/v1/group/member/list", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await membershipMap(ctx.deps.db, caller.id), 200, NO_STORE);
  });

  // Open (the original front end sends no token): another account's groups as the user list shows them.
  router.get("userGroup", "/v1/group/member/list/:userId", async (ctx) => {
    const userId = parseId(ctx.params.userId, "userId");
    return json(await membershipMapOf(ctx.deps.db, await optionalAccount(ctx), userId), 200, NO_STORE);
  });

  router.get("userGroup", "/v1/group/member/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return jsonBoolean(await checkMember(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id));
  });

  // Open: a visitor (or an unusable token) gets all false / null.
  router.get("userGroup", "/v1/group/membership/:id", async (ctx) => {
    const id = parseId(ctx.params.id, "id");
    return json(await membershipOf(ctx.deps.db, await optionalAccount(ctx), id), 200, NO_STORE);
  });

  router.get("userGroup", "/v1/group/join/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await joinGroup(ctx.deps, parseId(ctx.params.id, "id"), caller.id), 200, NO_STORE);
  });

  router.delete("userGroup", "/v1/group/leave/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await leaveGroup(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id), 200, NO_STORE);
  });

  router.delete("userGroup", "/v1/group/request/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await withdrawRequest(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id), 200, NO_STORE);
  });

  router.get("userGroup", "/v1/group/requests/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await listJoinRequests(ctx.deps.db, caller, parseId(ctx.params.id, "id")), 200, NO_STORE);
  });

  for (const [action, approve] of [["approve", true], ["refuse", false]] as const) {
    router.put("userGroup", `/v1/group/request/${action}/:id/:userId`, async (ctx) => {
      const caller = await requireAccount(ctx);
      const id = parseId(ctx.params.id, "id");
      const userId = parseId(ctx.params.userId, "userId");
      return json(await decideJoinRequest(ctx.deps, caller, id, userId, approve), 200, NO_STORE);
    });
  }
}
