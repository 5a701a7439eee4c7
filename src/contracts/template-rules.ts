/**
 * The rules of a template body, one module for the template editor and cca-api (server:
 * src/server/modules/templates). `checkTemplate` reads a create/update body into a clean
 * template and collects field errors as translation keys (contracts/field-errors.ts) with an English
 * reason each; `checkTemplateTexts` reads the texts of one language for a translation-only update.
 * Field errors are keyed `shortName`, `permissions`, … and, for the tree, `fields.<fieldId>.<property>`
 * (`fields.<fieldId>.valueOptions.<index>.value` for an option), so the editor can put each on its field.
 */
import { FIELD_TREATMENTS, RESTRICTION_REASONS, restrictionProblem, type FieldRestriction } from "./restrictions";
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError, type FieldErrorKey } from "./field-errors";
import {
  CHART_TYPES,
  DATE_TYPES,
  FIELD_TYPES,
  isFieldType,
  isOptionType,
  isRangeType,
  isValidOptionValue,
  MASTER_SHORT_NAME,
  MAX_FIELD_DEPTH,
  optionParents,
  PARENT_LABEL_KEY,
  parseOptionValue,
  PUBLIC_PRECISIONS,
  TEMPLATE_PERMISSIONS,
  TEMPLATE_PLATFORMS,
  TITLE_TYPES,
  UNFILTERABLE_TYPES,
  type CCAField,
  type FieldType,
  type MinMax,
  type PublicPrecision,
  type TemplateLanguage,
  type TemplatePermission,
  type TemplatePlatform,
  type ValueOption,
} from "./template";

export const SHORT_NAME_MAX = 60;
export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 5000;
export const FIELD_NAME_MAX = 200;
export const FIELD_QUESTION_MAX = 500;
export const FIELD_HELP_MAX = 2000;
export const OPTION_TEXT_MAX = 200;
export const MAX_FIELDS = 500;
export const MAX_OPTIONS = 500;
export const TEMPLATE_COMMENT_MAX = 2000;

