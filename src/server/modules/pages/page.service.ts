import type { PageGalleryItem, PageShowFull, PageShowMinimal, PageTreeNode } from "@/contracts/page";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { canEditPages } from "./page-access";
import { findAuthor, findGallery, findPageById, findPageTranslation, findTreePages, groupExists, type GalleryRow, type PageTreeRow } from "./page.repository";

/**
 * Nests the rows under their parents from the roots (parentId 0) down. Rows are already in sibling
 * order. Pages whose parent is not in the tree (deleted or hidden from the sidebar) are left out with it.
 */
export function buildTree(rows: PageTreeRow[]): PageTreeNode[] {
  const childrenOf = new Map<number, PageTreeRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parent_id);
    if (siblings) siblings.push(row);
    else childrenOf.set(row.parent_id, [row]);
  }
  // Each row sits in exactly one sibling list, so a parent cycle is simply unreachable from the roots.
  const nest = (parentId: number): PageTreeNode[] =>
    (childrenOf.get(parentId) ?? []).map((row) => ({
        id: row.id,
        title: row.title,
        parentId: row.parent_id,
        pageIndex: row.page_index,
        pageType: row.page_type,
        showInMenu: row.show_in_menu,
        showInFooter: row.show_in_footer,
        url: row.page_type === "Redirect" ? row.url : null,
        children: nest(row.id),
      }));
  return nest(0);
}

export async function getPageTree(db: Queryable, userGroupId: number | null, languageId: number): Promise<PageTreeNode[]> {
  return buildTree(await findTreePages(db, userGroupId, languageId));
}

function toGalleryItem(row: GalleryRow): PageGalleryItem {
  return {
    id: row.id,
    fileName: row.file_name,
    caption: row.caption,
    attribution: row.attribution,
    licenseId: row.license_id,
    displayOrder: row.display_order,
  };
}

export type PageFormat = "minimal" | "full";

/**
 * A readable (non-deleted) page; 404 otherwise. With `languageId`, the page reads in that language
 * when it is translated into it (and in its own language when it is not); `languageId` of the full
 * format says which language the text is in.
 */
export async function getPage(db: Queryable, id: number, format: "minimal", languageId?: number | null): Promise<PageShowMinimal>;
export async function getPage(db: Queryable, id: number, format: "full", languageId?: number | null): Promise<PageShowFull>;
export async function getPage(db: Queryable, id: number, format: PageFormat, languageId?: number | null): Promise<PageShowMinimal | PageShowFull>;
export async function getPage(db: Queryable, id: number, format: PageFormat, languageId: number | null = null): Promise<PageShowMinimal | PageShowFull> {
  const page = await findPageById(db, id);
  if (!page) throw notFound(`Page ${id} not found`);
  const translation = languageId !== null && languageId !== page.language_id ? await findPageTranslation(db, id, languageId) : null;
  const text = translation ?? page;
  const galleryData = (await findGallery(db, id, languageId ?? page.language_id)).map(toGalleryItem);

  const minimal: PageShowMinimal = {
    id: page.id,
    title: text.title,
    content: text.content,
    description: text.description,
    socialPreview: page.social_preview,
    url: page.url,
    pageType: page.page_type,
    galleryData,
    allowComments: page.allow_comments,
  };
  if (format === "minimal") return minimal;

  // The author may have been removed since: the page still reads, without an author.
  const author = page.auther_id === null ? null : await findAuthor(db, page.auther_id);
  const full: PageShowFull = {
    ...minimal,
    userIbp: author && { id: author.id, name: author.name, profilePic: author.profile_pic, isAdmin: author.is_admin },
    languageId: text.language_id,
    userGroupId: page.user_group_id,
    parentId: page.parent_id,
    pageIndex: page.page_index,
    date: page.date.toISOString(),
    sticky: page.sticky,
    showInFooter: page.show_in_footer,
    showInMenu: page.show_in_menu,
    version: page.version,
  };
  return full;
}

/** Whether the caller may write the pages of a group (false for visitors); 404 for an unknown group. */
export async function mayEditGroupPages(db: Queryable, account: Account | null, groupId: number): Promise<boolean> {
  if (!(await groupExists(db, groupId))) throw notFound(`Group ${groupId} not found`);
  return canEditPages(db, account, groupId);
}
