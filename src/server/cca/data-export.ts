/**
 * Exports of a template's records (issue 14): CSV (UTF-8 with BOM), Excel (.xlsx, exceljs' streaming
 * workbook writer) and GeoJSON, written to `${DATA_DIR}/exports` in the background, one export at a
 * time per process, and logged in `download_log` (migration 0012) with their progress.
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
import type { DownloadLog, DownloadStatus, ExportFormat } from "@/contracts/cca-export";
import { exportFilePath } from "@/contracts/cca-export";
import type { TemplateLanguage } from "@/contracts/template";
import type { Db, Queryable } from "../db/db";
import type { FileStore } from "../files/file-store";
import type { Logger } from "../http/types";
import type { DataQuery } from "./data-query";
import { exportRows, matchingIds } from "./data.repository";
import { resolveQuery, viewTemplateByName } from "./data.service";
import { CSV_BOM, csvLine, exportColumns, exportRecord, XLSX_CELL_MAX, type Cell } from "./export-format";

/** Records read per statement while exporting. */
export const EXPORT_PAGE = 500;
/** An export in `pending`/`running` not touched for this long belongs to a process that is gone. */
const STALE_MS = 2 * 60_000;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  geojson: "application/geo+json; charset=utf-8",
};

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

// ── The log ──────────────────────────────────────────────────────────────────────────────────────

export interface DownloadLogRow {
  id: number;
  user_id: number;
  user_name: string;
  profile_pic: string | null;
  user_roles: string[];
  source_type: string;
  type: ExportFormat;
  short_name: string;
  language: string;
  notes: string;
  filter_url: string;
  params: { filters?: Record<string, string[]> };
  status: DownloadStatus;
  total: number | null;
  done: number;
  file_name: string | null;
  file_size: string | number | null;
  created_on: Date;
  updated_on: Date;
}

const LOG_COLUMNS = `l.id, l.user_id, u.name as user_name, u.profile_pic, u.roles as user_roles, l.source_type, l.type, l.short_name, l.language, l.notes,
  l.filter_url, l.params, l.status, l.total, l.done, l.file_name, l.file_size, l.created_on, l.updated_on`;

export interface NewExport {
  userId: number;
  format: ExportFormat;
  shortName: string;
  templateId: number;
  language: TemplateLanguage;
  notes: string;
  filterUrl: string;
  filters: Record<string, string[]>;
}

export async function insertExport(db: Queryable, e: NewExport): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into download_log (user_id, type, short_name, template_id, language, notes, filter_url, params)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [e.userId, e.format, e.shortName, e.templateId, e.language, e.notes, e.filterUrl, JSON.stringify({ filters: e.filters })],
  );
  return row.id;
}

export function findExport(db: Queryable, id: number): Promise<DownloadLogRow | null> {
  return db.maybeOne<DownloadLogRow>(`select ${LOG_COLUMNS} from download_log l join app_user u on u.id = l.user_id where l.id = $1`, [id]);
}

/** A page of the log, newest first: one user's exports, or everyone's (`userId` null). */
export async function listExports(db: Queryable, userId: number | null, offset: number, limit: number): Promise<{ rows: DownloadLogRow[]; count: number }> {
  const where = userId === null ? "true" : "l.user_id = $3";
  const params = userId === null ? [limit, offset] : [limit, offset, userId];
  const [rows, count] = await Promise.all([
    db.query<DownloadLogRow>(`select ${LOG_COLUMNS} from download_log l join app_user u on u.id = l.user_id where ${where} order by l.id desc limit $1 offset $2`, params),
    db.one<{ n: number }>(`select count(*)::integer as n from download_log l where ${userId === null ? "true" : "l.user_id = $1"}`, userId === null ? [] : [userId]),
  ]);
  return { rows, count: count.n };
}

const running = new Set<number>();