/** Letters, digits, - and _, starting with a letter or digit: safe in /participate/{shortName}. */
export const SHORT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Words that would hide a cca-api or screen route (`template/all`, `/template/create`, …). */
export const RESERVED_SHORT_NAMES: readonly string[] = [
  "all", "save", "update", "delete", "restore", "filter", "comment", "counts", "fieldids",
  "pullmastertranslation", "create", "edit", "list",
];
/** Ids of fields and options: letters, digits, - and _ (uuids and nanoids fit). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const TEMPLATE_MSG = {
  required: FORM_ERRORS.required,
  invalid: FORM_ERRORS.invalid,
  boolean: FORM_ERRORS.boolean,
  unknownRole: FORM_ERRORS.unknownRole,
  shortNameMax: maxLengthError(SHORT_NAME_MAX),
  shortNameFormat: "template:errors.short_name_format",
  shortNameReserved: "template:errors.short_name_reserved",
  shortNameTaken: "template:errors.short_name_taken",
  masterRename: "template:errors.master_rename",
  staleVersion: "template:errors.stale_version",
  nameMax: maxLengthError(TEMPLATE_NAME_MAX),
  descriptionMax: maxLengthError(TEMPLATE_DESCRIPTION_MAX),
  platformRequired: "template:errors.platform_required",
  parentUnknown: "template:errors.parent_unknown",
  parentCycle: "template:errors.parent_cycle",
  language: "template:errors.language",
  tooManyFields: "template:errors.too_many_fields",
  tooDeep: "template:errors.too_deep",
  fieldIdFormat: "template:errors.field_id_format",
  fieldIdTaken: "template:errors.field_id_taken",
  fieldType: "template:errors.field_type",
  fieldNameMax: maxLengthError(FIELD_NAME_MAX),
  questionMax: maxLengthError(FIELD_QUESTION_MAX),
  helpTextMax: maxLengthError(FIELD_HELP_MAX),
  headingFlag: "template:errors.heading_flag",
  notFilterable: "template:errors.not_filterable",
  notChartable: "template:errors.not_chartable",
  notTitle: "template:errors.not_title",
  minMaxInvalid: "template:errors.min_max_invalid",
  minMaxOrder: "template:errors.min_max_order",
  optionsRequired: "template:errors.options_required",
  tooManyOptions: "template:errors.too_many_options",
  optionValueFormat: "template:errors.option_value_format",
  optionValueTaken: "template:errors.option_value_taken",
  optionIdTaken: "template:errors.option_id_taken",
  optionOthersTwice: "template:errors.option_others_twice",
  optionTextMax: maxLengthError(OPTION_TEXT_MAX),
  publicPrecision: "template:errors.public_precision",
  restriction: "template:errors.restriction",
  embargoUntil: "template:errors.embargo_until",
  notMasterField: "template:errors.not_master_field",
  masterTypeMismatch: "template:errors.master_type_mismatch",
  commentMax: maxLengthError(TEMPLATE_COMMENT_MAX),
} as const satisfies Record<string, FieldErrorKey>;

// ── Shared predicates (the form schema and the platform both use them) ─────────────────────────────

export const isShortNameFormat = (value: string): boolean => SHORT_NAME_PATTERN.test(value);
export const isReservedShortName = (value: string): boolean => RESERVED_SHORT_NAMES.includes(value.toLowerCase());
export const isTemplatePermission = (value: unknown): value is TemplatePermission =>
  typeof value === "string" && (TEMPLATE_PERMISSIONS as readonly string[]).includes(value);
export const isTemplatePlatform = (value: unknown): value is TemplatePlatform =>
  typeof value === "string" && (TEMPLATE_PLATFORMS as readonly string[]).includes(value);
const isPublicPrecision = (value: unknown): value is PublicPrecision =>
  typeof value === "string" && (PUBLIC_PRECISIONS as readonly string[]).includes(value);

/** The metadata form of /template/create and the editor (the server checks the same rules in checkTemplate). */
export const templateMetaSchema = yup.object({
  shortName: yup
    .string()
    .trim()
    .required(TEMPLATE_MSG.required)
    .max(SHORT_NAME_MAX, TEMPLATE_MSG.shortNameMax)
    .matches(SHORT_NAME_PATTERN, TEMPLATE_MSG.shortNameFormat)
    .test("reserved", TEMPLATE_MSG.shortNameReserved, (v) => !v || !isReservedShortName(v)),
  name: yup.string().trim().required(TEMPLATE_MSG.required).max(TEMPLATE_NAME_MAX, TEMPLATE_MSG.nameMax),
  description: yup.string().trim().required(TEMPLATE_MSG.required).max(TEMPLATE_DESCRIPTION_MAX, TEMPLATE_MSG.descriptionMax),
  parentName: yup.string().trim().nullable().default(null),
  platform: yup.array(yup.mixed<TemplatePlatform>().oneOf([...TEMPLATE_PLATFORMS], TEMPLATE_MSG.invalid).required()).min(1, TEMPLATE_MSG.platformRequired).required(TEMPLATE_MSG.platformRequired),
  permissions: yup.array(yup.mixed<TemplatePermission>().oneOf([...TEMPLATE_PERMISSIONS], TEMPLATE_MSG.unknownRole).required()).default([]),
});

export type TemplateMetaValues = yup.InferType<typeof templateMetaSchema>;

// ── The clean shapes ─────────────────────────────────────────────────────────────────────────────

export type CleanOption = ValueOption;

/** A field as the rules accept it: what the platform stores (no dates; texts in one language). */
export type CleanField = Omit<CCAField, "createdOn" | "updatedOn" | "children"> & { children: CleanField[] };

export interface CleanTemplate {
  shortName: string;
  name: string;
  description: string;
  parentName: string | null;
  platform: TemplatePlatform[];
  permissions: TemplatePermission[];
  /** Its records wait for a curator's review before they are published (issue 30). */
  needsReview: boolean;
  language: TemplateLanguage;
  fields: CleanField[];
}

