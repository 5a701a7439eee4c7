/**
 * The contracts of the home writes (site `utility-api/api/v1/services/homePage…` and group
 * `userGroup-api/api/v1/group/homePage/…`): one yup schema per body, used by the home-gallery editor
 * before it sends and by the platform (`validateWith`), so both agree. Errors are translation keys
 * (contracts/field-errors.ts) on the fields clients know (`translations.0.title`, `fileName`, …).
 * Rules over a list of translations are the pure functions below, called from the schemas.
 * HTML is cleaned by the `cleanHtml` the caller gives (the platform's sanitiser; the browser keeps it
 * as typed and the platform cleans it again).
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { acceptColour, acceptWholeNumber } from "./accepted-encodings";
import { FORM_ERRORS, maxLengthError, wholeNumberRangeError } from "./field-errors";
import { HOME_LIMITS, HOME_MSG, isHexColour, type GallerySidebar, type MiniGalleryTranslation, type ReadMoreUiType, type ReorderItem, type SlideTranslation } from "./home";
import { isRedirectTarget } from "./redirect-target";

const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT_ID;

/** One field error: the field's path and its translation key. */
export type FieldError = readonly [field: string, key: string];
export type HtmlCleaner = (html: string) => string;
const keepHtml: HtmlCleaner = (html) => html;

export const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** A test's answer for several field errors at once (each on its own path). */
export function fieldErrorsOf(ctx: yup.TestContext, errors: readonly FieldError[]): true | yup.ValidationError {
  if (errors.length === 0) return true;
  const seen = new Set<string>();
  const first = errors.filter(([field]) => !seen.has(field) && !!seen.add(field));
  return new yup.ValidationError(first.map(([path, message]) => ctx.createError({ path, message })));
}

/** A files-store path `/<hash>/<name>` (no `.`/`..`, no backslash or NUL). */
export function isStorePath(value: string): boolean {
  return value.length <= 500 && /^\/[^\0\\]+$/.test(value) && !value.slice(1).split("/").some((s) => s === "" || s === "." || s === "..");
}

/** Markup without words or media counts as empty. */
export function isEmptyHtml(html: string): boolean {
  return !/<(img|video|iframe)\b/i.test(html) && html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";
}

/** A language id of the site (a number or digits), else null. */
export function languageIdOf(value: unknown): number | null {
  const id = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === "number" && LANGUAGE_IDS.includes(id) ? id : null;
}

/** true/false, or left out (undefined or null: the caller's default); anything else is `form:boolean`. */
export const flag = () =>
  yup
    .mixed<boolean>()
    .transform((v) => (v === null ? undefined : v))
    .test("boolean", FORM_ERRORS.boolean, (v) => v === undefined || typeof v === "boolean");

/** A `#rgb`/`#rrggbb` colour (lower-cased), null when left empty; any other CSS colour syntax is read as `#rrggbb` (accepted-encodings.ts). */
export const colourField = (required: boolean) =>
  yup
    .mixed<string>()
    .nullable()
    .transform((_v, original) => {
      const given = text(original);
      if (!given) return null;
      if (isHexColour(given)) return given.toLowerCase();
      const colour = acceptColour(given);
      return typeof colour === "string" ? colour.toLowerCase() : given;
    })
    .default(null)
    .test("required", FORM_ERRORS.required, (v) => !required || (v !== null && v !== undefined))
    .test("colour", HOME_MSG.color, (v) => v === null || v === undefined || isHexColour(v));

/**
 * A slide's texts per language from a write body: `translations` as a list, as `{ "205": {…} }`, or
 * the flat legacy fields (`languageId`, `title`, `customDescripition`, `readMoreText`) as one. A
 * language with nothing in it is no translation (the screen then shows English); English is required,
 * with a title unless the slide has an image.
 */
