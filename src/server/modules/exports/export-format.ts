/**
 * How a record reads in an export (issue 14): one cell per template field, headers in the chosen
 * language, options as their labels, rich text without tags, files as links, geometry as WKT plus the
 * record's centroid in the tabular formats and as GeoJSON in the GeoJSON export. Pure.
 */
import type { FileValue, GeoFeatureCollection } from "@/contracts/cca-data";
import { isOptionType, parseOptionValue, type FieldType, type TemplateLanguage } from "@/contracts/template";
import type { ExportRow } from "../records/data.repository";
import type { ViewField, ViewTemplate } from "../templates/template-loader.service";
import { isGeometryValue, publicPrecisionOf, publicValueOf } from "../records/public-value";
import { exactCentroid, stripTags } from "../records/record-derive";
import { darwinCoreTerms, fieldTreatment } from "../records/treatments";
import { isGeneralisedRange } from "@/contracts/restrictions";
import { labelById } from "@/contracts/local-contexts";

export type Cell = string | number | null;

/** The fixed columns before the template's fields, in both languages. */
const FIXED_HEADERS: Record<TemplateLanguage, readonly string[]> = {
  en: ["Record id", "Link", "Owner id", "Created on", "Updated on", "State", "District", "Tahsil", "Centroid longitude", "Centroid latitude"],
  hi: ["रिकॉर्ड आईडी", "लिंक", "स्वामी आईडी", "बनाया गया", "अद्यतन किया गया", "राज्य", "ज़िला", "तहसील", "केंद्रक देशांतर", "केंद्रक अक्षांश"],
};
const WKT_SUFFIX: Record<TemplateLanguage, string> = { en: "WKT", hi: "WKT" };
/** After the fields (issue 30): the record's Local Contexts labels and Darwin Core's two terms of what was withheld or generalised. */
const GOVERNANCE_HEADERS: Record<TemplateLanguage, readonly string[]> = {
  en: ["Local Contexts labels", "informationWithheld", "dataGeneralizations"],
  hi: ["लोकल कॉन्टेक्स्ट्स लेबल", "informationWithheld", "dataGeneralizations"],
};

/** Excel keeps at most this many characters in a cell. */
export const XLSX_CELL_MAX = 32_767;

export interface ExportColumns {
  headers: string[];
  /** Template fields written (no headings), in the template's order. */
  fields: ViewField[];
  /** The fields the records are written with (the parent's when the template has one): what a place is judged by. */
  own: ReadonlyMap<string, ViewField>;
}

