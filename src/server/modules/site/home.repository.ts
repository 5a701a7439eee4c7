/**
 * The SQL of the configurable homes (`home_page`, `home_slide`, `home_slide_translation`,
 * `home_mini_gallery`, `home_mini_gallery_translation`); every function takes the home's key
 * (`group_key`: 0 for the site, else the group's id). Rows are mapped to the contract's shapes here.
 */
import SITE_CONFIG from "@site-config";
import type { GallerySlide, HomeSettings, MiniGallery, MiniGalleryInput, SlideInput, SlideTranslation } from "@/contracts/home";
import type { Queryable } from "../../infra/db/db";

/** The main site's home. */
export const SITE_HOME = 0;

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

export interface SlideRow {
  id: number;
  group_key: number;
  mini_gallery_id: number | null;
  file_name: string | null;
  more_links: string | null;
  read_more_ui_type: string;
  gallery_sidebar: string;
  color: string | null;
  bg_color: string | null;
  is_active: boolean;
  display_order: number;
}

export interface SlideTextRow {
  slide_id: number;
  language_id: number;
  title: string;
  description: string;
  read_more_text: string;
}

export interface MiniRow {
  id: number;
  slides_per_view: number;
  is_vertical: boolean;
  is_active: boolean;
}

export interface MiniTextRow {
  mini_gallery_id: number;
  language_id: number;
  title: string;
}

interface SettingsRow {
  show_gallery: boolean;
  show_stats: boolean;
  show_desc: boolean;
  show_partners: boolean;
  description: string;
}

export const ugIdOf = (groupKey: number): number | null => (groupKey === SITE_HOME ? null : groupKey);

/** The row of `language`, else English, else any. */
function pick<T extends { language_id: number }>(rows: readonly T[], languageId: number): T | undefined {
  return rows.find((r) => r.language_id === languageId) ?? rows.find((r) => r.language_id === DEFAULT_LANGUAGE) ?? rows[0];
}

/** A slide in `languageId` (else English); with `admin` every language's texts too. */
export function toSlide(row: SlideRow, texts: readonly SlideTextRow[], languageId: number, admin: boolean): GallerySlide {
  const own = texts.filter((t) => t.slide_id === row.id);
  const shown = pick(own, languageId);
  const slide: GallerySlide = {
    id: row.id,
    sliderId: row.id,
    ugId: ugIdOf(row.group_key),
    galleryId: row.mini_gallery_id,
    fileName: row.file_name,
    moreLinks: row.more_links,
    readMoreUIType: row.read_more_ui_type === "link" ? "link" : "button_with_arrow",
    gallerySidebar: row.gallery_sidebar === "opaque" ? "opaque" : "translucent",
    color: row.color,
    bgColor: row.bg_color,
    isActive: row.is_active,
    displayOrder: row.display_order,
    languageId: shown?.language_id ?? languageId,
    title: shown?.title ?? "",
    customDescripition: shown?.description ?? "",
    readMoreText: shown?.read_more_text ?? "",
  };
  if (admin) {
    slide.translations = own.map((t): SlideTranslation => ({ languageId: t.language_id, title: t.title, description: t.description, readMoreText: t.read_more_text }));
  }
  return slide;
}

/** A mini gallery with the slides given (already mapped), in `languageId` (else English). */
export function toMini(row: MiniRow, groupKey: number, texts: readonly MiniTextRow[], slides: GallerySlide[], languageId: number, admin: boolean): MiniGallery {
  const own = texts.filter((t) => t.mini_gallery_id === row.id);
  const shown = pick(own, languageId);
  const mini: MiniGallery = {
    id: row.id,
    galleryId: row.id,
    ugId: ugIdOf(groupKey),
    title: shown?.title ?? "",
    languageId: shown?.language_id ?? languageId,
    slidesPerView: row.slides_per_view,
    isVertical: row.is_vertical,
    isActive: row.is_active,
    gallerySlider: slides.filter((s) => s.galleryId === row.id),
  };
  if (admin) mini.translations = own.map((t) => ({ languageId: t.language_id, title: t.title }));
  return mini;
}

