import type { FieldErrorKey } from "@/contracts/field-errors";
import type { PageEntity, PageTreeNode } from "@/contracts/page";
import { PAGE_MSG, pageCreateSchema, pageTreeSchema, pageUpdateSchema } from "@/contracts/page.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { assertCanEditPages } from "./page-access";
import { sanitizeStoredPageHtml } from "./page-html";
import {
  deleteGalleryItem,
  findGallery,
  findPageById,
  lockPageAtVersion,
  findPagesByIds,
  findParentLinks,
  groupExists,
  insertGalleryItem,
  saveGalleryCaption,
  insertPage,
  isPageInTree,
  nextPageIndex,
  softDeletePage,
  updateGalleryItem,
  findPageTranslation,
  updatePageFields,
  updatePagePosition,
  updateSharedPageFields,
  upsertPageTranslation,
  type PageRow,
} from "./page.repository";
import { getPageTree } from "./page.service";
import { toPageCreateInput, toPageUpdateInput, toTreeItems, type GalleryInput } from "./page-input";

/** The raw Page entity that writes answer (reference §4.1), declared once in the contracts. */
export type { PageEntity };

/** The entity in the page's own language, or with title and description of `languageId` when translated into it. */
async function toEntity(db: Queryable, page: PageRow, languageId: number | null = null): Promise<PageEntity> {
  const gallery = await findGallery(db, page.id, languageId ?? page.language_id);
  const translation = languageId !== null && languageId !== page.language_id ? await findPageTranslation(db, page.id, languageId) : null;
  return {
    id: page.id,
    title: translation?.title ?? page.title,
    description: translation ? translation.description : page.description,
    socialPreview: page.social_preview,
    userGroupId: page.user_group_id,
    languageId: page.language_id,
    parentId: page.parent_id,
    pageIndex: page.page_index,
    pageType: page.page_type,
    url: page.url,
    autherId: page.auther_id,
    autherName: page.auther_name,
    date: page.date.toISOString(),
    sticky: page.sticky,
    showInFooter: page.show_in_footer,
    showInMenu: page.show_in_menu,
    allowComments: page.allow_comments,
    version: page.version,
    gallerySilder: gallery.map((g) => ({
      id: g.id,
      pageId: page.id,
      fileName: g.file_name,
      caption: g.caption,
      attribution: g.attribution,
      licenseId: g.license_id,
      displayOrder: g.display_order,
    })),
  };
}

async function livePage(db: Queryable, id: number): Promise<PageRow> {
  const page = await findPageById(db, id);
  if (!page) throw notFound(`Page ${id} not found`);
  return page;
}

async function reload(db: Queryable, id: number, languageId: number | null = null): Promise<PageEntity> {
  return toEntity(db, await livePage(db, id), languageId);
}

/** 400 VALIDATION_FAILED: an English message for API clients, a translation key per field for the forms. */
function invalidBody(message: string, fieldErrors: Record<string, FieldErrorKey>): AppError {
  return new AppError("VALIDATION_FAILED", message, fieldErrors);
}

/** A new page, last among its siblings, written by the caller (body: the contract's pageCreateSchema). */
export async function createPage(db: Db, account: Account, body: unknown): Promise<PageEntity> {
  const input = toPageCreateInput(await validateWith(pageCreateSchema, body));
  await assertCanEditPages(db, account, input.userGroupId);
  if (input.userGroupId !== null && !(await groupExists(db, input.userGroupId))) {
    throw invalidBody(`Group ${input.userGroupId} does not exist`, { userGroupId: PAGE_MSG.unknownGroup });
  }
  if (input.parentId !== 0) {
    if (!(await isPageInTree(db, input.parentId, input.userGroupId, input.languageId))) {
      throw invalidBody(`Parent page ${input.parentId} is not a page of this group and language`, { parentId: PAGE_MSG.parentElsewhere });
    }
  }
  const id = await db.transaction(async (tx) => {
    const pageIndex = await nextPageIndex(tx, input.userGroupId, input.parentId);
    const pageId = await insertPage(tx, {
      title: input.title,
      content: sanitizeStoredPageHtml(input.content),
      description: input.description,
      socialPreview: input.socialPreview,
      userGroupId: input.userGroupId,
      languageId: input.languageId,
      parentId: input.parentId,
      pageIndex,
      pageType: input.pageType,
      url: input.url,
      autherId: account.id,
      autherName: account.row.name,
      sticky: input.sticky,
      showInFooter: input.showInFooter,
      showInMenu: input.showInMenu,
      allowComments: input.allowComments,
    });
    for (const item of input.galleryData) await insertGalleryItem(tx, pageId, { ...item, authorId: account.id });
    return pageId;
  });
  invalidateCache(CACHE_KEYS.pages);
  return reload(db, id);
}

/**
 * Saves the gallery items; a caption is saved in the language of the save (`translated`: a language
 * other than the page's own, whose captions live in page_gallery_translation).
 */
async function saveGallery(tx: Queryable, pageId: number, items: GalleryInput[], authorId: number, translated: number | null = null): Promise<void> {
  for (const [i, item] of items.entries()) {
    let id = item.id;
    if (id === null) id = await insertGalleryItem(tx, pageId, { ...item, caption: translated === null ? item.caption : null, authorId });
    else if (!(await updateGalleryItem(tx, pageId, id, item, translated === null))) {
      throw invalidBody(`Gallery item ${id} does not belong to page ${pageId}`, { [`galleryData[${i}].id`]: PAGE_MSG.galleryItemElsewhere });
    }
    if (translated !== null) await saveGalleryCaption(tx, id, translated, item.caption);
  }
}

