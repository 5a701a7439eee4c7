/** Bodies of document-api writes → 400 VALIDATION_FAILED with `fieldErrors` (translation keys). */
import SITE_CONFIG from "@site-config";
import {
  BIB_FIELDS,
  DOCUMENT_MSG,
  FLAG_TYPES,
  NOTES_MAX,
  TAG_MAX,
  TAGS_PER_DOCUMENT,
  documentFieldErrors,
  type BibValues,
} from "@/contracts/document";
import { FORM_ERRORS, maxLengthError, type FieldErrorKey } from "@/contracts/field-errors";
import { parseDownloadSource } from "@/contracts/download-log";
import { LICENSE_LIST } from "@/shared/licenses";
import { AppError } from "../../infra/http/app-error";
import { MY_UPLOAD_PATH } from "../uploads/my-uploads";

export interface DocumentInput {
  title: string;
  itemTypeId: number;
  bib: BibValues;
  notes: string;
  contribution: string;
  attribution: string;
  licenseId: number;
  languageId: number;
  fromDate: Date | null;
  resourceURL: string | null;
  externalUrl: string | null;
  socialPreview: string | null;
  tags: string[] | null;
  userGroupIds: number[];
}

const STORE_PATH = /^\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,200}$/;

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

function fail(errors: Record<string, string>): never {
  const fields = Object.keys(errors);
  throw new AppError("VALIDATION_FAILED", `Check these fields: ${fields.join(", ")}`, errors);
}

/** Tags as sent (`["a"]` or `[{name: "a"}]`), trimmed and deduplicated regardless of case. */
export function parseTags(value: unknown, errors: Record<string, string>): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.tags = FORM_ERRORS.invalid;
    return [];
  }
  const seen = new Map<string, string>();
  for (const item of value) {
    const name = (typeof item === "string" ? item : item && typeof item === "object" ? str((item as { name?: unknown }).name) : "").trim();
    if (!name) continue;
    if (name.length > TAG_MAX) errors.tags = maxLengthError(TAG_MAX);
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  if (seen.size > TAGS_PER_DOCUMENT) errors.tags = FORM_ERRORS.invalid;
  return [...seen.values()];
}

function positiveInts(value: unknown, name: string, errors: Record<string, string>): number[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const v of list) {
    const n = typeof v === "number" ? v : Number(str(v));
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) errors[name] = FORM_ERRORS.invalid;
    else if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `DocumentCreateData` / `DocumentEditData` → the stored fields; 400 with every problem at once. */
