/** cca-api record consent (issue 30): read and change who may see a record, over the one API client. */
import type { AxiosInstance } from "axios";
import type { ConsentInput, RecordAccessLog, RecordConsentHistory } from "@/contracts/consent";

const CONSENT = "cca-api/api/v1/data/consent";

/** The record's current consent and its history (its managers; 403 for other readers, 404 for those who may not see it). */
export async function fetchRecordConsent(client: AxiosInstance, recordId: number): Promise<RecordConsentHistory> {
  const { data } = await client.get<RecordConsentHistory>(`${CONSENT}/${recordId}`);
  return data;
}

/** Records a new consent; a withdrawal is audience `NONE`. Answers the history with it first. */
export async function changeRecordConsent(client: AxiosInstance, recordId: number, consent: ConsentInput): Promise<RecordConsentHistory> {
  const { data } = await client.put<RecordConsentHistory>(`${CONSENT}/${recordId}`, consent);
  return data;
}

/** Who read the record below the public, newest first (its keepers; 403/404 for others). */
export async function fetchRecordAccessLog(client: AxiosInstance, recordId: number, limit = 20): Promise<RecordAccessLog> {
  const { data } = await client.get<RecordAccessLog>(`cca-api/api/v1/data/access-log/${recordId}`, { params: { limit } });
  return data;
}
