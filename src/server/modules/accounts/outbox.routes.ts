import { wholeNumberError } from "@/contracts/field-errors";
import type { OutboxMessage } from "@/contracts/outbox";
import type { Db } from "../../infra/db/db";
import { requireAdminAccount } from "./account-context";
import { AppError } from "../../infra/http/app-error";
import { queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { Channel } from "../../infra/notify/notify";
import { maskSpentCodes } from "../../infra/notify/outbox-codes";


interface OutboxRow {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  created_on: Date;
  delivered_at: Date | null;
  error: string | null;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** Newest first; codes that can no longer be used are masked first (outbox-codes.ts). */
export async function listOutbox(db: Db, to: string | null, limit: number): Promise<OutboxMessage[]> {
  await maskSpentCodes(db);
  const rows = await db.query<OutboxRow>(
    `select id, channel, recipient, subject, body, created_on, delivered_at, error from outbox
      where $1::text is null or lower(recipient) = lower($1::text)
      order by id desc limit $2`,
    [to, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdOn: r.created_on.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    error: r.error,
  }));
}

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