/** Headers made unique (a field name repeated gets " (2)", …): GeoJSON properties are keyed by them. */
function unique(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** Columns of an export: the fixed ones, then each field (a GEOMETRY field as "<name> (WKT)" in tables). */
export function exportColumns(view: ViewTemplate, language: TemplateLanguage, geometryAsWkt: boolean, own: ViewTemplate = view): ExportColumns {
  const fields = view.fields.filter((f) => f.type !== "HEADING");
  const names = fields.map((f) => (f.type === "GEOMETRY" && geometryAsWkt ? `${f.name} (${WKT_SUFFIX[language]})` : f.name));
  return { headers: unique([...FIXED_HEADERS[language], ...names, ...GOVERNANCE_HEADERS[language]]), fields, own: own.byId };
}

// ── Values ───────────────────────────────────────────────────────────────────────────────────────

const hasValue = (value: unknown) => value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

function optionLabel(field: ViewField, item: unknown): string | null {
  if (typeof item === "string") return item.trim() || null;
  if (!item || typeof item !== "object") return null;
  const o = item as { valueId?: unknown; value?: unknown; label?: unknown };
  const value = typeof o.value === "string" ? o.value : "";
  const typed = typeof o.label === "string" ? o.label.trim() : "";
  const { parent, child, isOthers } = parseOptionValue(value);
  // "Others": the text its contributor typed.
  const own = isOthers
    ? typed || child
    : ((typeof o.valueId === "string" ? field.labelById.get(o.valueId) : undefined) ?? field.labelByValue.get(value) ?? (typed || child));
  if (!own) return null;
  if (parent === null) return own;
  return `${field.labelByParent.get(parent) ?? field.labelByValue.get(parent) ?? parent} → ${own}`;
}

const numberOf = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const dateOf = (v: unknown): string | null => {
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
  if (typeof v === "number" || typeof v === "string") {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
  }
  return null;
};

function range(value: unknown, one: (v: unknown) => Cell): Cell {
  if (!Array.isArray(value)) return one(value);
  const [a = null, b = null] = value.map((v) => (hasValue(v) ? one(v) : null));
  if (a !== null && b !== null) return a === b ? a : `${a} – ${b}`;
  if (a !== null) return `≥ ${a}`;
  if (b !== null) return `≤ ${b}`;
  return null;
}

/** A files-api path as an absolute link on the site. */
export function absoluteLink(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** One field's value as a cell (numbers stay numbers; several items joined with "; "). */
export function cellOf(field: ViewField, stored: { type?: string; value: unknown } | undefined, siteUrl: string, geometry: (value: unknown) => GeoFeatureCollection | null): Cell {
  if (!stored || !hasValue(stored.value)) return null;
  const value = stored.value;
  const type = field.type as FieldType;
  // A place under a field that is no longer a GEOMETRY one (retyped) is not written as text.
  if (type !== "GEOMETRY" && isGeometryValue(stored)) return null;
  if (isOptionType(type)) {
    const items = (Array.isArray(value) ? value : [value]).map((item) => optionLabel(field, item)).filter((t): t is string => Boolean(t));
    return items.length > 0 ? items.join("; ") : null;
  }
  switch (type) {
    case "TEXT":
    case "TEXT_AREA":
      return typeof value === "string" ? value.trim() || null : String(value);
    case "RICHTEXT":
      return typeof value === "string" ? stripTags(value) || null : null;
    case "NUMBER":
    case "NUMBER_RANGE":
    case "YEAR":
      return range(value, numberOf);
    case "DATE":
    case "DATE_RANGE":
      return range(value, dateOf);
    case "FILE": {
      const files = (Array.isArray(value) ? value : [value]).filter((f): f is FileValue => !!f && typeof f === "object" && typeof (f as FileValue).path === "string");
      return files.length > 0 ? files.map((f) => absoluteLink(siteUrl, f.path)).join("; ") : null;
    }
    case "GEOMETRY": {
      const shown = geometry(value);
      return shown ? toWkt(shown) : null;
    }
    default:
      return null;
  }
}

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────

type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] };

const pos = (p: unknown): string => (Array.isArray(p) ? `${p[0]} ${p[1]}` : "");
const ring = (r: unknown): string => `(${(Array.isArray(r) ? r : []).map(pos).join(", ")})`;
const poly = (p: unknown): string => `(${(Array.isArray(p) ? p : []).map(ring).join(", ")})`;

function geometryWkt(g: Geometry): string | null {
  const c = g.coordinates;
  switch (g.type) {
    case "Point":
      return `POINT (${pos(c)})`;
    case "MultiPoint":
      return `MULTIPOINT (${(c as unknown[]).map((p) => `(${pos(p)})`).join(", ")})`;
    case "LineString":
      return `LINESTRING ${ring(c)}`;
    case "MultiLineString":
      return `MULTILINESTRING (${(c as unknown[]).map(ring).join(", ")})`;
    case "Polygon":
      return `POLYGON ${poly(c)}`;
    case "MultiPolygon":
      return `MULTIPOLYGON (${(c as unknown[]).map(poly).join(", ")})`;
    case "GeometryCollection":
      return `GEOMETRYCOLLECTION (${(g.geometries ?? []).map(geometryWkt).filter(Boolean).join(", ")})`;
    default:
      return null;
  }
}

/** The geometries of a feature collection (features without one left out). */
export function geometriesOf(fc: GeoFeatureCollection | null): Geometry[] {
  if (!fc || !Array.isArray(fc.features)) return [];
  return fc.features.map((f) => f?.geometry as Geometry | null).filter((g): g is Geometry => !!g && typeof g.type === "string");
}

/** WKT of a feature collection: its one geometry, or a GEOMETRYCOLLECTION of several; null without any. */
export function toWkt(fc: GeoFeatureCollection): string | null {
  const geometries = geometriesOf(fc);
  if (geometries.length === 0) return null;
  if (geometries.length === 1) return geometryWkt(geometries[0]!);
  return geometryWkt({ type: "GeometryCollection", geometries });
}

