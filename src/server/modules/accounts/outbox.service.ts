/** The outbox as administrators read it (the messages are written by infra/notify). */
import type { OutboxMessage } from "@/contracts/outbox";
import type { Queryable } from "../../infra/db/db";
import { maskSpentCodes } from "../../infra/notify/outbox-codes";
import { listOutboxMessages } from "../../infra/notify/outbox.repository";

/** Newest first; codes that can no longer be used are masked first (outbox-codes.ts). */
export async function listOutbox(db: Queryable, to: string | null, limit: number): Promise<OutboxMessage[]> {
  await maskSpentCodes(db);
  return listOutboxMessages(db, to, limit);
}
