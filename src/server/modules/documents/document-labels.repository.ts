/**
 * SQL of a document's Local Contexts labels (migration 0028, `document_label`): read them, and replace
 * the set its uploader (or an admin) chose. A label kept with the same text keeps who applied it and
 * when; a new label, or one whose text changed, is the caller's, now.
 */
import type { LabelText } from "@/contracts/local-contexts";
import type { Queryable } from "../../infra/db/db";

export interface DocumentLabelRow {
  label_id: string;
  text: LabelText | null;
  applied_by: number | null;
  applied_on: Date;
}

/** A document's labels (any order: the service sorts them as the catalogue does). */
export function findDocumentLabels(db: Queryable, documentId: number): Promise<DocumentLabelRow[]> {
  return db.query<DocumentLabelRow>("select label_id, text, applied_by, applied_on from document_label where document_id = $1", [documentId]);
}

/** Makes `labels` the document's complete set (one transaction: the caller's). */
export async function replaceDocumentLabels(tx: Queryable, documentId: number, userId: number, labels: ReadonlyArray<{ labelId: string; text: LabelText | null }>): Promise<void> {
  const rows = JSON.stringify(labels.map((l) => ({ label_id: l.labelId, text: l.text })));
  await tx.query(
    `delete from document_label l
      where l.document_id = $1 and not exists (select 1 from jsonb_to_recordset($2::jsonb) as x(label_id text) where x.label_id = l.label_id)`,
    [documentId, rows],
  );
  await tx.query(
    `insert into document_label (document_id, label_id, text, applied_by)
     select $1, x.label_id, x.text, $3 from jsonb_to_recordset($2::jsonb) as x(label_id text, text jsonb)
     on conflict (document_id, label_id) do update set text = excluded.text, applied_by = excluded.applied_by, applied_on = now()
      where document_label.text is distinct from excluded.text`,
    [documentId, rows, userId],
  );
}
