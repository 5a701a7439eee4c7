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

/** A page in `languageId` when it is translated into it, else in its own language (`languageId` of the full format says which). */
export async function fetchPage(client: AxiosInstance, id: number | string, format: "full", languageId?: number): Promise<PageShowFull>;
export async function fetchPage(client: AxiosInstance, id: number | string, format?: "minimal", languageId?: number): Promise<PageShowMinimal>;
export async function fetchPage(client: AxiosInstance, id: number | string, format: "minimal" | "full" = "minimal", languageId?: number) {
  const { data } = await client.get<PageShowMinimal | PageShowFull>(`pages-api/api/v1/page/${encodeURIComponent(String(id))}`, {
    params: { format, languageId },
  });
  return data;
}

/** DELETE pages-api/api/v1/page/{id}: soft delete (its children move up to its parent). */
export async function deletePage(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`pages-api/api/v1/page/${id}`);
}

/** PUT pages-api/api/v1/page/updateTree: parents and order in the tree of `languageId`; answers that tree, refreshed. */
export async function updatePageTree(client: AxiosInstance, items: readonly PageTreeItem[], languageId: number): Promise<PageTreeNode[]> {
  const { data } = await client.put<PageTreeNode[]>("pages-api/api/v1/page/updateTree", items, { params: { languageId } });
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
