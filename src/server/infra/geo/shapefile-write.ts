/**
 * Writes features as an ESRI Shapefile set (.shp, .shx, .dbf in UTF-8 with its .cpg, .prj of WGS 84):
 * the Shapefile download of a map layer and the WDPCA submission pack. One shape type per set (polygons,
 * lines, points or multipoints), attribute names cut to the format's 10 characters (and made unique),
 * texts to 254 bytes. A table without shapes is a lone .dbf (`writeDbf`); `zipShapefiles` packs sets.
 *
 * A column is a name (its .dbf type read from the values: all numbers → N, all booleans → L, else C) or
 * a typed `GeoColumn` (TEXT → C, INTEGER → N(18,0), REAL → N(19, the values' decimals up to 8),
 * DATE → D); a value that does not fit its column (geo-columns.ts), or a number too wide for it, is
 * written empty.
 */
import type { Geometry, Position } from "geojson";
import { strToU8, zipSync } from "fflate";
import { fitValue, type GeoColumn } from "./geo-columns";

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

export type ShapefileValue = string | number | boolean | null;

export interface ShapefileFeature {
  geometry: Geometry;
  properties: Record<string, ShapefileValue>;
}

export interface ShapefileSet {
  shp: Buffer;
  shx: Buffer;
  dbf: Buffer;
  prj: string;
  cpg: string;
}

/** A .dbf column: a name (type read from the values) or a typed column. */
export type DbfColumn = string | GeoColumn;

export type ShapeFamily = "point" | "multipoint" | "line" | "polygon";
type Family = ShapeFamily;
const SHAPE_TYPE: Record<Family, number> = { point: 1, line: 3, polygon: 5, multipoint: 8 };

function familyOf(g: Geometry): Family {
  switch (g.type) {
    case "Point":
      return "point";
    case "MultiPoint":
      return "multipoint";
    case "LineString":
    case "MultiLineString":
      return "line";
    case "Polygon":
    case "MultiPolygon":
      return "polygon";
    case "GeometryCollection":
      return g.geometries[0] ? familyOf(g.geometries[0]) : "point";
  }
}

/** Parts (rings or lines) of a geometry of the family; rings oriented as the format wants (outer clockwise). */
function partsOf(g: Geometry, family: Family): Position[][] {
  if (g.type === "GeometryCollection") return g.geometries.filter((x) => familyOf(x) === family).flatMap((x) => partsOf(x, family));
  if (g.type === "Point") return [[g.coordinates]];
  if (g.type === "MultiPoint") return [g.coordinates];
  if (g.type === "LineString") return [g.coordinates];
  if (g.type === "MultiLineString") return g.coordinates;
  const polygons = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  return polygons.flatMap((rings) => rings.map((ring, i) => (isClockwise(ring) === (i === 0) ? ring : [...ring].reverse())));
}

function isClockwise(ring: Position[]): boolean {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) sum += (ring[i]![0]! - ring[i - 1]![0]!) * (ring[i]![1]! + ring[i - 1]![1]!);
  return sum > 0;
}

function boundsOf(points: Position[]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    b[0] = Math.min(b[0], p[0]!);
    b[1] = Math.min(b[1], p[1]!);
    b[2] = Math.max(b[2], p[0]!);
    b[3] = Math.max(b[3], p[1]!);
  }
  return Number.isFinite(b[0]) ? b : [0, 0, 0, 0];
}

function record(family: Family, parts: Position[][]): Buffer {
  const points = parts.flat();
  if (family === "point") {
    const b = Buffer.alloc(20);
    b.writeInt32LE(1, 0);
    b.writeDoubleLE(points[0]![0]!, 4);
    b.writeDoubleLE(points[0]![1]!, 12);
    return b;
  }
  const box = boundsOf(points);
  if (family === "multipoint") {
    const b = Buffer.alloc(40 + 16 * points.length);
    b.writeInt32LE(8, 0);
    box.forEach((v, i) => b.writeDoubleLE(v, 4 + i * 8));
    b.writeInt32LE(points.length, 36);
    points.forEach((p, i) => {
      b.writeDoubleLE(p[0]!, 40 + i * 16);
      b.writeDoubleLE(p[1]!, 48 + i * 16);
    });
    return b;
  }
  const b = Buffer.alloc(44 + 4 * parts.length + 16 * points.length);
  b.writeInt32LE(SHAPE_TYPE[family], 0);
  box.forEach((v, i) => b.writeDoubleLE(v, 4 + i * 8));
  b.writeInt32LE(parts.length, 36);
  b.writeInt32LE(points.length, 40);
  let start = 0;
  parts.forEach((part, i) => {
    b.writeInt32LE(start, 44 + i * 4);
    start += part.length;
  });
  const base = 44 + 4 * parts.length;
  points.forEach((p, i) => {
    b.writeDoubleLE(p[0]!, base + i * 16);
    b.writeDoubleLE(p[1]!, base + i * 16 + 8);
  });
  return b;
}