/** Texts of one language for a translation-only update; blank texts remove that language's text. */
export interface TemplateTexts {
  language: TemplateLanguage;
  name: string;
  description: string;
  fields: Map<string, { name: string; question: string; helpText: string; optionLabels: Record<string, string> }>;
}

export interface RuleContext {
  /** Field id → type of the master template's fields (empty when there is no master yet). */
  masterFields: ReadonlyMap<string, FieldType>;
  /** Makes ids for fields and options sent without one. */
  newId?: () => string;
}

export interface RuleResult<T> {
  value: T;
  /** Field → translation key; empty when the body is valid. */
  errors: Record<string, FieldErrorKey>;
  /** Field → English reason, for the answer's message. */
  reasons: Record<string, string>;
}

// ── Checking ─────────────────────────────────────────────────────────────────────────────────────

class Errors {
  readonly errors: Record<string, FieldErrorKey> = {};
  readonly reasons: Record<string, string> = {};

  fail(path: string, key: FieldErrorKey, reason: string): void {
    if (path in this.errors) return;
    this.errors[path] = key;
    this.reasons[path] = reason;
  }

  text(path: string, value: unknown, max: number, maxKey: FieldErrorKey, required: boolean): string {
    if (value === undefined || value === null) value = "";
    if (typeof value !== "string") {
      this.fail(path, TEMPLATE_MSG.invalid, "must be text");
      return "";
    }
    const text = value.trim();
    if (required && text === "") this.fail(path, TEMPLATE_MSG.required, "is required");
    else if (text.length > max) this.fail(path, maxKey, `must be at most ${max} characters`);
    return text;
  }

