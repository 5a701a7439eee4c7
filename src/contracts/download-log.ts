/**
 * The one download log (reference §3.1 `downloadLog/list`, §3.6 `log/download`; screens §2.28): what a
 * signed-in visitor exported (CCA records) or downloaded (document files). One table (`download_log`,
 * migrations 0012 and 0017), one list for both kinds with a `sourceType` filter. Pure: no server or
 * browser imports.
 */
import type { ExportFormat } from "./cca-export";
import type { UserIbp } from "./user";

export const DOWNLOAD_SOURCES = ["ccaData", "document"] as const;
export type DownloadSource = (typeof DOWNLOAD_SOURCES)[number];

/** `sourceType` as a caller writes it (`Document`, `ccaData`…), or null when it names no source. */
export function parseDownloadSource(value: unknown): DownloadSource | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  return DOWNLOAD_SOURCES.find((s) => s.toLowerCase() === lower) ?? null;
}

export type DownloadStatus = "pending" | "running" | "success" | "failed";

interface DownloadLogBase {
  id: number;
  user: UserIbp;
  createdOn: number;
  status: DownloadStatus;
  notes: string;
  /** The screen the download was made from (`/data/table/{shortName}?…`, `/document/show/{id}`). */
  filterUrl: string | null;
  /** Where the file is fetched, for its downloader or an admin; null while an export is not ready. */
  filePath: string | null;
}

/** One export of CCA records, with its progress. */
export interface ExportLog extends DownloadLogBase {
  sourceType: "ccaData";
  /** csv | xlsx | geojson */
  type: ExportFormat;
  /**
   * `title` (added to the reference's params, as a document download's): the template's title in the
   * language the list was asked in (`language=`; else the export's), null when the template is gone.
   */
  params: { shortName: string; language: string; filters: Record<string, string[]>; title: string | null };
  /** Records to write (known once the export starts) and written so far. */
  total: number | null;
  done: number;
  fileSize: number | null;
  /**
   * When a record the export may hold had its consent narrowed or withdrawn after it was made (epoch ms;
   * null: still current). A superseded export's file is no longer handed out: export again.
   */
  supersededOn?: number | null;
}

/** One download of a document's file. */
export interface DocumentDownloadLog extends DownloadLogBase {
  sourceType: "document";
  /** The file's type (pdf, mp4…). */
  type: string;
  /** The document (null when it is gone) and its title. */
  params: { documentId: number | null; title: string | null };
}

export type DownloadLog = ExportLog | DocumentDownloadLog;

/** `GET user-api/api/v1/downloadLog/list` (and `document-api/api/v1/services/log/download/list`): newest first. */
export interface DownloadLogList {
  count: number;
  offset: number;
  limit: number;
  downloadLogList: DownloadLog[];
  /** Entries per source the caller may see, whatever the `sourceType` filter. */
  aggregate: Record<DownloadSource, number>;
}

export const DOWNLOAD_LOG_DEFAULT_LIMIT = 20;
export const DOWNLOAD_LOG_MAX_LIMIT = 100;
