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
