import type { PageType, PageWriteFields } from "@/contracts/page";
import type { Queryable } from "../../infra/db/db";
import { ROW_VERSION_SQL } from "../../infra/db/row-version";

export interface PageTreeRow {
  id: number;
  title: string;
  parent_id: number;
  page_index: number;
  page_type: PageType;
  show_in_menu: boolean;
  show_in_footer: boolean;
  /** Redirect pages' target (PageTreeNode.url). */
  url: string | null;
}

/**
 * Pages of one group, `$2` (null: the main site), in the tree of language `$1`: written in it or
 * translated into it (`t`: the translation). `coalesce(…, 0)` matches page_group_tree_idx, which
 * `is not distinct from` could not use.
 */
const IN_TREE = `from page p
       left join page_translation t on t.page_id = p.id and t.language_id = $1
      where not p.is_deleted and coalesce(p.user_group_id, 0) = coalesce($2::integer, 0)
        and (p.language_id = $1 or t.page_id is not null)`;

/** Sticky pages of the tree of one group (null: main site) and language, with titles in that language, in sibling order. */
export function findTreePages(db: Queryable, userGroupId: number | null, languageId: number): Promise<PageTreeRow[]> {
  return db.query<PageTreeRow>(
    `select p.id, coalesce(t.title, p.title) as title, p.parent_id, p.page_index, p.page_type, p.show_in_menu, p.show_in_footer, p.url
       ${IN_TREE} and p.sticky
      order by p.page_index, p.id`,
    [languageId, userGroupId],
  );
}

export interface PageRow extends PageTreeRow {
  content: string;
  description: string | null;
  social_preview: string | null;
  user_group_id: number | null;
  language_id: number;
  url: string | null;
  auther_id: number | null;
  auther_name: string | null;
  date: Date;
  sticky: boolean;
  allow_comments: boolean;
  /** The optimistic version (db/row-version.ts). */
  version: string;
}

export function findPageById(db: Queryable, id: number): Promise<PageRow | null> {
  return db.maybeOne<PageRow>(
    `select id, title, content, description, social_preview, user_group_id, language_id, parent_id, page_index,
            page_type, url, auther_id, auther_name, date, sticky, show_in_footer, show_in_menu, allow_comments, ${ROW_VERSION_SQL} as version
       from page
      where id = $1 and not is_deleted`,
    [id],
  );
}

export interface GalleryRow {
  id: number;
  file_name: string;
  caption: string | null;
  attribution: string | null;
  license_id: number | null;
  display_order: number;
}

/**
 * A page's gallery with each caption in `languageId` (the page's own language: `page_gallery.caption`,
 * another: its `page_gallery_translation`); a caption missing in that language falls back to the
 * page's own, then to any other language's.
 */
export function findGallery(db: Queryable, pageId: number, languageId: number | null = null): Promise<GalleryRow[]> {
  return db.query<GalleryRow>(
    `select g.id, g.file_name,
            coalesce(nullif(t.caption, ''), nullif(g.caption, ''),
                     (select x.caption from page_gallery_translation x where x.gallery_id = g.id and x.caption <> '' order by x.language_id limit 1)) as caption,
            g.attribution, g.license_id, g.display_order
       from page_gallery g
       left join page_gallery_translation t on t.gallery_id = g.id and t.language_id = $2::integer
      where g.page_id = $1 order by g.display_order, g.id`,
    [pageId, languageId],
  );
}

/** A gallery item's caption in a language other than its page's own (an empty caption removes it). */
export async function saveGalleryCaption(db: Queryable, galleryId: number, languageId: number, caption: string | null): Promise<void> {
  if (!caption) {
    await db.query("delete from page_gallery_translation where gallery_id = $1 and language_id = $2", [galleryId, languageId]);
    return;
  }
  await db.query(
    `insert into page_gallery_translation (gallery_id, language_id, caption) values ($1, $2, $3)
     on conflict (gallery_id, language_id) do update set caption = excluded.caption, updated_on = now()`,
    [galleryId, languageId, caption],
  );
}

export interface AuthorRow {
  id: number;
  name: string;
  profile_pic: string | null;
  is_admin: boolean;
}

