/**
 * 0022 (issue 28 item 9 c): the data list sorts by title A–Z at 100,000 records. `cca_data.title_sort`
 * holds each record's title sort key (`titleSortOf` in src/server/modules/records/record-document.ts: the title
 * fields' values lower-cased, Latin accents removed; null without a title), written with every record
 * write; the partial index reads a page in that order without sorting every match. Collation "C": one
 * order on every server locale and on PGlite, index and query alike. Newest/oldest use the primary key.
 * The JS step fills the key of the records already stored, template by template, in batches.
 */
import { loadRecordTemplate } from "../modules/templates/template-loader.service";
import { titleSortOf } from "../modules/records/record-document";
import type { StoredFieldValue } from "../modules/records/record-values";
import type { Queryable } from "../infra/db/db";

const sql = /* sql */ `
alter table cca_data add column title_sort text collate "C";
create index cca_data_title_sort_idx on cca_data (title_sort, id) where not is_deleted and not is_template_deleted;
`;

export default sql;

const BATCH = 1000;

export async function fillTitleSort(tx: Queryable): Promise<void> {
  const templates = await tx.query<{ template_id: number }>("select distinct template_id from cca_data order by 1");
  for (const { template_id: templateId } of templates) {
    const template = await loadRecordTemplate(tx, { templateId, includeDeleted: true });
    for (let after = 0; ; ) {
      const rows = await tx.query<{ id: number; field_values: Record<string, StoredFieldValue> }>(
        "select id, field_values from cca_data where template_id = $1 and id > $2 order by id limit $3",
        [templateId, after, BATCH],
      );
      if (rows.length === 0) break;
      const keys = rows.map((r) => ({ id: r.id, key: titleSortOf(template, r.field_values ?? {}) }));
      await tx.query("update cca_data d set title_sort = x.key from jsonb_to_recordset($1::jsonb) as x(id integer, key text) where d.id = x.id", [JSON.stringify(keys)]);
      after = rows[rows.length - 1]!.id;
    }
  }
}
