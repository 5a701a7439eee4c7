/**
 * Writes features as an ESRI Shapefile set (.shp, .shx, .dbf in UTF-8 with its .cpg, .prj of WGS 84):
 * the Shapefile download of a layer. One shape type per set (polygons, lines, points or multipoints),
 * attribute names cut to the format's 10 characters (and made unique), texts to 254 bytes.
 */
import type { Geometry, Position } from "geojson";

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

export interface ShapefileFeature {
  geometry: Geometry;
  properties: Record<string, string | number | boolean | null>;
}

export interface ShapefileSet {
  shp: Buffer;
  shx: Buffer;
  dbf: Buffer;
  prj: string;
  cpg: string;
}

type Family = "point" | "multipoint" | "line" | "polygon";
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

interface DbfField {
  source: string;
  name: string;
  type: "C" | "N" | "L";
  length: number;
  decimals: number;
}

function dbfFields(features: ShapefileFeature[], columns: string[]): DbfField[] {
  const used = new Set<string>();
  return columns.map((source) => {
    const values = features.map((f) => f.properties[source]).filter((v) => v !== null && v !== undefined);
    const allNumbers = values.length > 0 && values.every((v) => typeof v === "number");
    const allBooleans = values.length > 0 && values.every((v) => typeof v === "boolean");
    let base = source.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 10) || "field";
    let name = base;
    for (let n = 1; used.has(name.toUpperCase()); n++) name = `${base.slice(0, 10 - String(n).length)}${n}`;
    base = name;
    used.add(name.toUpperCase());
    if (allBooleans) return { source, name, type: "L", length: 1, decimals: 0 };
    if (allNumbers) {
      const decimals = Math.min(8, Math.max(0, ...values.map((v) => (String(v).split(".")[1] ?? "").length)));
      return { source, name, type: "N", length: 19, decimals };
    }
    const longest = Math.max(1, ...values.map((v) => Buffer.byteLength(String(v))));
    return { source, name, type: "C", length: Math.min(254, longest), decimals: 0 };
  });
}

function cutUtf8(text: string, bytes: number): Buffer {
  let b = Buffer.from(text);
  if (b.length <= bytes) return b;
  b = b.subarray(0, bytes);
  // Do not end inside a multi-byte character.
  let end = b.length;
  while (end > 0 && (b[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && b[end - 1]! >= 0xc0) end--;
  return b.subarray(0, end === 0 ? b.length : end === b.length ? b.length : end);
}

function writeDbf(features: ShapefileFeature[], fields: DbfField[]): Buffer {
  const recordLength = 1 + fields.reduce((n, f) => n + f.length, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const out = Buffer.alloc(headerLength + recordLength * features.length + 1, 0x20);
  out.fill(0, 0, headerLength);
  const now = new Date();
  out.writeUInt8(3, 0);
  out.writeUInt8(now.getUTCFullYear() - 1900, 1);
  out.writeUInt8(now.getUTCMonth() + 1, 2);
  out.writeUInt8(now.getUTCDate(), 3);
  out.writeUInt32LE(features.length, 4);
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
  features.forEach((feature, r) => {
    let at = headerLength + r * recordLength + 1; // the first byte: not deleted (a space)
    for (const f of fields) {
      const v = feature.properties[f.source];
      let text = "";
      if (v !== null && v !== undefined) {
        if (f.type === "L") text = v ? "T" : "F";
        else if (f.type === "N") text = (v as number).toFixed(f.decimals).padStart(f.length, " ").slice(-f.length);
        else text = String(v);
      } else if (f.type === "L") text = "?";
      cutUtf8(text, f.length).copy(out, at);
      at += f.length;
    }
  });
  out.writeUInt8(0x1a, out.length - 1);
  return out;
}

/** A Shapefile set of `features`; those of another family than the first are left out (the format holds one). */
export function writeShapefile(all: ShapefileFeature[], columns: string[]): ShapefileSet {
  const family = all[0] ? familyOf(all[0].geometry) : "point";
  const features = all.filter((f) => familyOf(f.geometry) === family && partsOf(f.geometry, family).flat().length > 0);
  const records = features.map((f) => record(family, partsOf(f.geometry, family)));
  const box = boundsOf(features.flatMap((f) => partsOf(f.geometry, family).flat()));
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
  return { shp, shx, dbf: writeDbf(features, dbfFields(features, columns)), prj: WGS84_PRJ, cpg: "UTF-8" };
}