function header(fileBytes: number, shapeType: number, box: number[]): Buffer {
  const h = Buffer.alloc(100);
  h.writeInt32BE(9994, 0);
  h.writeInt32BE(fileBytes / 2, 24);
  h.writeInt32LE(1000, 28);
  h.writeInt32LE(shapeType, 32);
  box.forEach((v, i) => h.writeDoubleLE(v, 36 + i * 8));
  return h;
}


// ── The .dbf ─────────────────────────────────────────────────────────────────────────────────────

type Row = Record<string, ShapefileValue | undefined>;

interface DbfField {
  source: string;
  name: string;
  type: "C" | "N" | "L" | "D";
  length: number;
  decimals: number;
  /** The value as written (null: empty). */
  fit: (v: ShapefileValue | undefined) => ShapefileValue;
}

const untyped = (v: ShapefileValue | undefined): ShapefileValue => (v === undefined ? null : v);

/** Digits after the decimal point of a number's shortest text (1.25 → 2, 1e-7 → 7). */
function fractionDigits(n: number): number {
  const [mantissa = "", exponent = "0"] = String(n).split("e");
  return Math.max(0, (mantissa.split(".")[1] ?? "").length - Number(exponent));
}

function dbfFields(rows: Row[], columns: DbfColumn[]): DbfField[] {
  const used = new Set<string>();
  return columns.map((column) => {
    const source = typeof column === "string" ? column : column.name;
    const fit = typeof column === "string" ? untyped : (v: ShapefileValue | undefined) => (typeof v === "boolean" ? null : fitValue(column.type, v));
    const base = source.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 10) || "field";
    let name = base;
    for (let n = 1; used.has(name.toUpperCase()); n++) name = `${base.slice(0, 10 - String(n).length)}${n}`;
    used.add(name.toUpperCase());
    const values = rows.map((r) => fit(r[source])).filter((v) => v !== null);
    // Loops, not Math.max(...values): a spread of 100,000 values overflows the call stack.
    const decimals = () => values.reduce<number>((d, v) => Math.max(d, typeof v === "number" ? Math.min(8, fractionDigits(v)) : 0), 0);
    const text = () => ({ source, name, type: "C" as const, length: values.reduce<number>((n, v) => Math.min(254, Math.max(n, Buffer.byteLength(String(v)))), 1), decimals: 0, fit });
    if (typeof column !== "string") {
      if (column.type === "INTEGER") return { source, name, type: "N", length: 18, decimals: 0, fit };
      if (column.type === "REAL") return { source, name, type: "N", length: 19, decimals: decimals(), fit };
      if (column.type === "DATE") return { source, name, type: "D", length: 8, decimals: 0, fit };
      return text();
    }
    if (values.length > 0 && values.every((v) => typeof v === "boolean")) return { source, name, type: "L", length: 1, decimals: 0, fit };
    if (values.length > 0 && values.every((v) => typeof v === "number")) return { source, name, type: "N", length: 19, decimals: decimals(), fit };
    return text();
  });
}

function cutUtf8(text: string, bytes: number): Buffer {
  const b = Buffer.from(text);
  if (b.length <= bytes) return b;
  // Do not end inside a multi-byte character.
  let end = bytes;
  while (end > 0 && (b[end] ?? 0) >> 6 === 0b10) end--;
  return b.subarray(0, end);
}

/** A field's text in the record (its width, left-aligned; numbers right-aligned), or "" for empty. */
function fieldText(f: DbfField, v: ShapefileValue): string {
  if (v === null) return f.type === "L" ? "?" : "";
  if (f.type === "L") return v ? "T" : "F";
  if (f.type === "D") return String(v).replace(/-/g, "");
  if (f.type === "N") {
    if (typeof v !== "number" || !Number.isFinite(v)) return "";
    const n = v.toFixed(f.decimals);
    // A number wider than the field is left empty rather than cut to other digits.
    return n.length > f.length ? "" : n.padStart(f.length, " ");
  }
  return String(v);
}

