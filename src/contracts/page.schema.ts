/**
 * The page contract, for both sides: the page form's rules (`pageFormSchema`, react-hook-form + yup) and the
 * bodies the pages-api takes (`pageCreateSchema`, `pageUpdateSchema`, `pageTreeSchema`, `pageCommentSchema`,
 * checked by the platform with `validateWith`), with the same limits and the same keys (PAGE_MSG,
 * FORM_ERRORS). Messages are translation keys; values travel as `key|{json}`.
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError, wholeNumberError } from "./field-errors";
import { COMMENT_MAX_LENGTH, type PageType } from "./page";
import { isRedirectTarget } from "./redirect-target";
import { readWholeNumber, readWith } from "./schema-fields";
import { isStoredFilePath } from "./stored-file-path";

export const PAGE_TITLE_MAX = 200;
export const PAGE_DESCRIPTION_MAX = 2000;
export const PAGE_URL_MAX = 2000;
export const GALLERY_TEXT_MAX = 500;

/**
 * Every field error of the page form and of the pages-api (`fieldErrors`), as translation keys (the
 * convention of contracts/field-errors.ts). Tree errors belong to the sidebar's reorder mode.
 */
export const PAGE_MSG = {
  titleRequired: "editor:form.errors.title_required",
  titleMax: maxLengthError(PAGE_TITLE_MAX),
  descriptionMax: maxLengthError(PAGE_DESCRIPTION_MAX),
  contentRequired: "editor:form.errors.content_required",
  pageType: "editor:form.errors.page_type",
  urlRequired: "editor:form.errors.url_required",
  urlInvalid: "editor:form.errors.url_invalid",
  urlMax: maxLengthError(PAGE_URL_MAX),
  urlNotAllowed: "editor:form.errors.url_not_allowed",
  galleryTextMax: maxLengthError(GALLERY_TEXT_MAX),
  unknownGroup: "editor:form.errors.unknown_group",
  parentElsewhere: "editor:form.errors.parent_elsewhere",
  staleVersion: "editor:form.errors.stale_version",
  galleryItemElsewhere: "editor:form.errors.gallery_item_elsewhere",
  treeEmpty: "page:reorder.errors.empty",
  treeRepeated: "page:reorder.errors.repeated",
  treeUnknownPages: "page:reorder.errors.unknown_pages",
  treeMixed: "page:reorder.errors.mixed",
  treeUnknownParent: "page:reorder.errors.unknown_parent",
  treeCycle: "page:reorder.errors.cycle",
  invalid: FORM_ERRORS.invalid,
} as const;

/** Licence of a new gallery image (spec §3: unspecified). */
export const DEFAULT_LICENSE_ID = SITE_CONFIG.LICENSES.UNSPECIFIED;

export interface GalleryFormItem {
  /** Stable key of the card while editing. */
  key: string;
  /** Saved item id; null for an image added in this form. */
  id: number | null;
  fileName: string;
  caption: string;
  attribution: string;
  /** Licence id as the select holds it. */
  licenseId: string;
}

export interface PageFormValues {
  title: string;
  description: string;
  pageType: PageType;
  url: string;
  content: string;
  /** "0" = no parent. */
  parentId: string;
  sticky: boolean;
  showInFooter: boolean;
  showInMenu: boolean;
  allowComments: boolean;
  /** Store path of the social-preview image, "" for none. */
  socialPreview: string;
  gallery: GalleryFormItem[];
}

/** Whether editor HTML holds anything a reader sees: text, or an image, video, embed or table. */
export function hasPageContent(html: string): boolean {
  if (/<(img|video|iframe|table|audio|hr)\b/i.test(html)) return true;
  const text = html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").trim();
  return text !== "";
}

const galleryItemSchema = yup.object({
  key: yup.string().required(),
  id: yup.number().nullable().defined(),
  fileName: yup.string().required(),
  caption: yup.string().defined().max(GALLERY_TEXT_MAX, PAGE_MSG.galleryTextMax),
  attribution: yup.string().defined().max(GALLERY_TEXT_MAX, PAGE_MSG.galleryTextMax),
  licenseId: yup.string().defined(),
});

