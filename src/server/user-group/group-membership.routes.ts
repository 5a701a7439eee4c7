import { requireAccount } from "../accounts/account-context";
import { parseId } from "../http/params";
import { json, type Router } from "../http/router";
import type { PlatformResponse } from "../http/types";
import { checkMember, joinGroup, leaveGroup, membershipMap } from "./group-membership.service";

// Answers depend on the caller: never kept by shared caches.
const NO_STORE = { "cache-control": "no-store" };

/** A bare JSON boolean (`json()` takes objects only). */
function jsonBoolean(value: boolean): PlatformResponse {
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE }, body: JSON.stringify(value) };
}

/** userGroup-api/api/v1/group/member|join|leave (reference §3.2, §4.2 "Membership"); signed-in callers only. */
export function registerGroupMembershipRoutes(router: Router): void {
  router.get("userGroup", "/v1/group/member/list", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await membershipMap(ctx.deps.db, caller.id), 200, NO_STORE);
  });

  router.get("userGroup", "/v1/group/member/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return jsonBoolean(await checkMember(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id));
  });

  router.get("userGroup", "/v1/group/join/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await joinGroup(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id), 200, NO_STORE);
  });

  router.delete("userGroup", "/v1/group/leave/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await leaveGroup(ctx.deps.db, parseId(ctx.params.id, "id"), caller.id), 200, NO_STORE);
  });
}
