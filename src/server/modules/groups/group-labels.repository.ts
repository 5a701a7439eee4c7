/**
 * SQL of a group's Local Contexts labels (migration 0028, `user_group_label`): read them, and replace
 * the set its founders (or an admin) chose. A label kept with the same text keeps who applied it and
 * when; a new label, or one whose text changed, is the caller's, now.
 */
import type { LabelText } from "@/contracts/local-contexts";
import type { Queryable } from "../../infra/db/db";

export interface GroupLabelRow {
  label_id: string;
  text: LabelText | null;
  applied_by: number | null;
  applied_on: Date;
}

/** A group's labels (any order: the service sorts them as the catalogue does). */
export function findGroupLabels(db: Queryable, groupId: number): Promise<GroupLabelRow[]> {
  return db.query<GroupLabelRow>("select label_id, text, applied_by, applied_on from user_group_label where user_group_id = $1", [groupId]);
}

/** Makes `labels` the group's complete set (one transaction: the caller's). */
export async function replaceGroupLabels(tx: Queryable, groupId: number, userId: number, labels: ReadonlyArray<{ labelId: string; text: LabelText | null }>): Promise<void> {
  const rows = JSON.stringify(labels.map((l) => ({ label_id: l.labelId, text: l.text })));
  await tx.query(
    `delete from user_group_label l
      where l.user_group_id = $1 and not exists (select 1 from jsonb_to_recordset($2::jsonb) as x(label_id text) where x.label_id = l.label_id)`,
    [groupId, rows],
  );
  await tx.query(
    `insert into user_group_label (user_group_id, label_id, text, applied_by)
     select $1, x.label_id, x.text, $3 from jsonb_to_recordset($2::jsonb) as x(label_id text, text jsonb)
     on conflict (user_group_id, label_id) do update set text = excluded.text, applied_by = excluded.applied_by, applied_on = now()
      where user_group_label.text is distinct from excluded.text`,
    [groupId, rows, userId],
  );
}
