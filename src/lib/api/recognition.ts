/** The WDPCA / ICCA Registry pack (issue 31, item 1) over the one API client: mapping, coverage, the pack and its file. */
import type { AxiosInstance } from "axios";
import type { ExportLog } from "@/contracts/download-log";
import type {
  FieldSetId,
  PackFormat,
  RecognitionCoverage,
  RecognitionMappingInput,
  RecognitionMappingView,
  RecognitionPackInfo,
} from "@/contracts/recognition";
import { fetchExportLog } from "./cca-export";

const R = "cca-api/api/v1/recognition";

export async function fetchRecognitionMapping(client: AxiosInstance, fieldSet: FieldSetId, language: "en" | "hi"): Promise<RecognitionMappingView> {
  const { data } = await client.get<RecognitionMappingView>(`${R}/mapping`, { params: { fieldSet, language } });
  return data;
}

/** Saves a field set's mapping (administrators); 400 with a key per attribute (`mapping.GOV_TYPE`). */
export async function saveRecognitionMapping(client: AxiosInstance, input: RecognitionMappingInput, language: "en" | "hi"): Promise<RecognitionMappingView> {
  const { data } = await client.put<RecognitionMappingView>(`${R}/mapping`, input, { params: { language } });
  return data;
}

export async function fetchRecognitionCoverage(client: AxiosInstance, q: { fieldSet: FieldSetId; groupId: number | null; offset: number; limit: number }): Promise<RecognitionCoverage> {
  const { data } = await client.get<RecognitionCoverage>(`${R}/coverage`, { params: { ...q, groupId: q.groupId ?? undefined } });
  return data;
}

export async function fetchPackInfo(client: AxiosInstance, groupId: number | null): Promise<RecognitionPackInfo> {
  const { data } = await client.get<RecognitionPackInfo>(`${R}/pack`, { params: { groupId: groupId ?? undefined } });
  return data;
}

/** Asks for a pack; answers its download log entry (the file is written in the background). */
export async function requestPack(client: AxiosInstance, body: { fieldSet: FieldSetId; format: PackFormat; groupId: number | null }): Promise<ExportLog> {
  const { data } = await client.post<ExportLog>(`${R}/pack`, body);
  return data;
}

/** Waits until the pack is written (or failed), asking every `everyMs`; `onProgress` hears its progress. */
export async function waitForPack(client: AxiosInstance, id: number, onProgress?: (log: ExportLog) => void, everyMs = 700): Promise<ExportLog> {
  for (;;) {
    const log = await fetchExportLog(client, id);
    onProgress?.(log);
    if (log.status === "success" || log.status === "failed") return log;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The pack's file, saved by the browser under the name the server gives. */
export async function downloadPackFile(client: AxiosInstance, id: number): Promise<void> {
  const response = await client.get<Blob>(`${R}/pack/${id}`, { responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `wdpca-pack-${id}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