/** The home's switches, or null while it was never saved. */
export async function findSettings(db: Queryable, groupKey: number): Promise<HomeSettings | null> {
  const row = await db.maybeOne<SettingsRow>("select show_gallery, show_stats, show_desc, show_partners, description from home_page where group_key = $1", [groupKey]);
  if (!row) return null;
  return { showGallery: row.show_gallery, showStats: row.show_stats, showDesc: row.show_desc, showPartners: row.show_partners, description: row.description };
}

export async function upsertSettings(db: Queryable, groupKey: number, settings: HomeSettings): Promise<void> {
  await db.query(
    `insert into home_page (group_key, show_gallery, show_stats, show_desc, show_partners, description) values ($1, $2, $3, $4, $5, $6)
     on conflict (group_key) do update set show_gallery = excluded.show_gallery, show_stats = excluded.show_stats, show_desc = excluded.show_desc,
       show_partners = excluded.show_partners, description = excluded.description, updated_on = now()`,
    [groupKey, settings.showGallery, settings.showStats, settings.showDesc, settings.showPartners, settings.description],
  );
}

/** The home's mini galleries by id (active ones only unless `all`). */
export function findMiniGalleries(db: Queryable, groupKey: number, all: boolean): Promise<MiniRow[]> {
  const active = all ? "" : " and is_active";
  return db.query<MiniRow>(`select id, slides_per_view, is_vertical, is_active from home_mini_gallery where group_key = $1${active} order by id`, [groupKey]);
}

/** The home's slides, main gallery and mini galleries, by display order (active ones only unless `all`). */
export function findSlides(db: Queryable, groupKey: number, all: boolean): Promise<SlideRow[]> {
  const active = all ? "" : " and is_active";
  return db.query<SlideRow>(
    `select id, group_key, mini_gallery_id, file_name, more_links, read_more_ui_type, gallery_sidebar, color, bg_color, is_active, display_order
       from home_slide where group_key = $1${active} order by display_order, id`,
    [groupKey],
  );
}

export async function findSlideTexts(db: Queryable, slideIds: readonly number[]): Promise<SlideTextRow[]> {
  if (slideIds.length === 0) return [];
  return db.query<SlideTextRow>(
    "select slide_id, language_id, title, description, read_more_text from home_slide_translation where slide_id = any($1::int[]) order by language_id",
    [slideIds],
  );
}

export async function findMiniTexts(db: Queryable, miniIds: readonly number[]): Promise<MiniTextRow[]> {
  if (miniIds.length === 0) return [];
  return db.query<MiniTextRow>("select mini_gallery_id, language_id, title from home_mini_gallery_translation where mini_gallery_id = any($1::int[]) order by language_id", [
    miniIds,
  ]);
}

/** Whether the mini gallery belongs to this home. */
export async function miniGalleryExists(db: Queryable, groupKey: number, miniId: number): Promise<boolean> {
  return (await db.maybeOne("select id from home_mini_gallery where id = $1 and group_key = $2", [miniId, groupKey])) !== null;
}

/** The slide if it belongs to this home. */
export function findSlide(db: Queryable, groupKey: number, slideId: number): Promise<SlideRow | null> {
  return db.maybeOne<SlideRow>("select * from home_slide where id = $1 and group_key = $2", [slideId, groupKey]);
}

/** The mini gallery a slide is in (any home), null for the main gallery or an unknown slide. */
export async function findSlideMiniGallery(db: Queryable, slideId: number): Promise<number | null> {
  const row = await db.maybeOne<{ mini_gallery_id: number | null }>("select mini_gallery_id from home_slide where id = $1", [slideId]);
  return row?.mini_gallery_id ?? null;
}

/** How many slides one gallery of the home holds (`miniId` null: the main gallery) and the next display order. */
export function countGallerySlides(tx: Queryable, groupKey: number, miniId: number | null): Promise<{ n: number; next: number }> {
  return tx.one<{ n: number; next: number }>(
    "select count(*)::int as n, coalesce(max(display_order) + 1, 0)::int as next from home_slide where group_key = $1 and mini_gallery_id is not distinct from $2",
    [groupKey, miniId],
  );
}

