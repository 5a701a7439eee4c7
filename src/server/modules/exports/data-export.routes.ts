/**
 * The response table and exports of CCA records (issue 14):
 *
 * - `GET cca-api/api/v1/data/table?shortName=&offset=&limit=&sort=&order=&language=&<filters>` (the
 *   portal's table screen, paged and sorted on the server): `DataTableResponse`.
 * - `GET cca-api/api/v1/data/all?shortName=&projectAll=&language=&<filters>` (reference §3.5 `data/all`,
 *   the original's table screen): a bare array of `CCAData`, streamed.
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
import { Readable } from "node:stream";
import { DATA_EXPORTERS, DATA_TABLE_DEFAULT_LIMIT, type ExportFormat } from "@/contracts/cca-export";
import { exportRequestSchema } from "@/contracts/cca-export.schema";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { requireAccount, type Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { validateWith } from "../../infra/http/validate";
import { parseId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { QueryValue, RequestContext } from "../../infra/http/types";
import { CONTENT_TYPES, downloadLogEntry, exportFile, extensionOf, startExport } from "./export.service";
import { dataTable, referenceTable } from "./data-table.service";
import { parseDataQuery, type DataQuery } from "../records/data-query";

const PRIVATE = { "cache-control": "private, no-store" };
/** Keys of these endpoints that are not data-query parameters. */
const OWN_KEYS = ["sort", "order", "notes", "format", "projectAll"];

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

/** `notes` and `format` from a JSON body, else from the query (the export request contract). */
async function notesAndFormat(ctx: RequestContext): Promise<{ notes: string; format: ExportFormat }> {
  const body = ctx.request.body && ctx.request.body.length > 0 ? readJsonBody(ctx) : {};
  const notes = typeof body.notes === "string" ? body.notes : (queryValue(ctx.request.query, "notes") ?? "");
  const format = typeof body.format === "string" ? body.format : (queryValue(ctx.request.query, "format") ?? "csv");
  return validateWith(exportRequestSchema, { notes, format });
}

export function registerDataExportRoutes(router: Router): void {
  router.get("cca", "/v1/data/table", async (ctx) => {
    await requireExporter(ctx);
    const q = tableQuery(ctx);
    return json(await dataTable(ctx.deps.db, q, queryValue(ctx.request.query, "sort") ?? "id", queryValue(ctx.request.query, "order") ?? "desc"), 200, PRIVATE);
  });

  router.get("cca", "/v1/data/all", async (ctx) => {
    await requireExporter(ctx);
    const q = tableQuery(ctx);
    const pieces = await referenceTable(ctx.deps.db, q, queryValue(ctx.request.query, "projectAll") === "true");
    return { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...PRIVATE }, body: "", stream: async () => Readable.from(pieces, { objectMode: false }) };
  });

  router.post("cca", "/v1/data/all/download", async (ctx) => {
    const account = await requireExporter(ctx);
    const { notes, format } = await notesAndFormat(ctx);
    const q = tableQuery(ctx);
    const { db, fileStore, cacheDir, settings, logger } = ctx.deps;
    const log = await startExport({ db, fileStore, tempDir: path.join(cacheDir, "tmp"), siteUrl: settings.siteUrl, logger }, account, q, { notes, format });
    return json(log, 202, PRIVATE);
  });

  router.get("cca", "/v1/data/all/download/:id", async (ctx) => {
    const account = await requireAccount(ctx);
    const { row, file } = await exportFile(ctx.deps.db, ctx.deps.fileStore, account, parseId(ctx.params.id, "id"));
    const name = `${row.short_name}-${row.id}.${extensionOf(row.type)}`;
    return {
      status: 200,
      headers: {
        "content-type": CONTENT_TYPES[row.type as ExportFormat | "gpkg" | "shp"] ?? "application/octet-stream",
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
    return json(await downloadLogEntry(ctx.deps.db, account, parseId(ctx.params.id, "id")), 200, PRIVATE);
  });
}
