/**
 * Bodies of the home writes (site and groups) and of announcements → clean inputs, or 400
 * `VALIDATION_FAILED` with `fieldErrors` (translation keys, `src/contracts/field-errors.ts` convention).
 */
import SITE_CONFIG from "@site-config";
import { FORM_ERRORS, maxLengthError, wholeNumberRangeError } from "@/contracts/field-errors";
import {
  HOME_LIMITS,
  HOME_MSG,
  type GallerySidebar,
  type HomeSettings,
  type MiniGalleryInput,
  type ReadMoreUiType,
  type ReorderItem,
  type SlideInput,
  type SlideTranslation,
  isHexColour,
} from "@/contracts/home";
import { isRedirectTarget } from "@/contracts/redirect-target";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import { AppError } from "../../infra/http/app-error";

const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

export class Checker {
  readonly errors: Record<string, string> = {};
  private readonly reasons: string[] = [];
  fail(field: string, key: string, reason: string): void {
    if (this.errors[field]) return;
    this.errors[field] = key;
    this.reasons.push(`${field} ${reason}`);
  }
  done(what: string): void {
    if (this.reasons.length > 0) throw new AppError("VALIDATION_FAILED", `The ${what} is not valid: ${this.reasons.join("; ")}`, this.errors);
  }
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

function bool(c: Checker, body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = body[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "boolean") {
    c.fail(name, FORM_ERRORS.boolean, "must be true or false");
    return fallback;
  }
  return v;
}

/** A files-store path `/<hash>/<name>` (no `.`/`..`, no backslash or NUL). */
export function isStorePath(value: string): boolean {
  return value.length <= 500 && /^\/[^\0\\]+$/.test(value) && !value.slice(1).split("/").some((s) => s === "" || s === "." || s === "..");
}

function sanitised(html: string): string {
  const clean = cleanPageHtml(html).trim();
  // Markup without words or media counts as empty.
  return /<(img|video|iframe)\b/i.test(clean) || clean.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() !== "" ? clean : "";
}

function languageOf(c: Checker, field: string, value: unknown): number | null {
  const id = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof id !== "number" || !LANGUAGE_IDS.includes(id)) {
    c.fail(field, FORM_ERRORS.language, `must be one of ${LANGUAGE_IDS.join(", ")}`);
    return null;
  }
  return id;
}

function checkSlideTranslations(c: Checker, body: Record<string, unknown>): SlideTranslation[] {
  let raw: unknown[];
  if (Array.isArray(body.translations)) raw = body.translations;
  else if (body.translations && typeof body.translations === "object") {
    // `{ "205": {title, description, readMoreText} }` is accepted too.
    raw = Object.entries(body.translations as Record<string, unknown>).map(([languageId, v]) => ({ ...(v as object), languageId }));
  } else {
    raw = [{ languageId: body.languageId ?? DEFAULT_LANGUAGE, title: body.title, description: body.customDescripition ?? body.description, readMoreText: body.readMoreText }];
  }
  const out: SlideTranslation[] = [];
  raw.forEach((item, i) => {
    const f = `translations.${i}`;
    if (!item || typeof item !== "object") return c.fail(f, FORM_ERRORS.invalid, "must be an object");
    const t = item as Record<string, unknown>;
    const languageId = languageOf(c, `${f}.languageId`, t.languageId);
    if (languageId === null) return;
    if (out.some((o) => o.languageId === languageId)) return c.fail(`${f}.languageId`, FORM_ERRORS.invalid, "repeats a language");
    const title = text(t.title);
    const description = sanitised(typeof t.description === "string" ? t.description : typeof t.customDescripition === "string" ? t.customDescripition : "");
    const readMoreText = text(t.readMoreText);
    if (title.length > HOME_LIMITS.TITLE) c.fail(`${f}.title`, maxLengthError(HOME_LIMITS.TITLE), `must be at most ${HOME_LIMITS.TITLE} characters`);
    if (description.length > HOME_LIMITS.DESCRIPTION_HTML) {
      c.fail(`${f}.description`, maxLengthError(HOME_LIMITS.DESCRIPTION_HTML), `must be at most ${HOME_LIMITS.DESCRIPTION_HTML} characters of HTML`);
    }
    if (readMoreText.length > HOME_LIMITS.READ_MORE) c.fail(`${f}.readMoreText`, maxLengthError(HOME_LIMITS.READ_MORE), `must be at most ${HOME_LIMITS.READ_MORE} characters`);
    // A language with nothing in it is no translation (the screen then shows English).
    if (title === "" && description === "" && readMoreText === "") return;
    out.push({ languageId, title, description, readMoreText });
  });
  return out;
}

export function checkColour(c: Checker, body: Record<string, unknown>, name: string, required: boolean): string | null {
  const v = text(body[name]);
  if (v === "") {
    if (required) c.fail(name, FORM_ERRORS.required, "is required");
    return null;
  }
  if (!isHexColour(v)) {
    c.fail(name, HOME_MSG.color, "must be a colour such as #1a202c");
    return null;
  }
  return v.toLowerCase();
}

