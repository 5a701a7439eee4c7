/**
 * The document contract (document-api, reference §3.6): the yup schemas of every document write body,
 * used by the document-api (`validateWith(schema, body)`: 400 VALIDATION_FAILED, `fieldErrors` of
 * translation keys) and by the create/edit form (react-hook-form + yup, loaded on first use through
 * `lazyYupResolver`), which checks the body it is about to send with the same `documentBodySchema`.
 * Rules a schema cannot express are the pure functions of `./document` (`documentFieldErrors`,
 * `documentTagsError`). A body's field errors name its fields as the platform answers them (a BibTeX
 * field `author`, not `bibFieldData.author`); `documentFormPath` maps them onto the form's fields.
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { LICENSE_LIST } from "@/shared/licenses";
import {
  BIB_FIELDS,
  COMMENT_MAX,
  CREDIT_MAX,
  DOCUMENT_MSG,
  DOCUMENT_SOURCES,
  DOCUMENT_UPLOAD_PATH,
  DOWNLOAD_PATH_MAX,
  FLAG_NOTES_MAX,
  FLAG_TYPES,
  NOTES_MAX,
  documentFieldErrors,
  documentTagNames,
  documentTagsError,
  documentFormBody,
  documentFormPath,
  isStoreFilePath,
  type BibValues,
  type DocumentFormValues,
} from "./document";
import { parseDownloadSource } from "./download-log";
import { FORM_ERRORS, maxLengthError } from "./field-errors";

// ------------------------------------------------------------------------------------------ building blocks

/** A JSON value as text: strings as sent, numbers in digits, anything else empty. */
const asText = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** Text, trimmed; "" when absent. */
const text = () =>
  yup
    .string()
    .transform((_value, raw: unknown) => asText(raw).trim())
    .default("");

/** Text, trimmed; null when absent or blank. */
const optionalText = () =>
  yup
    .string()
    .nullable()
    .transform((_value, raw: unknown) => asText(raw).trim() || null)
    .default(null);

/** An id of `ids`; absent, null or "" is `fallback`. */
const choiceId = (ids: readonly number[], fallback: number, message: string) =>
  yup
    .number()
    .transform((_value, raw: unknown) => (raw === null || raw === "" ? fallback : Number(raw)))
    .typeError(message)
    .default(fallback)
    .test("choice", message, (id) => ids.includes(id));

const MAX_ID = 2_147_483_647;
const isId = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= MAX_ID;
/** Positive whole numbers (numbers or digit strings), each once; anything else stays as NaN for the rule to refuse. */
const idsOf = (list: readonly unknown[]): number[] => [...new Set(list.map((v) => (typeof v === "number" ? v : Number(asText(v)))))];
const IDS_RULE = ["ids", FORM_ERRORS.invalid, (ids: unknown) => Array.isArray(ids) && ids.every(isId)] as const;

/** A list of group ids, as a JSON array. */
const groupIds = () =>
  yup
    .mixed<number[]>()
    .transform((_value, raw: unknown) => (Array.isArray(raw) ? idsOf(raw) : raw))
    .defined(FORM_ERRORS.invalid)
    .nonNullable(FORM_ERRORS.invalid)
    .test(...IDS_RULE);

/** Tags as sent; absent is null (left as they are), null is none. */
const tags = () =>
  yup
    .mixed<string[]>()
    .nullable()
    .transform((_value, raw: unknown) => (raw === null ? [] : Array.isArray(raw) ? documentTagNames(raw) : raw))
    .default(null)
    .test("tags", FORM_ERRORS.invalid, function (value) {
      const key = value === null || value === undefined ? null : documentTagsError(value);
      return key ? this.createError({ message: key }) : true;
    });

// ------------------------------------------------------------------------------------------ create and update

/**
 * `DocumentCreateData` / `DocumentEditData` flattened: title and item type from `bibFieldData` (or the
 * top level), the BibTeX values trimmed with blanks dropped, the notes from the BibTeX abstract when absent.
 */
