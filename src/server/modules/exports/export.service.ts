/**
 * Exports of a template's records (issue 14): CSV (UTF-8 with BOM), Excel (.xlsx, exceljs' streaming
 * workbook writer) and GeoJSON, written to `${DATA_DIR}/exports` in the background, one export at a
 * time per process, and logged in the one download log (`src/server/download-log`) with their progress.
 *
 * Memory stays flat whatever the size: the matching ids are read once (4 bytes a record), then the
 * records in pages of EXPORT_PAGE by primary key; each page is formatted and written to the file
 * stream (waiting for it to drain) before the next is read. Nothing keeps a whole export in memory.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { ROLES } from "@site-config";
import type { ExportFormat } from "@/contracts/cca-export";
import { LOCAL_CONTEXTS_LABELS, type LocalContextsLabel } from "@/contracts/local-contexts";
import type { TemplateLanguage } from "@/contracts/template";
import type { Db } from "../../infra/db/db";
import type { Account } from "../accounts/account-context";
import { AppError, notFound } from "../../infra/http/app-error";
import {
  EXPORT_HEARTBEAT_MS,
  findDownloadLog,
  insertExport,
  markExportDone,
  markExportFailed,
  markExportProgress,
  markExportRunning,
  markExportsSuperseded,
  markPacksSuperseded,
  toDownloadLog,
  toExportLog,
  touchExports,
  type DownloadLogRow,
} from "./download-log.repository";
import type { FileStore } from "../../infra/files/file-store";
import type { Logger } from "../../infra/http/types";
import type { ConsentFollower } from "../records/consent-followers";
import type { DataQuery } from "../records/data-query";
import { exportRows, matchingIds } from "../records/data.repository";
import { resolveQuery } from "../records/data.service";
import { recordFieldsView, viewTemplateByName } from "../templates/template-loader.service";
import { CSV_BOM, csvLine, exportColumns, exportRecord, XLSX_CELL_MAX, type Cell } from "./export-format";

/** Records read per statement while exporting. */
export const EXPORT_PAGE = 500;

export const CONTENT_TYPES: Record<ExportFormat | "gpkg" | "shp", string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  geojson: "application/geo+json; charset=utf-8",
  // WDPCA / ICCA Registry packs (modules/recognition): a GeoPackage, a zipped Shapefile set.
  gpkg: "application/geopackage+sqlite3",
  shp: "application/zip",
};
/** The extension of an export's file by its type (a Shapefile set is a zip). */
export const extensionOf = (type: string) => (type === "shp" ? "zip" : type);

/**
 * Where exports are kept: under `exports/` in the files store (no public files directory), so every
 * instance sharing the store (FILES_DIR or a bucket) can hand out a file another one wrote.
 */
export const exportKeyOf = (fileName: string) => `exports/${fileName}`;
/**
 * Where exports were kept before (`${DATA_DIR}/exports`, beside a folder store): files written there
 * are still handed out. A bucket has no such place.
 */
function legacyExportsDir(store: FileStore): string | null {
  const dir = store.localPath("exports");
  return dir ? path.join(path.dirname(path.dirname(dir)), "exports") : null;
}

const running = new Set<number>();

/** Whether this process still works on an export (a pending or running one it does not is stale). */
export const isExportActive = (id: number): boolean => running.has(id);

// ── Writers ──────────────────────────────────────────────────────────────────────────────────────

interface Writer {
  header(headers: string[]): Promise<void>;
  record(cells: Cell[], geometries: unknown[]): Promise<void>;
  /** Waits, after a page, until what was written so far has moved on (bounded memory). */
  settle(): Promise<void>;
  /** Ends the file; `labels`: the Local Contexts labels of its records, written as its terms of use where the format has room. */
  close(labels: readonly LocalContextsLabel[]): Promise<void>;
  abort(): void;
}

