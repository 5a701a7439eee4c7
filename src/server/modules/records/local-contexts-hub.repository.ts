/** SQL of the Local Contexts Hub links (migration 0029): a group's API key, a record's project and last sync. */
import type { Queryable } from "../../infra/db/db";

/** The API key of the first of `groupIds` that has one (null: none). */
export async function findGroupKey(db: Queryable, groupIds: readonly number[]): Promise<string | null> {
  if (groupIds.length === 0) return null;
  const row = await db.maybeOne<{ api_key: string }>("select api_key from local_contexts_key where user_group_id = any($1::integer[]) order by user_group_id limit 1", [groupIds]);
  return row?.api_key ?? null;
}

/** Sets (or, with null, removes) a group's API key. */
export async function setGroupKey(db: Queryable, groupId: number, apiKey: string | null, userId: number): Promise<void> {
  if (apiKey === null) await db.query("delete from local_contexts_key where user_group_id = $1", [groupId]);
  else
    await db.query(
      `insert into local_contexts_key (user_group_id, api_key, set_by) values ($1, $2, $3)
       on conflict (user_group_id) do update set api_key = excluded.api_key, set_by = excluded.set_by, set_on = now()`,
      [groupId, apiKey, userId],
    );
}

/** Whether a group has a key (the key itself is never read back). */
export async function hasGroupKey(db: Queryable, groupId: number): Promise<boolean> {
  return (await db.maybeOne("select 1 as one from local_contexts_key where user_group_id = $1", [groupId])) !== null;
}

/** Records that a record's labels were synced from a Hub project now; answers when. */
export async function upsertHubLink(tx: Queryable, dataId: number, projectId: string, userId: number): Promise<Date> {
  const row = await tx.one<{ synced_on: Date }>(
    `insert into cca_data_hub_link (data_id, project_id, synced_by) values ($1, $2, $3)
     on conflict (data_id) do update set project_id = excluded.project_id, synced_by = excluded.synced_by, synced_on = now()
     returning synced_on`,
    [dataId, projectId, userId],
  );
  return row.synced_on;
}
