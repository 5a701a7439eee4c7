/**
 * utility-api/api/v1/services/vitals (issue 35): a visitor's browser reports the web vitals of one page
 * view (src/contracts/web-vitals.ts). Open to every caller, signed in or not, and reads no session: only
 * the route pattern, the language and the figures are kept (web-vitals.service.ts). 404 while reporting is
 * off (WEB_VITALS unset, or FEATURE_TRACKING off); 400 on a body outside the contract; 413 past 2 kB
 * (app/body-limits.ts).
 */
import { readJsonBody } from "../../infra/http/body";
import { notFound } from "../../infra/http/app-error";
import type { Router } from "../../infra/http/router";
import { recordWebVitals } from "./web-vitals.service";

export function registerWebVitalsRoutes(router: Router): void {
  router.post("utility", "/v1/services/vitals", async (ctx) => {
    if (!ctx.deps.settings.webVitals) throw notFound("Web-vitals reporting is off on this site");
    await recordWebVitals(readJsonBody(ctx));
    return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
  });
}
