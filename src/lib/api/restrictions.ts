/** cca-api record treatments (issue 30, item 2): a record's curators read and override them, over the one API client. */
import type { AxiosInstance } from "axios";
import type { RecordRestrictionsView, RestrictionOverrides } from "@/contracts/restrictions";

const RESTRICTIONS = "cca-api/api/v1/data/restrictions";

/** The overrides and the treatments in force (the record's curators; 403 for other readers, 404 for those who may not see it). */
export async function fetchRecordRestrictions(client: AxiosInstance, recordId: number, language: string): Promise<RecordRestrictionsView> {
  const { data } = await client.get<RecordRestrictionsView>(`${RESTRICTIONS}/${recordId}`, { params: { language } });
  return data;
}

/** Replaces the record's overrides; answers the treatments they result in. */
export async function changeRecordRestrictions(client: AxiosInstance, recordId: number, overrides: RestrictionOverrides, language: string): Promise<RecordRestrictionsView> {
  const { data } = await client.put<RecordRestrictionsView>(`${RESTRICTIONS}/${recordId}`, overrides, { params: { language } });
  return data;
}