  flag(path: string, value: unknown): boolean {
    if (value === undefined || value === null) return false;
    if (typeof value !== "boolean") {
      this.fail(path, TEMPLATE_MSG.boolean, "must be true or false");
      return false;
    }
    return value;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const defaultNewId = () => globalThis.crypto.randomUUID();

/** A calendar date YYYY-MM-DD (a full ISO timestamp is cut to its date). */
function readDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${match[1]}-${match[2]}-${match[3]}`) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function readBound(type: FieldType, value: unknown): { ok: boolean; bound: number | string | null } {
  if (value === undefined || value === null || value === "") return { ok: true, bound: null };
  if (DATE_TYPES.includes(type)) {
    const date = readDate(value);
    return { ok: date !== null, bound: date };
  }
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return { ok: false, bound: null };
  if (type === "YEAR" && (!Number.isInteger(n) || n < 1 || n > 9999)) return { ok: false, bound: null };
  return { ok: true, bound: n };
}

function checkMinMax(e: Errors, path: string, type: FieldType, value: unknown): MinMax {
  if (!isRangeType(type) || value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 2) {
    e.fail(path, TEMPLATE_MSG.minMaxInvalid, "must be [min, max]");
    return [];
  }
  if (value.length === 0) return [];
  const min = readBound(type, value[0]);
  const max = readBound(type, value[1]);
  if (!min.ok || !max.ok) {
    e.fail(path, TEMPLATE_MSG.minMaxInvalid, DATE_TYPES.includes(type) ? "must hold dates as YYYY-MM-DD" : type === "YEAR" ? "must hold years from 1 to 9999" : "must hold numbers");
    return [];
  }
  if (min.bound === null && max.bound === null) return [];
  if (min.bound !== null && max.bound !== null && min.bound > max.bound) {
    e.fail(path, TEMPLATE_MSG.minMaxOrder, "must not have a minimum greater than its maximum");
  }
  return [min.bound, max.bound];
}

function checkOptions(e: Errors, path: string, value: unknown, newId: () => string): CleanOption[] {
  if (!Array.isArray(value) || value.length === 0) {
    e.fail(`${path}.valueOptions`, TEMPLATE_MSG.optionsRequired, "needs at least one option");
    return [];
  }
  if (value.length > MAX_OPTIONS) {
    e.fail(`${path}.valueOptions`, TEMPLATE_MSG.tooManyOptions, `may have at most ${MAX_OPTIONS} options`);
    return [];
  }
  const values = new Set<string>();
  const ids = new Set<string>();
  let others = 0;
  return value.map((raw, i) => {
    const at = `${path}.valueOptions.${i}`;
    const option = isRecord(raw) ? raw : {};
    if (!isRecord(raw)) e.fail(at, TEMPLATE_MSG.invalid, "must be an object {valueId, label, value}");
    const optionValue = e.text(`${at}.value`, option.value, OPTION_TEXT_MAX, TEMPLATE_MSG.optionTextMax, true);
    if (optionValue !== "") {
      if (!isValidOptionValue(optionValue)) {
        e.fail(`${at}.value`, TEMPLATE_MSG.optionValueFormat, 'must be "Value", "Parent|Child" or end in "|?" for an Others option');
      } else if (values.has(optionValue)) {
        e.fail(`${at}.value`, TEMPLATE_MSG.optionValueTaken, `repeats the value "${optionValue}" of another option`);
      } else if (parseOptionValue(optionValue).isOthers && ++others > 1) {
        e.fail(`${at}.value`, TEMPLATE_MSG.optionOthersTwice, "is a second Others option (one per field)");
      }
      values.add(optionValue);
    }
    const label = e.text(`${at}.label`, option.label, OPTION_TEXT_MAX, TEMPLATE_MSG.optionTextMax, false) || optionValue;
    let valueId = option.valueId;
    if (valueId === undefined || valueId === null || valueId === "") valueId = newId();
    if (typeof valueId !== "string" || !ID_PATTERN.test(valueId)) {
      e.fail(`${at}.valueId`, TEMPLATE_MSG.fieldIdFormat, "must be 1 to 64 letters, digits, - or _");
      valueId = "";
    } else if (ids.has(valueId)) {
      e.fail(`${at}.valueId`, TEMPLATE_MSG.optionIdTaken, `repeats the id "${valueId}" of another option`);
    }
    ids.add(valueId as string);
    return { valueId: valueId as string, value: optionValue, label };
  });
}

interface FieldWalk {
  e: Errors;
  ctx: RuleContext;
  newId: () => string;
  isMaster: boolean;
  seenIds: Set<string>;
  count: { n: number };
}

/** A field's default treatment (issue 30, item 2): null for none; never on a HEADING; an embargo needs its end day. */
function checkRestriction(e: { fail: (path: string, key: FieldErrorKey, message: string) => void }, path: string, type: string, raw: unknown): FieldRestriction | null {
  if (raw === undefined || raw === null) return null;
  const problem = restrictionProblem(raw);
  if (problem) {
    e.fail(problem === "until" ? `${path}.until` : path, problem === "until" ? TEMPLATE_MSG.embargoUntil : TEMPLATE_MSG.restriction, problem === "until" ? "an embargo needs its end day (YYYY-MM-DD)" : `must be {treatment: ${FIELD_TREATMENTS.join(" | ")}, reason: ${RESTRICTION_REASONS.join(" | ")}}`);
    return null;
  }
  if (type === "HEADING") {
    e.fail(path, TEMPLATE_MSG.restriction, "a heading holds no value to restrict");
    return null;
  }
  const r = raw as unknown as FieldRestriction;
  return { treatment: r.treatment, reason: r.reason, ...(r.treatment === "EMBARGO" ? { until: r.until! } : {}) };
}

function checkField(w: FieldWalk, raw: unknown, depth: number): CleanField | null {
  const { e } = w;
  w.count.n++;
  const position = `fields.#${w.count.n}`;
  if (!isRecord(raw)) {
    e.fail(position, TEMPLATE_MSG.invalid, "must be a field object");
    return null;
  }
  let fieldId = raw.fieldId;
  if (fieldId === undefined || fieldId === null || fieldId === "") fieldId = w.newId();
  let path = position;
  if (typeof fieldId !== "string" || !ID_PATTERN.test(fieldId)) {
    e.fail(`${position}.fieldId`, TEMPLATE_MSG.fieldIdFormat, "must be 1 to 64 letters, digits, - or _");
    fieldId = "";
  } else {
    path = `fields.${fieldId}`;
    if (w.seenIds.has(fieldId)) e.fail(`${path}.fieldId`, TEMPLATE_MSG.fieldIdTaken, `is used by another field of this template`);
    w.seenIds.add(fieldId);
  }
  const id = fieldId as string;

  const type: FieldType = isFieldType(raw.type) ? raw.type : "TEXT";
  if (!isFieldType(raw.type)) e.fail(`${path}.type`, TEMPLATE_MSG.fieldType, `must be one of ${FIELD_TYPES.join(", ")}`);

  const name = e.text(`${path}.name`, raw.name, FIELD_NAME_MAX, TEMPLATE_MSG.fieldNameMax, true);
  const question = e.text(`${path}.question`, raw.question, FIELD_QUESTION_MAX, TEMPLATE_MSG.questionMax, false);
  const helpText = e.text(`${path}.helpText`, raw.helpText, FIELD_HELP_MAX, TEMPLATE_MSG.helpTextMax, false);

  const flags = {
    isRequired: e.flag(`${path}.isRequired`, raw.isRequired),
    isSummaryField: e.flag(`${path}.isSummaryField`, raw.isSummaryField),
    isFilterable: e.flag(`${path}.isFilterable`, raw.isFilterable),
    isTitleColumn: e.flag(`${path}.isTitleColumn`, raw.isTitleColumn),
    isChart: e.flag(`${path}.isChart`, raw.isChart),
  };
  if (type === "HEADING") {
    for (const [flag, on] of Object.entries(flags)) {
      if (on) e.fail(`${path}.${flag}`, TEMPLATE_MSG.headingFlag, "cannot be set on a heading (it holds no value)");
    }
  } else {
    if (flags.isFilterable && UNFILTERABLE_TYPES.includes(type)) e.fail(`${path}.isFilterable`, TEMPLATE_MSG.notFilterable, `cannot be set on a ${type} field`);
    if (flags.isChart && !CHART_TYPES.includes(type)) e.fail(`${path}.isChart`, TEMPLATE_MSG.notChartable, `cannot be set on a ${type} field (only option and number fields make charts)`);
    if (flags.isTitleColumn && !TITLE_TYPES.includes(type)) e.fail(`${path}.isTitleColumn`, TEMPLATE_MSG.notTitle, `cannot be set on a ${type} field`);
  }

  // A field of the master template's id is a master copy; one flagged as a copy must exist in master with the same type.
  const masterType = w.ctx.masterFields.get(id);
  let isMasterField = e.flag(`${path}.isMasterField`, raw.isMasterField);
  if (w.isMaster) isMasterField = true;
  else if (masterType !== undefined) {
    isMasterField = true;
    if (masterType !== type) e.fail(`${path}.type`, TEMPLATE_MSG.masterTypeMismatch, `must be ${masterType}, the type of this master field`);
  } else if (isMasterField && id !== "") {
    e.fail(`${path}.isMasterField`, TEMPLATE_MSG.notMasterField, "is set but the master template has no field with this id");
  }

  const minMax = checkMinMax(e, `${path}.minMax`, type, raw.minMax);
  const valueOptions = isOptionType(type) ? checkOptions(e, path, raw.valueOptions, w.newId) : [];
  let publicPrecision: PublicPrecision | null = null;
  if (type === "GEOMETRY") {
    if (raw.publicPrecision === undefined || raw.publicPrecision === null) publicPrecision = "EXACT";
    else if (isPublicPrecision(raw.publicPrecision)) publicPrecision = raw.publicPrecision;
    else e.fail(`${path}.publicPrecision`, TEMPLATE_MSG.publicPrecision, `must be one of ${PUBLIC_PRECISIONS.join(", ")}`);
  }

  const restriction = checkRestriction(e, `${path}.restriction`, type, raw.restriction);

  let children: CleanField[] = [];
  if (raw.children !== undefined && raw.children !== null) {
    if (!Array.isArray(raw.children)) e.fail(`${path}.children`, TEMPLATE_MSG.invalid, "must be a list of fields");
    else if (raw.children.length > 0 && depth >= MAX_FIELD_DEPTH) e.fail(`${path}.children`, TEMPLATE_MSG.tooDeep, `would nest fields deeper than ${MAX_FIELD_DEPTH} levels`);
    else children = checkFields(w, raw.children, depth + 1);
  }

  const parentLabels = checkParentLabels(e, path, raw.parentLabels, valueOptions);
  return { fieldId: id, type, name, question, helpText, ...flags, isMasterField, minMax, valueOptions, ...(parentLabels ? { parentLabels } : {}), publicPrecision, restriction, children };
}

/** The names of the options' parents (`{Forest: "Forest"}`), for parents the options have; blank ones are left out. */
function checkParentLabels(e: Errors, path: string, raw: unknown, options: readonly { value: string }[]): Record<string, string> | null {
  if (!isRecord(raw)) return null;
  const labels: Record<string, string> = {};
  for (const parent of optionParents(options)) {
    const label = e.text(`${path}.parentLabels.${parent}`, raw[parent], OPTION_TEXT_MAX, TEMPLATE_MSG.optionTextMax, false);
    if (label) labels[parent] = label;
  }
  return Object.keys(labels).length > 0 ? labels : null;
}

function checkFields(w: FieldWalk, list: unknown[], depth: number): CleanField[] {
  return list.map((raw) => checkField(w, raw, depth)).filter((f): f is CleanField => f !== null);
}

function checkLanguage(e: Errors, value: unknown): TemplateLanguage {
  if (value === undefined || value === null || value === "") return "en";
  if (value === "en" || value === "hi") return value;
  e.fail("language", TEMPLATE_MSG.language, 'must be "en" or "hi"');
  return "en";
}

function checkList<T extends string>(e: Errors, field: string, value: unknown, isAllowed: (v: unknown) => v is T, key: FieldErrorKey, reason: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    e.fail(field, TEMPLATE_MSG.invalid, "must be a list");
    return [];
  }
  const bad = value.filter((v) => !isAllowed(v));
  if (bad.length > 0) e.fail(field, key, `${reason} (got ${bad.map((v) => JSON.stringify(v)).join(", ")})`);
  return [...new Set(value.filter(isAllowed))];
}

