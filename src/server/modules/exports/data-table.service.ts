/**
 * The response table of a template's records, read through the records module (data.repository.ts):
 *
 * - `GET cca-api/api/v1/data/table` (the portal's table screen): its summary fields as columns, a page of
 *   records sorted by id, a date or a summary field (`dataTable`).
 * - `GET cca-api/api/v1/data/all` (reference §3.5, the original's table screen): every matching record as
 *   a bare JSON array of `CCAData` with its summary and FILE values (`referenceTable`). The array is
 *   streamed: the matching ids are read once (4 bytes a record), then the records in pages of
 *   `REFERENCE_TABLE_PAGE` by primary key, each page written before the next is read, so 100,000 records
 *   never sit in memory at once.
 */
import { DATA_TABLE_SORT_KEYS, type DataTableColumn, type DataTableResponse, type SortOrder } from "@/contracts/cca-export";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { isOptionType, type FieldType } from "@/contracts/template";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { DataQuery } from "../records/data-query";
import { findRecords, matchingIds, tablePage, type TableSort } from "../records/data.repository";
import { resolveQuery, subsetOf, tableRecordOf } from "../records/data.service";
import { recordFieldsView, viewTemplateByName } from "../templates/template-loader.service";

const SORTABLE: Partial<Record<FieldType, Extract<TableSort, { kind: "field" }>["value"]>> = {
  NUMBER: "number",
  NUMBER_RANGE: "number",
  YEAR: "number",
  DATE: "date",
  DATE_RANGE: "date",
  TEXT: "text",
  TEXT_AREA: "text",
  RICHTEXT: "text",
};

const COLUMN_OF = { id: "id", createdOn: "created_on", updatedOn: "updated_on" } as const;

/** One page of the table; `sortKey` and `orderParam` as the request gave them (`id`, `desc` when absent). */
export async function dataTable(db: Queryable, q: DataQuery, sortKey: string, orderParam: string): Promise<DataTableResponse> {
  const view = await viewTemplateByName(db, q.shortName!, q.language);
  const columnFields = view.fields.filter((f) => f.isSummary && f.type !== "HEADING" && f.type !== "GEOMETRY" && f.type !== "FILE");
  const columns: DataTableColumn[] = columnFields.map((f) => ({ fieldId: f.fieldId, name: f.name, type: f.type }));
  const order: SortOrder = orderParam === "asc" ? "asc" : "desc";
  if (!["asc", "desc"].includes(orderParam)) {
    throw new AppError("VALIDATION_FAILED", `order must be asc or desc`, { order: FORM_ERRORS.invalid });
  }
  let sort: TableSort;
  if ((DATA_TABLE_SORT_KEYS as readonly string[]).includes(sortKey)) sort = { kind: "column", column: COLUMN_OF[sortKey as keyof typeof COLUMN_OF] };
  else {
    const field = columnFields.find((f) => f.fieldId === sortKey);
    const value = field ? (isOptionType(field.type) ? "option" : SORTABLE[field.type]) : undefined;
    if (!field || !value) {
      throw new AppError("VALIDATION_FAILED", `sort must be id, createdOn, updatedOn or a summary field of ${view.shortName} (got "${sortKey}")`, { sort: FORM_ERRORS.invalid });
    }
    sort = { kind: "field", fieldId: field.fieldId, value };
  }
  const { spec } = await resolveQuery(db, q);
  const page = await tablePage(db, spec, sort, order, q.offset, q.limit);
  const rows = await findRecords(db, page.ids);
  return {
    totalCount: page.total,
    offset: q.offset,
    limit: q.limit,
    sort: sortKey,
    order,
    columns,
    data: rows.map((row) => ({
      id: row.id,
      userId: String(row.user_id),
      createdOn: row.created_on.getTime(),
      updatedOn: row.updated_on.getTime(),
      values: subsetOf(row, { ...view, fields: columnFields }).values,
    })),
  };
}

/** Records read per statement while `data/all` streams. */
export const REFERENCE_TABLE_PAGE = 500;

/**
 * `data/all`: the records matching `q` (its `shortName` required), newest first, as the pieces of one
 * JSON array text. The template and the match are resolved before it returns (an unknown template is a
 * 404, not a broken stream); the records are read as the pieces are asked for.
 */
export async function referenceTable(db: Queryable, q: DataQuery, projectAll: boolean, pageSize = REFERENCE_TABLE_PAGE): Promise<AsyncIterable<string>> {
  await viewTemplateByName(db, q.shortName!, q.language);
  const { spec } = await resolveQuery(db, q);
  const ids = (await matchingIds(db, spec)).reverse();
  return (async function* pieces() {
    yield "[";
    let first = true;
    for (let start = 0; start < ids.length; start += pageSize) {
      const rows = await findRecords(db, ids.slice(start, start + pageSize));
      const items: string[] = [];
      for (const row of rows) items.push(JSON.stringify(tableRecordOf(row, await recordFieldsView(db, row.template_id, q.language), projectAll)));
      if (items.length === 0) continue;
      yield (first ? "" : ",") + items.join(",");
      first = false;
    }
    yield "]";
  })();
}
