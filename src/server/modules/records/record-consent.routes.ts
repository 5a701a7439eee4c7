import { optionalAccount, requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseCount, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { changeConsent, getAccessLog, getConsent } from "./record-consent.service";

const NO_STORE = { "cache-control": "no-store" };

/** A record's consent (issue 30): its keepers read the history and change or withdraw it (rules in record-consent.service.ts). */
export function registerRecordConsentRoutes(router: Router): void {
  router.get("cca", "/v1/data/consent/:id", async (ctx) => json(await getConsent(ctx.deps.db, await optionalAccount(ctx), parseId(ctx.params.id, "id")), 200, NO_STORE));

  router.get("cca", "/v1/data/access-log/:id", async (ctx) => {
    const paging = {
      offset: parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000),
      limit: parseCount(queryValue(ctx.request.query, "limit"), "limit", 20, 100),
    };
    return json(await getAccessLog(ctx.deps.db, await optionalAccount(ctx), parseId(ctx.params.id, "id"), paging), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/consent/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await changeConsent(ctx.deps, account, parseId(ctx.params.id, "id"), readJsonBody(ctx)), 200, NO_STORE);
  });
}
