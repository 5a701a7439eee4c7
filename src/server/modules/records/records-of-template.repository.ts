/**
 * SQL of what a template write or the template editor needs of the records that answer a template:
 * their template-deleted flag and the counts of their values. Templates reach it only through the
 * follower records registers (`templates/template-followers.ts`), so templates never import records.
 */
import type { Queryable } from "../../infra/db/db";
import type { TemplateValueCountRows } from "../templates/template-followers";
import { seeSql, type SqlCaller } from "./visibility";

/** Hides or shows a template's records with it (their own deletes stay): the flag follows the template's state. */
export async function syncTemplateDeletedFlag(tx: Queryable, templateId: number): Promise<void> {
  await tx.query(
    `update cca_data d set is_template_deleted = t.is_deleted
       from cca_template t
      where t.id = $1 and d.template_id = t.id and d.is_template_deleted <> t.is_deleted`,
    [templateId],
  );
}

/**
 * Live records of a template the caller may see (the visibility engine in SQL, `seeSql`), records holding a
 * value per field id, and per option value: a count never reveals a record its consent keeps from the caller.
 */
export async function countTemplateValues(db: Queryable, templateId: number, caller: SqlCaller | null): Promise<TemplateValueCountRows> {
  const params: Array<number | string> = [templateId];
  const see = seeSql(caller, (value) => {
    params.push(value);
    return `$${params.length}`;
  });
  const { total } = await db.one<{ total: number }>(`select count(*)::integer as total from cca_data d where d.template_id = $1 and not d.is_deleted and ${see}`, params);
  const fields = await db.query<{ field_id: string; n: number }>(
    `select v.field_id, count(distinct v.data_id)::integer as n
       from cca_data d join cca_data_value v on v.data_id = d.id
      where d.template_id = $1 and not d.is_deleted and ${see} group by v.field_id`,
    params,
  );
  const options = await db.query<{ field_id: string; option_value: string; n: number }>(
    `select v.field_id, v.option_value, count(distinct v.data_id)::integer as n
       from cca_data d join cca_data_value v on v.data_id = d.id
      where d.template_id = $1 and not d.is_deleted and ${see} and v.option_value is not null group by v.field_id, v.option_value`,
    params,
  );
  return { total, fields, options };
}
