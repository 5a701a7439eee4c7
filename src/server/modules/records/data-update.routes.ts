import SITE_CONFIG from "@site-config";
import type { TemplateLanguage } from "@/contracts/template";
import { optionalAccount, requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseChoice, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import {
  commentOnRecord,
  deleteRecord,
  readDataUpdateBody,
  readLocationBody,
  readRecordComment,
  recordActivity,
  restoreRecord,
  updateRecordLocation,
  updateRecordValues,
} from "./data-update.service";

const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);
const NO_STORE = { "cache-control": "no-store" };
const languageOf = (ctx: RequestContext): TemplateLanguage => parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");

/**
 * cca-api record curation (reference §3.5; issue 14) and the record's history (activity-api §3.7).
 * Rules in data-update.service.ts. Follow, editors, microsites, requests: `rec-social`'s routes.
 */
export function registerDataUpdateRoutes(router: Router): void {
  router.put("cca", "/v1/data/update", async (ctx) => {
    const account = await requireAccount(ctx);
    const input = await readDataUpdateBody(readJsonBody(ctx));
    return json(await updateRecordValues(ctx.deps, account, input, languageOf(ctx)), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/update/location", async (ctx) => {
    const account = await requireAccount(ctx);
    const input = await readLocationBody(readJsonBody(ctx));
    return json(await updateRecordLocation(ctx.deps, account, input, languageOf(ctx)), 200, NO_STORE);
  });

  router.delete("cca", "/v1/data/delete/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await deleteRecord(ctx.deps, account, parseId(ctx.params.id, "id"), languageOf(ctx)), 200, NO_STORE);
  });

  router.put("cca", "/v1/data/restore/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await restoreRecord(ctx.deps, account, parseId(ctx.params.id, "id"), languageOf(ctx)), 200, NO_STORE);
  });

  router.post("cca", "/v1/data/comment", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await commentOnRecord(ctx.deps, account, await readRecordComment(readJsonBody(ctx))), 200, NO_STORE);
  });

  // The history and comments of a record: open, like the record.
  router.get("activity", "/v1/service/ibp/ccaData/:id", async (ctx) => {
    const id = parseId(ctx.params.id, "id");
    const paging = { offset: queryValue(ctx.request.query, "offset"), limit: queryValue(ctx.request.query, "limit") };
    return json(await recordActivity(ctx.deps.db, id, paging, await optionalAccount(ctx)), 200, NO_STORE);
  });
}