export function validateDocumentBody(body: Record<string, unknown>): DocumentInput {
  const errors: Record<string, string> = {};
  const bibRaw = body.bibFieldData && typeof body.bibFieldData === "object" && !Array.isArray(body.bibFieldData) ? (body.bibFieldData as Record<string, unknown>) : {};
  const bib: BibValues = {};
  for (const f of BIB_FIELDS) {
    const v = str(bibRaw[f]).trim();
    if (v) bib[f] = v;
  }
  const title = str(bibRaw.title ?? body.title).trim();
  const itemTypeRaw = bibRaw.itemTypeId ?? body.itemTypeId;
  const itemTypeId = typeof itemTypeRaw === "number" ? itemTypeRaw : Number(str(itemTypeRaw) || NaN);
  const externalUrl = str(body.externalUrl).trim() || null;
  Object.assign(errors, documentFieldErrors({ title, itemTypeId, bib, externalUrl }) as Record<string, FieldErrorKey>);

  const notes = str(body.notes ?? bibRaw.abstract).trim();
  if (notes.length > NOTES_MAX) errors.notes = maxLengthError(NOTES_MAX);
  const contribution = str(body.contribution).trim();
  const attribution = str(body.attribution).trim();
  if (contribution.length > 1000) errors.contribution = maxLengthError(1000);
  if (attribution.length > 1000) errors.attribution = maxLengthError(1000);

  let licenseId = LICENSE_LIST[2]!.id;
  if (body.licenseId !== undefined && body.licenseId !== null && body.licenseId !== "") {
    licenseId = Number(body.licenseId);
    if (!LICENSE_LIST.some((l) => l.id === licenseId)) errors.licenseId = DOCUMENT_MSG.license;
  }
  let languageId: number = SITE_CONFIG.LANG.DEFAULT_ID;
  if (body.languageId !== undefined && body.languageId !== null && body.languageId !== "") {
    languageId = Number(body.languageId);
    if (!SITE_CONFIG.LANG.LIST.some((l) => l.id === languageId)) errors.languageId = FORM_ERRORS.language;
  }
  let fromDate: Date | null = null;
  const fromRaw = str(body.fromDate).trim();
  if (fromRaw) {
    fromDate = new Date(fromRaw);
    if (Number.isNaN(fromDate.getTime()) || fromDate.getUTCFullYear() < 1000 || fromDate.getUTCFullYear() > 9999) errors.fromDate = FORM_ERRORS.invalid;
  }
  const resourceURL = str(body.resourceURL).trim() || null;
  if (resourceURL && !MY_UPLOAD_PATH.test(resourceURL)) errors.resourceURL = DOCUMENT_MSG.file;
  if (!resourceURL && !externalUrl && !errors.externalUrl) errors.resourceURL = DOCUMENT_MSG.file;
  const socialPreview = str(body.documentSocialPreview).trim() || null;
  if (socialPreview && (!STORE_PATH.test(socialPreview) || socialPreview.includes(".."))) errors.documentSocialPreview = FORM_ERRORS.invalid;
  const tags = body.tags === undefined ? null : parseTags(body.tags, errors);
  const userGroupIds = positiveInts(body.userGroupId, "userGroupId", errors);
  if (Object.keys(errors).length) fail(errors);
  return { title, itemTypeId, bib, notes, contribution, attribution, licenseId, languageId, fromDate, resourceURL, externalUrl, socialPreview, tags, userGroupIds };
}

export function validateFlag(body: Record<string, unknown>): { flag: string; notes: string } {
  const errors: Record<string, string> = {};
  const flag = str(body.flag).trim();
  if (!(FLAG_TYPES as readonly string[]).includes(flag)) errors.flag = FORM_ERRORS.invalid;
  const notes = str(body.notes).trim();
  if (notes.length > 1000) errors.notes = maxLengthError(1000);
  if (Object.keys(errors).length) fail(errors);
  return { flag, notes };
}

export function validateGroupIds(value: unknown, name = "userGroup"): number[] {
  const errors: Record<string, string> = {};
  if (!Array.isArray(value)) fail({ [name]: FORM_ERRORS.invalid });
  const ids = positiveInts(value, name, errors);
  if (Object.keys(errors).length) fail(errors);
  return ids;
}

export function validateDownload(body: Record<string, unknown>): { filePath: string; filterUrl: string | null; fileType: string; status: "success" | "failed"; notes: string | null } {
  const errors: Record<string, string> = {};
  const filePath = str(body.filePath).trim();
  if (!filePath) errors.filePath = FORM_ERRORS.required;
  else if (filePath.length > 2000) errors.filePath = maxLengthError(2000);
  const filterUrl = str(body.filterUrl).trim() || null;
  if (filterUrl && filterUrl.length > 2000) errors.filterUrl = maxLengthError(2000);
  const fileType = str(body.fileType).trim().toLowerCase() || "pdf";
  if (!/^[a-z0-9]{1,20}$/.test(fileType)) errors.fileType = FORM_ERRORS.invalid;
  const status = str(body.status).trim().toLowerCase() || "success";
  if (status !== "success" && status !== "failed") errors.status = FORM_ERRORS.invalid;
  const notes = str(body.notes).trim() || null;
  if (notes && notes.length > 1000) errors.notes = maxLengthError(1000);
  // The one log holds documents and data exports; this endpoint writes documents only.
  const sourceType = str(body.sourceType).trim();
  if (sourceType && parseDownloadSource(sourceType) !== "document") errors.sourceType = FORM_ERRORS.invalid;
  if (Object.keys(errors).length) fail(errors);
  return { filePath, filterUrl, fileType, status: status as "success" | "failed", notes };
}

