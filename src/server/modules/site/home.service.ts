/**
 * The configurable homes (reference §4.8): one per group and one for the site (`SITE_HOME`, key 0).
 * Every function takes the home's key; the routes decide who may call them (site: admins; a group:
 * admins and its founders). Texts per language with English as the fallback; one row holds every
 * language. Write bodies are checked against the shared contracts (src/contracts/home.schema.ts) and
 * every write refreshes the cached homes; slide writes answer the home in the admin view.
 */
import SITE_CONFIG from "@site-config";
import type { HomePageData, HomeSettings, MiniGallery, MiniGalleryInput, SlideInput } from "@/contracts/home";
import { HOME_LIMITS, HOME_MSG } from "@/contracts/home";
import { homeSettingsSchema, miniGallerySchema, reorderSchema, slideSchema } from "@/contracts/home.schema";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import type { Db, Queryable } from "../../infra/db/db";
import { statStoredFile, storedFileKey } from "../../infra/files/file-storage";
import type { FileStore } from "../../infra/files/file-store";
import { AppError, notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import {
  countGallerySlides,
  countMiniGalleries,
  deleteMiniGallery,
  deleteSlide,
  findMiniGalleries,
  findMiniTexts,
  findSettings,
  findSlide,
  findSlideIdsIn,
  findSlideMiniGallery,
  findSlides,
  findSlideTexts,
  insertMiniGallery,
  insertSlide,
  miniGalleryExists,
  replaceMiniTexts,
  replaceSlideTexts,
  SITE_HOME,
  toMini,
  toSlide,
  ugIdOf,
  updateMiniGallery,
  updateSlide,
  updateSlideOrder,
  upsertSettings,
  type SlideRow,
} from "./home.repository";

export { SITE_HOME };
/** Slides' images live in this directory of the files service. */
export const HOME_FILES_DIRECTORY = "homePage";

const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

export const DEFAULT_SETTINGS: HomeSettings = { showGallery: true, showStats: true, showDesc: true, showPartners: false, description: "" };

const mainSlideSchema = slideSchema({ mini: false, cleanHtml: cleanPageHtml });
const miniSlideSchema = slideSchema({ mini: true, cleanHtml: cleanPageHtml });

type FileDeps = { db: Db; fileStore: FileStore };

/** A slide write body → the clean input, or 400 VALIDATION_FAILED with the contract's field errors. */
async function readSlide(body: unknown, mini: boolean): Promise<SlideInput> {
  const v = await validateWith(mini ? miniSlideSchema : mainSlideSchema, body);
  return {
    fileName: v.fileName ?? null,
    moreLinks: v.moreLinks ?? null,
    readMoreUIType: v.readMoreUIType,
    gallerySidebar: v.gallerySidebar,
    color: v.color ?? null,
    bgColor: v.bgColor ?? null,
    isActive: v.isActive ?? true,
    galleryId: v.galleryId ?? undefined,
    translations: v.translations,
  };
}

async function readMiniGallery(body: unknown): Promise<MiniGalleryInput> {
  const v = await validateWith(miniGallerySchema, body);
  return { slidesPerView: v.slidesPerView ?? 1, isVertical: v.isVertical ?? false, isActive: v.isActive ?? true, translations: v.translations };
}

export async function readSettings(db: Queryable, groupKey: number): Promise<HomeSettings> {
  return (await findSettings(db, groupKey)) ?? { ...DEFAULT_SETTINGS };
}

/**
 * A home as visitors see it (active items only, texts in `languageId` or English), or with
 * `admin` every item and every language's texts (`translations`).
 */
export async function loadHome(db: Queryable, groupKey: number, languageId: number, admin: boolean): Promise<HomePageData> {
  const [settings, minis, slides] = await Promise.all([readSettings(db, groupKey), findMiniGalleries(db, groupKey, admin), findSlides(db, groupKey, admin)]);
  const miniIds = minis.map((m) => m.id);
  const [slideTexts, miniTexts] = await Promise.all([findSlideTexts(db, slides.map((s) => s.id)), findMiniTexts(db, miniIds)]);
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

/** The admin view a write answers: every item, texts in `languageId`. */
const adminView = (db: Queryable, groupKey: number, languageId: number) => loadHome(db, groupKey, languageId, true);

/** Saves the switches and description given (the others keep their stored values); answers the admin view. */
export async function saveSettings(db: Db, groupKey: number, body: unknown, languageId: number): Promise<HomePageData> {
  const v = await validateWith(homeSettingsSchema, body);
  const current = await readSettings(db, groupKey);
  await upsertSettings(db, groupKey, {
    showGallery: v.showGallery ?? current.showGallery,
    showStats: v.showStats ?? current.showStats,
    showDesc: v.showDesc ?? current.showDesc,
    showPartners: v.showPartners ?? current.showPartners,
    description: v.description ?? current.description,
  });
  invalidateCache(CACHE_KEYS.home);
  return adminView(db, groupKey, languageId);
}

/**
 * 400 unless `fileName` is a file of the files service's `homePage` directory, or of `userGroups`, where
 * the original front end uploads its slides (the files service answers either address for both).
 */
async function requireStoredImage(store: FileStore, fileName: string | null | undefined): Promise<void> {
  if (!fileName) return;
  const found = async (directory: string) =>
    statStoredFile(store, storedFileKey(directory, fileName.slice(1).split("/"))).then(
      () => true,
      () => false,
    );
  if (!(await found(HOME_FILES_DIRECTORY)) && !(await found("userGroups"))) {
    throw new AppError("VALIDATION_FAILED", `fileName ${fileName} is not a file of the ${HOME_FILES_DIRECTORY} directory of the files service: upload it first`, { fileName: HOME_MSG.fileMissing });
  }
}

/** 404 unless the mini gallery belongs to this home. */
async function requireMini(db: Queryable, groupKey: number, miniId: number): Promise<void> {
  if (!(await miniGalleryExists(db, groupKey, miniId))) throw notFound(`Mini gallery ${miniId} not found on this home`);
}

/** 404 unless the slide belongs to this home and to the kind of gallery the route names. */
async function requireSlide(db: Queryable, groupKey: number, slideId: number, mini: boolean): Promise<SlideRow> {
  const row = await findSlide(db, groupKey, slideId);
  if (!row || (row.mini_gallery_id !== null) !== mini) throw notFound(`Slide ${slideId} not found in this home's ${mini ? "mini galleries" : "gallery"}`);
  return row;
}

/** Adds a slide to the main gallery, or (`mini`) to the mini gallery its body names; answers the admin view. */
export async function createSlide(deps: FileDeps, groupKey: number, body: unknown, mini: boolean, authorId: number, languageId: number): Promise<HomePageData> {
  const input = await readSlide(body, mini);
  const miniId = input.galleryId ?? null;
  if (miniId !== null) await requireMini(deps.db, groupKey, miniId);
  await requireStoredImage(deps.fileStore, input.fileName);
  await deps.db.transaction(async (tx) => {
    const { n, next } = await countGallerySlides(tx, groupKey, miniId);
    if (n >= HOME_LIMITS.SLIDES_PER_GALLERY) {
      throw new AppError("VALIDATION_FAILED", `A gallery holds at most ${HOME_LIMITS.SLIDES_PER_GALLERY} slides`, { galleryId: HOME_MSG.tooMany });
    }
    const id = await insertSlide(tx, groupKey, miniId, input, next, authorId);
    await replaceSlideTexts(tx, id, input.translations);
  });
  invalidateCache(CACHE_KEYS.home);
  return adminView(deps.db, groupKey, languageId);
}

/**
 * Edits a slide of the main gallery or (`mini`) of a mini gallery; a mini slide's body may leave its
 * gallery out (the slide stays where it is). Answers the admin view.
 */
export async function editSlide(deps: FileDeps, groupKey: number, slideId: number, body: unknown, mini: boolean, languageId: number): Promise<HomePageData> {
  const stored = mini ? await findSlideMiniGallery(deps.db, slideId) : null;
  const input = await readSlide(mini ? { galleryId: stored ?? undefined, ...(body as Record<string, unknown>) } : body, mini);
  const row = await requireSlide(deps.db, groupKey, slideId, mini);
  const target = mini ? (input.galleryId ?? row.mini_gallery_id) : null;
  if (target !== null && target !== row.mini_gallery_id) await requireMini(deps.db, groupKey, target);
  if (input.fileName !== row.file_name) await requireStoredImage(deps.fileStore, input.fileName);
  await deps.db.transaction(async (tx) => {
    await updateSlide(tx, slideId, target, input);
    await replaceSlideTexts(tx, slideId, input.translations);
  });
  invalidateCache(CACHE_KEYS.home);
  return adminView(deps.db, groupKey, languageId);
}

export async function removeSlide(db: Db, groupKey: number, slideId: number, mini: boolean, languageId: number): Promise<HomePageData> {
  await requireSlide(db, groupKey, slideId, mini);
  await deleteSlide(db, slideId);
  invalidateCache(CACHE_KEYS.home);
  return adminView(db, groupKey, languageId);
}

/** Sets `displayOrder` of the slides listed; every one must be a slide of this home's gallery (or mini galleries). */
export async function reorderSlides(db: Db, groupKey: number, body: unknown, mini: boolean, languageId: number): Promise<HomePageData> {
  const items = (await validateWith(reorderSchema, { body })).body ?? [];
  if (items.length > 0) {
    const ids = items.map((i) => i.galleryId);
    const known = new Set(await findSlideIdsIn(db, groupKey, ids, mini));
    if (known.size !== ids.length) {
      const unknown = ids.filter((id) => !known.has(id));
      throw new AppError("VALIDATION_FAILED", `Slides ${unknown.join(", ")} are not in this home's ${mini ? "mini galleries" : "gallery"}`, { body: HOME_MSG.reorder });
    }
    await db.transaction(async (tx) => {
      for (const item of items) await updateSlideOrder(tx, item.galleryId, item.displayOrder);
    });
    invalidateCache(CACHE_KEYS.home);
  }
  return adminView(db, groupKey, languageId);
}

async function miniAdminView(db: Queryable, groupKey: number, miniId: number): Promise<MiniGallery> {
  const home = await loadHome(db, groupKey, DEFAULT_LANGUAGE, true);
  const mini = home.miniGallery.find((m) => m.id === miniId);
  if (!mini) throw notFound(`Mini gallery ${miniId} not found on this home`);
  return mini;
}

export async function createMiniGallery(db: Db, groupKey: number, body: unknown): Promise<MiniGallery> {
  const input = await readMiniGallery(body);
  const id = await db.transaction(async (tx) => {
    if ((await countMiniGalleries(tx, groupKey)) >= HOME_LIMITS.MINI_GALLERIES) {
      throw new AppError("VALIDATION_FAILED", `A home holds at most ${HOME_LIMITS.MINI_GALLERIES} mini galleries`, { translations: HOME_MSG.tooMany });
    }
    const created = await insertMiniGallery(tx, groupKey, input);
    await replaceMiniTexts(tx, created, input);
    return created;
  });
  invalidateCache(CACHE_KEYS.home);
  return miniAdminView(db, groupKey, id);
}

export async function editMiniGallery(db: Db, groupKey: number, miniId: number, body: unknown): Promise<MiniGallery> {
  const input = await readMiniGallery(body);
  await requireMini(db, groupKey, miniId);
  await db.transaction(async (tx) => {
    await updateMiniGallery(tx, miniId, input);
    await replaceMiniTexts(tx, miniId, input);
  });
  invalidateCache(CACHE_KEYS.home);
  return miniAdminView(db, groupKey, miniId);
}

/** Removes a mini gallery with its slides. */
export async function removeMiniGallery(db: Db, groupKey: number, miniId: number): Promise<void> {
  await requireMini(db, groupKey, miniId);
  await deleteMiniGallery(db, miniId);
  invalidateCache(CACHE_KEYS.home);
}
