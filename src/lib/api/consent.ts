/** cca-api record consent (issue 30): read and change who may see a record, over the one API client. */
import type { AxiosInstance } from "axios";
import type { ConsentInput, RecordConsentHistory } from "@/contracts/consent";

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