/** The row as the log lists it; `filePath` only for its exporter or an admin, and only once written. */
export function toDownloadLog(row: DownloadLogRow, viewer: { id: number; isAdmin: boolean }): DownloadLog {
  let status = row.status;
  // A pending or running export no process works on any more (the portal restarted) failed.
  if ((status === "pending" || status === "running") && !running.has(row.id) && Date.now() - row.updated_on.getTime() > STALE_MS) status = "failed";
  const mayDownload = viewer.isAdmin || viewer.id === row.user_id;
  return {
    id: row.id,
    user: { id: row.user_id, name: row.user_name, profilePic: row.profile_pic, isAdmin: row.user_roles.includes(ROLES.ADMIN) },
    createdOn: row.created_on.getTime(),
    status,
    type: row.type,
    sourceType: "ccaData",
    notes: row.notes,
    filterUrl: row.filter_url,
    filePath: status === "success" && mayDownload && row.file_name ? exportFilePath(row.id) : null,
    params: { shortName: row.short_name, language: row.language, filters: row.params.filters ?? {} },
    total: row.total,
    done: row.done,
    fileSize: row.file_size === null ? null : Number(row.file_size),
  };
}

// ── Writers ──────────────────────────────────────────────────────────────────────────────────────

interface Writer {
  header(headers: string[]): Promise<void>;
  record(cells: Cell[], geometries: unknown[]): Promise<void>;
  /** Waits, after a page, until what was written so far has moved on (bounded memory). */
  settle(): Promise<void>;
  close(): Promise<void>;
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
    async close() {
      await out.write("\n]}\n");
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
    async close() {
      sheet.commit();
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
    const columns = exportColumns(view, job.language, job.format !== "geojson");
    const ids = await matchingIds(db, spec);
    await db.query(`update download_log set status = 'running', total = $2, updated_on = now() where id = $1`, [job.logId, ids.length]);
    writer = writerFor(job.format, file, view.shortName);
    await writer.header(columns.headers);
    for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
      const rows = await exportRows(db, ids.slice(start, start + EXPORT_PAGE));
      for (const row of rows) {
        const record = exportRecord(row, columns, { siteUrl: env.siteUrl, exact: job.exact });
        await writer.record(record.cells, record.geometries);
      }
      await writer.settle();
      const done = Math.min(ids.length, start + EXPORT_PAGE);
      onProgress?.(done, ids.length);
      await db.query(`update download_log set done = $2, updated_on = now() where id = $1`, [job.logId, done]);
    }
    await writer.close();
    writer = null;
    const size = fs.statSync(file).size;
    await env.fileStore.putFile(exportKeyOf(fileName), file);
    await db.query(`update download_log set status = 'success', done = coalesce(total, done), file_name = $2, file_size = $3, updated_on = now() where id = $1`, [job.logId, fileName, size]);
  } catch (error) {
    writer?.abort();
    fs.rmSync(file, { force: true });
    env.logger.error(`[export] download_log ${job.logId} failed:`, error);
    await db
      .query(`update download_log set status = 'failed', error = $2, updated_on = now() where id = $1`, [job.logId, error instanceof Error ? error.message.slice(0, 500) : "failed"])
      .catch(() => undefined);
  }
}

let queue: Promise<void> = Promise.resolve();
const jobs = new Map<number, Promise<void>>();

/** Queues an export; exports run one after another in this process (bounded memory and database load). */
export function enqueueExport(env: ExportEnv, job: ExportJob): Promise<void> {
  running.add(job.logId);
  const done = queue.then(() => runExport(env, job)).finally(() => {
    running.delete(job.logId);
    jobs.delete(job.logId);
  });
  queue = done.catch(() => undefined);
  jobs.set(job.logId, done);
  return done;
}

/** The promise of a queued or running export (tests and the benchmark wait on it); null when none. */
export const exportInProgress = (logId: number): Promise<void> | null => jobs.get(logId) ?? null;

/** The body of a finished export: a stream from the store, a file of the old place, or null. */
export async function exportBody(store: FileStore, row: Pick<DownloadLogRow, "file_name">): Promise<{ stream: () => Promise<Readable> } | { file: string } | null> {
  if (!row.file_name || !/^[0-9]+-[0-9a-f]{16}\.(csv|xlsx|geojson)$/.test(row.file_name)) return null;
  const key = exportKeyOf(row.file_name);
  if (await store.stat(key)) return { stream: async () => (await store.stream(key)) ?? Readable.from([]) };
  const legacy = legacyExportsDir(store);
  const file = legacy ? path.join(legacy, row.file_name) : null;
  return file && fs.existsSync(file) ? { file } : null;
}