export const pageFormSchema: yup.ObjectSchema<PageFormValues> = yup.object({
  title: yup.string().trim().required(PAGE_MSG.titleRequired).max(PAGE_TITLE_MAX, PAGE_MSG.titleMax),
  description: yup.string().defined().max(PAGE_DESCRIPTION_MAX, PAGE_MSG.descriptionMax),
  pageType: yup.mixed<PageType>().oneOf(["Content", "Redirect"], PAGE_MSG.invalid).required(),
  url: yup
    .string()
    .defined()
    .when("pageType", {
      is: "Redirect",
      then: (s) => s.trim().required(PAGE_MSG.urlRequired).max(PAGE_URL_MAX, PAGE_MSG.urlMax).test("redirect-target", PAGE_MSG.urlInvalid, (v) => !v || isRedirectTarget(v.trim())),
    }),
  content: yup
    .string()
    .defined()
    .when("pageType", {
      is: "Content",
      then: (s) => s.test("content", PAGE_MSG.contentRequired, (v) => hasPageContent(v ?? "")),
    }),
  parentId: yup.string().defined(),
  sticky: yup.boolean().defined(),
  showInFooter: yup.boolean().defined(),
  showInMenu: yup.boolean().defined(),
  allowComments: yup.boolean().defined(),
  socialPreview: yup.string().defined(),
  gallery: yup.array(galleryItemSchema).defined(),
});

// ---------------------------------------------------------------------------------------------------
// The pages-api bodies (reference §4.1). Values are checked as sent; `toPageFields` and the services
// normalise them (trim, defaults).

/** Longest HTML content of a page. */
export const PAGE_CONTENT_MAX = 1_000_000;
/** Longest store path of an image (social preview, gallery file). */
export const PAGE_FILE_PATH_MAX = 500;
/** Longest optimistic version text (the platform's ROW_VERSION_MAX). */
export const PAGE_VERSION_MAX = 40;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);

/** A whole number field of `min` or more (numbers or digit strings); absent is `absent`, and "" too when `blankIsAbsent`. */
function wholeNumber(min: number, absent: number | null | undefined, blankIsAbsent = false) {
  return readWith<number>(
    (raw) => (raw === undefined || raw === null || (blankIsAbsent && raw === "") ? absent : readWholeNumber(raw, min)),
    wholeNumberError(min),
  );
}

/** A language of the site; absent (or "") is `absent`. A number that is no language is `form:language`. */
function languageId(absent: number | null) {
  return wholeNumber(1, absent, true).test("language", FORM_ERRORS.language, function (value) {
    return value === null || value === undefined || readWholeNumber(this.originalValue, 1) === undefined || LANGUAGE_IDS.includes(value);
  });
}

/** Text as sent (absent or null: none); anything else but text is `form:invalid`; at most `max` characters as sent. */
function optionalText(max: number) {
  return yup
    .string()
    .nullable()
    .transform((value: unknown, raw: unknown) => (raw === null || typeof raw === "string" ? value : raw))
    .typeError(FORM_ERRORS.invalid)
    .default(null)
    .max(max, maxLengthError(max));
}

/** A switch: true or false (absent or null: the default). */
const pageSwitch = () => yup.boolean().strict().nullable().typeError(FORM_ERRORS.boolean);

const isRedirect = (parent: unknown) => (parent as { pageType?: unknown } | undefined)?.pageType === "Redirect";

const galleryItemBodySchema = yup
  .object({
    id: wholeNumber(1, null),
    // Anything but text is no file.
    fileName: yup
      .string()
      .transform((_, raw: unknown) => (typeof raw === "string" ? raw : ""))
      .default("")
      .test("file", FORM_ERRORS.file, (v) => !!v && isStoredFilePath(v) && v.length <= PAGE_FILE_PATH_MAX),
    caption: optionalText(GALLERY_TEXT_MAX),
    attribution: optionalText(GALLERY_TEXT_MAX),
    licenseId: wholeNumber(1, null),
    // Absent: the item's place in the list (see the pages service).
    displayOrder: wholeNumber(0, null, true),
  })
  .nullable()
  .typeError(FORM_ERRORS.invalid)
  .test("object", FORM_ERRORS.invalid, function () {
    const raw: unknown = this.originalValue;
    return typeof raw === "object" && raw !== null && !Array.isArray(raw);
  });

