/**
 * The contracts of the record write bodies (cca-api `data/save`, `data/update`, `data/update/location`,
 * `data/comment`, and the template comment `template/comment`): one yup schema per body, used by the
 * platform through `validateWith` (400 VALIDATION_FAILED, one translation key per field). They check the
 * body's SHAPE; the values of the fields are checked against the template by the pure rules of
 * record-rules.ts (`checkRecordValues`), as the record form does. Readers here are pure functions the
 * schemas call, since JSON clients send what forms never do (ids as digit strings, values of the wrong type).
 */
import SITE_CONFIG from "@site-config";
import * as yup from "yup";
import { consentSchema } from "./consent.schema";
import { FORM_ERRORS, maxLengthError, type FieldErrorKey } from "./field-errors";

/** One field error: the field's path and its translation key. */
type FieldError = readonly [field: string, key: FieldErrorKey];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A test's answer for several field errors at once (each on its own path, the first per path). */
function fieldErrorsOf(ctx: yup.TestContext, errors: readonly FieldError[]): true | yup.ValidationError {
  if (errors.length === 0) return true;
  const seen = new Set<string>();
  const first = errors.filter(([field]) => !seen.has(field) && !!seen.add(field));
  return new yup.ValidationError(first.map(([path, message]) => ctx.createError({ path, message })));
}

/** An id of a row (1 to 2³¹−1) as a number or a string of up to 10 digits (spaces around allowed when `trim`); undefined otherwise. */
export function readRowId(raw: unknown, trim = true): number | undefined {
  const text = typeof raw === "string" ? (trim ? raw.trim() : raw) : null;
  const id = typeof raw === "number" ? raw : text !== null && /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** `usergroups` of a save: a list of group ids (absent or null: none), without repeats; undefined when not such a list. */
export function readGroupIds(raw: unknown): number[] | undefined {
  const list = raw ?? [];
  if (!Array.isArray(list)) return undefined;
  const ids: number[] = [];
  for (const g of list) {
    const id = typeof g === "number" ? g : typeof g === "string" && /^\d{1,10}$/.test(g.trim()) ? Number(g) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * `ccaFieldValues` of a save or update → `{fieldId: value}` (only `value` of each entry is read), with an
 * error on `ccaFieldValues` when it is not an object and on each field id whose entry is not `{fieldId?, value}`.
 */
export function readFieldValueEntries(raw: unknown): { values: Record<string, unknown>; errors: FieldError[] } {
  if (!isRecord(raw)) return { values: {}, errors: [["ccaFieldValues", FORM_ERRORS.invalid]] };
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [fieldId, entry] of Object.entries(raw)) {
    if (!isRecord(entry) || (entry.fieldId !== undefined && entry.fieldId !== fieldId)) errors.push([fieldId, FORM_ERRORS.invalid]);
    else values[fieldId] = entry.value ?? null;
  }
  return { values, errors };
}

/** A part read by a pure function: the output is what `read` answers, the error `message` when it answers undefined. */
function readWith<T extends NonNullable<unknown>>(read: (raw: unknown) => T | undefined, message: FieldErrorKey) {
  return yup
    .mixed<T>()
    .nullable()
    .transform((_, raw: unknown) => read(raw) ?? raw)
    .default(() => read(undefined))
    .test("read", message, function () {
      return read(this.originalValue) !== undefined;
    }) as unknown as yup.MixedSchema<T, yup.AnyObject, undefined, "d">;
}

/** `ccaFieldValues` read by `readFieldValueEntries`; `atLeastOne`: an object without entries is refused (`form:required`). */
function fieldValuesSchema(atLeastOne: boolean) {
  return yup
    .mixed<Record<string, unknown>>()
    .nullable()
    .transform((_, raw: unknown) => readFieldValueEntries(raw).values)
    .default(() => ({}))
    .test("entries", FORM_ERRORS.invalid, function () {
      const { values, errors } = readFieldValueEntries(this.originalValue);
      if (atLeastOne && errors.length === 0 && Object.keys(values).length === 0) return fieldErrorsOf(this, [["ccaFieldValues", FORM_ERRORS.required]]);
      return fieldErrorsOf(this, errors);
    }) as unknown as yup.MixedSchema<Record<string, unknown>, yup.AnyObject, undefined, "d">;
}

const trimmed = (raw: unknown): string => (typeof raw === "string" ? raw.trim() : "");

/**
 * `POST data/save`: `{shortName, usergroups?, ccaFieldValues: {fieldId: {fieldId?, value}}, consent?}`.
 * Without `consent` (src/contracts/consent.ts) the record is stored without consent: not public.
 */
export const dataSaveBodySchema = yup.object({
  shortName: readWith((raw) => (trimmed(raw) === "" ? undefined : trimmed(raw)), FORM_ERRORS.required),
  usergroups: readWith(readGroupIds, FORM_ERRORS.invalid),
  ccaFieldValues: fieldValuesSchema(false),
  consent: consentSchema.default(undefined).nullable(),
});

/** `PUT data/update`: `{id, shortName?, ccaFieldValues}` with at least one field. */
export const dataUpdateBodySchema = yup.object({
  id: readWith((raw) => readRowId(raw), FORM_ERRORS.invalid),
  ccaFieldValues: fieldValuesSchema(true),
});

/** Longest state, district or tahsil name. */
export const LOCATION_PART_MAX = 200;

/** A location part: text (trimmed; empty is none) of at most LOCATION_PART_MAX characters; absent or null is none. */
function locationPart() {
  return yup
    .mixed<string>()
    .nullable()
    .test("text", FORM_ERRORS.invalid, (v) => v === undefined || v === null || typeof v === "string")
    .test("max", maxLengthError(LOCATION_PART_MAX), (v) => typeof v !== "string" || v.trim().length <= LOCATION_PART_MAX)
    .transform((v: unknown) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v))
    .default(null) as unknown as yup.MixedSchema<string | null, yup.AnyObject, null, "d">;
}

/** `PUT data/update/location`: `{id, location: {state?, district?, tahsil?}}`. */
export const recordLocationBodySchema = yup.object({
  id: readWith((raw) => readRowId(raw), FORM_ERRORS.invalid),
  location: yup
    .object({ state: locationPart(), district: locationPart(), tahsil: locationPart() })
    .nullable()
    .default(undefined)
    .test("object", FORM_ERRORS.invalid, function () {
      return isRecord(this.originalValue);
    })
    .typeError(FORM_ERRORS.invalid),
});

const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);

/**
 * A comment on a record or a template: `{body, languageId?, rootHolderId, rootHolderType?: holderType}`
 * (`body` trimmed, at most `max` characters, `maxKey` its error; `languageId` the default language when absent).
 */
export function commentBodySchema(holderType: string, max: number, maxKey: FieldErrorKey) {
  return yup.object({
    body: readWith((raw) => (trimmed(raw) === "" ? undefined : trimmed(raw)), FORM_ERRORS.required).test("max", maxKey, (v) => typeof v !== "string" || v.length <= max),
    rootHolderType: yup
      .mixed()
      .nullable()
      .test("holder", FORM_ERRORS.invalid, function () {
        return this.originalValue === undefined || this.originalValue === holderType;
      }),
    rootHolderId: readWith((raw) => readRowId(raw, false), FORM_ERRORS.invalid),
    languageId: readWith(
      (raw) => {
        const id = raw === undefined || raw === null ? SITE_CONFIG.LANG.DEFAULT_ID : Number(raw);
        return LANGUAGE_IDS.includes(id) ? id : undefined;
      },
      FORM_ERRORS.language,
    ),
  });
}
