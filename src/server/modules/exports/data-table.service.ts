/**
 * `GET cca-api/api/v1/data/all` (reference §3.5 `data/all`, here paged and sorted on the server): the
 * response table of a template's records — its summary fields as columns, a page of records sorted by
 * id, a date or a summary field. Records are read through the records module (data.repository.ts).
 */
import { DATA_TABLE_SORT_KEYS, type DataTableColumn, type DataTableResponse, type SortOrder } from "@/contracts/cca-export";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { isOptionType, type FieldType } from "@/contracts/template";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { DataQuery } from "../records/data-query";
import { findRecords, tablePage, type TableSort } from "../records/data.repository";
import { resolveQuery, subsetOf } from "../records/data.service";
import { viewTemplateByName } from "../templates/template-loader.service";

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
