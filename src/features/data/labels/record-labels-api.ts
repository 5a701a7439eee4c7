/** cca-api record labels (issue 30, item 3): read and set a record's Local Contexts labels, over the one API client. */
import type { AxiosInstance } from "axios";
import type { HubSyncResult } from "@/contracts/local-contexts-hub";
import type { RecordLabel, RecordLabelsInput } from "@/contracts/local-contexts";

const LABELS = "cca-api/api/v1/data/labels";

/** The record's labels (whoever may see the record; 404 for the others). */
export async function fetchRecordLabels(client: AxiosInstance, recordId: number): Promise<RecordLabel[]> {
  const { data } = await client.get<RecordLabel[]>(`${LABELS}/${recordId}`);
  return data;
}

/** Replaces the record's labels with `input.labels` (its keepers); answers the labels as stored. */
export async function saveRecordLabels(client: AxiosInstance, recordId: number, input: RecordLabelsInput): Promise<RecordLabel[]> {
  const { data } = await client.put<RecordLabel[]>(`${LABELS}/${recordId}`, input);
  return data;
}

/** Replaces the record's labels with those of a Local Contexts Hub project (its keepers; the portal asks the Hub). */
export async function syncRecordLabelsFromHub(client: AxiosInstance, recordId: number, projectId: string): Promise<HubSyncResult> {
  const { data } = await client.put<HubSyncResult>(`${LABELS}/${recordId}/hub`, { projectId });
  return data;
}

/** Whether this portal syncs labels with a Local Contexts Hub. */
export async function fetchHubConfigured(client: AxiosInstance): Promise<boolean> {
  const { data } = await client.get<{ configured: boolean }>("cca-api/api/v1/data/hub");
  return data.configured;
}
