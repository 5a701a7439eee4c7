import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseId } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { getHubKey, setHubKey, syncFromHub } from "./local-contexts-hub.service";

const NO_STORE = { "cache-control": "no-store" };

/** The Local Contexts Hub sync (issue 30, item 3): a group's key (its founders), a record's labels from a Hub project (its keepers). */
export function registerLocalContextsHubRoutes(router: Router): void {
  // Whether this portal syncs with a Hub at all (the record page offers the sync only then).
  router.get("cca", "/v1/data/hub", async (ctx) => json({ configured: ctx.deps.settings.localContextsApiUrl !== null }, 200, { "cache-control": "public, max-age=300" }));
  router.get("cca", "/v1/data/hub/key/:groupId", async (ctx) => json(await getHubKey(ctx.deps, await requireAccount(ctx), parseId(ctx.params.groupId, "groupId")), 200, NO_STORE));
  router.put("cca", "/v1/data/hub/key/:groupId", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await setHubKey(ctx.deps, account, parseId(ctx.params.groupId, "groupId"), readJsonBody(ctx)), 200, NO_STORE);
  });
  router.put("cca", "/v1/data/labels/:id/hub", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await syncFromHub(ctx.deps, account, parseId(ctx.params.id, "id"), readJsonBody(ctx)), 200, NO_STORE);
  });
}
