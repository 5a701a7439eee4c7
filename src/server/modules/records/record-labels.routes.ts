import { optionalAccount, requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseId } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { changeRecordLabels, getRecordLabels } from "./record-labels.service";

const NO_STORE = { "cache-control": "no-store" };

/** A record's Local Contexts labels (issue 30, item 3): read by whoever sees the record, set by its keepers (record-labels.service.ts). */
export function registerRecordLabelRoutes(router: Router): void {
  router.get("cca", "/v1/data/labels/:id", async (ctx) => json(await getRecordLabels(ctx.deps.db, await optionalAccount(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));

  router.put("cca", "/v1/data/labels/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await changeRecordLabels(ctx.deps, account, parseId(ctx.params.id, "id"), readJsonBody(ctx)), 200, NO_STORE);
  });
}
