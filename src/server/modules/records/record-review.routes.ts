import SITE_CONFIG from "@site-config";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseChoice, parseCount, parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { decideReview, reviewCount, reviewQueue } from "./record-review.service";

const NO_STORE = { "cache-control": "no-store" };
const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);
const languageOf = (ctx: RequestContext) => parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");

/** Review before publication (issue 30): the reviewers' queue, its count, and a decision (rules in record-review.service.ts). */
export function registerRecordReviewRoutes(router: Router): void {
  router.get("cca", "/v1/data/review", async (ctx) => {
    const account = await requireAccount(ctx);
    const paging = {
      offset: parseCount(queryValue(ctx.request.query, "offset"), "offset", 0, 1_000_000),
      limit: parseCount(queryValue(ctx.request.query, "limit"), "limit", 20, 100),
      language: languageOf(ctx),
    };
    return json(await reviewQueue(ctx.deps.db, account, paging), 200, NO_STORE);
  });

  router.get("cca", "/v1/data/review/count", async (ctx) => json(await reviewCount(ctx.deps.db, await requireAccount(ctx)), 200, NO_STORE));

  router.put("cca", "/v1/data/review/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(await decideReview(ctx.deps, account, parseId(ctx.params.id, "id"), readJsonBody(ctx), languageOf(ctx)), 200, NO_STORE);
  });
}