/** The fields create and update share: the stored page fields and the gallery. */
const pageBodyFields = {
  title: yup
    .string()
    .transform((_, raw: unknown) => (typeof raw === "string" ? raw.trim() : ""))
    .default("")
    .required(PAGE_MSG.titleRequired)
    .max(PAGE_TITLE_MAX, PAGE_MSG.titleMax),
  // Any case; anything else but text is a Content page.
  pageType: yup
    .string()
    .transform((_, raw: unknown) => (typeof raw !== "string" ? "Content" : raw.toLowerCase() === "redirect" ? "Redirect" : raw.toLowerCase() === "content" ? "Content" : raw))
    .default("Content")
    .test("page-type", PAGE_MSG.pageType, (v) => v === "Content" || v === "Redirect"),
  content: optionalText(PAGE_CONTENT_MAX).test("content", PAGE_MSG.contentRequired, function (v) {
    return isRedirect(this.parent) || (v ?? "").trim() !== "";
  }),
  url: optionalText(PAGE_URL_MAX).test("url", PAGE_MSG.urlInvalid, function (v) {
    const url = (v ?? "").trim();
    if (!isRedirect(this.parent)) return url === "" || this.createError({ message: PAGE_MSG.urlNotAllowed });
    if (url === "") return this.createError({ message: PAGE_MSG.urlRequired });
    return isRedirectTarget(url);
  }),
  description: optionalText(PAGE_DESCRIPTION_MAX),
  socialPreview: optionalText(PAGE_FILE_PATH_MAX).test("file", FORM_ERRORS.file, (v) => !v || isStoredFilePath(v)),
  galleryData: yup
    .array(galleryItemBodySchema)
    .nullable()
    .transform((value: unknown, raw: unknown) => (raw === null ? [] : value))
    .typeError(FORM_ERRORS.invalid)
    .default(() => []),
  sticky: pageSwitch(),
  showInFooter: pageSwitch(),
  showInMenu: pageSwitch(),
  allowComments: pageSwitch(),
};

/** Body of `POST pages-api/api/v1/page`. */
export const pageCreateSchema = yup.object({
  ...pageBodyFields,
  parentId: wholeNumber(0, 0, true),
  userGroupId: wholeNumber(1, null, true),
  languageId: languageId(SITE_CONFIG.LANG.DEFAULT_ID),
});

/** Body of `PUT pages-api/api/v1/page`: `languageId` absent is the page's own language; `version` absent is unchecked. */
export const pageUpdateSchema = yup.object({
  id: wholeNumber(1, undefined),
  ...pageBodyFields,
  languageId: languageId(null),
  version: optionalText(PAGE_VERSION_MAX),
});

/** Body of `PUT pages-api/api/v1/page/updateTree`: a non-empty list of `{id, parentId, pageIndex}`, ids once. */
export const pageTreeSchema = yup
  .array(
    yup.object({
      id: wholeNumber(1, undefined),
      parentId: wholeNumber(0, undefined),
      pageIndex: wholeNumber(0, undefined),
    }),
  )
  // Anything but a list is an empty one; an item that is not an object has no fields.
  .transform((_, raw: unknown) => (Array.isArray(raw) ? raw.map((item: unknown) => (typeof item === "object" && item !== null ? item : {})) : []))
  .default(() => [])
  .test("tree", PAGE_MSG.treeEmpty, function () {
    const raw: unknown = this.originalValue;
    if (!Array.isArray(raw) || raw.length === 0) return this.createError({ path: "body", message: PAGE_MSG.treeEmpty });
    const seen = new Set<number>();
    const errors: yup.ValidationError[] = [];
    raw.forEach((item: unknown, i) => {
      const id = readWholeNumber((item as { id?: unknown } | null)?.id, 1) ?? 0;
      if (seen.has(id)) errors.push(this.createError({ path: `[${i}].id`, message: PAGE_MSG.treeRepeated }));
      seen.add(id);
    });
    return errors.length === 0 || new yup.ValidationError(errors);
  });

/** Body of `POST pages-api/api/v1/page/add/comment`: plain text on a page. */
export const pageCommentSchema = yup.object({
  body: yup
    .string()
    .transform((_, raw: unknown) => (typeof raw === "string" ? raw.trim() : ""))
    .default("")
    .required(FORM_ERRORS.required)
    .max(COMMENT_MAX_LENGTH, maxLengthError(COMMENT_MAX_LENGTH)),
  rootHolderType: yup.mixed().nullable().test("page", FORM_ERRORS.invalid, (v) => v === undefined || v === "page"),
  rootHolderId: wholeNumber(1, undefined),
  languageId: languageId(SITE_CONFIG.LANG.DEFAULT_ID),
});

export type PageCreateBody = yup.InferType<typeof pageCreateSchema>;
export type PageUpdateBody = yup.InferType<typeof pageUpdateSchema>;
export type PageTreeBody = yup.InferType<typeof pageTreeSchema>;
export type PageCommentBody = yup.InferType<typeof pageCommentSchema>;