export function findAuthor(db: Queryable, userId: number): Promise<AuthorRow | null> {
  return db.maybeOne<AuthorRow>(
    "select id, name, profile_pic, 'ROLE_ADMIN' = any(roles) as is_admin from app_user where id = $1",
    [userId],
  );
}

export interface NewPage {
  id?: number;
  title: string;
  content: string;
  description?: string | null;
  socialPreview?: string | null;
  userGroupId: number | null;
  languageId: number;
  parentId: number;
  pageIndex: number;
  pageType: PageType;
  url?: string | null;
  autherId: number | null;
  autherName: string | null;
  date?: Date;
  sticky?: boolean;
  showInFooter?: boolean;
  showInMenu?: boolean;
  allowComments?: boolean;
  isDeleted?: boolean;
}

export async function insertPage(db: Queryable, page: NewPage): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `insert into page (id, title, content, description, social_preview, user_group_id, language_id, parent_id,
                       page_index, page_type, url, auther_id, auther_name, date, sticky, show_in_footer,
                       show_in_menu, allow_comments, is_deleted)
     values (coalesce($1::integer, nextval(pg_get_serial_sequence('page', 'id'))::integer), $2, $3, $4, $5, $6, $7, $8,
             $9, $10, $11, $12, $13, coalesce($14::timestamptz, now()), $15, $16, $17, $18, $19)
     returning id`,
    [
      page.id ?? null,
      page.title,
      page.content,
      page.description ?? null,
      page.socialPreview ?? null,
      page.userGroupId,
      page.languageId,
      page.parentId,
      page.pageIndex,
      page.pageType,
      page.url ?? null,
      page.autherId,
      page.autherName,
      page.date ?? null,
      page.sticky ?? true,
      page.showInFooter ?? false,
      page.showInMenu ?? false,
      page.allowComments ?? false,
      page.isDeleted ?? false,
    ],
  );
  return id;
}

export interface NewGalleryItem {
  fileName: string;
  caption: string | null;
  attribution: string | null;
  licenseId: number | null;
  displayOrder: number;
  authorId: number | null;
}

export async function insertGalleryItem(db: Queryable, pageId: number, item: NewGalleryItem): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `insert into page_gallery (page_id, file_name, caption, attribution, license_id, display_order, author_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [pageId, item.fileName, item.caption, item.attribution, item.licenseId, item.displayOrder, item.authorId],
  );
  return id;
}

/** Moves an identity sequence past the largest id, after rows were inserted with explicit ids. */
export async function syncIdSequence(db: Queryable, table: "page" | "user_group" | "app_user" | "page_gallery"): Promise<void> {
  await db.query(
    `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
  );
}

/** Non-deleted pages by id (any group, language or stickiness). */
export function findPagesByIds(db: Queryable, ids: readonly number[]): Promise<PageRow[]> {
  return db.query<PageRow>(
    `select id, title, content, description, social_preview, user_group_id, language_id, parent_id, page_index,
            page_type, url, auther_id, auther_name, date, sticky, show_in_footer, show_in_menu, allow_comments, ${ROW_VERSION_SQL} as version
       from page
      where id = any($1::integer[]) and not is_deleted`,
    [ids],
  );
}

/** id → parent of every page in the tree of one group (null: main site) and language. */
export function findParentLinks(db: Queryable, userGroupId: number | null, languageId: number): Promise<{ id: number; parent_id: number }[]> {
  return db.query<{ id: number; parent_id: number }>(`select p.id, p.parent_id ${IN_TREE}`, [languageId, userGroupId]);
}

/** Whether a page is in the tree of the group (null: main site) and language. */
export async function isPageInTree(db: Queryable, id: number, userGroupId: number | null, languageId: number): Promise<boolean> {
  return (await db.maybeOne(`select 1 as found ${IN_TREE} and p.id = $3`, [languageId, userGroupId, id])) !== null;
}

/**
 * The next sibling position under `parentId` (after every non-deleted sibling of the group, in any
 * language: the order of siblings is shared by the languages a page is translated into).
 */
export async function nextPageIndex(db: Queryable, userGroupId: number | null, parentId: number): Promise<number> {
  const row = await db.one<{ next: number }>(
    `select coalesce(max(page_index) + 1, 0)::integer as next from page
      where not is_deleted and coalesce(user_group_id, 0) = coalesce($1::integer, 0) and parent_id = $2`,
    [userGroupId, parentId],
  );
  return row.next;
}

