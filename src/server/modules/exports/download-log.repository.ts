/**
 * The one download log (`download_log`, migrations 0012 and 0017): data exports with their progress and
 * document downloads, written and listed here only. Visitors list their own entries, administrators
 * everyone's; newest first, paged on the server, optionally of one source.
 */
import SITE_CONFIG, { ROLES } from "@site-config";
import type { ExportFormat } from "@/contracts/cca-export";
import { exportFilePath } from "@/contracts/cca-export";
import type { TemplateLanguage } from "@/contracts/template";
import { DOWNLOAD_SOURCES, type DocumentDownloadLog, type DownloadLog, type DownloadLogList, type DownloadSource, type DownloadStatus, type ExportLog } from "@/contracts/download-log";
import type { Queryable, SqlParam } from "../../infra/db/db";

export interface DownloadLogRow {
  id: number;
  user_id: number;
  user_name: string;
  profile_pic: string | null;
  user_roles: string[];
  source_type: DownloadSource;
  type: string;
  short_name: string | null;
  language: string;
  notes: string | null;
  filter_url: string | null;
  params: { filters?: Record<string, string[]>; pack?: { fieldSet: string; groupId: number | null; format: string } };
  status: DownloadStatus;
  total: number | null;
  done: number;
  file_name: string | null;
  file_size: string | number | null;
  file_path: string | null;
  document_id: number | null;
  document_title: string | null;
  /** The export's template title (in the list's language, else the export's; the default language's when it has none). */
  template_title: string | null;
  created_on: Date;
  updated_on: Date;
  /** Set when a record's consent was narrowed after the export was made (migration 0023). */
  superseded_on: Date | null;
}

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
/** The export's own language as a language id (SQL over `l.language`). */
const EXPORT_LANGUAGE_ID = `case l.language ${SITE_CONFIG.LANG.LIST.map((l) => `when '${l.code}' then ${l.id}`).join(" ")} else ${DEFAULT_LANGUAGE_ID} end`;
const templateTitleIn = (languageId: string) => `coalesce(
         (select tr.name from cca_template_translation tr where tr.template_id = l.template_id and tr.language_id = ${languageId}),
         (select tr.name from cca_template_translation tr where tr.template_id = l.template_id and tr.language_id = ${DEFAULT_LANGUAGE_ID}))`;
/** The rows with their user, document title and template title (in `languageId`, SQL). */
const selectIn = (languageId: string) => `select l.id, l.user_id, u.name as user_name, u.profile_pic, u.roles as user_roles, l.source_type, l.type, l.short_name,
       l.language, l.notes, l.filter_url, l.params, l.status, l.total, l.done, l.file_name, l.file_size, l.file_path, l.document_id,
       d.title as document_title, ${templateTitleIn(languageId)} as template_title, l.created_on, l.updated_on, l.superseded_on
  from download_log l
  join app_user u on u.id = l.user_id
  left join document d on d.id = l.document_id`;
const SELECT = selectIn(EXPORT_LANGUAGE_ID);

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────

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

/**
 * Marks the data exports of these templates made before now as superseded (a record they may hold had its
 * consent narrowed or withdrawn since): their files are no longer handed out.
 */
export async function markExportsSuperseded(tx: Queryable, templateShortNames: readonly string[]): Promise<void> {
  await tx.query(
    `update download_log set superseded_on = now()
      where source_type = 'ccaData' and superseded_on is null and lower(short_name) = any($1::text[])`,
    [templateShortNames.map((n) => n.toLowerCase())],
  );
}

/**
 * Marks every WDPCA / ICCA Registry pack made before now as superseded (issue 31: a pack holds records of
 * many templates; any narrowed consent may concern one of them).
 */
export async function markPacksSuperseded(tx: Queryable): Promise<void> {
  await tx.query(`update download_log set superseded_on = now() where source_type = 'ccaData' and superseded_on is null and params -> 'pack' is not null`);
}

