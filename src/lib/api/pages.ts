import type { AxiosInstance } from "axios";
import type { ActivityComment } from "@/contracts/activity";
import type { PageCommentCreate, PageCreate, PageEntity, PageShowFull, PageShowMinimal, PageTreeItem, PageTreeNode, PageUpdate } from "@/contracts/page";

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

/** DELETE pages-api/api/v1/page/{id}: soft delete (its children move up to its parent). */
export async function deletePage(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`pages-api/api/v1/page/${id}`);
}

/** PUT pages-api/api/v1/page/updateTree: parents and order of the whole tree; answers the refreshed tree. */
export async function updatePageTree(client: AxiosInstance, items: readonly PageTreeItem[]): Promise<PageTreeNode[]> {
  const { data } = await client.put<PageTreeNode[]>("pages-api/api/v1/page/updateTree", items);
  return data;
}

/** POST pages-api/api/v1/page/add/comment (signed-in users; the page must allow comments). */
export async function addPageComment(client: AxiosInstance, input: { pageId: number; body: string; languageId: number }): Promise<ActivityComment> {
  const body: PageCommentCreate = {
    body: input.body,
    languageId: input.languageId,
    rootHolderId: input.pageId,
    rootHolderType: "page",
    subRootHolderId: null,
    subRootHolderType: null,
  };
  const { data } = await client.post<ActivityComment>("pages-api/api/v1/page/add/comment", body);
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
