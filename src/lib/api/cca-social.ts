/** cca-api record social writes (reference §3.5): follow, editors, microsites, request to contribute, grant. */
import type { AxiosInstance } from "axios";
import type { CCAData, CCADataListResponse } from "@/contracts/cca-data";
import { CONTRIBUTOR_REQUEST_TYPE, type ContributorRequestView } from "@/contracts/cca-social";
import type { TemplateLanguage } from "@/contracts/template";

const DATA = "cca-api/api/v1/data";

export async function followRecord(client: AxiosInstance, id: number, follow: boolean, language: TemplateLanguage): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${DATA}/update/followers`, { id, type: follow ? "follow" : "unfollow" }, { params: { language } });
  return data;
}

/** Replaces the record's allowed editors (owner, data curators and admins). */
export async function updateEditors(client: AxiosInstance, id: number, allowedUsers: readonly number[], language: TemplateLanguage): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${DATA}/update/permission`, { id, allowedUsers: allowedUsers.map(String) }, { params: { language } });
  return data;
}

/** The record's groups; groups outside the caller's reach are kept as they are by the server. */
export async function updateRecordGroups(client: AxiosInstance, id: number, usergroups: readonly number[], language: TemplateLanguage): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${DATA}/update/usergroup`, { id, usergroups }, { params: { language } });
  return data;
}

export async function requestToContribute(client: AxiosInstance, recordId: number, requestorId: number, message: string): Promise<void> {
  await client.post(`${DATA}/request`, { ccaid: recordId, requestorId, role: "ROLE_EXTDATACONTRIBUTOR", requestorMessage: message });
}

/** What a request's link names (owner, data curators, admins). */
export async function fetchContributorRequest(client: AxiosInstance, token: string): Promise<ContributorRequestView> {
  const { data } = await client.get<ContributorRequestView>(`${DATA}/request`, { params: { token, type: CONTRIBUTOR_REQUEST_TYPE } });
  return data;
}

export async function grantContributor(client: AxiosInstance, token: string): Promise<void> {
  await client.post(`${DATA}/grant`, { token });
}

/** A page of a user's records, newest first (`data/myList`). */
export async function fetchContributions(client: AxiosInstance, userId: number, offset: number, limit: number, language: TemplateLanguage): Promise<CCADataListResponse> {
  const { data } = await client.get<CCADataListResponse>(`${DATA}/myList`, { params: { userId, offset, limit, language } });
  return data;
}
