import { wholeNumberError } from "@/contracts/field-errors";
import { requireAdminAccount } from "./account-context";
import { AppError } from "../../infra/http/app-error";
import { queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { listOutbox } from "./outbox.service";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** utility-api/api/v1/outbox?to=<e-mail or mobile number>&limit= : administrators only, newest first. */
export function registerOutboxRoutes(router: Router): void {
  router.get("utility", "/v1/outbox", async (ctx) => {
    await requireAdminAccount(ctx);
    const to = queryValue(ctx.request.query, "to")?.trim() || null;
    const limitRaw = queryValue(ctx.request.query, "limit");
    if (limitRaw !== undefined && !/^\d{1,4}$/.test(limitRaw)) {
      throw new AppError("BAD_REQUEST", `limit must be a whole number (got "${limitRaw}")`, { limit: wholeNumberError(0) });
    }
    const limit = Math.min(MAX_LIMIT, Math.max(1, limitRaw === undefined ? DEFAULT_LIMIT : Number(limitRaw)));
    return json(await listOutbox(ctx.deps.db, to, limit), 200, { "cache-control": "no-store" });
  });
}