export interface PageTextRow {
  language_id: number;
  title: string;
  content: string;
  description: string | null;
}

/** The page's title, content and description in a language other than its own; null when not translated. */
export function findPageTranslation(db: Queryable, pageId: number, languageId: number): Promise<PageTextRow | null> {
  return db.maybeOne<PageTextRow>(
    "select language_id, title, content, description from page_translation where page_id = $1 and language_id = $2",
    [pageId, languageId],
  );
}

export async function upsertPageTranslation(db: Queryable, pageId: number, text: PageTextRow): Promise<void> {
  await db.query(
    `insert into page_translation (page_id, language_id, title, content, description) values ($1, $2, $3, $4, $5)
     on conflict (page_id, language_id) do update
       set title = excluded.title, content = excluded.content, description = excluded.description, updated_on = now()`,
    [pageId, text.language_id, text.title, text.content, text.description],
  );
}

/** The stored fields of a page write (the contract's fields without the gallery). */
export type PageFieldsUpdate = Omit<PageWriteFields, "galleryData">;

export async function updatePageFields(db: Queryable, id: number, f: PageFieldsUpdate): Promise<void> {
  await db.query(
    `update page set title = $2, content = $3, description = $4, social_preview = $5, page_type = $6, url = $7,
            sticky = $8, show_in_footer = $9, show_in_menu = $10, allow_comments = $11, updated_on = now()
      where id = $1 and not is_deleted`,
    [id, f.title, f.content, f.description, f.socialPreview, f.pageType, f.url, f.sticky, f.showInFooter, f.showInMenu, f.allowComments],
  );
}

/** The fields every language of a page shares (a translated save leaves the page's own text alone). */
export async function updateSharedPageFields(db: Queryable, id: number, f: PageFieldsUpdate): Promise<void> {
  await db.query(
    `update page set social_preview = $2, page_type = $3, url = $4, sticky = $5, show_in_footer = $6, show_in_menu = $7,
            allow_comments = $8, updated_on = now()
      where id = $1 and not is_deleted`,
    [id, f.socialPreview, f.pageType, f.url, f.sticky, f.showInFooter, f.showInMenu, f.allowComments],
  );
}

export async function updatePagePosition(db: Queryable, id: number, parentId: number, pageIndex: number): Promise<void> {
  await db.query("update page set parent_id = $2, page_index = $3, updated_on = now() where id = $1", [id, parentId, pageIndex]);
}

/** Soft-deletes the page and moves its children up to its parent. */
export async function softDeletePage(db: Queryable, id: number, parentId: number): Promise<void> {
  await db.query("update page set is_deleted = true, updated_on = now() where id = $1", [id]);
  await db.query("update page set parent_id = $2, updated_on = now() where parent_id = $1 and not is_deleted", [id, parentId]);
}

/** Changes a gallery item; `ownCaption: false` leaves its caption in the page's own language as it is. */
export async function updateGalleryItem(db: Queryable, pageId: number, id: number, item: Omit<NewGalleryItem, "authorId">, ownCaption = true): Promise<boolean> {
  const rows = await db.query(
    `update page_gallery set file_name = $3, caption = case when $8 then $4 else caption end, attribution = $5, license_id = $6,
            display_order = $7, updated_on = now()
      where id = $1 and page_id = $2 returning id`,
    [id, pageId, item.fileName, item.caption, item.attribution, item.licenseId, item.displayOrder, ownCaption],
  );
  return rows.length > 0;
}

export async function deleteGalleryItem(db: Queryable, pageId: number, id: number): Promise<boolean> {
  const rows = await db.query("delete from page_gallery where id = $1 and page_id = $2 returning id", [id, pageId]);
  return rows.length > 0;
}

export async function groupExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.maybeOne("select 1 as found from user_group where id = $1 and not is_deleted", [id])) !== null;
}

/** Locks the page's row; true when its version is still `version` (no one saved it meanwhile). */
export async function lockPageAtVersion(tx: Queryable, id: number, version: string): Promise<boolean> {
  const row = await tx.maybeOne<{ version: string }>(`select ${ROW_VERSION_SQL} as version from page where id = $1 for update`, [id]);
  return row?.version === version;
}