function dbfBytes(rows: Row[], fields: DbfField[]): Buffer {
  const recordLength = 1 + fields.reduce((n, f) => n + f.length, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const out = Buffer.alloc(headerLength + recordLength * rows.length + 1, 0x20);
  out.fill(0, 0, headerLength);
  const now = new Date();
  out.writeUInt8(3, 0);
  out.writeUInt8(now.getUTCFullYear() - 1900, 1);
  out.writeUInt8(now.getUTCMonth() + 1, 2);
  out.writeUInt8(now.getUTCDate(), 3);
  out.writeUInt32LE(rows.length, 4);
  out.writeUInt16LE(headerLength, 8);
  out.writeUInt16LE(recordLength, 10);
  out.writeUInt8(0x00, 29); // code page given by the .cpg
  fields.forEach((f, i) => {
    const at = 32 + i * 32;
    out.write(f.name, at, 10, "latin1");
    out.write(f.type, at + 11, 1, "latin1");
    out.writeUInt8(f.length, at + 16);
    out.writeUInt8(f.decimals, at + 17);
  });
  out.writeUInt8(0x0d, headerLength - 1);
  rows.forEach((row, r) => {
    let at = headerLength + r * recordLength + 1; // the first byte: not deleted (a space)
    for (const f of fields) {
      cutUtf8(fieldText(f, f.fit(row[f.source])), f.length).copy(out, at);
      at += f.length;
    }
  });
  out.writeUInt8(0x1a, out.length - 1);
  return out;
}

/** A lone .dbf (UTF-8; pair it with a .cpg of "UTF-8", as `zipShapefiles` does): a table without shapes. */
export function writeDbf(rows: Record<string, ShapefileValue>[], columns: DbfColumn[]): Buffer {
  return dbfBytes(rows, dbfFields(rows, columns));
}

// ── The set ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A Shapefile set of `features`. The set holds one shape family: `options.family`, or the first
 * feature's; features of another family (and empty shapes) are left out.
 */
export function writeShapefile(all: ShapefileFeature[], columns: DbfColumn[], options: { family?: ShapeFamily } = {}): ShapefileSet {
  const family = options.family ?? (all[0] ? familyOf(all[0].geometry) : "point");
  const features: ShapefileFeature[] = [];
  const records: Buffer[] = [];
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of all) {
    if (familyOf(f.geometry) !== family) continue;
    const parts = partsOf(f.geometry, family);
    const points = parts.flat();
    if (points.length === 0) continue;
    features.push(f);
    records.push(record(family, parts));
    const b = boundsOf(points);
    box[0] = Math.min(box[0], b[0]);
    box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]);
    box[3] = Math.max(box[3], b[3]);
  }
  if (!Number.isFinite(box[0])) box.fill(0);
  const shpBytes = 100 + records.reduce((n, r) => n + 8 + r.length, 0);
  const shp = Buffer.alloc(shpBytes);
  const shx = Buffer.alloc(100 + 8 * records.length);
  const boxHeader = [...box, 0, 0, 0, 0];
  header(shpBytes, SHAPE_TYPE[family], boxHeader).copy(shp, 0);
  header(shx.length, SHAPE_TYPE[family], boxHeader).copy(shx, 0);
  let offset = 100;
  records.forEach((r, i) => {
    shp.writeInt32BE(i + 1, offset);
    shp.writeInt32BE(r.length / 2, offset + 4);
    r.copy(shp, offset + 8);
    shx.writeInt32BE(offset / 2, 100 + i * 8);
    shx.writeInt32BE(r.length / 2, 104 + i * 8);
    offset += 8 + r.length;
  });
  const rows = features.map((f) => f.properties);
  return { shp, shx, dbf: dbfBytes(rows, dbfFields(rows, columns)), prj: WGS84_PRJ, cpg: "UTF-8" };
}

export interface ZippedShapefile {
  /** The files' name without extension (`wdpca_polygons` → wdpca_polygons.shp, .shx, .dbf, .prj, .cpg). */
  baseName: string;
  set?: ShapefileSet;
  /** A table without shapes (`writeDbf`): written as `<baseName>.dbf` with its .cpg. */
  dbfOnly?: Buffer;
}

/** One zip of Shapefile sets and lone .dbf tables, plus `extra` files (a README, a CSV; texts as UTF-8). */
export function zipShapefiles(sets: ZippedShapefile[], extra: Record<string, Uint8Array | string> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const add = (name: string, data: Uint8Array | string) => {
    if (name in files) throw new Error(`zipShapefiles: ${name} is given twice`);
    files[name] = typeof data === "string" ? strToU8(data) : data;
  };
  for (const { baseName, set, dbfOnly } of sets) {
    if (set) {
      add(`${baseName}.shp`, new Uint8Array(set.shp));
      add(`${baseName}.shx`, new Uint8Array(set.shx));
      add(`${baseName}.dbf`, new Uint8Array(set.dbf));
      add(`${baseName}.prj`, set.prj);
      add(`${baseName}.cpg`, set.cpg);
    } else if (dbfOnly) {
      add(`${baseName}.dbf`, new Uint8Array(dbfOnly));
      add(`${baseName}.cpg`, "UTF-8");
    }
  }
  for (const [name, data] of Object.entries(extra)) add(name, data);
  return zipSync(files);
}