/**
 * Reads a create or full-update body. Ids left out are made (`ctx.newId`, default a UUID); master
 * copies are recognised by field id. The uniqueness of shortName and the parent's existence need the
 * database and are checked by the platform.
 */
export function checkTemplate(body: unknown, ctx: RuleContext): RuleResult<CleanTemplate> {
  const e = new Errors();
  const input = isRecord(body) ? body : {};
  const shortName = e.text("shortName", input.shortName, SHORT_NAME_MAX, TEMPLATE_MSG.shortNameMax, true);
  if (shortName !== "" && !("shortName" in e.errors)) {
    if (!isShortNameFormat(shortName)) e.fail("shortName", TEMPLATE_MSG.shortNameFormat, "must be letters, digits, - and _, starting with a letter or digit");
    else if (isReservedShortName(shortName)) e.fail("shortName", TEMPLATE_MSG.shortNameReserved, `"${shortName}" is reserved for a route`);
  }
  const name = e.text("name", input.name, TEMPLATE_NAME_MAX, TEMPLATE_MSG.nameMax, true);
  const description = e.text("description", input.description, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_MSG.descriptionMax, true);
  const parentName = e.text("parentName", input.parentName, SHORT_NAME_MAX, TEMPLATE_MSG.shortNameMax, false) || null;
  if (parentName !== null && shortName !== "" && parentName.toLowerCase() === shortName.toLowerCase()) {
    e.fail("parentName", TEMPLATE_MSG.parentCycle, "cannot be the template itself");
  }
  const platform = checkList(e, "platform", input.platform, isTemplatePlatform, TEMPLATE_MSG.invalid, `must hold only ${TEMPLATE_PLATFORMS.join(", ")}`);
  if (platform.length === 0 && !("platform" in e.errors)) e.fail("platform", TEMPLATE_MSG.platformRequired, "needs at least one of MOBILE, DESKTOP");
  const permissions = checkList(e, "permissions", input.permissions, isTemplatePermission, TEMPLATE_MSG.unknownRole, `must hold only ${TEMPLATE_PERMISSIONS.join(", ")}`);
  const language = checkLanguage(e, input.language);
  let needsReview = false;
  if (input.needsReview !== undefined && input.needsReview !== null) {
    if (typeof input.needsReview === "boolean") needsReview = input.needsReview;
    else e.fail("needsReview", TEMPLATE_MSG.invalid, "must be true or false");
  }

  let fields: CleanField[] = [];
  const walk: FieldWalk = { e, ctx, newId: ctx.newId ?? defaultNewId, isMaster: shortName.toLowerCase() === MASTER_SHORT_NAME, seenIds: new Set(), count: { n: 0 } };
  if (input.fields !== undefined && input.fields !== null) {
    if (!Array.isArray(input.fields)) e.fail("fields", TEMPLATE_MSG.invalid, "must be a list of fields");
    else fields = checkFields(walk, input.fields, 1);
  }
  if (walk.count.n > MAX_FIELDS) e.fail("fields", TEMPLATE_MSG.tooManyFields, `may hold at most ${MAX_FIELDS} fields`);

  return { value: { shortName, name, description, parentName, platform, permissions, needsReview, language, fields }, errors: e.errors, reasons: e.reasons };
}

