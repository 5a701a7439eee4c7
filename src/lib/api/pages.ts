import type { AxiosInstance } from "axios";
import type { PageCreate, PageEntity, PageShowFull, PageShowMinimal, PageTreeItem, PageTreeNode, PageUpdate } from "@/contracts/page";

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

/** POST pages-api/api/v1/page (admins, page editors; in a group also its founders and moderators). */
export async function createPage(client: AxiosInstance, body: PageCreate): Promise<PageEntity> {
  const { data } = await client.post<PageEntity>("pages-api/api/v1/page", body);
  return data;
}

/** PUT pages-api/api/v1/page: fields and gallery (items with `id` updated, without created, missing kept). */
export async function updatePage(client: AxiosInstance, body: PageUpdate): Promise<PageEntity> {
  const { data } = await client.put<PageEntity>("pages-api/api/v1/page", body);
  return data;
}

/** PUT pages-api/api/v1/page/gallery/remove/{pageId}/{galleryId}: removes one saved gallery item. */
export async function removeGalleryItem(client: AxiosInstance, pageId: number, galleryId: number): Promise<PageEntity> {
  const { data } = await client.put<PageEntity>(`pages-api/api/v1/page/gallery/remove/${pageId}/${galleryId}`);
  return data;
}

/** PUT pages-api/api/v1/page/updateTree: moves the listed pages (one transaction); answers the refreshed tree. */
export async function updatePageTree(client: AxiosInstance, items: PageTreeItem[]): Promise<PageTreeNode[]> {
  const { data } = await client.put<PageTreeNode[]>("pages-api/api/v1/page/updateTree", items);
  return data;
}
