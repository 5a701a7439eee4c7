/**
 * Documents (document-api, reference §3.6, §4.6): item types, their BibTeX fields, the shapes both
 * sides share, the form's values and body, and the rules the contract's schemas call (document.schema.ts:
 * `documentFieldErrors`, `documentTagsError`). Field errors are translation keys of the `document` namespace.
 */
import { FORM_ERRORS, maxLengthError, type FieldErrorKey } from "./field-errors";

/** The BibTeX fields a document may carry, by the reference's names (camelCase, `bookTitle`, `howPublished`). */
export const BIB_FIELDS = [
  "author",
  "editor",
  "journal",
  "bookTitle",
  "year",
  "month",
  "volume",
  "number",
  "pages",
  "chapter",
  "edition",
  "series",
  "publisher",
  "address",
  "school",
  "institution",
  "organization",
  "howPublished",
  "note",
  "isbn",
  "doi",
  "url",
] as const;

export type BibField = (typeof BIB_FIELDS)[number];
export type BibValues = Partial<Record<BibField, string>>;

export interface ItemType {
  id: number;
  /** BibTeX entry type, lower case. */
  key: string;
  label: string;
  required: readonly BibField[];
  optional: readonly BibField[];
}

/** The standard BibTeX entry types with their required and optional fields (title is always required). */
export const ITEM_TYPES: readonly ItemType[] = [
  { id: 1, key: "article", label: "Article", required: ["author", "journal", "year"], optional: ["volume", "number", "pages", "month", "doi", "url", "note"] },
  { id: 2, key: "book", label: "Book", required: ["author", "publisher", "year"], optional: ["editor", "volume", "series", "address", "edition", "month", "isbn", "doi", "url", "note"] },
  { id: 3, key: "booklet", label: "Booklet", required: [], optional: ["author", "howPublished", "address", "month", "year", "url", "note"] },
  { id: 4, key: "inbook", label: "Chapter in a book", required: ["author", "chapter", "publisher", "year"], optional: ["editor", "pages", "volume", "series", "address", "edition", "month", "isbn", "doi", "note"] },
  { id: 5, key: "incollection", label: "Part of a collection", required: ["author", "bookTitle", "publisher", "year"], optional: ["editor", "pages", "address", "edition", "month", "isbn", "doi", "note"] },
  { id: 6, key: "inproceedings", label: "Conference paper", required: ["author", "bookTitle", "year"], optional: ["editor", "volume", "series", "pages", "address", "month", "organization", "publisher", "doi", "url", "note"] },
  { id: 7, key: "manual", label: "Manual", required: [], optional: ["author", "organization", "address", "edition", "month", "year", "url", "note"] },
  { id: 8, key: "mastersthesis", label: "Master's thesis", required: ["author", "school", "year"], optional: ["address", "month", "url", "note"] },
  { id: 9, key: "misc", label: "Miscellaneous", required: [], optional: ["author", "howPublished", "month", "year", "url", "note"] },
  { id: 10, key: "phdthesis", label: "PhD thesis", required: ["author", "school", "year"], optional: ["address", "month", "url", "note"] },
  { id: 11, key: "proceedings", label: "Proceedings", required: ["year"], optional: ["editor", "volume", "series", "address", "month", "organization", "publisher", "isbn", "url", "note"] },
  { id: 12, key: "techreport", label: "Report", required: ["author", "institution", "year"], optional: ["number", "address", "month", "doi", "url", "note"] },
  { id: 13, key: "unpublished", label: "Unpublished", required: ["author", "note"], optional: ["month", "year", "url"] },
];

export const itemTypeById = (id: number | null | undefined): ItemType | undefined => ITEM_TYPES.find((t) => t.id === id);
export const itemTypeByKey = (key: string): ItemType | undefined => {
  const k = key.toLowerCase();
  return ITEM_TYPES.find((t) => t.key === k) ?? (k === "conference" ? ITEM_TYPES.find((t) => t.key === "inproceedings") : undefined);
};

/** `GET bib/fields/{itemId}`: every field of the type, `true` when required (title first). */
export function bibFieldMap(type: ItemType): Record<string, boolean> {
  const map: Record<string, boolean> = { title: true };
  for (const f of type.required) map[f] = true;
  for (const f of type.optional) map[f] = false;
  return map;
}

export const DOCUMENT_MSG = {
  required: FORM_ERRORS.required,
  itemType: "document:errors.item_type",
  year: "document:errors.year",
  url: "document:errors.url",
  file: "document:errors.file",
  license: "document:errors.license",
} as const;

