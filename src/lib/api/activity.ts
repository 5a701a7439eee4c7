import type { AxiosInstance } from "axios";
import type { ActivityList } from "@/contracts/activity";

export interface ActivityPage {
  offset: number;
  limit: number;
}

/** GET activity-api/api/v1/service/ibp/page/{pageId}: the page's comments, newest first (open to visitors). */
export async function fetchPageComments(client: AxiosInstance, pageId: number, { offset, limit }: ActivityPage): Promise<ActivityList> {
  const { data } = await client.get<ActivityList>(`activity-api/api/v1/service/ibp/page/${pageId}`, { params: { offset, limit }, skipAuth: true });
  return data;
}
