/**
 * The rules of a record's values, one module for the participation form (a yup schema built from the
 * template, through react-hook-form's resolver) and cca-api (`data/save`, `data/update`), so both
 * always agree. Values are `{[fieldId]: value}` (the `value` of `ccaFieldValues[fieldId]`, reference
 * §4.3); errors are translation keys (contracts/field-errors.ts), one per field id, so the platform
 * answers `400 VALIDATION_FAILED` with `fieldErrors: {"<fieldId>": "<key>"}` and the form shows each
 * next to its field. Pure: no server or browser imports.
 */
import * as yup from "yup";
import { LICENSE_LIST } from "@/shared/licenses";
import { FORM_ERRORS, maxLengthError, wholeNumberRangeError, type FieldErrorKey } from "./field-errors";
import { flattenFields, isOptionType, MULTI_OPTION_TYPES, parseOptionValue, type CCAField, type FieldType, type ValueOption } from "./template";

export const TEXT_MAX = 2000;
export const TEXT_AREA_MAX = 10_000;
/** RICHTEXT: HTML, measured in UTF-8 bytes. */
export const RICHTEXT_MAX_KB = 100;
export const RICHTEXT_MAX_BYTES = RICHTEXT_MAX_KB * 1000;
/** The free text of an "Others" option. */
export const OTHERS_TEXT_MAX = 200;
export const FILES_MAX = 20;
export const FILE_ATTRIBUTION_MAX = 500;
/** Positions of all features of a GEOMETRY value together. */
export const GEOMETRY_POSITIONS_MAX = 10_000;
export const YEAR_MIN = 1;
export const YEAR_MAX = 9999;

/** Geometry types a GEOMETRY value may hold (no GeometryCollection). */
export const GEOMETRY_TYPES = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"] as const;
export type RecordGeometryType = (typeof GEOMETRY_TYPES)[number];

/**
 * Directories of the files store (the server's `FILE_DIRECTORIES`, src/server/infra/files/file-storage.ts;
 * a unit test keeps the two equal).
 */
export const FILE_STORE_DIRECTORIES = [
  "observations", "img", "species", "userGroups", "users", "pages", "signature", "traits", "myUploads", "thumbnails",
  "landscape", "documents", "temp", "datatables", "datasets", "curation", "homePage", "resources", "documentSocialPreview", "site",
] as const;

/** Where FILE values point: `/files-api/api/get/raw/<directory>/<hash>/<name>` (deeper folders allowed). */
export const FILE_PATH_PREFIX = "/files-api/api/get/raw/";

function withValues(key: string, values: Record<string, number | string>): FieldErrorKey {
  return `${key}|${JSON.stringify(values)}` as FieldErrorKey;
}

export const RECORD_MSG = {
  required: FORM_ERRORS.required,
  invalid: FORM_ERRORS.invalid,
  number: FORM_ERRORS.number,
  file: FORM_ERRORS.file,
  textMax: maxLengthError(TEXT_MAX),
  textAreaMax: maxLengthError(TEXT_AREA_MAX),
  othersMax: maxLengthError(OTHERS_TEXT_MAX),
  attributionMax: maxLengthError(FILE_ATTRIBUTION_MAX),
  year: wholeNumberRangeError(YEAR_MIN, YEAR_MAX),
  geometryInvalid: "form:geometry.invalid",
  unknownField: "template:record.errors.unknown_field",
  headingValue: "template:record.errors.heading_value",
  richTextMax: withValues("template:record.errors.rich_text_max", { max: RICHTEXT_MAX_KB }),
  optionUnknown: "template:record.errors.option_unknown",
  optionRepeated: "template:record.errors.option_repeated",
  othersText: "template:record.errors.others_text",
  rangeIncomplete: "template:record.errors.range_incomplete",
  rangeOrder: "template:record.errors.range_order",
  date: "template:record.errors.date",
  tooManyFiles: withValues("template:record.errors.too_many_files", { max: FILES_MAX }),
  license: "template:record.errors.license",
  geometryType: "template:record.errors.geometry_type",
  geometryCoordinates: "template:record.errors.geometry_coordinates",
  geometryLine: "template:record.errors.geometry_line",
  geometryRing: "template:record.errors.geometry_ring",
  geometryTooLarge: withValues("template:record.errors.geometry_too_large", { max: GEOMETRY_POSITIONS_MAX }),
} as const satisfies Record<string, FieldErrorKey>;