export function checkSlide(body: Record<string, unknown>, options: { mini: boolean }): SlideInput {
  const c = new Checker();
  const translations = checkSlideTranslations(c, body);
  const english = translations.find((t) => t.languageId === DEFAULT_LANGUAGE);
  const hasImage = typeof body.fileName === "string" && body.fileName.trim() !== "";
  if (!english && !c.errors.translations) {
    c.fail("translations", HOME_MSG.englishRequired, "needs the English texts (every other language falls back to them)");
  } else if (english && english.title === "" && !hasImage) {
    c.fail(`translations.${translations.indexOf(english)}.title`, HOME_MSG.titleRequired, "is required for a slide without an image");
  }
  let fileName: string | null = null;
  if (hasImage) {
    fileName = text(body.fileName);
    if (!isStorePath(fileName)) c.fail("fileName", FORM_ERRORS.file, "must be a path of the files service such as /<hash>/<name>.jpg");
  }
  let moreLinks: string | null = text(body.moreLinks) || null;
  if (moreLinks !== null && (moreLinks.length > HOME_LIMITS.LINK || !isRedirectTarget(moreLinks))) {
    c.fail("moreLinks", HOME_MSG.link, "must be a path of this site (/data/list) or an http(s) address");
    moreLinks = null;
  }
  const readMoreUIType: ReadMoreUiType = body.readMoreUIType === "link" ? "link" : "button_with_arrow";
  const gallerySidebar: GallerySidebar = body.gallerySidebar === "opaque" ? "opaque" : "translucent";
  const color = checkColour(c, body, "color", false);
  const bgColor = checkColour(c, body, "bgColor", false);
  const isActive = bool(c, body, "isActive", true);
  let galleryId: number | undefined;
  if (options.mini) {
    const g = body.galleryId;
    if (typeof g !== "number" || !Number.isInteger(g) || g < 1) c.fail("galleryId", FORM_ERRORS.required, "must name the mini gallery");
    else galleryId = g;
  }
  c.done("slide");
  return { fileName, moreLinks, readMoreUIType, gallerySidebar, color, bgColor, isActive, galleryId, translations };
}

export function checkMiniGallery(body: Record<string, unknown>): MiniGalleryInput {
  const c = new Checker();
  const spv = body.slidesPerView ?? 1;
  let slidesPerView = 1;
  if (typeof spv !== "number" || !Number.isInteger(spv) || spv < 1 || spv > 6) c.fail("slidesPerView", wholeNumberRangeError(1, 6), "must be a whole number from 1 to 6");
  else slidesPerView = spv;
  const isVertical = bool(c, body, "isVertical", false);
  const isActive = bool(c, body, "isActive", true);
  const raw: unknown[] = Array.isArray(body.translations) ? body.translations : [{ languageId: body.languageId ?? DEFAULT_LANGUAGE, title: body.title }];
  const translations: { languageId: number; title: string }[] = [];
  raw.forEach((item, i) => {
    const t = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const languageId = languageOf(c, `translations.${i}.languageId`, t.languageId);
    const title = text(t.title);
    if (title.length > HOME_LIMITS.TITLE) c.fail(`translations.${i}.title`, maxLengthError(HOME_LIMITS.TITLE), `must be at most ${HOME_LIMITS.TITLE} characters`);
    if (languageId === null || title === "" || translations.some((o) => o.languageId === languageId)) return;
    translations.push({ languageId, title });
  });
  if (!translations.some((t) => t.languageId === DEFAULT_LANGUAGE) && !c.errors.translations) {
    c.fail("translations", HOME_MSG.englishRequired, "needs an English title (every other language falls back to it)");
  }
  c.done("mini gallery");
  return { slidesPerView, isVertical, isActive, translations };
}

export function checkSettings(body: Record<string, unknown>, current: HomeSettings): HomeSettings {
  const c = new Checker();
  const description = body.description === undefined ? current.description : text(body.description);
  if (description.length > HOME_LIMITS.HOME_DESCRIPTION) {
    c.fail("description", maxLengthError(HOME_LIMITS.HOME_DESCRIPTION), `must be at most ${HOME_LIMITS.HOME_DESCRIPTION} characters`);
  }
  const settings: HomeSettings = {
    showGallery: bool(c, body, "showGallery", current.showGallery),
    showStats: bool(c, body, "showStats", current.showStats),
    showDesc: bool(c, body, "showDesc", current.showDesc),
    showPartners: bool(c, body, "showPartners", current.showPartners),
    description,
  };
  c.done("home configuration");
  return settings;
}

export function checkReorder(body: unknown): ReorderItem[] {
  const c = new Checker();
  const items: ReorderItem[] = [];
  if (!Array.isArray(body)) c.fail("body", HOME_MSG.reorder, "must be a list of {galleryId, displayOrder}");
  else {
    body.forEach((item, i) => {
      const t = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
      const { galleryId, displayOrder } = t;
      if (typeof galleryId !== "number" || !Number.isInteger(galleryId) || typeof displayOrder !== "number" || !Number.isInteger(displayOrder) || displayOrder < 0) {
        c.fail(`${i}`, HOME_MSG.reorder, "must be {galleryId, displayOrder} with whole numbers");
      } else if (items.some((x) => x.galleryId === galleryId)) c.fail(`${i}`, HOME_MSG.reorder, "repeats a slide");
      else items.push({ galleryId, displayOrder });
    });
  }
  c.done("order");
  return items;
}