function flattenDocumentBody(raw: unknown): Record<string, unknown> {
  const body = isRecord(raw) ? raw : {};
  const bibRaw = isRecord(body.bibFieldData) ? body.bibFieldData : {};
  const bib: BibValues = {};
  for (const f of BIB_FIELDS) {
    const v = asText(bibRaw[f]).trim();
    if (v) bib[f] = v;
  }
  return {
    title: bibRaw.title ?? body.title,
    itemTypeId: bibRaw.itemTypeId ?? body.itemTypeId,
    bib,
    notes: body.notes ?? bibRaw.abstract,
    contribution: body.contribution,
    attribution: body.attribution,
    licenseId: body.licenseId,
    languageId: body.languageId,
    fromDate: body.fromDate,
    resourceURL: body.resourceURL,
    externalUrl: body.externalUrl,
    documentSocialPreview: body.documentSocialPreview,
    tags: body.tags,
    userGroupId: body.userGroupId,
  };
}

const isStoredYear = (d: Date) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1000 && d.getUTCFullYear() <= 9999;

/**
 * `PUT create` and `PUT update`: every problem at once. Validated, it is the document's stored fields
 * (`tags` null when the body has none; `userGroupId` the groups to post a new document to).
 */
export const documentBodySchema = yup
  .object({
    title: text(),
    itemTypeId: yup
      .mixed<number>()
      .transform((_value, raw: unknown) => (typeof raw === "number" ? raw : Number(asText(raw) || NaN)))
      .default(NaN),
    bib: yup.mixed<BibValues>().default(() => ({})),
    notes: text().max(NOTES_MAX, maxLengthError(NOTES_MAX)),
    contribution: text().max(CREDIT_MAX, maxLengthError(CREDIT_MAX)),
    attribution: text().max(CREDIT_MAX, maxLengthError(CREDIT_MAX)),
    licenseId: choiceId(
      LICENSE_LIST.map((l) => l.id),
      LICENSE_LIST[2]!.id,
      DOCUMENT_MSG.license,
    ),
    languageId: choiceId(
      SITE_CONFIG.LANG.LIST.map((l) => l.id),
      SITE_CONFIG.LANG.DEFAULT_ID,
      FORM_ERRORS.language,
    ),
    fromDate: yup
      .mixed<Date>()
      .nullable()
      .transform((_value, raw: unknown) => (asText(raw).trim() ? new Date(asText(raw).trim()) : null))
      .default(null)
      .test("date", FORM_ERRORS.invalid, (d) => !d || isStoredYear(d)),
    resourceURL: optionalText().test("upload", DOCUMENT_MSG.file, (v) => !v || DOCUMENT_UPLOAD_PATH.test(v)),
    externalUrl: optionalText(),
    documentSocialPreview: optionalText().test("store-path", FORM_ERRORS.invalid, (v) => !v || isStoreFilePath(v)),
    tags: tags(),
    userGroupId: yup
      .mixed<number[]>()
      .transform((_value, raw: unknown) => (raw === null ? [] : idsOf(Array.isArray(raw) ? raw : [raw])))
      .default(() => [])
      .test(...IDS_RULE),
  })
  .transform((_value, raw: unknown) => flattenDocumentBody(raw))
  .test("document", "", (v) => {
    if (!v) return true;
    // The metadata rule (title, type, the type's BibTeX fields, year, addresses), then a file or an address.
    const errors: Record<string, string> = documentFieldErrors({ title: v.title, itemTypeId: v.itemTypeId, bib: v.bib, externalUrl: v.externalUrl });
    if (!v.resourceURL && !v.externalUrl && !errors.externalUrl) errors.resourceURL = DOCUMENT_MSG.file;
    const list = Object.entries(errors);
    return list.length ? new yup.ValidationError(list.map(([path, key]) => new yup.ValidationError(key, undefined, path))) : true;
  });

export type DocumentInput = yup.InferType<typeof documentBodySchema>;

// ------------------------------------------------------------------------------------------ the other writes

/** `PUT update/tags`. */
export const documentTagsSchema = yup.object({ tags: tags() });

/** `PUT update/usergroup/{id}` (the body is the JSON array, as `userGroupId`). */
export const documentGroupsSchema = yup.object({ userGroupId: groupIds() });

