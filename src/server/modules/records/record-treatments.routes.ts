import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseId } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { parseDataQuery } from "./data-query";
import { changeRecordRestrictions, getRecordRestrictions } from "./record-treatments.service";

const NO_STORE = { "cache-control": "no-store" };

/** A record's restricted-data treatments (issue 30, item 2): read and overridden by its curators (record-treatments.service.ts). */
export function registerRecordTreatmentRoutes(router: Router): void {
  router.get("cca", "/v1/data/restrictions/:id", async (ctx) => {
    const id = parseId(ctx.params.id, "id");
    const { language } = parseDataQuery(ctx.request.query);
    const account = await requireAccount(ctx);
    return json(await getRecordRestrictions(ctx.deps.db, account, id, language), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/restrictions/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    const id = parseId(ctx.params.id, "id");
    const { language } = parseDataQuery(ctx.request.query);
    return json(await changeRecordRestrictions(ctx.deps, account, id, readJsonBody(ctx), language), 200, NO_STORE);
  });
}
