/**
 * The typed index of a record's values (`cca_data_value`, data model in src/server/README.md): one row
 * per value a filter, facet, statistic or the editor's per-field count reads. Built from the record
 * as stored (each value carries its type), so it does not depend on the template's current shape.
 * Pure: record writes (issues 13–14) store these rows with `writeRecordValues` (record-write.repository.ts).
 */
import { isFieldType, type FieldType, type PublicPrecision } from "@/contracts/template";
import { cellOf, featureCentroids, meanOf } from "./record-derive";

/** A stored value: `ccaFieldValues[fieldId]` of reference §4.4. */
export interface StoredFieldValue {
  fieldId?: string;
  name?: string;
  type: FieldType | string;
  value: unknown;
}

export interface ValueIndexRow {
  field_id: string;
  ordinal: number;
  option_value: string | null;
  num_lo: number | null;
  num_hi: number | null;
  date_lo: string | null;
  date_hi: string | null;
  text_value: string | null;
  /** PostgreSQL box literal "(x1,y1),(x2,y2)". */
  bbox: string | null;
}

const TEXT_INDEX_MAX = 2000;

export const emptyIndexRow = (fieldId: string, ordinal = 0): ValueIndexRow => ({
  field_id: fieldId, ordinal, option_value: null, num_lo: null, num_hi: null, date_lo: null, date_hi: null, text_value: null, bbox: null,
});

const toNumber = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null);

function toDate(v: unknown): string | null {
  const date = typeof v === "number" ? new Date(v) : typeof v === "string" ? new Date(v) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}

function toYear(v: unknown): number | null {
  const n = toNumber(v);
  if (n !== null && Number.isInteger(n) && n > 0 && n < 10000) return n;
  const date = toDate(v);
  return date ? Number(date.slice(0, 4)) : null;
}

/** Plain text of a value (tags of rich text removed), for substring filters. */
function plainText(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const text = v.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
  return text === "" ? null : text.slice(0, TEXT_INDEX_MAX);
}

function optionValues(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  return list
    .map((o) => (typeof o === "object" && o !== null && typeof (o as { value?: unknown }).value === "string" ? (o as { value: string }).value : null))
    .filter((o): o is string => o !== null && o !== "");
}

/** Bounding box of every coordinate of a GeoJSON value (FeatureCollection, Feature or geometry). */
export function boundingBox(geojson: unknown): [number, number, number, number] | null {
  let box: [number, number, number, number] | null = null;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      if (node.length >= 2 && typeof node[0] === "number" && typeof node[1] === "number" && Number.isFinite(node[0]) && Number.isFinite(node[1])) {
        const [x, y] = node as [number, number];
        box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
      } else node.forEach(visit);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const o = node as Record<string, unknown>;
    if (Array.isArray(o.features)) o.features.forEach(visit);
    if (o.geometry) visit(o.geometry);
    if (Array.isArray(o.geometries)) o.geometries.forEach(visit);
    if (Array.isArray(o.coordinates)) visit(o.coordinates);
  };
  visit(geojson);
  return box;
}

/** Field id → public precision of the record's GEOMETRY fields (EXACT when absent). */
export type PrecisionOf = (fieldId: string) => PublicPrecision;
const EXACT: PrecisionOf = () => "EXACT";

/**
 * The index rows of one value (none when it holds nothing). A GEOMETRY field's box is public (bbox
 * filters answer from it): a GENERALISED field stores its 0.1° cell, a HIDDEN one no box at all.
 */
export function indexValue(fieldId: string, stored: StoredFieldValue, precision: PublicPrecision = "EXACT"): ValueIndexRow[] {
  if (!isFieldType(stored.type)) return [];
  const v = stored.value;
  switch (stored.type) {
    case "HEADING":
      return [];
    case "TEXT":
    case "TEXT_AREA":
    case "RICHTEXT": {
      const text = plainText(v);
      return text === null ? [] : [{ ...emptyIndexRow(fieldId), text_value: text }];
    }
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return [...new Set(optionValues(v))].map((value, i) => ({ ...emptyIndexRow(fieldId, i), option_value: value }));
    case "NUMBER": {
      const n = toNumber(v);
      return n === null ? [] : [{ ...emptyIndexRow(fieldId), num_lo: n, num_hi: n }];
    }
    case "NUMBER_RANGE": {
      const [a, b] = Array.isArray(v) ? v.map(toNumber) : [null, null];
      if (a === null && b === null) return [];
      return [{ ...emptyIndexRow(fieldId), num_lo: a ?? b!, num_hi: b ?? a! }];
    }
    case "YEAR": {
      const y = toYear(v);
      return y === null ? [] : [{ ...emptyIndexRow(fieldId), num_lo: y, num_hi: y }];
    }
    case "DATE": {
      const d = toDate(v);
      return d === null ? [] : [{ ...emptyIndexRow(fieldId), date_lo: d, date_hi: d }];
    }
    case "DATE_RANGE": {
      const [a, b] = Array.isArray(v) ? v.map(toDate) : [null, null];
      if (a === null && b === null) return [];
      return [{ ...emptyIndexRow(fieldId), date_lo: a ?? b!, date_hi: b ?? a! }];
    }
    case "FILE":
      return Array.isArray(v) && v.length > 0 ? [emptyIndexRow(fieldId)] : [];
    case "GEOMETRY": {
      if (precision === "HIDDEN") return [];
      if (precision === "GENERALISED") {
        const centre = meanOf(featureCentroids(v));
        if (!centre) return [];
        const [w, s, e, n] = cellOf(centre);
        return [{ ...emptyIndexRow(fieldId), bbox: `(${w},${s}),(${e},${n})` }];
      }
      const box = boundingBox(v);
      return box === null ? [] : [{ ...emptyIndexRow(fieldId), bbox: `(${box[0]},${box[1]}),(${box[2]},${box[3]})` }];
    }
  }
}

/** Every index row of a record's values. */
export function indexFieldValues(values: Readonly<Record<string, StoredFieldValue>>, precisionOf: PrecisionOf = EXACT): ValueIndexRow[] {
  return Object.entries(values).flatMap(([fieldId, stored]) => indexValue(fieldId, stored, precisionOf(fieldId)));
}
