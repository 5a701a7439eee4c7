/**
 * SQL of what a template write or the template editor needs of the records that answer a template:
 * their template-deleted flag and the counts of their values. Templates reach it only through the
 * follower records registers (`templates/template-followers.ts`), so templates never import records.
 */
import type { Queryable } from "../../infra/db/db";
import type { TemplateValueCountRows } from "../templates/template-followers";

/** Hides or shows a template's records with it (their own deletes stay): the flag follows the template's state. */
export async function syncTemplateDeletedFlag(tx: Queryable, templateId: number): Promise<void> {
  await tx.query(
    `update cca_data d set is_template_deleted = t.is_deleted
       from cca_template t
      where t.id = $1 and d.template_id = t.id and d.is_template_deleted <> t.is_deleted`,
    [templateId],
  );
}

/** Live records of a template, records holding a value per field id, and per option value. */
export async function countTemplateValues(db: Queryable, templateId: number): Promise<TemplateValueCountRows> {
  const { total } = await db.one<{ total: number }>("select count(*)::integer as total from cca_data where template_id = $1 and not is_deleted", [templateId]);
  const fields = await db.query<{ field_id: string; n: number }>(
    `select v.field_id, count(distinct v.data_id)::integer as n
       from cca_data d join cca_data_value v on v.data_id = d.id
      where d.template_id = $1 and not d.is_deleted group by v.field_id`,
    [templateId],
  );
  const options = await db.query<{ field_id: string; option_value: string; n: number }>(
    `select v.field_id, v.option_value, count(distinct v.data_id)::integer as n
       from cca_data d join cca_data_value v on v.data_id = d.id
      where d.template_id = $1 and not d.is_deleted and v.option_value is not null group by v.field_id, v.option_value`,
    [templateId],
  );
  return { total, fields, options };
}
