/**
 * The response table and exports of CCA records (issue 14):
 *
 * - `GET cca-api/api/v1/data/all?shortName=&offset=&limit=&sort=&order=&language=&<filters>` (reference
 *   §3.5 `data/all`, here paged and sorted on the server): `DataTableResponse`.
 * - `POST cca-api/api/v1/data/all/download?shortName=&format=csv|xlsx|geojson&language=&notes=&<filters>`
 *   (reference `data/all/download`; `notes` and `format` may come in a JSON body instead): 202 with the
 *   `DownloadLog` of the export, which is then written in the background.
 * - `GET cca-api/api/v1/data/all/download/{id}`: the file of a finished export (its exporter or an admin).
 * - `GET user-api/api/v1/downloadLog/{id}`: one entry of the download log, an export with its progress
 *   (its exporter or an admin); the list is `src/server/modules/exports/download-log.routes.ts`.
 *
 * Table and exports: administrators, data curators and template curators (stored roles); 401 anonymous,
 * 403 others, 404 unknown template or log.
 */
import path from "node:path";
import { ROLES } from "@site-config";
import {
  DATA_EXPORTERS,
  DATA_TABLE_DEFAULT_LIMIT,
  DATA_TABLE_SORT_KEYS,
  EXPORT_FORMATS,
  EXPORT_NOTES_MAX,
  isExportFormat,
  type DataTableColumn,
  type DataTableResponse,
  type ExportFormat,
  type SortOrder,
} from "@/contracts/cca-export";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { isOptionType, type FieldType } from "@/contracts/template";
import { requireAccount, type Account } from "../accounts/account-context";
import { AppError, notFound } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { QueryValue, RequestContext } from "../../infra/http/types";
import { findDownloadLog, insertExport, toDownloadLog, toExportLog } from "./download-log.repository";
import { enqueueExport, CONTENT_TYPES, exportBody, isExportActive } from "./data-export";
import { parseDataQuery, type DataQuery } from "../records/data-query";
import { findRecords, tablePage, type TableSort } from "../records/data.repository";
import { resolveQuery, subsetOf, viewTemplateByName } from "../records/data.service";

const PRIVATE = { "cache-control": "private, no-store" };
/** Field errors of an export request (translation keys of the table screen's dialog). */
const EXPORT_ERRORS = {
  notesRequired: "data:export.errors.notes_required",
  notesTooLong: "data:export.errors.notes_too_long",
  format: "data:export.errors.format",
} as const;
/** Keys of these endpoints that are not data-query parameters. */
const OWN_KEYS = ["sort", "order", "notes", "format"];

async function requireExporter(ctx: RequestContext): Promise<Account> {
  const account = await requireAccount(ctx);
  if (!account.roles.some((r) => DATA_EXPORTERS.includes(r))) {
    throw new AppError("FORBIDDEN", "Only administrators, data curators and template curators may see the response table or export records");
  }
  return account;
}

/** The data query of the request without this endpoint's own keys; `shortName` required. */
function tableQuery(ctx: RequestContext): DataQuery {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(ctx.request.query)) if (!OWN_KEYS.includes(key)) query[key] = value;
  const q = parseDataQuery(query, { defaultLimit: DATA_TABLE_DEFAULT_LIMIT });
  if (q.shortName === null) throw new AppError("VALIDATION_FAILED", "shortName is required", { shortName: FORM_ERRORS.required });
  return q;
}

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

/** The filters of a query as the log keeps them (and the table's address shows them). */
function filtersOf(q: DataQuery): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  if (q.query) filters.query = [q.query];
  if (q.richTextCount !== null) filters.richTextCount = [String(q.richTextCount)];
  if (q.usergroups.length > 0) filters.usergroups = q.usergroups.map(String);
  for (const [key, values] of q.fieldParams) filters[key] = values;
  return filters;
}

function tableUrl(shortName: string, filters: Record<string, string[]>): string {
  const search = new URLSearchParams();
  for (const [key, values] of Object.entries(filters)) for (const v of values) search.append(key, v);
  const text = search.toString();
  return `/data/table/${encodeURIComponent(shortName)}${text ? `?${text}` : ""}`;
}

