/**
 * The encoders of the ESRI Shapefile set, shared by the in-memory writer (`shapefile-write.ts`: a map
 * layer's download, tests) and the streaming one (`shapefile-stream.ts`: the WDPCA pack at 100,000
 * records), so both write the same bytes:
 * - `ShapeEncoder`: a feature's .shp record (record header and content) and .shx entry, the running
 *   bounding box and length, and the two 100-byte file headers once every record is in;
 * - `DbfTable`: a row's values fitted to their columns, the column types and widths found from every row
 *   seen (nothing but a few numbers per column is kept), the .dbf header and records;
 * - `zipEntries`: the names and order of a zip's parts.
 *
 * One shape type per set (polygons, lines, points or multipoints), attribute names cut to the format's 10
 * characters (and made unique), texts to 254 bytes. A column is a name (its .dbf type read from the
 * values: all numbers → N, all booleans → L, else C) or a typed `GeoColumn` (TEXT → C, INTEGER → N(18,0),
 * REAL → N(19, the values' decimals up to 8), DATE → D); a value that does not fit its column
 * (geo-columns.ts), or a number too wide for it, is written empty.
 */
import type { Geometry, Position } from "geojson";
import { fitValue, type GeoColumn } from "./geo-columns";

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

export type ShapefileValue = string | number | boolean | null;

export interface ShapefileFeature {
  geometry: Geometry;
  properties: Record<string, ShapefileValue>;
}

/** A .dbf column: a name (type read from the values) or a typed column. */
export type DbfColumn = string | GeoColumn;

export type ShapeFamily = "point" | "multipoint" | "line" | "polygon";
const SHAPE_TYPE: Record<ShapeFamily, number> = { point: 1, line: 3, polygon: 5, multipoint: 8 };

