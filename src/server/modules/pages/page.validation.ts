import SITE_CONFIG from "@site-config";
import { COMMENT_MAX_LENGTH, type PageType } from "@/contracts/page";
import { FORM_ERRORS, maxLengthError, wholeNumberError, type FieldErrorKey } from "@/contracts/field-errors";
import { GALLERY_TEXT_MAX, PAGE_DESCRIPTION_MAX, PAGE_MSG, PAGE_TITLE_MAX, PAGE_URL_MAX } from "@/contracts/page.schema";
import { ROW_VERSION_MAX } from "../../infra/db/row-version";
import { isRedirectTarget } from "@/contracts/redirect-target";
import { AppError } from "../../infra/http/app-error";
import type { PageFieldsUpdate } from "./page.repository";

/**
 * Server-side checks of page write bodies (reference §4.1). Failures are 400 VALIDATION_FAILED with
 * one translation key per field in `fieldErrors` (PAGE_MSG, FORM_ERRORS: the forms translate them) and
 * an English `message` naming each field and its problem for API clients.
 */
// Limits shared with the page form and the comment box (one contract for both sides).
const TITLE_MAX = PAGE_TITLE_MAX;
const DESCRIPTION_MAX = PAGE_DESCRIPTION_MAX;
const URL_MAX = PAGE_URL_MAX;
const COMMENT_MAX = COMMENT_MAX_LENGTH;
export const CONTENT_MAX = 1_000_000;
const MAX_ID = 2_147_483_647;
const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);

export interface GalleryInput {
  id: number | null;
  fileName: string;
  caption: string | null;
  attribution: string | null;
  licenseId: number | null;
  displayOrder: number;
}

/** The fields both create and update carry: the stored page fields and the gallery. */
export interface PageFieldsInput extends PageFieldsUpdate {
  galleryData: GalleryInput[];
}

export interface PageCreateInput extends PageFieldsInput {
  parentId: number;
  userGroupId: number | null;
  languageId: number;
}

export interface PageUpdateInput extends PageFieldsInput {
  id: number;
  /** The language of title, content and description; null: the page's own language. */
  languageId: number | null;
  /** The optimistic version the editor read (PageShowFull.version); null: unchecked (the reference UI sends none). */
  version: string | null;
}

export interface TreeItemInput {
  id: number;
  parentId: number;
  pageIndex: number;
}

class Checker {
  /** field → translation key (answered in fieldErrors). */
  readonly errors: Record<string, FieldErrorKey> = {};
  /** field → English reason (answered in the message). */
  private readonly reasons: Record<string, string> = {};

  constructor(private readonly body: Record<string, unknown>) {}

  fail(field: string, key: FieldErrorKey, reason: string): void {
    if (field in this.errors) return;
    this.errors[field] = key;
    this.reasons[field] = reason;
  }

  /** Whole number (a numeric string is accepted, as the reference UI sends ids as strings). */
  int(field: string, value: unknown, min: number, fallback?: number): number {
    if ((value === undefined || value === null || value === "") && fallback !== undefined) return fallback;
    const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > MAX_ID) {
      this.fail(field, wholeNumberError(min), min > 0 ? "must be a positive whole number" : "must be a whole number of 0 or more");
      return 0;
    }
    return n;
  }

  optionalText(field: string, value: unknown, max: number): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") {
      this.fail(field, FORM_ERRORS.invalid, "must be text");
      return null;
    }
    if (value.length > max) this.fail(field, maxLengthError(max), `must be at most ${max} characters`);
    return value;
  }

  /** A language id of the site; `fallback` when absent (null: the caller decides). */
  language<F extends number | null>(value: unknown, fallback: F): number | F {
    if (value === undefined || value === null || value === "") return fallback;
    const id = this.int("languageId", value, 1);
    if (!LANGUAGE_IDS.includes(id) && !("languageId" in this.errors)) this.fail("languageId", FORM_ERRORS.language, `must be one of ${LANGUAGE_IDS.join(", ")}`);
    return id;
  }

  bool(field: string, fallback: boolean): boolean {
    const value = this.body[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== "boolean") {
      this.fail(field, FORM_ERRORS.boolean, "must be true or false");
      return fallback;
    }
    return value;
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) {
      const list = Object.entries(this.reasons).map(([field, reason]) => `${field} ${reason}`).join("; ");
      throw new AppError("VALIDATION_FAILED", `The page is not valid: ${list}`, this.errors);
    }
  }
}

/** A file of the files store, as uploads answer it: `/<hash>/<name>`, never leaving the directory. */
function isStoredFilePath(value: string): boolean {
  return /^\/[^\0\\]+$/.test(value) && !value.split("/").some((segment) => segment === ".." || segment === ".");
}