export interface NewPack {
  userId: number;
  /** gpkg | shp | csv */
  format: string;
  /** The field set (`wdpca2025`, `wdpa16`): the log shows it where a record export shows its template. */
  fieldSet: string;
  groupId: number | null;
  language: TemplateLanguage;
  notes: string;
  filterUrl: string;
}

/** A WDPCA / ICCA Registry pack asked for (issue 31; `pending`), written in the background as an export. */
export async function insertPack(db: Queryable, p: NewPack): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into download_log (user_id, source_type, type, short_name, template_id, language, notes, filter_url, params)
     values ($1, 'ccaData', $2, $3, null, $4, $5, $6, $7) returning id`,
    [p.userId, p.format, p.fieldSet, p.language, p.notes, p.filterUrl, JSON.stringify({ filters: {}, pack: { fieldSet: p.fieldSet, groupId: p.groupId, format: p.format } })],
  );
  return row.id;
}

/** A data export asked for (`pending`); its file is written in the background. */
export async function insertExport(db: Queryable, e: NewExport): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into download_log (user_id, source_type, type, short_name, template_id, language, notes, filter_url, params)
     values ($1, 'ccaData', $2, $3, $4, $5, $6, $7, $8) returning id`,
    [e.userId, e.format, e.shortName, e.templateId, e.language, e.notes, e.filterUrl, JSON.stringify({ filters: e.filters })],
  );
  return row.id;
}

export const markExportRunning = (db: Queryable, id: number, total: number) =>
  db.query(`update download_log set status = 'running', total = $2, updated_on = now() where id = $1`, [id, total]);
export const markExportProgress = (db: Queryable, id: number, done: number) => db.query(`update download_log set done = $2, updated_on = now() where id = $1`, [id, done]);
export const markExportDone = (db: Queryable, id: number, fileName: string, size: number) =>
  db.query(`update download_log set status = 'success', done = coalesce(total, done), file_name = $2, file_size = $3, updated_on = now() where id = $1`, [id, fileName, size]);
/** Says "still queued or running here" for exports this process holds (see EXPORT_HEARTBEAT_MS). */
export const touchExports = (db: Queryable, ids: readonly number[]) =>
  db.query(`update download_log set updated_on = now() where id = any($1::integer[]) and status in ('pending', 'running')`, [[...ids]]);
export const markExportFailed = (db: Queryable, id: number, reason: string) =>
  db.query(`update download_log set status = 'failed', error = $2, updated_on = now() where id = $1`, [id, reason.slice(0, 500)]);

export interface NewDocumentDownload {
  userId: number;
  documentId: number | null;
  filePath: string;
  filterUrl: string | null;
  fileType: string;
  status: "success" | "failed";
  notes: string | null;
}