/** "Enter {{min}} or more" / "Enter {{max}} or less" (numbers and years). */
const minValueError = (min: number) => withValues("form:min_value", { min });
const maxValueError = (max: number) => withValues("form:max_value", { max });
/** "Enter {{min}} or later" / "Enter {{max}} or earlier" (dates YYYY-MM-DD). */
const dateMinError = (min: string) => withValues("template:record.errors.date_min", { min });
const dateMaxError = (max: string) => withValues("template:record.errors.date_max", { max });

export type RecordValues = Record<string, unknown>;
export type RecordErrors = Record<string, FieldErrorKey>;

export interface RecordRuleOptions {
  /**
   * `data/update`: only the fields present in the values are checked (absent ones keep their stored
   * value), but a required field given as empty is refused: it cannot be emptied.
   */
  partial?: boolean;
}

// ── Reading values ───────────────────────────────────────────────────────────────────────────────

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every field of a template that may appear in a record's values (headings included, they hold null). */
export function recordFields(fields: readonly CCAField[]): CCAField[] {
  return flattenFields(fields);
}

/** A finite number from a number or a numeric string ("12.5"); null otherwise. */
export function readNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "" && /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A real calendar date written YYYY-MM-DD; null otherwise. */
export function readDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** A whole year 1–9999 from a number or "YYYY"; null otherwise. */
export function readYear(value: unknown): number | null {
  const n = typeof value === "string" ? (/^\s*\d{1,4}\s*$/.test(value) ? Number(value) : null) : readNumber(value);
  return n !== null && Number.isInteger(n) && n >= YEAR_MIN && n <= YEAR_MAX ? n : null;
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Rich text with no words and no media is empty ("<p></p>", "<p>&nbsp;</p>"). */
function isEmptyRichText(html: string): boolean {
  if (/<(img|video|audio|iframe)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").trim() === "";
}

/** Whether a value holds nothing (null, "", [], an empty FeatureCollection, empty rich text, [null, null]). */
export function isEmptyRecordValue(type: FieldType, value: unknown): boolean {
  if (isBlank(value)) return true;
  switch (type) {
    case "HEADING":
      return true;
    case "RICHTEXT":
      return typeof value === "string" && isEmptyRichText(value);
    case "NUMBER_RANGE":
    case "DATE_RANGE":
      return Array.isArray(value) && value.every(isBlank);
    case "GEOMETRY":
      return isRecord(value) && value.type === "FeatureCollection" && Array.isArray(value.features) && value.features.length === 0;
    default:
      return Array.isArray(value) && value.length === 0;
  }
}

// ── Checking one value ───────────────────────────────────────────────────────────────────────────

type Check = FieldErrorKey | null;

function checkText(value: unknown, max: number, maxKey: FieldErrorKey): Check {
  if (typeof value !== "string") return RECORD_MSG.invalid;
  return value.trim().length > max ? maxKey : null;
}

function checkRichText(value: unknown): Check {
  if (typeof value !== "string") return RECORD_MSG.invalid;
  return new TextEncoder().encode(value.trim()).length > RICHTEXT_MAX_BYTES ? RECORD_MSG.richTextMax : null;
}

function checkOption(field: CCAField, value: unknown): { option: ValueOption | null; error: Check } {
  if (!isRecord(value) || typeof value.valueId !== "string") return { option: null, error: RECORD_MSG.invalid };
  const option = field.valueOptions.find((o) => o.valueId === value.valueId);
  if (!option) return { option: null, error: RECORD_MSG.optionUnknown };
  if (parseOptionValue(option.value).isOthers) {
    if (typeof value.label !== "string" || value.label.trim() === "") return { option, error: RECORD_MSG.othersText };
    if (value.label.trim().length > OTHERS_TEXT_MAX) return { option, error: RECORD_MSG.othersMax };
  } else if (value.label !== undefined && value.label !== null && typeof value.label !== "string") {
    return { option, error: RECORD_MSG.invalid };
  }
  return { option, error: null };
}

function checkOptions(field: CCAField, value: unknown): Check {
  if (!MULTI_OPTION_TYPES.includes(field.type)) return checkOption(field, value).error;
  if (!Array.isArray(value)) return RECORD_MSG.invalid;
  const seen = new Set<string>();
  for (const item of value) {
    const { option, error } = checkOption(field, item);
    if (error) return error;
    if (seen.has(option!.valueId)) return RECORD_MSG.optionRepeated;
    seen.add(option!.valueId);
  }
  return null;
}

/** The field's [min, max] as numbers (NUMBER, NUMBER_RANGE, YEAR) or dates (DATE, DATE_RANGE); either may be null. */
function boundsOf(field: CCAField, kind: "number" | "date"): [number | string | null, number | string | null] {
  if (field.minMax.length !== 2) return [null, null];
  const read = (v: unknown) => (kind === "date" ? readDate(v) : readNumber(v));
  return [read(field.minMax[0]), read(field.minMax[1])];
}

function checkBounds(field: CCAField, kind: "number" | "date", value: number | string): Check {
  const [min, max] = boundsOf(field, kind);
  if (min !== null && value < min) return kind === "date" ? dateMinError(min as string) : minValueError(min as number);
  if (max !== null && value > max) return kind === "date" ? dateMaxError(max as string) : maxValueError(max as number);
  return null;
}

function checkNumber(field: CCAField, value: unknown): Check {
  const n = readNumber(value);
  return n === null ? RECORD_MSG.number : checkBounds(field, "number", n);
}

function checkYear(field: CCAField, value: unknown): Check {
  const year = readYear(value);
  return year === null ? RECORD_MSG.year : checkBounds(field, "number", year);
}

function checkDate(field: CCAField, value: unknown): Check {
  const date = readDate(value);
  return date === null ? RECORD_MSG.date : checkBounds(field, "date", date);
}

function checkRange(field: CCAField, value: unknown, kind: "number" | "date"): Check {
  if (!Array.isArray(value) || value.length !== 2) return RECORD_MSG.invalid;
  if (value.some(isBlank)) return RECORD_MSG.rangeIncomplete;
  const read: (v: unknown) => number | string | null = kind === "date" ? readDate : readNumber;
  const [from, to] = [read(value[0]), read(value[1])];
  if (from === null || to === null) return kind === "date" ? RECORD_MSG.date : RECORD_MSG.number;
  if (from > to) return RECORD_MSG.rangeOrder;
  return checkBounds(field, kind, from) ?? checkBounds(field, kind, to);
}

const LICENSE_NAMES: ReadonlySet<string> = new Set(LICENSE_LIST.map((l) => l.name));
const NAME_SEGMENT = /^[^/\\\0%\s][^/\\\0%]{0,254}$/;

/** Whether `path` points into the files store: `/files-api/api/get/raw/<directory>/<hash>/<name>`, no `..`. */
export function isStoredFilePath(path: unknown): path is string {
  if (typeof path !== "string" || !path.startsWith(FILE_PATH_PREFIX) || path.length > 1000) return false;
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  const [directory, ...rest] = path.slice(FILE_PATH_PREFIX.length).split("/");
  if (!(FILE_STORE_DIRECTORIES as readonly string[]).includes(directory ?? "") || rest.length < 2) return false;
  return rest.every((segment) => segment !== "." && segment !== ".." && NAME_SEGMENT.test(segment) && segment.trim() === segment);
}

function checkFiles(value: unknown): Check {
  if (!Array.isArray(value)) return RECORD_MSG.invalid;
  if (value.length > FILES_MAX) return RECORD_MSG.tooManyFiles;
  for (const item of value) {
    if (!isRecord(item)) return RECORD_MSG.invalid;
    if (!isStoredFilePath(item.path)) return RECORD_MSG.file;
    if (item.type !== undefined && item.type !== null && typeof item.type !== "string") return RECORD_MSG.invalid;
    if (item.attribution !== undefined && item.attribution !== null) {
      if (typeof item.attribution !== "string") return RECORD_MSG.invalid;
      if (item.attribution.trim().length > FILE_ATTRIBUTION_MAX) return RECORD_MSG.attributionMax;
    }
    if (!isBlank(item.license) && !(typeof item.license === "string" && LICENSE_NAMES.has(item.license.trim()))) return RECORD_MSG.license;
  }
  return null;
}

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────

const isPosition = (p: unknown): p is number[] =>
  Array.isArray(p) && (p.length === 2 || p.length === 3) && p.every((n) => typeof n === "number" && Number.isFinite(n));
const inRange = (p: number[]) => p[0]! >= -180 && p[0]! <= 180 && p[1]! >= -90 && p[1]! <= 90;

class GeometryWalk {
  positions = 0;
  error: Check = null;

  fail(key: FieldErrorKey): false {
    this.error ??= key;
    return false;
  }

  position(p: unknown): boolean {
    if (!Array.isArray(p)) return this.fail(RECORD_MSG.geometryInvalid);
    if (!isPosition(p) || !inRange(p)) return this.fail(RECORD_MSG.geometryCoordinates);
    this.positions++;
    return true;
  }

  positionList(list: unknown, min: number, minKey: FieldErrorKey): list is number[][] {
    if (!Array.isArray(list)) return this.fail(RECORD_MSG.geometryInvalid);
    if (!list.every((p) => this.position(p))) return false;
    return list.length >= min || this.fail(minKey);
  }

  ring(list: unknown): boolean {
    if (!this.positionList(list, 4, RECORD_MSG.geometryRing)) return false;
    const first = list[0]!;
    const last = list[list.length - 1]!;
    return (first[0] === last[0] && first[1] === last[1]) || this.fail(RECORD_MSG.geometryRing);
  }

  polygon(rings: unknown): boolean {
    if (!Array.isArray(rings) || rings.length === 0) return this.fail(RECORD_MSG.geometryInvalid);
    return rings.every((r) => this.ring(r));
  }

  many(list: unknown, each: (item: unknown) => boolean): boolean {
    if (!Array.isArray(list) || list.length === 0) return this.fail(RECORD_MSG.geometryInvalid);
    return list.every(each);
  }

  geometry(g: unknown): boolean {
    if (!isRecord(g)) return this.fail(RECORD_MSG.geometryInvalid);
    if (!(GEOMETRY_TYPES as readonly unknown[]).includes(g.type)) return this.fail(RECORD_MSG.geometryType);
    const c = g.coordinates;
    switch (g.type as RecordGeometryType) {
      case "Point":
        return this.position(c);
      case "MultiPoint":
        return this.positionList(c, 1, RECORD_MSG.geometryInvalid);
      case "LineString":
        return this.positionList(c, 2, RECORD_MSG.geometryLine);
      case "MultiLineString":
        return this.many(c, (line) => this.positionList(line, 2, RECORD_MSG.geometryLine));
      case "Polygon":
        return this.polygon(c);
      case "MultiPolygon":
        return this.many(c, (polygon) => this.polygon(polygon));
    }
  }
}

/**
 * Checks a GEOMETRY value: a GeoJSON FeatureCollection of Point, MultiPoint, LineString,
 * MultiLineString, Polygon or MultiPolygon features; positions `[lon, lat]` (an altitude may follow)
 * with lon −180..180 and lat −90..90; lines of ≥ 2 positions; polygon rings closed with ≥ 4 positions;
 * at most 10,000 positions in all. An empty collection passes (the caller decides whether it is required).
 */
export function checkGeometry(value: unknown): FieldErrorKey | null {
  if (!isRecord(value) || value.type !== "FeatureCollection" || !Array.isArray(value.features)) return RECORD_MSG.geometryInvalid;
  const walk = new GeometryWalk();
  for (const feature of value.features) {
    if (!isRecord(feature) || feature.type !== "Feature") return RECORD_MSG.geometryInvalid;
    if (feature.properties !== undefined && feature.properties !== null && !isRecord(feature.properties)) return RECORD_MSG.geometryInvalid;
    if (!walk.geometry(feature.geometry)) return walk.error;
    if (walk.positions > GEOMETRY_POSITIONS_MAX) return RECORD_MSG.geometryTooLarge;
  }
  return null;
}

/** Checks a non-empty value against its field; null when it is valid. */
export function checkFieldValue(field: CCAField, value: unknown): FieldErrorKey | null {
  switch (field.type) {
    case "HEADING":
      return RECORD_MSG.headingValue;
    case "TEXT":
      return checkText(value, TEXT_MAX, RECORD_MSG.textMax);
    case "TEXT_AREA":
      return checkText(value, TEXT_AREA_MAX, RECORD_MSG.textAreaMax);
    case "RICHTEXT":
      return checkRichText(value);
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return checkOptions(field, value);
    case "NUMBER":
      return checkNumber(field, value);
    case "NUMBER_RANGE":
      return checkRange(field, value, "number");
    case "DATE":
      return checkDate(field, value);
    case "DATE_RANGE":
      return checkRange(field, value, "date");
    case "YEAR":
      return checkYear(field, value);
    case "FILE":
      return checkFiles(value);
    case "GEOMETRY":
      return checkGeometry(value);
  }
}

/**
 * The error of one field's value, or null. `given`: whether the values hold the field at all (in a
 * partial check an absent field is not checked).
 */
function errorOf(field: CCAField, value: unknown, given: boolean, partial: boolean): FieldErrorKey | null {
  if (!given && partial) return null;
  if (isEmptyRecordValue(field.type, value)) {
    if (field.type === "HEADING" && !isBlank(value)) return RECORD_MSG.headingValue;
    return field.isRequired && field.type !== "HEADING" ? RECORD_MSG.required : null;
  }
  return checkFieldValue(field, value);
}

// ── The whole record ─────────────────────────────────────────────────────────────────────────────

/**
 * Checks a record's values against its template: fieldId → translation key, empty when valid.
 * Unknown field ids are refused; required fields must hold a non-empty value (in a partial check only
 * when given: they cannot be emptied).
 */
export function checkRecordValues(fields: readonly CCAField[], values: unknown, opts: RecordRuleOptions = {}): RecordErrors {
  const errors: RecordErrors = {};
  const input = isRecord(values) ? values : {};
  const byId = new Map(recordFields(fields).map((f) => [f.fieldId, f]));
  for (const key of Object.keys(input)) {
    if (!byId.has(key)) errors[key] = RECORD_MSG.unknownField;
  }
  for (const [id, field] of byId) {
    const error = errorOf(field, input[id], Object.prototype.hasOwnProperty.call(input, id), opts.partial === true);
    if (error) errors[id] = error;
  }
  return errors;
}

/**
 * The yup schema of a record's values built from the template's field tree (headings' children
 * flattened): one rule per field, errors keyed by field id with the same keys as `checkRecordValues`.
 * For react-hook-form (`yupResolver(recordValuesSchema(template.fields))`) and `validateSync` alike.
 */
export function recordValuesSchema(fields: readonly CCAField[], opts: RecordRuleOptions = {}) {
  const list = recordFields(fields);
  const known = new Set(list.map((f) => f.fieldId));
  const partial = opts.partial === true;
  const shape: yup.ObjectShape = {};
  for (const field of list) {
    shape[field.fieldId] = yup.mixed().nullable().test({
      name: `record-${field.type.toLowerCase()}`,
      test(value, ctx) {
        const given = value !== undefined || Object.prototype.hasOwnProperty.call(ctx.parent ?? {}, field.fieldId);
        const error = errorOf(field, value, given, partial);
        return error === null || ctx.createError({ message: error });
      },
    });
  }
  return yup
    .object(shape)
    .test({
      name: "record-unknown-fields",
      test(values, ctx) {
        const unknown = Object.keys(values ?? {}).filter((key) => !known.has(key));
        if (unknown.length === 0) return true;
        return new yup.ValidationError(unknown.map((key) => ctx.createError({ path: key, message: RECORD_MSG.unknownField })));
      },
    });
}

/** The errors of a yup validation of `recordValuesSchema`, keyed by field id (first error per field). */
export function recordErrorsOf(error: unknown): RecordErrors {
  const errors: RecordErrors = {};
  if (!(error instanceof yup.ValidationError)) return errors;
  const all = error.inner.length > 0 ? error.inner : [error];
  for (const e of all) {
    const list = e.inner.length > 0 ? e.inner : [e];
    for (const item of list) {
      if (item.path && !(item.path in errors)) errors[item.path] = item.message as FieldErrorKey;
    }
  }
  return errors;
}

// ── Normalising ──────────────────────────────────────────────────────────────────────────────────

function normaliseOption(field: CCAField, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const option = field.valueOptions.find((o) => o.valueId === value.valueId);
  if (!option) return value;
  const isOthers = parseOptionValue(option.value).isOthers;
  const given = typeof value.label === "string" ? value.label.trim() : "";
  return { valueId: option.valueId, value: option.value, label: isOthers || given !== "" ? given : option.label };
}

function normaliseFile(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const file: Record<string, unknown> = { path: value.path };
  if (typeof value.type === "string" && value.type.trim() !== "") file.type = value.type.trim();
  if (typeof value.attribution === "string" && value.attribution.trim() !== "") file.attribution = value.attribution.trim();
  if (typeof value.license === "string" && value.license.trim() !== "") file.license = value.license.trim();
  return file;
}

/** One non-empty value as stored. */
export function normaliseFieldValue(field: CCAField, value: unknown): unknown {
  switch (field.type) {
    case "TEXT":
    case "TEXT_AREA":
    case "RICHTEXT":
      return typeof value === "string" ? value.trim() : value;
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
      return normaliseOption(field, value);
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return Array.isArray(value) ? value.map((v) => normaliseOption(field, v)) : value;
    case "NUMBER":
      return readNumber(value) ?? value;
    case "NUMBER_RANGE":
      return Array.isArray(value) ? value.map((v) => readNumber(v) ?? v) : value;
    case "DATE":
      return readDate(value) ?? value;
    case "DATE_RANGE":
      return Array.isArray(value) ? value.map((v) => readDate(v) ?? v) : value;
    case "YEAR":
      return readYear(value) ?? value;
    case "FILE":
      return Array.isArray(value) ? value.map(normaliseFile) : value;
    case "HEADING":
    case "GEOMETRY":
      return value;
  }
}

/**
 * The values as stored, after a successful check: strings trimmed, numbers and years as numbers, option
 * `value` and (unless typed for "Others") `label` taken from the template's option, file items reduced
 * to `{path, type?, attribution?, license?}`. Empty values and headings are dropped — in a partial
 * update an empty optional value becomes null instead, which clears the stored one. Unknown ids are
 * dropped (`checkRecordValues` refuses them first).
 */
export function normaliseRecordValues(fields: readonly CCAField[], values: RecordValues, opts: RecordRuleOptions = {}): RecordValues {
  const out: RecordValues = {};
  for (const field of recordFields(fields)) {
    if (!Object.prototype.hasOwnProperty.call(values, field.fieldId) || field.type === "HEADING") continue;
    const value = values[field.fieldId];
    if (isEmptyRecordValue(field.type, value)) {
      if (opts.partial) out[field.fieldId] = null;
      continue;
    }
    out[field.fieldId] = normaliseFieldValue(field, value);
  }
  return out;
}

/** Whether a field holds options (for the form: which fields take `{valueId, value, label}`). */
export const takesOptions = (field: CCAField): boolean => isOptionType(field.type);