async function table(ctx: RequestContext): Promise<DataTableResponse> {
  const q = tableQuery(ctx);
  const { db } = ctx.deps;
  const view = await viewTemplateByName(db, q.shortName!, q.language);
  const columnFields = view.fields.filter((f) => f.isSummary && f.type !== "HEADING" && f.type !== "GEOMETRY" && f.type !== "FILE");
  const columns: DataTableColumn[] = columnFields.map((f) => ({ fieldId: f.fieldId, name: f.name, type: f.type }));
  const sortKey = queryValue(ctx.request.query, "sort") ?? "id";
  const order: SortOrder = (queryValue(ctx.request.query, "order") ?? "desc") === "asc" ? "asc" : "desc";
  if (!["asc", "desc"].includes(queryValue(ctx.request.query, "order") ?? "desc")) {
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

function notesAndFormat(ctx: RequestContext): { notes: string; format: ExportFormat } {
  const body = ctx.request.body && ctx.request.body.length > 0 ? readJsonBody(ctx) : {};
  const rawNotes = typeof body.notes === "string" ? body.notes : (queryValue(ctx.request.query, "notes") ?? "");
  const rawFormat = typeof body.format === "string" ? body.format : (queryValue(ctx.request.query, "format") ?? "csv");
  const notes = rawNotes.trim();
  if (notes === "") throw new AppError("VALIDATION_FAILED", "notes is required: say why you export these records", { notes: EXPORT_ERRORS.notesRequired });
  if ([...notes].length > EXPORT_NOTES_MAX) {
    throw new AppError("VALIDATION_FAILED", `notes must be at most ${EXPORT_NOTES_MAX} characters`, { notes: `${EXPORT_ERRORS.notesTooLong}|${JSON.stringify({ max: EXPORT_NOTES_MAX })}` });
  }
  if (!isExportFormat(rawFormat)) throw new AppError("VALIDATION_FAILED", `format must be one of ${EXPORT_FORMATS.join(", ")} (got "${rawFormat}")`, { format: EXPORT_ERRORS.format });
  return { notes, format: rawFormat };
}

async function loadLog(ctx: RequestContext, account: Account) {
  const id = parseId(ctx.params.id, "id");
  const row = await findDownloadLog(ctx.deps.db, id);
  if (!row) throw notFound(`Download log ${id} not found`);
  if (row.user_id !== account.id && !account.isAdmin) throw new AppError("FORBIDDEN", "Only its exporter or an administrator may see this export");
  return row;
}

export function registerDataExportRoutes(router: Router): void {
  router.get("cca", "/v1/data/all", async (ctx) => {
    await requireExporter(ctx);
    return json(await table(ctx), 200, PRIVATE);
  });

  router.post("cca", "/v1/data/all/download", async (ctx) => {
    const account = await requireExporter(ctx);
    const { notes, format } = notesAndFormat(ctx);
    const q = tableQuery(ctx);
    const { db } = ctx.deps;
    // Unknown template (404) and malformed filters (400) are refused now, not in the background.
    const view = await viewTemplateByName(db, q.shortName!, q.language);
    await resolveQuery(db, q);
    const filters = filtersOf(q);
    const id = await insertExport(db, {
      userId: account.id,
      format,
      shortName: view.shortName,
      templateId: view.id,
      language: q.language,
      notes,
      filterUrl: tableUrl(view.shortName, filters),
      filters,
    });
    const exact = account.isAdmin || account.roles.includes(ROLES.DATACURATOR);
    void enqueueExport(
      { db, fileStore: ctx.deps.fileStore, tempDir: path.join(ctx.deps.cacheDir, "tmp"), siteUrl: ctx.deps.settings.siteUrl, logger: ctx.deps.logger },
      { logId: id, format, query: { ...q, shortName: view.shortName }, language: q.language, exact },
    );
    const row = await findDownloadLog(db, id);
    return json(toExportLog(row!, account, isExportActive(id)), 202, PRIVATE);
  });

  router.get("cca", "/v1/data/all/download/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    const row = await loadLog(ctx, account);
    if (row.source_type !== "ccaData") throw notFound(`Export ${row.id} not found`);
    const file = row.status === "success" ? await exportBody(ctx.deps.fileStore, row) : null;
    if (!file) throw new AppError("CONFLICT", row.status === "failed" ? "This export failed; export again" : "This export is not ready yet");
    const name = `${row.short_name}-${row.id}.${row.type}`;
    return {
      status: 200,
      headers: {
        "content-type": CONTENT_TYPES[row.type as ExportFormat],
        "content-disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
        "content-length": String(row.file_size ?? ""),
        "x-content-type-options": "nosniff",
        ...PRIVATE,
      },
      body: "",
      ...file,
    };
  });

  router.get("user", "/v1/downloadLog/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    return json(toDownloadLog(await loadLog(ctx, account), account, isExportActive), 200, PRIVATE);
  });
}
