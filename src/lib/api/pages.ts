import type { AxiosInstance } from "axios";
import type { PageShowFull, PageShowMinimal, PageTreeNode } from "@/contracts/page";

export interface PageTreeQuery {
  /** null for the main site. */
  userGroupId: number | null;
  languageId: number;
}

export async function fetchPageTree(client: AxiosInstance, { userGroupId, languageId }: PageTreeQuery): Promise<PageTreeNode[]> {
  const { data } = await client.get<PageTreeNode[]>("pages-api/api/v1/page/tree", {
    params: { userGroupId: userGroupId ?? undefined, languageId },
  });
  return data;
}

export async function fetchPage(client: AxiosInstance, id: number | string, format: "full"): Promise<PageShowFull>;
export async function fetchPage(client: AxiosInstance, id: number | string, format?: "minimal"): Promise<PageShowMinimal>;
export async function fetchPage(client: AxiosInstance, id: number | string, format: "minimal" | "full" = "minimal") {
  const { data } = await client.get<PageShowMinimal | PageShowFull>(`pages-api/api/v1/page/${encodeURIComponent(String(id))}`, {
    params: { format },
  });
  return data;
}
