/**
 * The page form's rules (react-hook-form + yup), the same limits the pages-api checks
 * (src/server/modules/pages/page.validation.ts). Messages are translation keys; values travel as `key|{json}`.
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError } from "./field-errors";
import type { PageType } from "./page";
import { isRedirectTarget } from "./redirect-target";

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