/** How an exporter sees a GEOMETRY value: exact for the record's curators, else as the public does (`publicValueOf`). */
export function geometryFor(field: ViewField | undefined, exact: boolean): (value: unknown) => GeoFeatureCollection | null {
  return (value) => (publicValueOf({ type: "GEOMETRY", value }, field, { exact }).value as GeoFeatureCollection | null) ?? null;
}

// ── A record's row ───────────────────────────────────────────────────────────────────────────────

export interface ExportRecord {
  cells: Cell[];
  /** Every shown geometry of the record (GeoJSON export). */
  geometries: Geometry[];
}

/** Per export: each field's way of seeing its geometry, decided once rather than per record. */
const viewsOf = new WeakMap<ExportColumns, Map<boolean, Array<(value: unknown) => GeoFeatureCollection | null>>>();
function geometryViews(columns: ExportColumns, exact: boolean) {
  let byExact = viewsOf.get(columns);
  if (!byExact) viewsOf.set(columns, (byExact = new Map()));
  let views = byExact.get(exact);
  if (!views) byExact.set(exact, (views = columns.fields.map((f) => geometryFor(columns.own.get(f.fieldId), exact))));
  return views;
}

/** The cells of one record, in the order of `exportColumns`. */
export function exportRecord(row: ExportRow, columns: ExportColumns, options: { siteUrl: string; exact: boolean }): ExportRecord {
  const geometries: Geometry[] = [];
  const views = geometryViews(columns, options.exact);
  const fieldCells = columns.fields.map((field, i) => {
    const stored = row.field_values[field.fieldId];
    // A treatment in force (issue 30, item 2) applies to everyone but the record's curators: as the record page does.
    const t = options.exact || !stored ? null : fieldTreatment(row.treatments, field.fieldId);
    if (t && stored) {
      const treated = publicValueOf(stored, columns.own.get(field.fieldId), { exact: false, treatment: t }).value;
      if (field.type === "GEOMETRY") {
        const shown = (treated as GeoFeatureCollection | null) ?? null;
        if (shown) geometries.push(...geometriesOf(shown));
        return shown ? toWkt(shown) : null;
      }
      return isGeneralisedRange(treated) ? `${treated.from}–${treated.to}` : null;
    }
    const see = views[i]!;
    if (field.type === "GEOMETRY" && stored && hasValue(stored.value)) geometries.push(...geometriesOf(see(stored.value)));
    return cellOf(field, stored, options.siteUrl, see);
  });
  const present = (id: string) => row.field_values[id] !== undefined && hasValue(row.field_values[id]!.value);
  const terms = options.exact
    ? { informationWithheld: null, dataGeneralizations: null }
    : darwinCoreTerms(row.treatments, (id) => columns.own.get(id)?.name ?? row.field_values[id]?.name ?? id, present);
  const labels = (row.labels ?? []).map((id) => labelById(id)?.name).filter((n): n is string => !!n);
  let lon = row.centroid_lon;
  let lat = row.centroid_lat;
  // The stored centroid is the public one; it differs from the exact one only when a stored place is
  // not public as it is (GENERALISED or HIDDEN field, or a field gone), so only then is the exact one worked out for curators.
  const own = columns.own;
  if (options.exact && Object.entries(row.field_values).some(([id, v]) => isGeometryValue(v, own.get(id)) && publicPrecisionOf(v, own.get(id)) !== "EXACT")) {
    const exact = exactCentroid(Object.values(row.field_values).filter((v) => v.type === "GEOMETRY").map((v) => v.value));
    if (exact) [lon, lat] = exact;
  }
  return {
    cells: [
      row.id,
      absoluteLink(options.siteUrl, `/data/show/${row.id}`),
      row.user_id,
      row.created_on.toISOString(),
      row.updated_on.toISOString(),
      row.location_state,
      row.location_district,
      row.location_tahsil,
      lon,
      lat,
      ...fieldCells,
      labels.length > 0 ? labels.join("; ") : null,
      terms.informationWithheld,
      terms.dataGeneralizations,
    ],
    geometries,
  };
}

// ── Writers' encodings ───────────────────────────────────────────────────────────────────────────

/** UTF-8 byte order mark: Excel reads the CSV as UTF-8 (Hindi) only with it. */
export const CSV_BOM = "\uFEFF";

/**
 * A CSV field (RFC 4180). Text starting with = + - @ (or a tab / carriage return) gets a leading
 * apostrophe so a spreadsheet does not run it as a formula (CSV injection); numbers stay as they are.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(",")}\r\n`;