/** A text file written with backpressure: each write waits for the stream to drain when its buffer is full. */
function textFile(file: string) {
  const stream = fs.createWriteStream(file, { encoding: "utf8" });
  const failed = new Promise<never>((_, reject) => stream.once("error", reject));
  failed.catch(() => undefined);
  return {
    async write(text: string) {
      if (!stream.write(text)) await Promise.race([once(stream, "drain"), failed]);
    },
    async close() {
      stream.end();
      await Promise.race([once(stream, "finish"), failed]);
    },
    abort: () => stream.destroy(),
  };
}

function csvWriter(file: string): Writer {
  const out = textFile(file);
  return {
    header: (headers) => out.write(CSV_BOM + csvLine(headers)),
    record: (cells) => out.write(csvLine(cells)),
    settle: async () => undefined,
    // A CSV has no room for terms: each record's labels are a column.
    close: () => out.close(),
    abort: out.abort,
  };
}

function geojsonWriter(file: string): Writer {
  const out = textFile(file);
  let names: string[] = [];
  let first = true;
  return {
    async header(headers) {
      names = headers;
      await out.write('{"type":"FeatureCollection","features":[\n');
    },
    async record(cells, geometries) {
      const properties: Record<string, Cell> = {};
      names.forEach((name, i) => (properties[name] = cells[i] ?? null));
      const geometry = geometries.length === 0 ? null : geometries.length === 1 ? geometries[0] : { type: "GeometryCollection", geometries };
      await out.write(`${first ? "" : ",\n"}${JSON.stringify({ type: "Feature", id: cells[0], geometry, properties })}`);
      first = false;
    },
    settle: async () => undefined,
    async close(labels) {
      // A foreign member (RFC 7946 §6.1): the labels' terms travel with the features.
      const terms = labels.map((l) => ({ id: l.id, kind: l.kind, name: l.name, text: l.text, restricts: l.restricts }));
      await out.write(`\n],"localContextsLabels":${JSON.stringify(terms)}}\n`);
      await out.close();
    },
    abort: out.abort,
  };
}

/** Bytes of row XML allowed to wait for the Excel writer's compressor. */
const XLSX_QUEUE_MAX = 1024 * 1024;

