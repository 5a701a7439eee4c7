/**
 * SQL of Local Contexts labels on the three kinds of holder (migrations 0025 and 0028): a record's
 * (`cca_data_label`), a document's (`document_label`) and a group's (`user_group_label`), one table each,
 * shaped alike. Read a holder's labels; replace its set with the one its keepers chose (a label kept with
 * the same text keeps who applied it and when; a new label, or one whose text changed, is the caller's, now).
 */
import type { LabelText } from "@/contracts/local-contexts";
import type { Queryable } from "../../infra/db/db";

export type LabelHolder = "record" | "document" | "group";

/** Each holder's table and key column (constants: never built from input). */
const TABLES: Record<LabelHolder, { table: string; key: string }> = {
  record: { table: "cca_data_label", key: "data_id" },
  document: { table: "document_label", key: "document_id" },
  group: { table: "user_group_label", key: "user_group_id" },
};

export interface LabelRow {
  label_id: string;
  text: LabelText | null;
  applied_by: number | null;
  applied_on: Date;
}

/** A holder's labels (any order: the service sorts them as the catalogue does). */
export function findLabels(db: Queryable, holder: LabelHolder, id: number): Promise<LabelRow[]> {
  const { table, key } = TABLES[holder];
  return db.query<LabelRow>(`select label_id, text, applied_by, applied_on from ${table} where ${key} = $1`, [id]);
}

/** Makes `labels` the holder's complete set (one transaction: the caller's). */
export async function replaceLabels(tx: Queryable, holder: LabelHolder, id: number, userId: number, labels: ReadonlyArray<{ labelId: string; text: LabelText | null }>): Promise<void> {
  const { table, key } = TABLES[holder];
  const rows = JSON.stringify(labels.map((l) => ({ label_id: l.labelId, text: l.text })));
  await tx.query(
    `delete from ${table} l
      where l.${key} = $1 and not exists (select 1 from jsonb_to_recordset($2::jsonb) as x(label_id text) where x.label_id = l.label_id)`,
    [id, rows],
  );
  await tx.query(
    `insert into ${table} (${key}, label_id, text, applied_by)
     select $1, x.label_id, x.text, $3 from jsonb_to_recordset($2::jsonb) as x(label_id text, text jsonb)
     on conflict (${key}, label_id) do update set text = excluded.text, applied_by = excluded.applied_by, applied_on = now()
      where ${table}.text is distinct from excluded.text`,
    [id, rows, userId],
  );
}
