/**
 * The configurable homes (reference §4.8): one per group and one for the site (`group_key` 0). Every
 * function takes the home's key; the routes decide who may call them (site: admins; a group: admins
 * and its founders). Texts per language with English as the fallback; one row holds every language.
 */
import SITE_CONFIG from "@site-config";
import type { GallerySlide, HomePageData, HomeSettings, MiniGallery, MiniGalleryInput, ReorderItem, SlideInput } from "@/contracts/home";
import { HOME_LIMITS, HOME_MSG } from "@/contracts/home";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Db, Queryable } from "../../infra/db/db";
import { statStoredFile, storedFileKey } from "../../infra/files/file-storage";
import type { FileStore } from "../../infra/files/file-store";
import { AppError, notFound } from "../../infra/http/app-error";

/** The main site's home. */
export const SITE_HOME = 0;
/** Slides' images live in this directory of the files service. */
export const HOME_FILES_DIRECTORY = "homePage";

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

export const DEFAULT_SETTINGS: HomeSettings = { showGallery: true, showStats: true, showDesc: true, showPartners: false, description: "" };

interface SettingsRow {
  show_gallery: boolean;
  show_stats: boolean;
  show_desc: boolean;
  show_partners: boolean;
  description: string;
}

interface SlideRow {
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

interface SlideTextRow {
  slide_id: number;
  language_id: number;
  title: string;
  description: string;
  read_more_text: string;
}

interface MiniRow {
  id: number;
  slides_per_view: number;
  is_vertical: boolean;
  is_active: boolean;
}

interface MiniTextRow {
  mini_gallery_id: number;
  language_id: number;
  title: string;
}

const ugIdOf = (groupKey: number): number | null => (groupKey === SITE_HOME ? null : groupKey);

/** The row of `language`, else English, else any. */
function pick<T extends { language_id: number }>(rows: readonly T[], languageId: number): T | undefined {
  return rows.find((r) => r.language_id === languageId) ?? rows.find((r) => r.language_id === DEFAULT_LANGUAGE) ?? rows[0];
}

export async function readSettings(db: Queryable, groupKey: number): Promise<HomeSettings> {
  const row = await db.maybeOne<SettingsRow>("select show_gallery, show_stats, show_desc, show_partners, description from home_page where group_key = $1", [groupKey]);
  if (!row) return { ...DEFAULT_SETTINGS };
  return { showGallery: row.show_gallery, showStats: row.show_stats, showDesc: row.show_desc, showPartners: row.show_partners, description: row.description };
}

function toSlide(row: SlideRow, texts: readonly SlideTextRow[], languageId: number, admin: boolean): GallerySlide {
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
    slide.translations = own.map((t) => ({ languageId: t.language_id, title: t.title, description: t.description, readMoreText: t.read_more_text }));
  }
  return slide;
}

