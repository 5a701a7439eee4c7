/** The response table and exports of CCA records (issue 14) over the one API client. */
import type { AxiosInstance } from "axios";
import type { DataTableResponse, ExportFormat } from "@/contracts/cca-export";
import type { ExportLog } from "@/contracts/download-log";
import type { TemplateLanguage } from "@/contracts/template";
import type { DataQueryParams } from "./cca-data";

const DATA = "cca-api/api/v1/data";
const LOGS = "user-api/api/v1/downloadLog";

/** One page of a template's responses (`sort`, `order`, `offset`, `limit` and the list screen's filters in `params`). */
export async function fetchDataTable(client: AxiosInstance, params: DataQueryParams): Promise<DataTableResponse> {
  const { data } = await client.get<DataTableResponse>(`${DATA}/table`, { params });
  return data;
}

/** Asks for an export of every matching response; answers its log entry (the file is prepared in the background). */
export async function requestExport(
  client: AxiosInstance,
  params: DataQueryParams & { shortName: string; format: ExportFormat; language: TemplateLanguage },
  notes: string,
): Promise<ExportLog> {
  const { data } = await client.post<ExportLog>(`${DATA}/all/download`, { notes }, { params });
  return data;
}

/** An export's log entry with its progress (the id of an export answers an export). */
export async function fetchExportLog(client: AxiosInstance, id: number): Promise<ExportLog> {
  const { data } = await client.get<ExportLog>(`${LOGS}/${id}`);
  return data;
}

/** The file of a finished export, saved by the browser under the name the server gives. */
export async function downloadExportFile(client: AxiosInstance, log: Pick<ExportLog, "id" | "filePath" | "type" | "params">): Promise<void> {
  if (!log.filePath) return;
  const response = await client.get<Blob>(log.filePath, { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${log.params.shortName}-${log.id}.${log.type}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
