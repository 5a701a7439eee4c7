/**
 * SQL of a record's Local Contexts labels (migration 0025, `cca_data_label`): read them, and replace the
 * set a record's keepers chose. A label kept with the same text keeps who applied it and when; a new
 * label, or one whose text changed, is the caller's, now.
 */
import type { LabelText } from "@/contracts/local-contexts";
import type { Queryable } from "../../infra/db/db";

export interface LabelRow {
  data_id: number;
  label_id: string;
  text: LabelText | null;
  applied_by: number | null;
  applied_on: Date;
}

/** A record's labels (any order: the service sorts them as the catalogue does). */
export function findLabels(db: Queryable, dataId: number): Promise<LabelRow[]> {
  return db.query<LabelRow>("select data_id, label_id, text, applied_by, applied_on from cca_data_label where data_id = $1", [dataId]);
}

/** Makes `labels` the record's complete set (one transaction: the caller's). */
export async function replaceLabels(tx: Queryable, dataId: number, userId: number, labels: ReadonlyArray<{ labelId: string; text: LabelText | null }>): Promise<void> {
  const rows = JSON.stringify(labels.map((l) => ({ label_id: l.labelId, text: l.text })));
  await tx.query(
    `delete from cca_data_label l
      where l.data_id = $1 and not exists (select 1 from jsonb_to_recordset($2::jsonb) as x(label_id text) where x.label_id = l.label_id)`,
    [dataId, rows],
  );
  await tx.query(
    `insert into cca_data_label (data_id, label_id, text, applied_by)
     select $1, x.label_id, x.text, $3 from jsonb_to_recordset($2::jsonb) as x(label_id text, text jsonb)
     on conflict (data_id, label_id) do update set text = excluded.text, applied_by = excluded.applied_by, applied_on = now()
      where cca_data_label.text is distinct from excluded.text`,
    [dataId, rows, userId],
  );
}