function toMini(row: MiniRow, groupKey: number, texts: readonly MiniTextRow[], slides: GallerySlide[], languageId: number, admin: boolean): MiniGallery {
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

/**
 * A home as visitors see it (active items only, texts in `languageId` or English), or with
 * `admin` every item and every language's texts (`translations`).
 */
export async function loadHome(db: Queryable, groupKey: number, languageId: number, admin: boolean): Promise<HomePageData> {
  const active = admin ? "" : " and is_active";
  const [settings, minis, slides] = await Promise.all([
    readSettings(db, groupKey),
    db.query<MiniRow>(`select id, slides_per_view, is_vertical, is_active from home_mini_gallery where group_key = $1${active} order by id`, [groupKey]),
    db.query<SlideRow>(
      `select id, group_key, mini_gallery_id, file_name, more_links, read_more_ui_type, gallery_sidebar, color, bg_color, is_active, display_order
         from home_slide where group_key = $1${active} order by display_order, id`,
      [groupKey],
    ),
  ]);
  const slideIds = slides.map((s) => s.id);
  const miniIds = minis.map((m) => m.id);
  const [slideTexts, miniTexts] = await Promise.all([
    slideIds.length === 0
      ? Promise.resolve([])
      : db.query<SlideTextRow>("select slide_id, language_id, title, description, read_more_text from home_slide_translation where slide_id = any($1::int[]) order by language_id", [slideIds]),
    miniIds.length === 0
      ? Promise.resolve([])
      : db.query<MiniTextRow>("select mini_gallery_id, language_id, title from home_mini_gallery_translation where mini_gallery_id = any($1::int[]) order by language_id", [miniIds]),
  ]);
  const all = slides.map((row) => toSlide(row, slideTexts, languageId, admin));
  const miniSet = new Set(miniIds);
  return {
    ugId: ugIdOf(groupKey),
    ...settings,
    showRecentObservation: false,
    showGridMap: false,
    showSponsors: false,
    showDonors: false,
    gallerySlider: all.filter((s) => s.galleryId === null),
    // Slides of an inactive mini gallery stay out of the public view with it.
    miniGallery: minis.map((m) => toMini(m, groupKey, miniTexts, all.filter((s) => s.galleryId !== null && miniSet.has(s.galleryId)), languageId, admin)),
  };
}

export async function saveSettings(db: Db, groupKey: number, settings: HomeSettings): Promise<void> {
  await db.query(
    `insert into home_page (group_key, show_gallery, show_stats, show_desc, show_partners, description) values ($1, $2, $3, $4, $5, $6)
     on conflict (group_key) do update set show_gallery = excluded.show_gallery, show_stats = excluded.show_stats, show_desc = excluded.show_desc,
       show_partners = excluded.show_partners, description = excluded.description, updated_on = now()`,
    [groupKey, settings.showGallery, settings.showStats, settings.showDesc, settings.showPartners, settings.description],
  );
  invalidateCache(CACHE_KEYS.home);
}

/** 400 unless `fileName` is a file of the files service's `homePage` directory. */
async function requireStoredImage(store: FileStore, fileName: string | null | undefined): Promise<void> {
  if (!fileName) return;
  try {
    await statStoredFile(store, storedFileKey(HOME_FILES_DIRECTORY, fileName.slice(1).split("/")));
  } catch {
    throw new AppError("VALIDATION_FAILED", `fileName ${fileName} is not a file of the ${HOME_FILES_DIRECTORY} directory of the files service: upload it first`, {
      fileName: HOME_MSG.fileMissing,
    });
  }
}

async function writeSlideTexts(tx: Queryable, slideId: number, input: SlideInput): Promise<void> {
  await tx.query("delete from home_slide_translation where slide_id = $1", [slideId]);
  for (const t of input.translations) {
    await tx.query("insert into home_slide_translation (slide_id, language_id, title, description, read_more_text) values ($1, $2, $3, $4, $5)", [
      slideId,
      t.languageId,
      t.title,
      t.description,
      t.readMoreText,
    ]);
  }
}

/** 404 unless the mini gallery belongs to this home. */
async function requireMini(db: Queryable, groupKey: number, miniId: number): Promise<void> {
  const row = await db.maybeOne("select id from home_mini_gallery where id = $1 and group_key = $2", [miniId, groupKey]);
  if (!row) throw notFound(`Mini gallery ${miniId} not found on this home`);
}

export async function createSlide(deps: { db: Db; fileStore: FileStore }, groupKey: number, input: SlideInput, authorId: number): Promise<number> {
  const mini = input.galleryId ?? null;
  if (mini !== null) await requireMini(deps.db, groupKey, mini);
  await requireStoredImage(deps.fileStore, input.fileName);
  const id = await deps.db.transaction(async (tx) => {
    const { n, next } = await tx.one<{ n: number; next: number }>(
      "select count(*)::int as n, coalesce(max(display_order) + 1, 0)::int as next from home_slide where group_key = $1 and mini_gallery_id is not distinct from $2",
      [groupKey, mini],
    );
    if (n >= HOME_LIMITS.SLIDES_PER_GALLERY) {
      throw new AppError("VALIDATION_FAILED", `A gallery holds at most ${HOME_LIMITS.SLIDES_PER_GALLERY} slides`, { galleryId: HOME_MSG.tooMany });
    }
    const row = await tx.one<{ id: number }>(
      `insert into home_slide (group_key, mini_gallery_id, file_name, more_links, read_more_ui_type, gallery_sidebar, color, bg_color, is_active, display_order, author_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [groupKey, mini, input.fileName ?? null, input.moreLinks ?? null, input.readMoreUIType ?? "button_with_arrow", input.gallerySidebar ?? "translucent", input.color ?? null, input.bgColor ?? null, input.isActive ?? true, next, authorId],
    );
    await writeSlideTexts(tx, row.id, input);
    return row.id;
  });
  invalidateCache(CACHE_KEYS.home);
  return id;
}

/** 404 unless the slide belongs to this home and to the kind of gallery the route names. */
async function requireSlide(db: Queryable, groupKey: number, slideId: number, mini: boolean): Promise<SlideRow> {
  const row = await db.maybeOne<SlideRow>("select * from home_slide where id = $1 and group_key = $2", [slideId, groupKey]);
  if (!row || (row.mini_gallery_id !== null) !== mini) throw notFound(`Slide ${slideId} not found in this home's ${mini ? "mini galleries" : "gallery"}`);
  return row;
}

export async function editSlide(deps: { db: Db; fileStore: FileStore }, groupKey: number, slideId: number, input: SlideInput, mini: boolean): Promise<void> {
  const row = await requireSlide(deps.db, groupKey, slideId, mini);
  const target = mini ? (input.galleryId ?? row.mini_gallery_id) : null;
  if (target !== null && target !== row.mini_gallery_id) await requireMini(deps.db, groupKey, target);
  if (input.fileName !== row.file_name) await requireStoredImage(deps.fileStore, input.fileName);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `update home_slide set mini_gallery_id = $2, file_name = $3, more_links = $4, read_more_ui_type = $5, gallery_sidebar = $6, color = $7, bg_color = $8,
         is_active = $9, updated_on = now() where id = $1`,
      [slideId, target, input.fileName ?? null, input.moreLinks ?? null, input.readMoreUIType ?? "button_with_arrow", input.gallerySidebar ?? "translucent", input.color ?? null, input.bgColor ?? null, input.isActive ?? true],
    );
    await writeSlideTexts(tx, slideId, input);
  });
  invalidateCache(CACHE_KEYS.home);
}

export async function removeSlide(db: Db, groupKey: number, slideId: number, mini: boolean): Promise<void> {
  await requireSlide(db, groupKey, slideId, mini);
  await db.query("delete from home_slide where id = $1", [slideId]);
  invalidateCache(CACHE_KEYS.home);
}

/** Sets `displayOrder` of the slides listed; every one must be a slide of this home's gallery (or mini galleries). */
export async function reorderSlides(db: Db, groupKey: number, items: readonly ReorderItem[], mini: boolean): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((i) => i.galleryId);
  const found = await db.query<{ id: number }>(
    `select id from home_slide where group_key = $1 and id = any($2::int[]) and (mini_gallery_id is not null) = $3`,
    [groupKey, ids, mini],
  );
  if (found.length !== ids.length) {
    const known = new Set(found.map((f) => f.id));
    const unknown = ids.filter((id) => !known.has(id));
    throw new AppError("VALIDATION_FAILED", `Slides ${unknown.join(", ")} are not in this home's ${mini ? "mini galleries" : "gallery"}`, { body: HOME_MSG.reorder });
  }
  await db.transaction(async (tx) => {
    for (const item of items) await tx.query("update home_slide set display_order = $2 where id = $1", [item.galleryId, item.displayOrder]);
  });
  invalidateCache(CACHE_KEYS.home);
}