/**
 * Changes the page's fields; gallery items with an id are updated, without one created, missing ones
 * kept. With a `languageId` other than the page's own, title, content and description are saved as
 * (or replace) the page's translation into that language; the other fields are shared by all languages.
 */
export async function updatePage(db: Db, account: Account, body: unknown): Promise<PageEntity> {
  const input = toPageUpdateInput(await validateWith(pageUpdateSchema, body));
  const page = await livePage(db, input.id);
  await assertCanEditPages(db, account, page.user_group_id);
  const content = sanitizeStoredPageHtml(input.content);
  const translated = input.languageId !== null && input.languageId !== page.language_id ? input.languageId : null;
  await db.transaction(async (tx) => {
    // A save from an older version would overwrite what someone saved meanwhile (issue 27 item 16): 409.
    if (input.version !== null && !(await lockPageAtVersion(tx, page.id, input.version))) {
      throw new AppError("CONFLICT", "Someone saved this page after you opened it: reload it and make your changes again", { version: PAGE_MSG.staleVersion });
    }
    if (translated === null) await updatePageFields(tx, page.id, { ...input, content });
    else {
      await updateSharedPageFields(tx, page.id, input);
      await upsertPageTranslation(tx, page.id, { language_id: translated, title: input.title, content, description: input.description });
    }
    await saveGallery(tx, page.id, input.galleryData, account.id, translated);
  });
  invalidateCache(CACHE_KEYS.pages);
  return reload(db, page.id, translated);
}

/**
 * Soft delete. The page's children move up to its parent (keeping their own pageIndex), so content
 * under a removed section stays reachable; the deleted page answers 404 everywhere from now on.
 */
export async function deletePage(db: Db, account: Account, id: number): Promise<PageEntity> {
  const page = await livePage(db, id);
  await assertCanEditPages(db, account, page.user_group_id);
  const entity = await toEntity(db, page);
  await db.transaction((tx) => softDeletePage(tx, page.id, page.parent_id));
  invalidateCache(CACHE_KEYS.pages);
  return entity;
}

export async function removeGalleryItem(db: Db, account: Account, pageId: number, galleryId: number): Promise<PageEntity> {
  const page = await livePage(db, pageId);
  await assertCanEditPages(db, account, page.user_group_id);
  if (!(await deleteGalleryItem(db, pageId, galleryId))) throw notFound(`Page ${pageId} has no gallery item ${galleryId}`);
  invalidateCache(CACHE_KEYS.pages);
  return reload(db, pageId);
}

/**
 * Applies parent and order for the pages listed, in one transaction. Every page must exist and belong to
 * the group of the first one and to its tree in `languageId` (default: the first page's own language:
 * the pages written in that language and those translated into it); parents must be 0 or pages of that
 * same tree; no cycles. Answers that tree.
 */
export async function updateTree(db: Db, account: Account, body: unknown, languageId: number | null = null): Promise<PageTreeNode[]> {
  const items = toTreeItems(await validateWith(pageTreeSchema, body));
  const pages = new Map((await findPagesByIds(db, items.map((i) => i.id))).map((p) => [p.id, p]));
  const unknown = items.filter((i) => !pages.has(i.id)).map((i) => i.id);
  const first = pages.get(items[0]!.id);
  if (!first) throw invalidBody(`Unknown page ids: ${unknown.join(", ")}`, { id: PAGE_MSG.treeUnknownPages });
  const groupId = first.user_group_id;
  const treeLanguageId = languageId ?? first.language_id;
  await assertCanEditPages(db, account, groupId);
  if (unknown.length > 0) throw invalidBody(`Unknown page ids: ${unknown.join(", ")}`, { id: PAGE_MSG.treeUnknownPages });

  const parentOf = new Map((await findParentLinks(db, groupId, treeLanguageId)).map((r) => [r.id, r.parent_id]));
  const foreign = items.filter((i) => pages.get(i.id)!.user_group_id !== groupId || !parentOf.has(i.id));
  if (foreign.length > 0) {
    const ids = foreign.map((i) => i.id).join(", ");
    throw invalidBody(`Pages ${ids} belong to another group or language than page ${first.id}`, { id: PAGE_MSG.treeMixed });
  }
  for (const item of items) {
    if (item.parentId !== 0 && !parentOf.has(item.parentId)) {
      throw invalidBody(`Parent ${item.parentId} of page ${item.id} is not a page of this tree`, { parentId: PAGE_MSG.treeUnknownParent });
    }
    parentOf.set(item.id, item.parentId);
  }
  for (const item of items) {
    const seen = new Set<number>();
    let at = item.id;
    while (at !== 0) {
      if (seen.has(at)) throw invalidBody(`Page ${item.id} would become its own ancestor`, { parentId: PAGE_MSG.treeCycle });
      seen.add(at);
      at = parentOf.get(at) ?? 0;
    }
  }

  await db.transaction(async (tx) => {
    for (const item of items) await updatePagePosition(tx, item.id, item.parentId, item.pageIndex);
  });
  invalidateCache(CACHE_KEYS.pages);
  return getPageTree(db, groupId, treeLanguageId);
}
