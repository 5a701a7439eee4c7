import { DOWNLOAD_LOG_DEFAULT_LIMIT, parseDownloadSource, type DownloadSource } from "@/contracts/download-log";

export const LOGS_PAGE_SIZE = DOWNLOAD_LOG_DEFAULT_LIMIT;

/** The page's first entry from `?offset=` (a multiple of the page size; 0 when malformed). */
export function logsOffset(raw: unknown): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === "string" && /^\d{1,7}$/.test(value) ? Math.floor(Number(value) / LOGS_PAGE_SIZE) * LOGS_PAGE_SIZE : 0;
}

/** The kind of download shown from `?sourceType=` (null: every kind). */
export function logsSource(raw: unknown): DownloadSource | null {
  return parseDownloadSource(Array.isArray(raw) ? raw[0] : raw);
}