async function writeMiniTexts(tx: Queryable, miniId: number, input: MiniGalleryInput): Promise<void> {
  await tx.query("delete from home_mini_gallery_translation where mini_gallery_id = $1", [miniId]);
  for (const t of input.translations) {
    await tx.query("insert into home_mini_gallery_translation (mini_gallery_id, language_id, title) values ($1, $2, $3)", [miniId, t.languageId, t.title]);
  }
}

async function miniAdminView(db: Queryable, groupKey: number, miniId: number): Promise<MiniGallery> {
  const home = await loadHome(db, groupKey, DEFAULT_LANGUAGE, true);
  const mini = home.miniGallery.find((m) => m.id === miniId);
  if (!mini) throw notFound(`Mini gallery ${miniId} not found on this home`);
  return mini;
}

export async function createMiniGallery(db: Db, groupKey: number, input: MiniGalleryInput): Promise<MiniGallery> {
  const id = await db.transaction(async (tx) => {
    const { n } = await tx.one<{ n: number }>("select count(*)::int as n from home_mini_gallery where group_key = $1", [groupKey]);
    if (n >= HOME_LIMITS.MINI_GALLERIES) {
      throw new AppError("VALIDATION_FAILED", `A home holds at most ${HOME_LIMITS.MINI_GALLERIES} mini galleries`, { translations: HOME_MSG.tooMany });
    }
    const row = await tx.one<{ id: number }>(
      "insert into home_mini_gallery (group_key, slides_per_view, is_vertical, is_active) values ($1, $2, $3, $4) returning id",
      [groupKey, input.slidesPerView, input.isVertical ?? false, input.isActive ?? true],
    );
    await writeMiniTexts(tx, row.id, input);
    return row.id;
  });
  invalidateCache(CACHE_KEYS.home);
  return miniAdminView(db, groupKey, id);
}

export async function editMiniGallery(db: Db, groupKey: number, miniId: number, input: MiniGalleryInput): Promise<MiniGallery> {
  await requireMini(db, groupKey, miniId);
  await db.transaction(async (tx) => {
    await tx.query("update home_mini_gallery set slides_per_view = $2, is_vertical = $3, is_active = $4 where id = $1", [
      miniId,
      input.slidesPerView,
      input.isVertical ?? false,
      input.isActive ?? true,
    ]);
    await writeMiniTexts(tx, miniId, input);
  });
  invalidateCache(CACHE_KEYS.home);
  return miniAdminView(db, groupKey, miniId);
}

/** Removes a mini gallery with its slides. */
export async function removeMiniGallery(db: Db, groupKey: number, miniId: number): Promise<void> {
  await requireMini(db, groupKey, miniId);
  await db.query("delete from home_mini_gallery where id = $1", [miniId]);
  invalidateCache(CACHE_KEYS.home);
}