/** `POST featured` and `PUT unfeatured/{id}` (whose body is the JSON array, as `userGroup`). */
export const documentFeatureSchema = yup.object({
  userGroup: groupIds(),
  notes: yup
    .string()
    .transform((_value, raw: unknown) => (typeof raw === "string" ? raw.trim().slice(0, 1000) : ""))
    .default(""),
});

/** `POST flag/{id}`. */
export const documentFlagSchema = yup.object({
  flag: text().test("flag", FORM_ERRORS.invalid, (v) => (FLAG_TYPES as readonly string[]).includes(v)),
  notes: text().max(FLAG_NOTES_MAX, maxLengthError(FLAG_NOTES_MAX)),
});

/** `POST add/comment` (the holder and the language are read as ids of the request). */
export const documentCommentSchema = yup.object({
  body: yup
    .string()
    .transform((_value, raw: unknown) => (typeof raw === "string" ? raw.trim() : ""))
    .default("")
    .required(FORM_ERRORS.required)
    .max(COMMENT_MAX, maxLengthError(COMMENT_MAX)),
  rootHolderType: yup
    .mixed()
    .nullable()
    .test("holder", FORM_ERRORS.invalid, (v) => v === undefined || v === "document"),
});

const lowerText = (fallback: string) =>
  yup
    .string()
    .transform((_value, raw: unknown) => asText(raw).trim().toLowerCase() || fallback)
    .default(fallback);

/** `POST log/download`: a document's download (the one log holds data exports too; this endpoint writes documents only). */
export const documentDownloadSchema = yup.object({
  filePath: text().required(FORM_ERRORS.required).max(DOWNLOAD_PATH_MAX, maxLengthError(DOWNLOAD_PATH_MAX)),
  filterUrl: optionalText().max(DOWNLOAD_PATH_MAX, maxLengthError(DOWNLOAD_PATH_MAX)),
  fileType: lowerText("pdf").matches(/^[a-z0-9]{1,20}$/, FORM_ERRORS.invalid),
  status: lowerText("success").oneOf(["success", "failed"] as const, FORM_ERRORS.invalid),
  notes: optionalText().max(FLAG_NOTES_MAX, maxLengthError(FLAG_NOTES_MAX)),
  sourceType: text().test("source", FORM_ERRORS.invalid, (v) => !v || parseDownloadSource(v) === "document"),
});

// ------------------------------------------------------------------------------------------ the form

// The form's values, the body it sends and where the platform's field errors land (yup-free, in ./document).
export { DOCUMENT_SOURCES, documentFormBody, documentFormPath, splitTags, type DocumentFormValues } from "./document";

/** Every problem of the form at once, `{path: translation key}`: the body it would send, checked by `documentBodySchema`. */
export function documentFormErrors(values: DocumentFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  try {
    documentBodySchema.validateSync(documentFormBody(values), { abortEarly: false });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    for (const item of error.inner.length ? error.inner : [error]) {
      // An external document whose address is empty: the address is what is missing.
      const path = values.source === "url" && item.path === "resourceURL" ? "externalUrl" : documentFormPath(item.path ?? "");
      const key = path === "externalUrl" && item.path === "resourceURL" ? FORM_ERRORS.required : item.message;
      if (path) errors[path] ??= key;
    }
  }
  return errors;
}

export const documentFormSchema = yup
  .object({
    itemTypeId: yup.number().required(),
    title: yup.string().default(""),
    notes: yup.string().default(""),
    fromDate: yup.string().default(""),
    licenseId: yup.number().required(),
    languageId: yup.number().required(),
    tags: yup.string().default(""),
    bib: yup.object().default({}),
    source: yup.string().oneOf(DOCUMENT_SOURCES).required(),
    resourceURL: yup.string().nullable().default(null),
    externalUrl: yup.string().default(""),
    groups: yup.array(yup.number().required()).default([]),
  })
  .test("document", "", (value) => {
    const errors = Object.entries(documentFormErrors(value as DocumentFormValues));
    return errors.length ? new yup.ValidationError(errors.map(([path, key]) => new yup.ValidationError(key, undefined, path))) : true;
  });