export function slideTranslationRules(body: Record<string, unknown>, cleanHtml: HtmlCleaner): { translations: SlideTranslation[]; errors: FieldError[] } {
  let raw: unknown[];
  if (Array.isArray(body.translations)) raw = body.translations;
  else if (isRecord(body.translations)) raw = Object.entries(body.translations).map(([languageId, v]) => ({ ...(v as object), languageId }));
  else raw = [{ languageId: body.languageId ?? DEFAULT_LANGUAGE, title: body.title, description: body.customDescripition ?? body.description, readMoreText: body.readMoreText }];
  const errors: FieldError[] = [];
  const out: SlideTranslation[] = [];
  raw.forEach((item, i) => {
    const f = `translations.${i}`;
    if (!item || typeof item !== "object") return errors.push([f, FORM_ERRORS.invalid]);
    const t = item as Record<string, unknown>;
    const languageId = languageIdOf(t.languageId);
    if (languageId === null) return errors.push([`${f}.languageId`, FORM_ERRORS.language]);
    if (out.some((o) => o.languageId === languageId)) return errors.push([`${f}.languageId`, FORM_ERRORS.invalid]);
    const title = text(t.title);
    const html = cleanHtml(typeof t.description === "string" ? t.description : typeof t.customDescripition === "string" ? t.customDescripition : "").trim();
    const description = isEmptyHtml(html) ? "" : html;
    const readMoreText = text(t.readMoreText);
    if (title.length > HOME_LIMITS.TITLE) errors.push([`${f}.title`, maxLengthError(HOME_LIMITS.TITLE)]);
    if (description.length > HOME_LIMITS.DESCRIPTION_HTML) errors.push([`${f}.description`, maxLengthError(HOME_LIMITS.DESCRIPTION_HTML)]);
    if (readMoreText.length > HOME_LIMITS.READ_MORE) errors.push([`${f}.readMoreText`, maxLengthError(HOME_LIMITS.READ_MORE)]);
    if (title === "" && description === "" && readMoreText === "") return;
    out.push({ languageId, title, description, readMoreText });
  });
  const english = out.find((t) => t.languageId === DEFAULT_LANGUAGE);
  const hasImage = text(body.fileName) !== "";
  if (!english) errors.push(["translations", HOME_MSG.englishRequired]);
  else if (english.title === "" && !hasImage) errors.push([`translations.${out.indexOf(english)}.title`, HOME_MSG.titleRequired]);
  return { translations: out, errors };
}

/** A mini gallery's titles per language (`translations`, or the flat legacy `languageId` + `title`); an English title is required. */
export function miniGalleryTranslationRules(body: Record<string, unknown>): { translations: MiniGalleryTranslation[]; errors: FieldError[] } {
  const raw: unknown[] = Array.isArray(body.translations) ? body.translations : [{ languageId: body.languageId ?? DEFAULT_LANGUAGE, title: body.title }];
  const errors: FieldError[] = [];
  const out: MiniGalleryTranslation[] = [];
  raw.forEach((item, i) => {
    const t = isRecord(item) ? item : {};
    const languageId = languageIdOf(t.languageId);
    if (languageId === null) errors.push([`translations.${i}.languageId`, FORM_ERRORS.language]);
    const title = text(t.title);
    if (title.length > HOME_LIMITS.TITLE) errors.push([`translations.${i}.title`, maxLengthError(HOME_LIMITS.TITLE)]);
    if (languageId === null || title === "" || out.some((o) => o.languageId === languageId)) return;
    out.push({ languageId, title });
  });
  if (!out.some((t) => t.languageId === DEFAULT_LANGUAGE)) errors.push(["translations", HOME_MSG.englishRequired]);
  return { translations: out, errors };
}

/** A reorder body `[{galleryId, displayOrder}]`: whole numbers, each slide once. */
export function reorderRules(body: unknown): { items: ReorderItem[]; errors: FieldError[] } {
  const items: ReorderItem[] = [];
  const errors: FieldError[] = [];
  if (!Array.isArray(body)) return { items, errors: [["body", HOME_MSG.reorder]] };
  body.forEach((item, i) => {
    const given = isRecord(item) ? item : {};
    // Numbers sent as digits (the original's reorder tables) are numbers.
    const [galleryId, displayOrder] = [acceptWholeNumber(given.galleryId), acceptWholeNumber(given.displayOrder)];
    if (typeof galleryId !== "number" || !Number.isInteger(galleryId) || typeof displayOrder !== "number" || !Number.isInteger(displayOrder) || displayOrder < 0) {
      errors.push([`${i}`, HOME_MSG.reorder]);
    } else if (items.some((x) => x.galleryId === galleryId)) errors.push([`${i}`, HOME_MSG.reorder]);
    else items.push({ galleryId, displayOrder });
  });
  return { items, errors };
}