/** A document's file downloaded. */
export async function insertDocumentDownload(db: Queryable, e: NewDocumentDownload): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into download_log (user_id, source_type, type, notes, filter_url, status, file_path, document_id)
     values ($1, 'document', $2, $3, $4, $5, $6, $7) returning id`,
    [e.userId, e.fileType, e.notes, e.filterUrl, e.status, e.filePath, e.documentId],
  );
  return row.id;
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

export function findDownloadLog(db: Queryable, id: number): Promise<DownloadLogRow | null> {
  return db.maybeOne<DownloadLogRow>(`${SELECT} where l.id = $1`, [id]);
}

export interface DownloadLogViewer {
  id: number;
  isAdmin: boolean;
}

/** A page of the log, newest first: the viewer's own entries (administrators: everyone's), of one source or all. */
export async function listDownloadLogs(
  db: Queryable,
  viewer: DownloadLogViewer,
  q: { offset: number; limit: number; sourceType: DownloadSource | null; language?: TemplateLanguage | null },
  isExportActive: (id: number) => boolean,
): Promise<DownloadLogList> {
  const scope: SqlParam[] = viewer.isAdmin ? [] : [viewer.id];
  const scopeWhere = viewer.isAdmin ? "true" : "l.user_id = $1";
  const params = q.sourceType ? [...scope, q.sourceType] : scope;
  const where = q.sourceType ? `${scopeWhere} and l.source_type = $${params.length}` : scopeWhere;
  const languageId = q.language ? SITE_CONFIG.LANG.LIST.find((l) => l.code === q.language)?.id : undefined;
  const select = languageId === undefined ? SELECT : selectIn(String(languageId));
  const [rows, perSource] = await Promise.all([
    db.query<DownloadLogRow>(`${select} where ${where} order by l.created_on desc, l.id desc limit ${q.limit} offset ${q.offset}`, params),
    db.query<{ source_type: DownloadSource; n: number }>(`select l.source_type, count(*)::integer as n from download_log l where ${scopeWhere} group by 1`, scope),
  ]);
  const aggregate = Object.fromEntries(DOWNLOAD_SOURCES.map((s) => [s, perSource.find((r) => r.source_type === s)?.n ?? 0])) as Record<DownloadSource, number>;
  const count = q.sourceType ? aggregate[q.sourceType] : DOWNLOAD_SOURCES.reduce((n, s) => n + aggregate[s], 0);
  return { count, offset: q.offset, limit: q.limit, downloadLogList: rows.map((r) => toDownloadLog(r, viewer, isExportActive)), aggregate };
}

// ── Shapes ───────────────────────────────────────────────────────────────────────────────────────

/** An export in `pending`/`running` not touched for this long belongs to a process that is gone. */
/**
 * A pending or running export whose row nobody touched for this long has no process working on it any
 * more (the portal restarted). The process that holds an export touches its row every
 * EXPORT_HEARTBEAT_MS, also while it waits in the queue, so another instance behind the same proxy
 * never reports a queued export as failed.
 */
export const STALE_MS = 2 * 60_000;
export const EXPORT_HEARTBEAT_MS = STALE_MS / 4;

export function toExportLog(row: DownloadLogRow, viewer: DownloadLogViewer, isActive: boolean): ExportLog {
  let status = row.status;
  // A pending or running export no process works on any more (the portal restarted) failed.
  if ((status === "pending" || status === "running") && !isActive && Date.now() - row.updated_on.getTime() > STALE_MS) status = "failed";
  const mayDownload = viewer.isAdmin || viewer.id === row.user_id;
  return {
    id: row.id,
    user: userOf(row),
    createdOn: row.created_on.getTime(),
    status,
    type: row.type as ExportFormat,
    sourceType: "ccaData",
    notes: row.notes ?? "",
    filterUrl: row.filter_url,
    filePath: status === "success" && mayDownload && row.file_name && row.superseded_on === null ? exportFilePath(row.id) : null,
    params: { shortName: row.short_name ?? "", language: row.language, filters: row.params.filters ?? {}, title: row.template_title },
    total: row.total,
    done: row.done,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    supersededOn: row.superseded_on === null ? null : row.superseded_on.getTime(),
  };
}

export function toDocumentDownloadLog(row: DownloadLogRow): DocumentDownloadLog {
  return {
    id: row.id,
    user: userOf(row),
    createdOn: row.created_on.getTime(),
    status: row.status,
    type: row.type,
    sourceType: "document",
    notes: row.notes ?? "",
    filterUrl: row.filter_url,
    filePath: row.file_path,
    params: { documentId: row.document_id, title: row.document_title },
  };
}

export function toDownloadLog(row: DownloadLogRow, viewer: DownloadLogViewer, isExportActive: (id: number) => boolean): DownloadLog {
  return row.source_type === "document" ? toDocumentDownloadLog(row) : toExportLog(row, viewer, isExportActive(row.id));
}

function userOf(row: DownloadLogRow) {
  return { id: row.user_id, name: row.user_name, profilePic: row.profile_pic, isAdmin: row.user_roles.includes(ROLES.ADMIN) };
}
