/**
 * Validation of the document create and edit form (react-hook-form + yup, loaded on first use through
 * `lazyYupResolver`). The metadata rules are the one rule the platform applies too
 * (`documentFieldErrors`); messages are translation keys. The platform's field errors map back onto
 * these fields with `documentFormPath` (a BibTeX field `author` is the form's `bib.author`).
 */
import * as yup from "yup";
import { BIB_FIELDS, DOCUMENT_MSG, NOTES_MAX, TAG_MAX, TAGS_PER_DOCUMENT, documentFieldErrors, type BibValues } from "./document";
import { FORM_ERRORS, maxLengthError } from "./field-errors";

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

/** Every problem of the form at once, `{path: translation key}`. */
export function documentFormErrors(v: DocumentFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const meta = documentFieldErrors({ title: v.title, itemTypeId: v.itemTypeId, bib: v.bib, externalUrl: v.source === "url" ? v.externalUrl : null });
  for (const [field, key] of Object.entries(meta)) errors[documentFormPath(field) ?? field] = key;
  if (v.notes.trim().length > NOTES_MAX) errors.notes = maxLengthError(NOTES_MAX);
  const tags = splitTags(v.tags);
  if (tags.some((x) => x.length > TAG_MAX)) errors.tags = maxLengthError(TAG_MAX);
  else if (tags.length > TAGS_PER_DOCUMENT) errors.tags = FORM_ERRORS.invalid;
  if (v.source === "file" && !v.resourceURL) errors.resourceURL = DOCUMENT_MSG.file;
  if (v.source === "url" && !v.externalUrl.trim()) errors.externalUrl = FORM_ERRORS.required;
  return errors;
}

const FORM_FIELDS = ["itemTypeId", "title", "notes", "fromDate", "licenseId", "languageId", "tags", "resourceURL", "externalUrl"] as const;

/** The form field a platform field error belongs to (`author` → `bib.author`), or null when the form has none. */
export function documentFormPath(field: string): string | null {
  if ((BIB_FIELDS as readonly string[]).includes(field)) return `bib.${field}`;
  if (field === "bibFieldData.title") return "title";
  return (FORM_FIELDS as readonly string[]).includes(field) ? field : null;
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
