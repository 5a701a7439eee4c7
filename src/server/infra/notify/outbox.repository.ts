/** SQL of the outbox: table `outbox` (every message sent, with its delivery), and the account a code message went to. */
import type { OutboxMessage } from "@/contracts/outbox";
import type { Queryable } from "../db/db";

export type Channel = "email" | "sms";

export async function insertOutboxMessage(db: Queryable, message: { channel: Channel; to: string; subject: string; text: string }): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    "insert into outbox (channel, recipient, subject, body) values ($1, $2, $3, $4) returning id",
    [message.channel, message.to, message.subject, message.text],
  );
  return id;
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.query("update outbox set delivered_at = now(), error = null where id = $1", [id]);
}

export async function markDeliveryFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query("update outbox set error = $2 where id = $1", [id, error]);
}

export interface CodeMessageRow {
  id: number;
  recipient: string;
  subject: string;
  created_on: Date;
}

/** Messages with one of `subjects` whose body still holds six digits in a row (an unmasked code). */
export function unmaskedCodeMessages(db: Queryable, subjects: readonly string[]): Promise<CodeMessageRow[]> {
  return db.query<CodeMessageRow>("select id, recipient, subject, created_on from outbox where subject = any($1::text[]) and body ~ '[0-9]{6}'", [subjects]);
}

/** The first account with `recipient` as its e-mail address (any case) or mobile number. */
export async function accountIdOfRecipient(db: Queryable, recipient: string): Promise<number | null> {
  const user = await db.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1) or mobile_number = $1 order by id limit 1", [recipient]);
  return user?.id ?? null;
}

/** Overwrites every run of six digits in the bodies of the messages `ids` with `mask`. */
export async function maskCodes(db: Queryable, ids: readonly number[], mask: string): Promise<void> {
  await db.query("update outbox set body = regexp_replace(body, '[0-9]{6}', $2, 'g') where id = any($1::integer[])", [ids, mask]);
}

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

/** Messages newest first, all or those to one recipient (any case). */
export async function listOutboxMessages(db: Queryable, to: string | null, limit: number): Promise<OutboxMessage[]> {
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