function xlsxWriter(file: string, sheetName: string): Writer {
  // Inline strings, no styles: rows go to the zip stream as they are committed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Records");
  const fit = (cell: Cell) => (typeof cell === "string" && cell.length > XLSX_CELL_MAX ? `${cell.slice(0, XLSX_CELL_MAX - 1)}…` : cell);
  return {
    async header(headers) {
      sheet.addRow(headers).commit();
    },
    async record(cells) {
      sheet.addRow(cells.map(fit)).commit();
    },
    // exceljs writes committed rows into the zip entry without waiting for it, so the XML of every row
    // would queue in front of the compressor (measured: +135 MB for 60,000 rows). Wait until at most
    // XLSX_QUEUE_MAX bytes are queued (measured: +67 MB, same time; figures in src/server/README.md).
    async settle() {
      const pipes = (sheet as unknown as { stream?: { pipes?: Array<{ _writableState?: { length?: number } }> } }).stream?.pipes ?? [];
      const queued = () => pipes.reduce((n, p) => n + (p._writableState?.length ?? 0), 0);
      while (queued() > XLSX_QUEUE_MAX) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async close(labels) {
      sheet.commit();
      if (labels.length > 0) {
        // The labels' terms of use on their own sheet (the records' sheet names each record's labels).
        const terms = workbook.addWorksheet("Local Contexts labels");
        terms.addRow(["Label", "Kind", "What it asks of you", "Restricts who may see or use"]).commit();
        for (const l of labels) terms.addRow([l.name, l.kind, l.text, l.restricts ? "yes" : "no"]).commit();
        terms.commit();
      }
      await workbook.commit();
    },
    abort: () => undefined,
  };
}

function writerFor(format: ExportFormat, file: string, shortName: string): Writer {
  if (format === "csv") return csvWriter(file);
  if (format === "geojson") return geojsonWriter(file);
  return xlsxWriter(file, shortName);
}

// ── Running an export ────────────────────────────────────────────────────────────────────────────

export interface ExportJob {
  logId: number;
  format: ExportFormat;
  query: DataQuery;
  language: TemplateLanguage;
  /** Exact geometry (administrators and data curators); else as the public sees it. */
  exact: boolean;
}

export interface ExportEnv {
  db: Db;
  fileStore: FileStore;
  /** Where the file is written before it goes into the store (this machine's disk). */
  tempDir: string;
  siteUrl: string;
  logger: Logger;
  /** How often the export's row is touched while it is queued or runs (tests shorten it). */
  heartbeatMs?: number;
}

/**
 * Writes one export's file and keeps its log row up to date (status, total, done, file). Errors end
 * as `failed` with the reason stored; the half-written file is removed.
 */
export async function runExport(env: ExportEnv, job: ExportJob, onProgress?: (done: number, total: number) => void): Promise<void> {
  const { db } = env;
  fs.mkdirSync(env.tempDir, { recursive: true });
  const fileName = `${job.logId}-${crypto.randomBytes(8).toString("hex")}.${job.format}`;
  const file = path.join(env.tempDir, `export-${fileName}`);
  let writer: Writer | null = null;
  try {
    const { spec } = await resolveQuery(db, job.query);
    const view = await viewTemplateByName(db, job.query.shortName!, job.language);
    // Places are judged by the fields the records are written with (the parent's when there is one).
    const columns = exportColumns(view, job.language, job.format !== "geojson", await recordFieldsView(db, view.id, job.language));
    const ids = await matchingIds(db, spec);
    await markExportRunning(db, job.logId, ids.length);
    writer = writerFor(job.format, file, view.shortName);
    await writer.header(columns.headers);
    const labelIds = new Set<string>();
    for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
      const rows = await exportRows(db, ids.slice(start, start + EXPORT_PAGE));
      for (const row of rows) {
        for (const id of row.labels ?? []) labelIds.add(id);
        const record = exportRecord(row, columns, { siteUrl: env.siteUrl, exact: job.exact });
        await writer.record(record.cells, record.geometries);
      }
      await writer.settle();
      const done = Math.min(ids.length, start + EXPORT_PAGE);
      onProgress?.(done, ids.length);
      await markExportProgress(db, job.logId, done);
    }
    await writer.close(LOCAL_CONTEXTS_LABELS.filter((l) => labelIds.has(l.id)));
    writer = null;
    const size = fs.statSync(file).size;
    await env.fileStore.putFile(exportKeyOf(fileName), file);
    await markExportDone(db, job.logId, fileName, size);
  } catch (error) {
    writer?.abort();
    fs.rmSync(file, { force: true });
    env.logger.error(`[export] download_log ${job.logId} failed:`, error);
    await markExportFailed(db, job.logId, error instanceof Error ? error.message : "failed").catch(() => undefined);
  }
}

let queue: Promise<void> = Promise.resolve();
const jobs = new Map<number, Promise<void>>();

/** Queues an export; exports run one after another in this process (bounded memory and database load). */
export function enqueueExport(env: ExportEnv, job: ExportJob): Promise<void> {
  return enqueueExportWork(env, job.logId, () => runExport(env, job));
}

/**
 * Queues the work of one download log export (a record export, or a registry pack of
 * modules/recognition): one after another in this process, its row touched while it waits and runs.
 * `work` keeps the row's status itself and never throws.
 */
export function enqueueExportWork(env: Pick<ExportEnv, "db" | "logger" | "heartbeatMs">, logId: number, work: () => Promise<void>): Promise<void> {
  running.add(logId);
  // Alive while queued and while running: other instances read the row's age (toExportLog).
  const heartbeat = setInterval(() => {
    touchExports(env.db, [logId]).catch((error: unknown) => env.logger.error(`[export] download_log ${logId}: heartbeat failed:`, error));
  }, env.heartbeatMs ?? EXPORT_HEARTBEAT_MS);
  heartbeat.unref();
  const done = queue.then(work).finally(() => {
    clearInterval(heartbeat);
    running.delete(logId);
    jobs.delete(logId);
  });
  queue = done.catch(() => undefined);
  jobs.set(logId, done);
  return done;
}

