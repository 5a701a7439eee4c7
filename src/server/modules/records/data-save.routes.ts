import SITE_CONFIG from "@site-config";
import type { TemplateLanguage } from "@/contracts/template";
import { requireAccount } from "../accounts/account-context";
import { readJsonBody } from "../../infra/http/body";
import { parseChoice, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { readDataSaveBody, saveRecord } from "./data-save.service";

const LANGUAGES: readonly TemplateLanguage[] = SITE_CONFIG.LANG.LIST.map((l) => l.code);

/** `POST cca-api/api/v1/data/save` (reference §3.5; issue 13): signed in; rules in data-save.service.ts. */
export function registerDataSaveRoutes(router: Router): void {
  router.post("cca", "/v1/data/save", async (ctx) => {
    const account = await requireAccount(ctx);
    const input = await readDataSaveBody(readJsonBody(ctx));
    const language = parseChoice(queryValue(ctx.request.query, "language"), "language", LANGUAGES, "en");
    return json(await saveRecord(ctx.deps, account, input, language), 201, { "cache-control": "no-store" });
  });
}