export async function insertSlide(tx: Queryable, groupKey: number, miniId: number | null, input: SlideInput, displayOrder: number, authorId: number): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `insert into home_slide (group_key, mini_gallery_id, file_name, more_links, read_more_ui_type, gallery_sidebar, color, bg_color, is_active, display_order, author_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      groupKey,
      miniId,
      input.fileName ?? null,
      input.moreLinks ?? null,
      input.readMoreUIType ?? "button_with_arrow",
      input.gallerySidebar ?? "translucent",
      input.color ?? null,
      input.bgColor ?? null,
      input.isActive ?? true,
      displayOrder,
      authorId,
    ],
  );
  return row.id;
}

export async function updateSlide(tx: Queryable, slideId: number, miniId: number | null, input: SlideInput): Promise<void> {
  await tx.query(
    `update home_slide set mini_gallery_id = $2, file_name = $3, more_links = $4, read_more_ui_type = $5, gallery_sidebar = $6, color = $7, bg_color = $8,
       is_active = $9, updated_on = now() where id = $1`,
    [
      slideId,
      miniId,
      input.fileName ?? null,
      input.moreLinks ?? null,
      input.readMoreUIType ?? "button_with_arrow",
      input.gallerySidebar ?? "translucent",
      input.color ?? null,
      input.bgColor ?? null,
      input.isActive ?? true,
    ],
  );
}

/** Replaces a slide's texts with `translations`. */
export async function replaceSlideTexts(tx: Queryable, slideId: number, translations: readonly SlideTranslation[]): Promise<void> {
  await tx.query("delete from home_slide_translation where slide_id = $1", [slideId]);
  for (const t of translations) {
    await tx.query("insert into home_slide_translation (slide_id, language_id, title, description, read_more_text) values ($1, $2, $3, $4, $5)", [
      slideId,
      t.languageId,
      t.title,
      t.description,
      t.readMoreText,
    ]);
  }
}

export async function deleteSlide(db: Queryable, slideId: number): Promise<void> {
  await db.query("delete from home_slide where id = $1", [slideId]);
}

/** The ids among `ids` that are slides of this home's main gallery (`mini` false) or of its mini galleries. */
export async function findSlideIdsIn(db: Queryable, groupKey: number, ids: readonly number[], mini: boolean): Promise<number[]> {
  const rows = await db.query<{ id: number }>("select id from home_slide where group_key = $1 and id = any($2::int[]) and (mini_gallery_id is not null) = $3", [
    groupKey,
    ids,
    mini,
  ]);
  return rows.map((r) => r.id);
}

export async function updateSlideOrder(tx: Queryable, slideId: number, displayOrder: number): Promise<void> {
  await tx.query("update home_slide set display_order = $2 where id = $1", [slideId, displayOrder]);
}

export async function countMiniGalleries(tx: Queryable, groupKey: number): Promise<number> {
  return (await tx.one<{ n: number }>("select count(*)::int as n from home_mini_gallery where group_key = $1", [groupKey])).n;
}

export async function insertMiniGallery(tx: Queryable, groupKey: number, input: MiniGalleryInput): Promise<number> {
  const row = await tx.one<{ id: number }>("insert into home_mini_gallery (group_key, slides_per_view, is_vertical, is_active) values ($1, $2, $3, $4) returning id", [
    groupKey,
    input.slidesPerView,
    input.isVertical ?? false,
    input.isActive ?? true,
  ]);
  return row.id;
}

export async function updateMiniGallery(tx: Queryable, miniId: number, input: MiniGalleryInput): Promise<void> {
  await tx.query("update home_mini_gallery set slides_per_view = $2, is_vertical = $3, is_active = $4 where id = $1", [
    miniId,
    input.slidesPerView,
    input.isVertical ?? false,
    input.isActive ?? true,
  ]);
}

/** Replaces a mini gallery's titles with `input.translations`. */
export async function replaceMiniTexts(tx: Queryable, miniId: number, input: MiniGalleryInput): Promise<void> {
  await tx.query("delete from home_mini_gallery_translation where mini_gallery_id = $1", [miniId]);
  for (const t of input.translations) {
    await tx.query("insert into home_mini_gallery_translation (mini_gallery_id, language_id, title) values ($1, $2, $3)", [miniId, t.languageId, t.title]);
  }
}

/** Removes a mini gallery; its slides go with it (foreign key). */
export async function deleteMiniGallery(db: Queryable, miniId: number): Promise<void> {
  await db.query("delete from home_mini_gallery where id = $1", [miniId]);
}
