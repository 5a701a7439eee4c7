import SITE_CONFIG from "@site-config";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseChoice, queryValue } from "../../infra/http/params";
import { json, jsonText, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { grantRequest, requestToContribute, viewRequest } from "./contributor-request.service";
import { updateFollowers, updatePermission, updateUsergroups } from "./record-social.service";

const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);
const NO_STORE = { "cache-control": "no-store" };

const languageOf = (ctx: RequestContext) => parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");

/**
 * The social writes of a record (reference §3.5; issue 14): follow, editors, microsites, request to
 * contribute and grant. Every one needs a signed-in caller; rules in record-social.service.ts and
 * contributor-request.service.ts.
 */
export function registerRecordSocialRoutes(router: Router): void {
  router.put("cca", "/v1/data/update/followers", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await updateFollowers(ctx.deps, account, readJsonBody(ctx), languageOf(ctx)), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/update/permission", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await updatePermission(ctx.deps, account, readJsonBody(ctx), languageOf(ctx)), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/update/usergroup", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await updateUsergroups(ctx.deps, account, readJsonBody(ctx), languageOf(ctx)), 200, NO_STORE);
  });

  // Both answer a bare `true`, as the reference does.
  router.post("cca", "/v1/data/request", async (ctx) => {
    const account = await requireAccount(ctx);
    return jsonText(JSON.stringify(await requestToContribute(ctx.deps, account, readJsonBody(ctx))), 200, NO_STORE);
  });

  // Not in the reference: what the link of a request shows before the owner or a curator confirms.
  router.get("cca", "/v1/data/request", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await viewRequest(ctx.deps, account, queryValue(ctx.request.query, "token")), 200, NO_STORE);
  });

  router.post("cca", "/v1/data/grant", async (ctx) => {
    const account = await requireAccount(ctx);
    return jsonText(JSON.stringify(await grantRequest(ctx.deps, account, readJsonBody(ctx))), 200, NO_STORE);
  });
}
