/**
 * The participation form's model: the empty values of a template, the `data/save` body, option groups
 * ("Parent → Child") and the sections of the sticky navigation. Values are the record values the
 * shared rule module checks (`recordValuesSchema`, src/contracts/record-rules.ts), keyed by field id.
 */
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { normaliseRecordValues, recordFields } from "@/contracts/record-rules";
import { parentLabel, parseOptionValue, type CCAField, type ValueOption } from "@/contracts/template";

export type FormValues = Record<string, unknown>;

export interface OptionChoice {
  valueId: string;
  label?: string;
}

export interface FileChoice {
  path: string;
  type?: string;
  attribution?: string;
  license?: string;
  /** Shown in the form only (not sent): the name of the file picked. */
  fileName?: string;
}

export const emptyGeometry = (): GeoFeatureCollection => ({ type: "FeatureCollection", features: [] });

/** The empty value of one field as the form holds it. */
export function emptyValue(field: CCAField): unknown {
  switch (field.type) {
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
    case "FILE":
      return [];
    case "NUMBER_RANGE":
    case "DATE_RANGE":
      return ["", ""];
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
    case "HEADING":
      return null;
    case "GEOMETRY":
      return emptyGeometry();
    default:
      return "";
  }
}

/** Every answerable field (headings left out) with its empty value. */
export function initialValues(fields: readonly CCAField[]): FormValues {
  const values: FormValues = {};
  for (const field of recordFields(fields)) if (field.type !== "HEADING") values[field.fieldId] = emptyValue(field);
  return values;
}

/** A draft's values over the template's current fields: fields gone since are dropped, new ones empty. */
export function mergeDraft(fields: readonly CCAField[], draft: FormValues): FormValues {
  const values = initialValues(fields);
  for (const key of Object.keys(values)) if (Object.prototype.hasOwnProperty.call(draft, key)) values[key] = draft[key];
  return values;
}

/** The `data/save` body: file items without the form-only name, values normalised by the shared module. */
export function toSaveBody(shortName: string, fields: readonly CCAField[], values: FormValues, usergroups: readonly (number | string)[]) {
  const clean: FormValues = {};
  for (const [id, value] of Object.entries(values)) {
    clean[id] = Array.isArray(value) ? value.map((v) => (v && typeof v === "object" && "fileName" in v ? (({ fileName: _n, ...rest }) => rest)(v as FileChoice) : v)) : value;
  }
  const normalised = normaliseRecordValues(fields, clean);
  const byId = new Map(recordFields(fields).map((f) => [f.fieldId, f]));
  const ccaFieldValues: Record<string, { fieldId: string; name: string; type: string; value: unknown }> = {};
  for (const [fieldId, value] of Object.entries(normalised)) {
    const field = byId.get(fieldId)!;
    ccaFieldValues[fieldId] = { fieldId, name: field.name, type: field.type, value };
  }
  return { shortName, usergroups: usergroups.map(String), ccaFieldValues };
}

export interface OptionGroup {
  /** The parent's text in the template's language ("वन" for "Forest"), or null for options without one. */
  parent: string | null;
  options: Array<ValueOption & { text: string; isOthers: boolean }>;
}

/** Options grouped by their parent ("Forest|Sacred grove" → group Forest), in template order. */
export function optionGroups(field: CCAField): OptionGroup[] {
  const groups: Array<OptionGroup & { key: string | null }> = [];
  for (const option of field.valueOptions) {
    const parsed = parseOptionValue(option.value);
    const text = option.label || parsed.child || option.value;
    let group = groups.find((g) => g.key === parsed.parent);
    if (!group || (parsed.parent === null && groups[groups.length - 1] !== group)) {
      group = { key: parsed.parent, parent: parsed.parent === null ? null : parentLabel(field, parsed.parent), options: [] };
      groups.push(group);
    }
    group.options.push({ ...option, text, isOthers: parsed.isOthers });
  }
  return groups.map(({ parent, options }) => ({ parent, options }));
}

/** "Parent → Child" for a dropdown's flat list, in the template's language. */
export function optionText(field: CCAField, option: ValueOption): string {
  const parsed = parseOptionValue(option.value);
  const own = option.label || parsed.child || option.value;
  return parsed.parent ? `${parentLabel(field, parsed.parent)} → ${own}` : own;
}

export interface Section {
  id: string;
  title: string;
}

/** Top-level headings: the sticky navigation's entries. */
export function sectionsOf(fields: readonly CCAField[]): Section[] {
  return fields.filter((f) => f.type === "HEADING").map((f) => ({ id: `section-${f.fieldId}`, title: f.name }));
}

export const isOthersOption = (field: CCAField, valueId: string | undefined): boolean => {
  const option = field.valueOptions.find((o) => o.valueId === valueId);
  return option ? parseOptionValue(option.value).isOthers : false;
};
