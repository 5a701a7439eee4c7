/** cca-api record labels (issue 30, item 3): read and set a record's Local Contexts labels, over the one API client. */
import type { AxiosInstance } from "axios";
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