/** The promise of a queued or running export (tests and the benchmark wait on it); null when none. */
export const exportInProgress = (logId: number): Promise<void> | null => jobs.get(logId) ?? null;

/** The body of a finished export: a stream from the store, a file of the old place, or null. */
export async function exportBody(store: FileStore, row: Pick<DownloadLogRow, "file_name">): Promise<{ stream: () => Promise<Readable> } | { file: string } | null> {
  if (!row.file_name || !/^[0-9]+-[0-9a-f]{16}\.(csv|xlsx|geojson|gpkg|zip)$/.test(row.file_name)) return null;
  const key = exportKeyOf(row.file_name);
  if (await store.stat(key)) return { stream: async () => (await store.stream(key)) ?? Readable.from([]) };
  const legacy = legacyExportsDir(store);
  const file = legacy ? path.join(legacy, row.file_name) : null;
  return file && fs.existsSync(file) ? { file } : null;
}

// ── Starting an export and handing out its file (data-export.routes.ts) ─────────────────────────

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

/**
 * `POST data/all/download`: logs the export and starts writing it in the background; its log entry.
 * Unknown template (404) and malformed filters (400) are refused now, not in the background. Exact
 * geometry for administrators and data curators.
 */
export async function startExport(env: ExportEnv, account: Account, q: DataQuery, request: { notes: string; format: ExportFormat }) {
  const { db } = env;
  const view = await viewTemplateByName(db, q.shortName!, q.language);
  await resolveQuery(db, q);
  const filters = filtersOf(q);
  const id = await insertExport(db, {
    userId: account.id,
    format: request.format,
    shortName: view.shortName,
    templateId: view.id,
    language: q.language,
    notes: request.notes,
    filterUrl: tableUrl(view.shortName, filters),
    filters,
  });
  const exact = account.isAdmin || account.roles.includes(ROLES.DATACURATOR);
  void enqueueExport(env, { logId: id, format: request.format, query: { ...q, shortName: view.shortName }, language: q.language, exact });
  const row = await findDownloadLog(db, id);
  return toExportLog(row!, account, isExportActive(id));
}

/** A download log entry its exporter or an administrator may see (404 unknown, 403 others). */
async function ownLogRow(db: Db, account: Account, id: number): Promise<DownloadLogRow> {
  const row = await findDownloadLog(db, id);
  if (!row) throw notFound(`Download log ${id} not found`);
  if (row.user_id !== account.id && !account.isAdmin) throw new AppError("FORBIDDEN", "Only its exporter or an administrator may see this export");
  return row;
}

/** `GET user-api/v1/downloadLog/{id}`: one entry of the download log, an export with its progress. */
export async function downloadLogEntry(db: Db, account: Account, id: number) {
  return toDownloadLog(await ownLogRow(db, account, id), account, isExportActive);
}

/** Consent follower (records/consent-followers.ts): exports that may hold a record whose consent was narrowed are superseded. */
export const supersedeExports: ConsentFollower = async (tx, narrowing) => {
  await markExportsSuperseded(tx, narrowing.templateShortNames);
  // Registry packs (issue 31) hold records of every template: any narrowing supersedes them.
  await markPacksSuperseded(tx);
};

/** `GET data/all/download/{id}`: the file of a finished export (409 while it is not ready or after it failed). */
export async function exportFile(db: Db, store: FileStore, account: Account, id: number) {
  const row = await ownLogRow(db, account, id);
  if (row.source_type !== "ccaData") throw notFound(`Export ${row.id} not found`);
  if (row.superseded_on !== null) {
    throw new AppError("GONE", "A record this export may hold has had its community's consent narrowed or withdrawn since it was made; export again");
  }
  const file = row.status === "success" ? await exportBody(store, row) : null;
  if (!file) throw new AppError("CONFLICT", row.status === "failed" ? "This export failed; export again" : "This export is not ready yet");
  return { row, file };
}
