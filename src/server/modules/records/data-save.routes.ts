import SITE_CONFIG from "@site-config";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseChoice, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { readDataSaveBody, saveRecordOnce } from "./data-save.service";
import { submissionKeyOf } from "./submission-key";

const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);

/**
 * `POST cca-api/api/v1/data/save` (reference §3.5; issue 13): signed in; rules in data-save.service.ts.
 * An `Idempotency-Key` header (issue 32; submission-key.ts) makes a retry answer the first record (200).
 */
export function registerDataSaveRoutes(router: Router): void {
  router.post("cca", "/v1/data/save", async (ctx) => {
    const account = await requireAccount(ctx);
    const key = submissionKeyOf(ctx.request.headers, ctx.request.body);
    const input = await readDataSaveBody(readJsonBody(ctx));
    const language = parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");
    const { record, replayed } = await saveRecordOnce(ctx.deps, account, input, language, key);
    return json(record, replayed ? 200 : 201, { "cache-control": "no-store", ...(replayed ? { "idempotent-replayed": "true" } : {}) });
  });
}
