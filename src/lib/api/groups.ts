import type { AxiosInstance } from "axios";
import type { GroupListItem } from "@/contracts/group";

export interface GroupDetail extends GroupListItem {
  languageId: number;
  description: string | null;
  domainName: string | null;
  allowUserToJoin: boolean;
}

export async function fetchGroupList(client: AxiosInstance, languageId: number): Promise<GroupListItem[]> {
  const { data } = await client.get<GroupListItem[]>("userGroup-api/api/v1/group/all", { params: { languageId } });
  return data;
}

export async function fetchGroup(client: AxiosInstance, id: number, languageId: number): Promise<GroupDetail> {
  const { data } = await client.get<GroupDetail>(`userGroup-api/api/v1/group/${id}/${languageId}`);
  return data;
}
