/** The one download log (exports and document downloads) over the one API client. */
import type { AxiosInstance } from "axios";
import type { DownloadLogList, DownloadSource } from "@/contracts/download-log";

/** A page of the log, newest first: own entries (administrators: everyone's), of one source or all. */
export async function fetchDownloadLogs(
  client: AxiosInstance,
  query: { offset: number; limit: number; sourceType: DownloadSource | null; language: "en" | "hi" },
): Promise<DownloadLogList> {
  const { data } = await client.get<DownloadLogList>("user-api/api/v1/downloadLog/list", {
    params: { offset: query.offset, limit: query.limit, language: query.language, ...(query.sourceType ? { sourceType: query.sourceType } : {}) },
  });
  return data;
}