export function familyOf(g: Geometry): ShapeFamily {
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
function partsOf(g: Geometry, family: ShapeFamily): Position[][] {
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

type Box = [minX: number, minY: number, maxX: number, maxY: number];

function boundsOf(points: Position[]): Box {
  const b: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    b[0] = Math.min(b[0], p[0]!);
    b[1] = Math.min(b[1], p[1]!);
    b[2] = Math.max(b[2], p[0]!);
    b[3] = Math.max(b[3], p[1]!);
  }
  return Number.isFinite(b[0]) ? b : [0, 0, 0, 0];
}

/** The length of a .shp record (its 8-byte header included). */
function shapeRecordBytes(family: ShapeFamily, parts: Position[][], points: Position[]): number {
  if (family === "point") return 8 + 20;
  if (family === "multipoint") return 8 + 40 + 16 * points.length;
  return 8 + 44 + 4 * parts.length + 16 * points.length;
}

/** Writes a .shp record into `b` (exactly its length): its 8-byte header (number, content length in 16-bit words) and its content. */
function writeShapeRecord(b: Buffer, family: ShapeFamily, parts: Position[][], points: Position[], number: number): void {
  if (family === "point") {
    b.writeInt32LE(1, 8);
    b.writeDoubleLE(points[0]![0]!, 12);
    b.writeDoubleLE(points[0]![1]!, 20);
  } else if (family === "multipoint") {
    b.writeInt32LE(8, 8);
    boundsOf(points).forEach((v, i) => b.writeDoubleLE(v, 12 + i * 8));
    b.writeInt32LE(points.length, 44);
    points.forEach((p, i) => {
      b.writeDoubleLE(p[0]!, 48 + i * 16);
      b.writeDoubleLE(p[1]!, 56 + i * 16);
    });
  } else {
    b.writeInt32LE(SHAPE_TYPE[family], 8);
    boundsOf(points).forEach((v, i) => b.writeDoubleLE(v, 12 + i * 8));
    b.writeInt32LE(parts.length, 44);
    b.writeInt32LE(points.length, 48);
    let start = 0;
    parts.forEach((part, i) => {
      b.writeInt32LE(start, 52 + i * 4);
      start += part.length;
    });
    const base = 52 + 4 * parts.length;
    points.forEach((p, i) => {
      b.writeDoubleLE(p[0]!, base + i * 16);
      b.writeDoubleLE(p[1]!, base + i * 16 + 8);
    });
  }
  b.writeInt32BE(number, 0);
  b.writeInt32BE((b.length - 8) / 2, 4);
}

function fileHeader(fileBytes: number, shapeType: number, box: Box): Buffer {
  const h = Buffer.alloc(100);
  h.writeInt32BE(9994, 0);
  h.writeInt32BE(fileBytes / 2, 24);
  h.writeInt32LE(1000, 28);
  h.writeInt32LE(shapeType, 32);
  box.forEach((v, i) => h.writeDoubleLE(v, 36 + i * 8)); // Z and M ranges stay 0
  return h;
}

/**
 * Encodes the shapes of one set as they come. Features of another family than the set's (and empty
 * shapes) are left out: `encode` answers null for them. The buffers `encode` answers are the encoder's
 * own, reused by the next call (no allocation per record): write or copy them before encoding the next.
 */
export class ShapeEncoder {
  /** Records encoded so far. */
  count = 0;
  /** The .shp's length so far in bytes (its header included). */
  private shpBytes = 100;
  private readonly box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  private scratch = Buffer.alloc(4096);
  private readonly shxEntry = Buffer.alloc(8);

  constructor(readonly family: ShapeFamily) {}

  /** The feature's .shp record and .shx entry (valid until the next call), or null when it is left out. */
  encode(geometry: Geometry): { shp: Buffer; shx: Buffer } | null {
    if (familyOf(geometry) !== this.family) return null;
    const parts = partsOf(geometry, this.family);
    const points = parts.flat();
    if (points.length === 0) return null;
    const size = shapeRecordBytes(this.family, parts, points);
    if (size > this.scratch.length) this.scratch = Buffer.alloc(Math.max(size, this.scratch.length * 2));
    const shp = this.scratch.subarray(0, size);
    writeShapeRecord(shp, this.family, parts, points, this.count + 1);
    const shx = this.shxEntry;
    shx.writeInt32BE(this.shpBytes / 2, 0);
    shx.writeInt32BE((shp.length - 8) / 2, 4);
    this.count++;
    this.shpBytes += shp.length;
    const b = boundsOf(points);
    this.box[0] = Math.min(this.box[0], b[0]);
    this.box[1] = Math.min(this.box[1], b[1]);
    this.box[2] = Math.max(this.box[2], b[2]);
    this.box[3] = Math.max(this.box[3], b[3]);
    return { shp, shx };
  }

  /** The 100-byte headers of the .shp and .shx for the records encoded so far. */
  headers(): { shp: Buffer; shx: Buffer } {
    const box: Box = Number.isFinite(this.box[0]) ? this.box : [0, 0, 0, 0];
    const type = SHAPE_TYPE[this.family];
    return { shp: fileHeader(this.shpBytes, type, box), shx: fileHeader(100 + 8 * this.count, type, box) };
  }
}

// ── The .dbf ─────────────────────────────────────────────────────────────────────────────────────

export interface DbfField {
  name: string;
  type: "C" | "N" | "L" | "D";
  length: number;
  decimals: number;
}

/** What is known of a column's values so far: enough to choose its type and width. */
interface ColumnState {
  source: string;
  name: string;
  column: DbfColumn;
  fit: (v: ShapefileValue | undefined) => ShapefileValue;
  values: number;
  allBoolean: boolean;
  allNumber: boolean;
  /** The widest value's text in bytes (1 at least, 254 at most). */
  bytes: number;
  /** The most decimals of a number (8 at most). */
  decimals: number;
}

const untyped = (v: ShapefileValue | undefined): ShapefileValue => (v === undefined ? null : v);

/** Digits after the decimal point of a number's shortest text (1.25 → 2, 1e-7 → 7). */
function fractionDigits(n: number): number {
  const [mantissa = "", exponent = "0"] = String(n).split("e");
  return Math.max(0, (mantissa.split(".")[1] ?? "").length - Number(exponent));
}

/**
 * The columns of a .dbf: each row is fitted to them (`observe`), and the types and widths follow from
 * every row observed (`fields`). A row's fitted values are what `record` writes.
 */
export class DbfTable {
  /** Rows observed. */
  count = 0;
  private readonly columns: ColumnState[];

  constructor(columns: readonly DbfColumn[]) {
    const used = new Set<string>();
    this.columns = columns.map((column) => {
      const source = typeof column === "string" ? column : column.name;
      const fit = typeof column === "string" ? untyped : (v: ShapefileValue | undefined) => (typeof v === "boolean" ? null : fitValue(column.type, v));
      const base = source.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 10) || "field";
      let name = base;
      for (let n = 1; used.has(name.toUpperCase()); n++) name = `${base.slice(0, 10 - String(n).length)}${n}`;
      used.add(name.toUpperCase());
      return { source, name, column, fit, values: 0, allBoolean: true, allNumber: true, bytes: 1, decimals: 0 };
    });
  }

  /** The row's values as written (null: empty), in column order; the widths take them in. */
  observe(row: Record<string, ShapefileValue | undefined>): ShapefileValue[] {
    this.count++;
    return this.columns.map((c) => {
      const v = c.fit(row[c.source]);
      if (v === null) return v;
      c.values++;
      if (typeof v !== "boolean") c.allBoolean = false;
      if (typeof v === "number") c.decimals = Math.max(c.decimals, Math.min(8, fractionDigits(v)));
      else c.allNumber = false;
      const text = typeof c.column === "string" || c.column.type === "TEXT";
      if (text && c.bytes < 254) c.bytes = Math.min(254, Math.max(c.bytes, Buffer.byteLength(String(v))));
      return v;
    });
  }

  /** The fields as the rows observed so far want them. */
  fields(): DbfField[] {
    return this.columns.map((c): DbfField => {
      const text: DbfField = { name: c.name, type: "C", length: c.bytes, decimals: 0 };
      if (typeof c.column !== "string") {
        if (c.column.type === "INTEGER") return { name: c.name, type: "N", length: 18, decimals: 0 };
        if (c.column.type === "REAL") return { name: c.name, type: "N", length: 19, decimals: c.decimals };
        if (c.column.type === "DATE") return { name: c.name, type: "D", length: 8, decimals: 0 };
        return text;
      }
      if (c.values > 0 && c.allBoolean) return { name: c.name, type: "L", length: 1, decimals: 0 };
      if (c.values > 0 && c.allNumber) return { name: c.name, type: "N", length: 19, decimals: c.decimals };
      return text;
    });
  }
}