/**
 * Reads the texts of a translation-only update (a language other than the default): the template's
 * name and description, and per field id its name, question, help text and option labels by valueId.
 * Structure in the body is not read. Blank texts are allowed (that language then shows the default's).
 */
export function checkTemplateTexts(body: unknown): RuleResult<TemplateTexts> {
  const e = new Errors();
  const input = isRecord(body) ? body : {};
  const language = checkLanguage(e, input.language);
  const name = e.text("name", input.name, TEMPLATE_NAME_MAX, TEMPLATE_MSG.nameMax, false);
  const description = e.text("description", input.description, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_MSG.descriptionMax, false);
  const fields: TemplateTexts["fields"] = new Map();
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      if (!isRecord(raw) || typeof raw.fieldId !== "string" || !ID_PATTERN.test(raw.fieldId)) continue;
      const path = `fields.${raw.fieldId}`;
      const optionLabels: Record<string, string> = {};
      if (Array.isArray(raw.valueOptions)) {
        raw.valueOptions.forEach((option, i) => {
          if (!isRecord(option) || typeof option.valueId !== "string") return;
          optionLabels[option.valueId] = e.text(`${path}.valueOptions.${i}.label`, option.label, OPTION_TEXT_MAX, TEMPLATE_MSG.optionTextMax, false);
        });
        const options = raw.valueOptions.filter((o): o is { value: string } => isRecord(o) && typeof o.value === "string");
        const parents = checkParentLabels(e, path, raw.parentLabels, options) ?? {};
        for (const [parent, label] of Object.entries(parents)) optionLabels[PARENT_LABEL_KEY(parent)] = label;
      }
      fields.set(raw.fieldId, {
        name: e.text(`${path}.name`, raw.name, FIELD_NAME_MAX, TEMPLATE_MSG.fieldNameMax, false),
        question: e.text(`${path}.question`, raw.question, FIELD_QUESTION_MAX, TEMPLATE_MSG.questionMax, false),
        helpText: e.text(`${path}.helpText`, raw.helpText, FIELD_HELP_MAX, TEMPLATE_MSG.helpTextMax, false),
        optionLabels,
      });
      walk(raw.children);
    }
  };
  walk(input.fields);
  return { value: { language, name, description, fields }, errors: e.errors, reasons: e.reasons };
}
