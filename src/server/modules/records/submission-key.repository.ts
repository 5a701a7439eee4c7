/** SQL of the idempotency keys of `data/save` (migration 0031; submission-key.ts says how they are used). */
import type { Queryable } from "../../infra/db/db";

export interface SubmissionKeyRow {
  body_hash: string;
  data_id: number | null;
}

export async function findSubmissionKey(db: Queryable, userId: number, key: string): Promise<SubmissionKeyRow | null> {
  const rows = await db.query<SubmissionKeyRow>("select body_hash, data_id from record_submission_key where user_id = $1 and key = $2", [userId, key]);
  return rows[0] ?? null;
}

/** Claims the key for a new record; false when it is claimed already (a concurrent request waits for the first to commit). */
export async function claimSubmissionKey(tx: Queryable, userId: number, key: string, bodyHash: string): Promise<boolean> {
  const rows = await tx.query<{ key: string }>(
    "insert into record_submission_key (user_id, key, body_hash) values ($1, $2, $3) on conflict (user_id, key) do nothing returning key",
    [userId, key, bodyHash],
  );
  return rows.length === 1;
}

export async function setSubmissionKeyRecord(tx: Queryable, userId: number, key: string, dataId: number): Promise<void> {
  await tx.query("update record_submission_key set data_id = $3 where user_id = $1 and key = $2", [userId, key, dataId]);
}
