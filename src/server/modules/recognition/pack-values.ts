/**
 * A record's attributes for a field set, through the mapping (issue 31, item 1). Pure. Every value is
 * read in its public form (`publicValueOf` with the record's treatments in force): a withheld or
 * embargoed value is empty, a generalised number or year is its range in a text attribute and empty in
 * a numeric one, a generalised place is its 0.1° cell. A value that is withheld or generalised never
 * falls back to a default or to the geometry's area (which would tell what was withheld). A value not
 * in the attribute's allowed list is written empty (coverage lists it when the attribute is mandatory).
 */
import type { Geometry, MultiPolygon, Point, Position } from "geojson";
import type { EffectiveRestrictions } from "@/contracts/restrictions";
import { isGeneralisedRange } from "@/contracts/restrictions";
import type { AttributeDef, Derivation, FieldSetMapping, MappingEntry } from "@/contracts/recognition";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { publicValueOf, type OwnFieldLike } from "../records/public-value";
import { fieldTreatment } from "../records/treatments";
import { stripTags } from "../records/record-derive";
import { areaKm2 } from "./spherical-area";
import { INDIA_ISO3, subLocationOf } from "./sub-locations";

export type AttributeValue = string | number | null;

/** What the values need of a record (records' `RegistryRecordRow`). */
export interface PackRecord {
  id: number;
  field_values: Record<string, { type?: string; value: unknown }>;
  treatments: EffectiveRestrictions | null;
  location_state: string | null;
}

export type PackGeometry =
  | { kind: "polygon"; geometry: MultiPolygon; generalised: boolean; exactAreaKm2: number | null }
  | { kind: "point"; geometry: Point; generalised: boolean }
  | { kind: "none" };

export interface PackSite {
  values: Record<string, AttributeValue>;
  geometry: PackGeometry;
  /** Mandatory attributes left empty, and "geometry" when the record shows no place. */
  missing: string[];
}

const INDIC = /[\u0900-\u0DFF]/;
const LATIN = /[A-Za-z]/;

type Shown = { state: "absent" } | { state: "withheld" } | { state: "shown"; value: unknown; generalised: boolean };

const empty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** One stored value in its public form. */
function shown(record: PackRecord, own: ReadonlyMap<string, OwnFieldLike>, fieldId: string): Shown {
  const stored = record.field_values[fieldId];
  if (!stored || empty(stored.value)) return { state: "absent" };
  const result = publicValueOf(stored, own.get(fieldId), { exact: false, treatment: fieldTreatment(record.treatments, fieldId) });
  if (result.precision === "HIDDEN" || empty(result.value)) return { state: "withheld" };
  return { state: "shown", value: result.value, generalised: result.precision === "GENERALISED" };
}

const optionValueOf = (item: unknown): string | null => {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    const o = item as { value?: unknown; label?: unknown };
    if (typeof o.value === "string") return o.value;
  }
  return null;
};
const optionLabelOf = (item: unknown): string | null => {
  if (item && typeof item === "object") {
    const o = item as { label?: unknown };
    if (typeof o.label === "string" && o.label.trim()) return o.label.trim();
  }
  return optionValueOf(item);
};
const isOptionItem = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v) && typeof (v as { value?: unknown }).value === "string" && !("type" in (v as object));

const numberOf = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  if (Array.isArray(v)) return numberOf(v[0]);
  return null;
};

/** A value written as the attribute's type wants it; null when it does not fit or is not allowed. */
export function fit(attribute: AttributeDef, value: unknown): AttributeValue {
  if (value === null || value === undefined) return null;
  if (attribute.type === "TEXT") {
    const text = (typeof value === "number" ? String(value) : typeof value === "string" ? value : "").trim();
    if (!text) return null;
    if (attribute.allowed && !attribute.allowed.includes(text)) return null;
    return text.slice(0, 254);
  }
  const n = numberOf(value);
  if (n === null) return null;
  return attribute.type === "INTEGER" ? Math.round(n) : Math.round(n * 10_000) / 10_000;
}

/** The text of a shown non-option value (rich text without its tags). */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.includes("<") ? stripTags(value) : value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join("; ") || null;
  return null;
}

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────