export const TITLE_MAX = 500;
export const NOTES_MAX = 10_000;
export const BIB_VALUE_MAX = 1000;
export const TAG_MAX = 100;
export const TAGS_PER_DOCUMENT = 30;
/** Contribution and attribution notes, the notes of a flag. */
export const CREDIT_MAX = 1000;
export const FLAG_NOTES_MAX = 1000;
export const COMMENT_MAX = 2000;
/** A download log entry's file path and filter address. */
export const DOWNLOAD_PATH_MAX = 2000;

/**
 * A file of the caller's uploads as a document names it, `/<hash>/<uuid>.<ext>` (the files-api's
 * `MY_UPLOAD_PATH`, src/server/modules/uploads; a unit test keeps the two equal).
 */
export const DOCUMENT_UPLOAD_PATH = /^\/[A-Za-z0-9_-]{1,64}\/[0-9a-f-]{36}\.(pdf|mp4|mov|webm)$/;

/** A file of the files store, `/<directory>/<name>` without `..` (a document's social preview). */
export function isStoreFilePath(value: string): boolean {
  return /^\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,200}$/.test(value) && !value.includes("..");
}

/** Tags as sent (`["a"]` or `[{name: "a"}]`), trimmed, blanks dropped, one per name regardless of case (the first spelling). */
export function documentTagNames(list: readonly unknown[]): string[] {
  const seen = new Map<string, string>();
  for (const item of list) {
    const raw = typeof item === "string" ? item : item && typeof item === "object" ? (item as { name?: unknown }).name : "";
    const name = (typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : "").trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** The one rule for a document's tags: a list of at most TAGS_PER_DOCUMENT names of at most TAG_MAX characters. */
export function documentTagsError(tags: unknown): FieldErrorKey | null {
  if (!Array.isArray(tags) || tags.length > TAGS_PER_DOCUMENT) return FORM_ERRORS.invalid;
  return tags.some((t) => typeof t !== "string" || t.length > TAG_MAX) ? maxLengthError(TAG_MAX) : null;
}

/** An http(s) address (external documents, bib `url`). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * The one rule for a document's metadata: a title, a known type, its required BibTeX fields, a year
 * of four digits, http(s) addresses. Returns `{field: key}`; empty when the input is fine.
 */
export function documentFieldErrors(input: { title?: string | null; itemTypeId?: number | null; bib?: BibValues; externalUrl?: string | null }): Record<string, FieldErrorKey> {
  const errors: Record<string, FieldErrorKey> = {};
  const title = (input.title ?? "").trim();
  if (!title) errors.title = DOCUMENT_MSG.required;
  else if (title.length > TITLE_MAX) errors.title = maxLengthError(TITLE_MAX);
  const type = itemTypeById(input.itemTypeId ?? null);
  if (!type) errors.itemTypeId = DOCUMENT_MSG.itemType;
  const bib = input.bib ?? {};
  for (const f of type?.required ?? []) if (!(bib[f] ?? "").trim()) errors[f] = DOCUMENT_MSG.required;
  for (const f of BIB_FIELDS) {
    const v = (bib[f] ?? "").trim();
    if (v.length > BIB_VALUE_MAX && !errors[f]) errors[f] = maxLengthError(BIB_VALUE_MAX);
  }
  const year = (bib.year ?? "").trim();
  if (year && !errors.year && !/^\d{4}$/.test(year)) errors.year = DOCUMENT_MSG.year;
  const url = (bib.url ?? "").trim();
  if (url && !errors.url && !isHttpUrl(url)) errors.url = DOCUMENT_MSG.url;
  const external = (input.externalUrl ?? "").trim();
  if (external && !isHttpUrl(external)) errors.externalUrl = DOCUMENT_MSG.url;
  return errors;
}

export interface UserIbp {
  id: number;
  name: string;
  profilePic: string | null;
  isAdmin: boolean;
}

export interface DocumentGroup {
  id: number;
  name: string;
  icon: string | null;
  webAddress: string;
  featured: boolean;
}

export interface DocumentTag {
  id: number;
  name: string;
}

/** The files the document shows: a file of the files store (`myUploads`), or an external address. */
export interface DocumentFile {
  /** `/<hash>/<name>` inside `myUploads`: served at `files-api/api/get/raw/myUploads{path}`. */
  path: string;
  mimeType: string;
  size: number;
  downloads: number;
}

export const DOCUMENT_FILE_PREFIX = "/files-api/api/get/raw/myUploads";
/** Where a document file is served by this portal. */
export const documentFileUrl = (path: string) => `${DOCUMENT_FILE_PREFIX}${path}`;

/** The document as the show page and the reference's `Document` have it (bib fields on top). */
export interface DocumentData extends BibValues {
  id: number;
  title: string;
  itemTypeId: number;
  itemtype: string;
  notes: string;
  authorId: number;
  contribution: string;
  attribution: string;
  licenseId: number;
  languageId: number;
  fromDate: string | null;
  createdOn: string;
  lastRevised: string;
  flagCount: number;
  externalUrl: string | null;
  documentSocialPreview: string | null;
}

export interface FlagShow {
  id: number;
  flag: string;
  notes: string;
  createdOn: string;
  user: UserIbp;
}

export interface FeaturedShow {
  userGroupId: number;
  notes: string;
  createdOn: string;
  authorId: number;
}

/** `GET v1/services/show/{id}` (reference ShowDocument; coverage, species groups and habitats are not kept). */
export interface ShowDocument {
  document: DocumentData;
  userIbp: UserIbp;
  userGroupIbp: DocumentGroup[];
  featured: FeaturedShow[];
  uFile: DocumentFile | null;
  flag: FlagShow[];
  tags: DocumentTag[];
  /** `key`: the key of the licence's translated name (license_names in the document namespace). */
  documentLicense: { id: number; key: string; name: string; url: string | null };
  followerCount: number;
  commentCount: number;
}

/** The document of a list item: the reference's `Document` fields the list shows (+ `itemTypeId`, `mimeType`). */
export interface DocumentListDocument {
  id: number;
  title: string;
  itemTypeId: number;
  itemtype: string;
  notes: string;
  authorId: number;
  author: string | null;
  year: string | null;
  journal: string | null;
  publisher: string | null;
  createdOn: string;
  lastRevised: string;
  flagCount: number;
  /** The MIME type of its file (null: an external address). */
  mimeType: string | null;
}

/**
 * One item of `POST v1/services/list/document/_doc` (reference DocumentMappingList, which the original's
 * list reads as `item.document.id`, `item.userIbp`, `item.flag`, `item.userGroupIbp`, `item.tags`).
 */
export interface DocumentListItem {
  document: DocumentListDocument;
  /** The uploader. */
  userIbp: UserIbp;
  /** Its flags, oldest first. */
  flag: FlagShow[];
  /** The groups it is posted to. */
  userGroupIbp: DocumentGroup[];
  tags: DocumentTag[];
}

/** Counts per filter value; each ignores its own filter. */
export interface DocumentAggregation {
  groupTypeOfDocument: Record<string, number>;
  groupYearofPublication: Record<string, number>;
  groupUserGroupName: Record<string, number>;
  groupTags: Record<string, number>;
  groupFlagged: Record<string, number>;
}

export interface DocumentListResponse {
  documentList: DocumentListItem[];
  aggregationData: DocumentAggregation;
  totalCount: number;
}

export const DOCUMENT_SORTS = ["document.createdOn", "document.lastRevised"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const DOCUMENT_PAGE_SIZE = 12;

/** The filters of the list as query parameters (repeated keys or comma lists for several values). */
export const DOCUMENT_FILTER_KEYS = ["itemType", "year", "author", "publisher", "title", "tags", "user", "userGroupList", "isFlagged"] as const;
export type DocumentFilterKey = (typeof DOCUMENT_FILTER_KEYS)[number];

/** `PUT v1/services/create`. */
export interface DocumentCreateData {
  bibFieldData: BibValues & { title: string; itemTypeId: number };
  notes?: string;
  contribution?: string;
  attribution?: string;
  licenseId?: number;
  fromDate?: string | null;
  languageId?: number;
  /** A path of the caller's my-uploads (`/<hash>/<name>`). */
  resourceURL?: string | null;
  externalUrl?: string | null;
  documentSocialPreview?: string | null;
  tags?: (string | { id?: number; name: string })[];
  userGroupId?: number[];
}

/** `GET v1/services/edit/{id}` and `PUT v1/services/update`. */
export interface DocumentEditData extends Omit<DocumentCreateData, "userGroupId"> {
  documentId: number;
}

export interface MyUpload {
  hashKey: string;
  fileName: string;
  type: string;
  path: string;
  dateCreated: string;
  dateUploaded: string;
  fileSize: number;
}

export interface DocumentPermissions {
  /** Groups the caller may post the document to. */
  userGroupMember: DocumentGroup[];
  /** Groups the caller may feature it in. */
  userGroupFeature: DocumentGroup[];
  following: boolean;
  canEdit: boolean;
}

export const FLAG_TYPES = ["DETAILS_INAPPROPRIATE", "LOCATION_INAPPROPRIATE", "DATE_INAPPROPRIATE"] as const;

/**
 * The PDF viewer opens only files this portal's files service serves: a same-origin path
 * `/files-api/api/get/raw/{directory}/…` without `..`, backslashes, encoded separators or a scheme.
 */
export function isPortalFileUrl(value: string | null | undefined): value is string {
  if (!value || value.length > 2000) return false;
  if (!value.startsWith("/files-api/api/get/raw/")) return false;
  if (/[\\\s\0]|\/\/|%2f|%5c|%2e/i.test(value)) return false;
  return !value.split("/").some((s) => s === ".." || s === ".");
}

/** A reference formatted for reading ("Author (Year). Title. Journal, Volume(Number), Pages."). */
export function formatReference(d: BibValues & { title: string }): string {
  const parts: string[] = [];
  const head = [d.author?.trim(), d.year ? `(${d.year})` : ""].filter(Boolean).join(" ");
  if (head) parts.push(`${head}.`);
  parts.push(`${d.title.trim().replace(/\.$/, "")}.`);
  const container = d.journal || d.bookTitle || d.school || d.institution || d.publisher || d.howPublished;
  if (container) {
    let c = container.trim();
    if (d.volume) c += `, ${d.volume}${d.number ? `(${d.number})` : ""}`;
    if (d.pages) c += `, ${d.pages}`;
    parts.push(`${c}.`);
  }
  if (d.doi) parts.push(`https://doi.org/${d.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, "")}`);
  return parts.join(" ");
}

const BIBTEX_NAMES: Partial<Record<BibField, string>> = { bookTitle: "booktitle", howPublished: "howpublished" };

/** The document as a BibTeX entry (for "Cite"). */
export function toBibtex(d: BibValues & { id: number; title: string; itemTypeId: number }): string {
  const type = itemTypeById(d.itemTypeId)?.key ?? "misc";
  const esc = (v: string) => v.replace(/[{}]/g, "");
  const lines = [`  title = {${esc(d.title)}}`];
  for (const f of BIB_FIELDS) {
    const v = d[f]?.trim();
    if (v) lines.push(`  ${BIBTEX_NAMES[f] ?? f} = {${esc(v)}}`);
  }
  return `@${type}{document${d.id},\n${lines.join(",\n")}\n}`;
}

// ---------------------------------------------------------------------------------------------- the create/edit form

export const DOCUMENT_SOURCES = ["file", "url"] as const;

export interface DocumentFormValues {
  itemTypeId: number;
  title: string;
  notes: string;
  fromDate: string;
  licenseId: number;
  languageId: number;
  /** Comma-separated. */
  tags: string;
  bib: BibValues;
  source: (typeof DOCUMENT_SOURCES)[number];
  /** The uploaded file's path (my-uploads), when the source is a file. */
  resourceURL: string | null;
  externalUrl: string;
  groups: number[];
}

/** The form's tags, split and trimmed. */
export const splitTags = (tags: string): string[] =>
  tags
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The body the form sends (`PUT create`; `PUT update` without `userGroupId`): the fields of the chosen
 * type, trimmed. The form's schema (document.schema.ts) checks this body with the platform's schema.
 */
export function documentFormBody(values: DocumentFormValues): DocumentCreateData & { userGroupId: number[] } {
  const type = itemTypeById(Number(values.itemTypeId)) ?? ITEM_TYPES[0]!;
  const bib: BibValues = {};
  for (const f of [...type.required, ...type.optional]) if (values.bib[f]?.trim()) bib[f] = values.bib[f]!.trim();
  return {
    bibFieldData: { ...bib, title: values.title.trim(), itemTypeId: Number(values.itemTypeId) },
    notes: values.notes,
    licenseId: Number(values.licenseId),
    languageId: Number(values.languageId),
    fromDate: values.fromDate || null,
    resourceURL: values.source === "file" ? values.resourceURL : null,
    externalUrl: values.source === "url" ? values.externalUrl.trim() : null,
    tags: splitTags(values.tags),
    userGroupId: values.groups,
  };
}

const FORM_FIELDS = ["itemTypeId", "title", "notes", "fromDate", "licenseId", "languageId", "tags", "resourceURL", "externalUrl"] as const;

/** The form field a platform field error belongs to (`author` → `bib.author`), or null when the form has none. */
export function documentFormPath(field: string): string | null {
  if ((BIB_FIELDS as readonly string[]).includes(field)) return `bib.${field}`;
  if (field === "bibFieldData.title") return "title";
  return (FORM_FIELDS as readonly string[]).includes(field) ? field : null;
}
