/**
 * The history of a CCA record (issue 14): what cca-api stores in an activity's `details` for a changed
 * field, and how a change reads in a language ("Area changed from 120 to 135"). The server phrases the
 * followers' notices with `CHANGE_PHRASES`; the record page phrases the history with the same keys of
 * `locales/<lang>/data.json` (`history.*`, a unit test keeps both equal). Pure: no server or browser imports.
 */
import type { FieldType } from "./template";
import { numberFormat } from "@/shared/format/intl";

/** Activity types of a record. */
export const RECORD_ACTIVITY = {
  created: "Data created",
  fieldUpdated: "Field updated",
  locationUpdated: "Location updated",
  deleted: "Data deleted",
  restored: "Data restored",
  comment: "Added a comment",
} as const;

/** `type` of a change: a field type, or LOCATION for the record's `{state, district, tahsil}`. */
export type ChangeType = FieldType | "LOCATION";

/** `details` of a "Field updated" / "Location updated" activity. `old` / `new` are `compactValue`s; null = empty. */
export interface FieldChangeDetails {
  fieldId: string;
  /** The field's English name when changed (the screen prefers the template's name in its language). */
  name: string;
  type: ChangeType;
  old: unknown;
  new: unknown;
  /** The field's value is withheld from this reader (issue 30): old and new are left out. */
  withheld?: true;
}

export type ChangeKind = "set" | "changed" | "cleared" | "redrawn" | "withheld";

/** Text kept of a long text value in the history. */
export const CHANGE_TEXT_MAX = 200;

const clip = (text: string) => (text.length > CHANGE_TEXT_MAX ? `${text.slice(0, CHANGE_TEXT_MAX - 1).trimEnd()}…` : text);
const stripHtml = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/\s+/g, " ").trim();
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === "");
  if (isObject(value) && value.type === "FeatureCollection") return !Array.isArray(value.features) || value.features.length === 0;
  return false;
}

function compactOption(value: unknown): { value: string; label: string } | null {
  if (!isObject(value)) return null;
  const v = typeof value.value === "string" ? value.value : "";
  const label = typeof value.label === "string" && value.label !== "" ? value.label : (v.split("|").filter((p) => p !== "?").pop() ?? v);
  return { value: v, label };
}

/** What the history keeps of a stored value: short, and enough to phrase it (null when empty). */
export function compactValue(type: ChangeType, value: unknown): unknown {
  if (isEmpty(value)) return null;
  switch (type) {
    case "TEXT":
    case "TEXT_AREA":
      return typeof value === "string" ? clip(value) : null;
    case "RICHTEXT":
      return typeof value === "string" ? clip(stripHtml(value)) : null;
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
      return compactOption(value);
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return Array.isArray(value) ? value.map(compactOption).filter((o) => o !== null) : null;
    case "FILE":
      return Array.isArray(value) ? value.map((f) => (isObject(f) && typeof f.path === "string" ? (f.path.split("/").pop() ?? f.path) : "")).filter(Boolean) : null;
    case "GEOMETRY":
      return isObject(value) && Array.isArray(value.features) ? { shapes: value.features.length } : null;
    case "LOCATION":
      return isObject(value) ? [value.tahsil, value.district, value.state].filter((p) => typeof p === "string" && p !== "").join(", ") || null : null;
    default:
      return value;
  }
}

/** JSON with object keys sorted, so `{valueId, label, value}` and `{valueId, value, label}` are one value. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two stored values differ (whatever the order of their keys; empty equals empty). */
export function valuesDiffer(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return false;
  return stableJson(a) !== stableJson(b);
}

/** A compact value as text in `lang` (numbers and dates in the language's digits grouping). */
export function changeValueText(type: ChangeType, compact: unknown, lang: string): string {
  if (compact === null || compact === undefined) return "";
  const num = (n: unknown) => (typeof n === "number" ? numberFormat(lang, { maximumFractionDigits: 6 }).format(n) : String(n ?? ""));
  switch (type) {
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
      return isObject(compact) ? String(compact.label ?? compact.value ?? "") : String(compact);
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return Array.isArray(compact) ? compact.map((o) => (isObject(o) ? String(o.label ?? o.value ?? "") : String(o))).join(", ") : String(compact);
    case "NUMBER":
      return num(compact);
    case "YEAR":
      return String(compact);
    case "NUMBER_RANGE":
      return Array.isArray(compact) ? compact.map(num).join(" – ") : String(compact);
    case "DATE_RANGE":
      return Array.isArray(compact) ? compact.map((d) => String(d ?? "")).join(" – ") : String(compact);
    case "FILE":
      return Array.isArray(compact) ? compact.join(", ") : String(compact);
    case "GEOMETRY":
      return isObject(compact) ? String(compact.shapes ?? "") : "";
    default:
      return typeof compact === "string" ? compact : JSON.stringify(compact);
  }
}

/** Set (was empty), cleared (is empty now), redrawn (a map changed) or changed. */
export function changeKind(details: Pick<FieldChangeDetails, "type" | "old" | "new" | "withheld">): ChangeKind {
  if (details.withheld) return "withheld";
  if (details.old === null || details.old === undefined) return "set";
  if (details.new === null || details.new === undefined) return "cleared";
  return details.type === "GEOMETRY" ? "redrawn" : "changed";
}

/** The phrases of the followers' notices; the same strings as `history.<kind>` in locales/<lang>/data.json. */
export const CHANGE_PHRASES: Record<"en" | "hi", Record<ChangeKind, string>> = {
  en: {
    set: "{{field}} set to {{new}}",
    changed: "{{field}} changed from {{old}} to {{new}}",
    cleared: "{{field}} cleared (was {{old}})",
    redrawn: "{{field}}: the map was redrawn",
    withheld: "{{field}} changed (its value is withheld)",
  },
  hi: {
    set: "{{field}} अब {{new}} है",
    changed: "{{field}} {{old}} से बदलकर {{new}} किया गया",
    cleared: "{{field}} हटाया गया (पहले {{old}})",
    redrawn: "{{field}}: मानचित्र फिर से बनाया गया",
    withheld: "{{field}} बदला गया (इसका मान रोका गया है)",
  },
};

const interpolate = (phrase: string, vars: Record<string, string>) => phrase.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

export type ChangeFormatter = (kind: ChangeKind, vars: { field: string; old: string; new: string }) => string;

/** A change as one sentence: `format` phrases it (the screen passes its `t`), by default `CHANGE_PHRASES`. */
export function describeChange(details: FieldChangeDetails, lang: string, fieldName: string = details.name, format?: ChangeFormatter): string {
  const kind = changeKind(details);
  const vars = { field: fieldName, old: changeValueText(details.type, details.old, lang), new: changeValueText(details.type, details.new, lang) };
  if (format) return format(kind, vars);
  return interpolate(CHANGE_PHRASES[lang === "hi" ? "hi" : "en"][kind], vars);
}

/** The change as a reader who may not see the field's value reads it: no old, no new. */
export const withheldChange = (details: FieldChangeDetails): FieldChangeDetails => ({ fieldId: details.fieldId, name: details.name, type: details.type, old: null, new: null, withheld: true });

/** Whether an activity's `details` is a field change this module phrases. */
export function isFieldChange(details: unknown): details is FieldChangeDetails {
  return isObject(details) && typeof details.fieldId === "string" && typeof details.type === "string" && "old" in details && "new" in details;
}