/** The record's places in their public form: its polygons as one MultiPolygon, else its first point. */
export function packGeometry(record: PackRecord, own: ReadonlyMap<string, OwnFieldLike>): PackGeometry {
  const polygons: Position[][][] = [];
  const points: Position[] = [];
  let generalised = false;
  let exactArea = 0;
  const ids = new Set<string>();
  for (const [id, f] of own) if (f.type === "GEOMETRY") ids.add(id);
  for (const [id, v] of Object.entries(record.field_values)) if (v.type === "GEOMETRY") ids.add(id);
  for (const id of [...ids].sort()) {
    const s = shown(record, own, id);
    if (s.state !== "shown") continue;
    const fc = s.value as GeoFeatureCollection;
    for (const feature of fc.features ?? []) {
      const g = feature?.geometry as Geometry | null | undefined;
      if (!g) continue;
      const polys = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
      polygons.push(...polys);
      if (!s.generalised) exactArea += polys.reduce((sum, p) => sum + areaKm2({ type: "Polygon", coordinates: p }), 0);
      if (g.type === "Point") points.push(g.coordinates);
      if (g.type === "MultiPoint") points.push(...g.coordinates);
      if (polys.length > 0 && s.generalised) generalised = true;
      if ((g.type === "Point" || g.type === "MultiPoint") && s.generalised) generalised = true;
    }
  }
  if (polygons.length > 0) return { kind: "polygon", geometry: { type: "MultiPolygon", coordinates: polygons }, generalised, exactAreaKm2: generalised ? null : exactArea };
  if (points.length > 0) return { kind: "point", geometry: { type: "Point", coordinates: points[0]! }, generalised };
  return { kind: "none" };
}

// ── Attributes ───────────────────────────────────────────────────────────────────────────────────

function derive(derivation: Derivation, attribute: AttributeDef, record: PackRecord, own: ReadonlyMap<string, OwnFieldLike>, geometry: PackGeometry, fieldIds: readonly string[]): AttributeValue {
  switch (derivation) {
    case "recordId":
      return attribute.type === "TEXT" ? String(record.id) : record.id;
    case "metadataId":
      return attribute.type === "TEXT" ? "1" : 1;
    case "iso3":
      return record.location_state ? INDIA_ISO3 : null;
    case "subLocation":
      return subLocationOf(record.location_state);
    case "area":
      return geometry.kind === "polygon" && geometry.exactAreaKm2 ? geometry.exactAreaKm2 : null;
    case "nameEnglish":
    case "nameOriginal": {
      for (const id of fieldIds) {
        const s = shown(record, own, id);
        if (s.state !== "shown") continue;
        const text = textOf(s.value)?.trim();
        if (!text) continue;
        if (derivation === "nameOriginal" || (LATIN.test(text) && !INDIC.test(text))) return text;
      }
      return null;
    }
  }
}

/** One attribute's value for a record. */
export function attributeValue(attribute: AttributeDef, entry: MappingEntry | undefined, record: PackRecord, own: ReadonlyMap<string, OwnFieldLike>, geometry: PackGeometry): AttributeValue {
  if (!entry || entry.source === "none") return null;
  if (entry.source === "constant") return fit(attribute, entry.value);
  if (entry.source === "derived") return fit(attribute, derive(entry.derive, attribute, record, own, geometry, entry.fieldIds ?? []));
  const s = shown(record, own, entry.fieldId);
  if (s.state === "withheld") return null;
  if (s.state === "absent") {
    if (entry.fallback === "area") {
      const area = derive("area", attribute, record, own, geometry, []);
      if (area !== null) return fit(attribute, area);
    }
    return entry.otherwise ? fit(attribute, entry.otherwise) : null;
  }
  const value = s.value;
  if (isGeneralisedRange(value)) return attribute.type === "TEXT" && !attribute.allowed ? `${value.from}–${value.to}` : null;
  const items = Array.isArray(value) ? value : [value];
  if (items.some(isOptionItem) || (entry.options && items.every((i) => typeof i === "string"))) {
    if (entry.options) {
      for (const item of items) {
        const key = optionValueOf(item);
        const mapped = key === null ? undefined : entry.options[key];
        if (mapped) return fit(attribute, mapped);
      }
      return entry.otherwise ? fit(attribute, entry.otherwise) : null;
    }
    return fit(attribute, items.map(optionLabelOf).filter(Boolean).join("; "));
  }
  if (attribute.type !== "TEXT") {
    const n = numberOf(value);
    return n === null ? null : fit(attribute, n * (entry.factor ?? 1));
  }
  return fit(attribute, textOf(value));
}

/** Every attribute of a field set for a record, its place, and what is missing. */
export function packSite(attributes: readonly AttributeDef[], mapping: FieldSetMapping, record: PackRecord, own: ReadonlyMap<string, OwnFieldLike>): PackSite {
  const geometry = packGeometry(record, own);
  const values: Record<string, AttributeValue> = {};
  const missing: string[] = [];
  for (const attribute of attributes) {
    const value = attributeValue(attribute, mapping[attribute.name], record, own, geometry);
    values[attribute.name] = value;
    if (attribute.mandatory && (value === null || value === "")) missing.push(attribute.name);
  }
  if (geometry.kind === "none") missing.push("geometry");
  return { values, geometry, missing };
}
