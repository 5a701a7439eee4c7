/** cca-api record curation (reference §3.5; issue 14) and a record's history (activity-api §3.7), over the one API client. */
import type { AxiosInstance } from "axios";
import type { ActivityEntry, ActivityEntryList } from "@/contracts/activity";
import type { CCAData } from "@/contracts/cca-data";
import type { TemplateLanguage } from "@/contracts/template";

const DATA = "cca-api/api/v1/data";

/** `PUT data/update`: the given fields merged into the record (400 with `fieldErrors` per field id). */
export async function updateRecordFields(
  client: AxiosInstance,
  record: { id: number; shortName: string },
  ccaFieldValues: Record<string, { fieldId: string; name: string; type: string; value: unknown }>,
  language: TemplateLanguage,
): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${DATA}/update`, { id: record.id, shortName: record.shortName, ccaFieldValues }, { params: { language } });
  return data;
}

/** `DELETE data/delete/{id}` (soft). */
export async function deleteRecord(client: AxiosInstance, id: number): Promise<CCAData> {
  const { data } = await client.delete<CCAData>(`${DATA}/delete/${id}`);
  return data;
}

/** `PUT data/restore/{id}` (data curators and admins). */
export async function restoreRecord(client: AxiosInstance, id: number): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${DATA}/restore/${id}`);
  return data;
}

/** `GET activity-api/api/v1/service/ibp/ccaData/{id}`: changes and comments, newest first (open). */
export async function fetchRecordHistory(client: AxiosInstance, id: number, offset: number, limit: number): Promise<ActivityEntryList> {
  const { data } = await client.get<ActivityEntryList>(`activity-api/api/v1/service/ibp/ccaData/${id}`, { params: { offset, limit }, skipAuth: true });
  return data;
}

/** `POST data/comment` (signed in; the commenter becomes a follower). */
export async function addRecordComment(client: AxiosInstance, input: { id: number; body: string; languageId: number }): Promise<ActivityEntry> {
  const { data } = await client.post<ActivityEntry>(`${DATA}/comment`, {
    body: input.body,
    languageId: input.languageId,
    rootHolderId: input.id,
    rootHolderType: "ccaData",
    subRootHolderId: null,
    subRootHolderType: null,
  });
  return data;
}