/**
 * A slide write (site `create`/`edit`, group `insert`/`edit`; with `mini` the mini-gallery slide
 * writes, which name their `galleryId`).
 */
export function slideSchema(options: { mini: boolean; cleanHtml?: HtmlCleaner }) {
  const cleanHtml = options.cleanHtml ?? keepHtml;
  return yup
    .object({
      fileName: yup
        .mixed<string>()
        .nullable()
        .transform((_v, original) => text(original) || null)
        .default(null)
        .test("file", FORM_ERRORS.file, (v) => v === null || v === undefined || isStorePath(v)),
      moreLinks: yup
        .mixed<string>()
        .nullable()
        .transform((_v, original) => text(original) || null)
        .default(null)
        .test("link", HOME_MSG.link, (v) => v === null || v === undefined || (v.length <= HOME_LIMITS.LINK && isRedirectTarget(v))),
      readMoreUIType: yup
        .mixed<ReadMoreUiType>()
        .transform((_v, original) => (original === "link" ? "link" : "button_with_arrow"))
        .default("button_with_arrow"),
      gallerySidebar: yup
        .mixed<GallerySidebar>()
        .transform((_v, original) => (original === "opaque" ? "opaque" : "translucent"))
        .default("translucent"),
      color: colourField(false),
      bgColor: colourField(false),
      isActive: flag().default(true),
      galleryId: options.mini
        ? yup
            .mixed<number>()
            .nullable()
            .transform((g) => acceptWholeNumber(g))
            .test("gallery", FORM_ERRORS.required, (g) => typeof g === "number" && Number.isInteger(g) && g >= 1)
        : yup
            .mixed<number>()
            .nullable()
            .transform(() => undefined),
      translations: yup.mixed<SlideTranslation[]>().defined(),
    })
    .transform((value: unknown) => (isRecord(value) ? { ...value, translations: slideTranslationRules(value, cleanHtml).translations } : value))
    .test("translations", function () {
      return isRecord(this.originalValue) ? fieldErrorsOf(this, slideTranslationRules(this.originalValue, cleanHtml).errors) : true;
    });
}
export type SlideValues = yup.InferType<ReturnType<typeof slideSchema>>;

/** A mini gallery (create/edit): 1–6 slides per view, titles per language. */
export const miniGallerySchema = yup
  .object({
    slidesPerView: yup
      .mixed<number>()
      .transform((v) => (v === null ? undefined : acceptWholeNumber(v)))
      .default(1)
      .test("slides", wholeNumberRangeError(1, 6), (v) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 6),
    isVertical: flag().default(false),
    isActive: flag().default(true),
    translations: yup.mixed<MiniGalleryTranslation[]>().defined(),
  })
  .transform((value: unknown) => (isRecord(value) ? { ...value, translations: miniGalleryTranslationRules(value).translations } : value))
  .test("translations", function () {
    return isRecord(this.originalValue) ? fieldErrorsOf(this, miniGalleryTranslationRules(this.originalValue).errors) : true;
  });
export type MiniGalleryValues = yup.InferType<typeof miniGallerySchema>;

/** The home's switches and description (site `insert`, group `update`); a field left out keeps its stored value. */
export const homeSettingsSchema = yup.object({
  showGallery: flag(),
  showStats: flag(),
  showDesc: flag(),
  showPartners: flag(),
  description: yup
    .mixed<string>()
    .transform((_v, original) => text(original))
    .test("description", maxLengthError(HOME_LIMITS.HOME_DESCRIPTION), (v) => v === undefined || v.length <= HOME_LIMITS.HOME_DESCRIPTION),
});
export type HomeSettingsValues = yup.InferType<typeof homeSettingsSchema>;

/** A reorder: the JSON body (a list) as `{ body }`; errors on `body` or on the item's index. */
export const reorderSchema = yup.object({
  body: yup
    .mixed<ReorderItem[]>()
    .transform((_v, original) => reorderRules(original).items)
    .test("reorder", function () {
      return fieldErrorsOf(this, reorderRules(this.originalValue).errors);
    }),
});
