import type { AxiosInstance } from "axios";
import type { GroupDetail, GroupListItem } from "@/contracts/group";

export async function fetchGroupList(client: AxiosInstance, languageId: number): Promise<GroupListItem[]> {
  const { data } = await client.get<GroupListItem[]>("userGroup-api/api/v1/group/all", { params: { languageId } });
  return data;
}

export async function fetchGroup(client: AxiosInstance, id: number, languageId: number): Promise<GroupDetail> {
  const { data } = await client.get<GroupDetail>(`userGroup-api/api/v1/group/${id}/${languageId}`);
  return data;
}

/** GET userGroup-api/api/v1/group/member/{id}: is the signed-in caller a member? */
export async function fetchIsMember(client: AxiosInstance, id: number): Promise<boolean> {
  const { data } = await client.get<boolean>(`userGroup-api/api/v1/group/member/${id}`);
  return data === true;
}

/** GET userGroup-api/api/v1/group/enable/edit/{id}: may the caller write the group's pages? (false for visitors) */
export async function fetchCanEditGroupPages(client: AxiosInstance, id: number): Promise<boolean> {
  const { data } = await client.get<boolean>(`userGroup-api/api/v1/group/enable/edit/${id}`);
  return data === true;
}

export interface JoinResult {
  status: true;
  message: "JOINED" | "ALREADY_MEMBER" | "JOIN_REQUEST_SENT";
}

/** GET userGroup-api/api/v1/group/join/{id}: join an open group, or ask to join a closed one. */
export async function joinGroup(client: AxiosInstance, id: number): Promise<JoinResult> {
  const { data } = await client.get<JoinResult>(`userGroup-api/api/v1/group/join/${id}`);
  return data;
}