function checkFields(c: Checker, body: Record<string, unknown>): PageFieldsInput {
  const title = typeof body.title === "string" ? body.title.trim() : "";
  if (title === "") c.fail("title", PAGE_MSG.titleRequired, "is required");
  else if (title.length > TITLE_MAX) c.fail("title", PAGE_MSG.titleMax, `must be at most ${TITLE_MAX} characters`);

  const rawType = typeof body.pageType === "string" ? body.pageType.toLowerCase() : "content";
  const pageType: PageType = rawType === "redirect" ? "Redirect" : "Content";
  if (rawType !== "content" && rawType !== "redirect") c.fail("pageType", PAGE_MSG.pageType, "must be Content or Redirect");

  const content = c.optionalText("content", body.content, CONTENT_MAX) ?? "";
  const rawUrl = c.optionalText("url", body.url, URL_MAX)?.trim() ?? "";
  if (pageType === "Redirect") {
    if (rawUrl === "") c.fail("url", PAGE_MSG.urlRequired, "is required for a Redirect page");
    else if (!isRedirectTarget(rawUrl)) c.fail("url", PAGE_MSG.urlInvalid, "must be a path of this site (/...) or an http(s) address");
  } else {
    if (content.trim() === "") c.fail("content", PAGE_MSG.contentRequired, "is required for a Content page");
    if (rawUrl !== "") c.fail("url", PAGE_MSG.urlNotAllowed, "is only allowed on a Redirect page");
  }

  const description = c.optionalText("description", body.description, DESCRIPTION_MAX);
  const socialPreview = c.optionalText("socialPreview", body.socialPreview, 500);
  if (socialPreview && !isStoredFilePath(socialPreview)) c.fail("socialPreview", FORM_ERRORS.file, "must be a file path such as /<hash>/<name>.jpg");

  const galleryData: GalleryInput[] = [];
  const rawGallery = body.galleryData ?? [];
  if (!Array.isArray(rawGallery)) c.fail("galleryData", FORM_ERRORS.invalid, "must be a list");
  else {
    rawGallery.forEach((item: unknown, i) => {
      const f = `galleryData[${i}]`;
      if (typeof item !== "object" || item === null || Array.isArray(item)) {
        c.fail(f, FORM_ERRORS.invalid, "must be an object");
        return;
      }
      const g = item as Record<string, unknown>;
      const fileName = typeof g.fileName === "string" ? g.fileName : "";
      if (!isStoredFilePath(fileName) || fileName.length > 500) c.fail(`${f}.fileName`, FORM_ERRORS.file, "must be a file path such as /<hash>/<name>.jpg");
      galleryData.push({
        id: g.id === undefined || g.id === null ? null : c.int(`${f}.id`, g.id, 1),
        fileName,
        caption: c.optionalText(`${f}.caption`, g.caption, GALLERY_TEXT_MAX),
        attribution: c.optionalText(`${f}.attribution`, g.attribution, GALLERY_TEXT_MAX),
        licenseId: g.licenseId === undefined || g.licenseId === null ? null : c.int(`${f}.licenseId`, g.licenseId, 1),
        displayOrder: c.int(`${f}.displayOrder`, g.displayOrder, 0, i + 1),
      });
    });
  }

  return {
    title,
    content: pageType === "Redirect" ? "" : content,
    description: description?.trim() || null,
    socialPreview: socialPreview || null,
    pageType,
    url: pageType === "Redirect" ? rawUrl : null,
    sticky: c.bool("sticky", true),
    showInFooter: c.bool("showInFooter", false),
    showInMenu: c.bool("showInMenu", false),
    allowComments: c.bool("allowComments", false),
    galleryData,
  };
}

export function validatePageCreate(body: Record<string, unknown>): PageCreateInput {
  const c = new Checker(body);
  const fields = checkFields(c, body);
  const parentId = c.int("parentId", body.parentId, 0, 0);
  const userGroupId = body.userGroupId === undefined || body.userGroupId === null || body.userGroupId === "" ? null : c.int("userGroupId", body.userGroupId, 1);
  const languageId = c.language(body.languageId, SITE_CONFIG.LANG.DEFAULT_ID);
  c.done();
  return { ...fields, parentId, userGroupId, languageId };
}

export function validatePageUpdate(body: Record<string, unknown>): PageUpdateInput {
  const c = new Checker(body);
  const id = c.int("id", body.id, 1);
  const fields = checkFields(c, body);
  const languageId = c.language(body.languageId, null);
  const version = c.optionalText("version", body.version, ROW_VERSION_MAX) || null;
  c.done();
  return { ...fields, id, languageId, version };
}

/** The flat list of updateTree: objects `{id, parentId, pageIndex}`, ids unique, at least one. */
export function validateTreeItems(body: unknown): TreeItemInput[] {
  if (!Array.isArray(body) || body.length === 0) {
    throw new AppError("VALIDATION_FAILED", "Send a non-empty JSON list of {id, parentId, pageIndex}", { body: PAGE_MSG.treeEmpty });
  }
  const c = new Checker({});
  const seen = new Set<number>();
  const items = body.map((raw: unknown, i): TreeItemInput => {
    const item = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
    const id = c.int(`[${i}].id`, item.id, 1);
    if (seen.has(id)) c.fail(`[${i}].id`, PAGE_MSG.treeRepeated, `repeats page ${id}`);
    seen.add(id);
    return { id, parentId: c.int(`[${i}].parentId`, item.parentId, 0), pageIndex: c.int(`[${i}].pageIndex`, item.pageIndex, 0) };
  });
  c.done();
  return items;
}

export function validateComment(body: Record<string, unknown>): { body: string; languageId: number; pageId: number } {
  const c = new Checker(body);
  const text = typeof body.body === "string" ? body.body.trim() : "";
  if (text === "") c.fail("body", FORM_ERRORS.required, "is required");
  else if (text.length > COMMENT_MAX) c.fail("body", maxLengthError(COMMENT_MAX), `must be at most ${COMMENT_MAX} characters`);
  if (body.rootHolderType !== undefined && body.rootHolderType !== "page") c.fail("rootHolderType", FORM_ERRORS.invalid, 'must be "page"');
  const pageId = c.int("rootHolderId", body.rootHolderId, 1);
  const languageId = c.language(body.languageId, SITE_CONFIG.LANG.DEFAULT_ID);
  c.done();
  return { body: text, languageId, pageId };
}
