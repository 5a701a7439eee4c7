/**
 * The two statements of the PostgreSQL carrier of invalidation-transport.ts. They run on its own
 * dedicated `pg.Client`, not on the platform's `Queryable`: LISTEN belongs to one session, which a pool
 * or the embedded database cannot give.
 */
import type { Client } from "pg";

/** Subscribes the session to `channel` (a name checked by `isValidChannel`: LISTEN takes no parameter). */
export async function listenOn(client: Client, channel: string): Promise<void> {
  await client.query(`listen ${channel}`);
}

/** Sends `payload` to every session listening on `channel`. */
export async function notifyOn(client: Client, channel: string, payload: string): Promise<void> {
  await client.query("select pg_notify($1, $2)", [channel, payload]);
}