/** The length of one record of these fields (the deletion flag included). */
export const dbfRecordLength = (fields: readonly DbfField[]) => 1 + fields.reduce((n, f) => n + f.length, 0);

/** The .dbf header (its terminator included) of `count` records. */
export function dbfHeader(fields: readonly DbfField[], count: number, now = new Date()): Buffer {
  const headerLength = 32 + 32 * fields.length + 1;
  const out = Buffer.alloc(headerLength);
  out.writeUInt8(3, 0);
  out.writeUInt8(now.getUTCFullYear() - 1900, 1);
  out.writeUInt8(now.getUTCMonth() + 1, 2);
  out.writeUInt8(now.getUTCDate(), 3);
  out.writeUInt32LE(count, 4);
  out.writeUInt16LE(headerLength, 8);
  out.writeUInt16LE(dbfRecordLength(fields), 10);
  out.writeUInt8(0x00, 29); // code page given by the .cpg
  fields.forEach((f, i) => {
    const at = 32 + i * 32;
    out.write(f.name, at, 10, "latin1");
    out.write(f.type, at + 11, 1, "latin1");
    out.writeUInt8(f.length, at + 16);
    out.writeUInt8(f.decimals, at + 17);
  });
  out.writeUInt8(0x0d, headerLength - 1);
  return out;
}

/** The byte that ends a .dbf. */
export const DBF_END = 0x1a;

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

/** Writes one record of fitted values (`DbfTable.observe`) into `out` at `at`; answers the record's end. */
export function writeDbfRecord(fields: readonly DbfField[], values: readonly ShapefileValue[], out: Buffer, at: number): number {
  const end = at + dbfRecordLength(fields);
  out.fill(0x20, at, end); // the first byte: not deleted (a space); then every field padded with spaces
  let p = at + 1;
  fields.forEach((f, i) => {
    // Cut to the field's width, never inside a multi-byte character (Buffer#write writes whole characters only).
    out.write(fieldText(f, values[i] ?? null), p, f.length, "utf8");
    p += f.length;
  });
  return end;
}

// ── The zip ──────────────────────────────────────────────────────────────────────────────────────

/** A Shapefile set's parts: the three binary files (bytes, or where they are) and the two texts. */
export interface ShapefileParts<T> {
  shp: T;
  shx: T;
  dbf: T;
  prj: string;
  cpg: string;
}

export interface ShapefileZipItem<T> {
  /** The files' name without extension (`wdpca_polygons` → wdpca_polygons.shp, .shx, .dbf, .prj, .cpg). */
  baseName: string;
  set?: ShapefileParts<T>;
  /** A table without shapes: written as `<baseName>.dbf` with its .cpg. */
  dbfOnly?: T;
}

/** The zip's entries in order: each set's parts, each lone .dbf with its .cpg, then the extra files. */
export function zipEntries<T>(items: readonly ShapefileZipItem<T>[], extra: Record<string, T | string>): Array<[name: string, data: T | string]> {
  const entries: Array<[string, T | string]> = [];
  const names = new Set<string>();
  const add = (name: string, data: T | string) => {
    if (names.has(name)) throw new Error(`Shapefile zip: ${name} is given twice`);
    names.add(name);
    entries.push([name, data]);
  };
  for (const { baseName, set, dbfOnly } of items) {
    if (set) {
      add(`${baseName}.shp`, set.shp);
      add(`${baseName}.shx`, set.shx);
      add(`${baseName}.dbf`, set.dbf);
      add(`${baseName}.prj`, set.prj);
      add(`${baseName}.cpg`, set.cpg);
    } else if (dbfOnly !== undefined) {
      add(`${baseName}.dbf`, dbfOnly);
      add(`${baseName}.cpg`, "UTF-8");
    }
  }
  for (const [name, data] of Object.entries(extra)) add(name, data);
  return entries;
}
