/**
 * Reads the files of a layer upload into features in WGS 84: a Shapefile set (zipped or loose; `.prj`
 * reprojected with proj4), GeoJSON, KML (or KMZ), or a GeoTIFF. Every refusal is a 400 that names the
 * file and what is wrong with it (a missing part, a broken file, an unsupported projection).
 */
import type { Feature, FeatureCollection, Geometry, GeoJsonProperties, Position } from "geojson";
import { AppError } from "../../infra/http/app-error";
import type { LayerColumn, LayerType } from "@/contracts/naksha-layer";

export interface UploadedFile {
  /** The file's name as sent (or `<field>.<field>` when it came without one). */
  name: string;
  data: Buffer;
}

export interface VectorLayerData {
  kind: "VECTOR";
  /** What the files were: shp, geojson or kml. */
  format: "shp" | "geojson" | "kml";
  features: Array<{ properties: Record<string, string | number | boolean | null>; geometry: Geometry; bbox: [number, number, number, number] }>;
  columns: LayerColumn[];
  layerType: LayerType;
  bbox: [number, number, number, number];
  /** Whether coordinates were reprojected from the projection of a `.prj` or a GeoJSON `crs`. */
  reprojected: boolean;
}

export interface RasterLayerData {
  kind: "RASTER";
  format: "tif";
  tif: Buffer;
  sld: Buffer | null;
}

export const MAX_FEATURES = 250_000;

/** 400 with the reason and a field error for the `files` part of the form. */
export function fileError(message: string, key: string, values?: Record<string, string | number>): AppError {
  return new AppError("BAD_REQUEST", message, { files: values ? `${key}|${JSON.stringify(values)}` : key });
}

const extOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
};
const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;

const isZip = (data: Buffer) => data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** All entries of the zips of one upload together, inflated, at most (issue 27 item 13: zip bombs). */
export const UNZIPPED_MAX_BYTES = 256 * 1024 * 1024;
/** The most entries one zip may list. */
export const ZIP_MAX_ENTRIES = 1000;
/** Compressed bytes handed to the inflater at a time: at most about 1,032 times as much comes out. */
const INFLATE_CHUNK = 16 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The entries a zip's central directory lists (zip64 included), without inflating anything. Throws
 * an Error with the reason for a file that is not a zip or is cut short.
 */
function zipDirectory(data: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("no end of central directory");
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if (eocd >= 20 && data.readUInt32LE(eocd - 20) === 0x07064b50) {
    const z = Number(data.readBigUInt64LE(eocd - 12));
    if (z + 56 > data.length || data.readUInt32LE(z) !== 0x06064b50) throw new Error("a broken zip64 directory");
    count = Number(data.readBigUInt64LE(z + 32));
    offset = Number(data.readBigUInt64LE(z + 48));
  }
  if (count > ZIP_MAX_ENTRIES) throw new TooMuchInZip(`it lists ${count} entries (at most ${ZIP_MAX_ENTRIES})`);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw new Error("a broken central directory");
    const flags = data.readUInt16LE(offset + 8);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    let compressedSize = data.readUInt32LE(offset + 20);
    let size = data.readUInt32LE(offset + 24);
    let localOffset = data.readUInt32LE(offset + 42);
    const nameBytes = data.subarray(offset + 46, offset + 46 + nameLength);
    const name = nameBytes.toString(flags & 0x800 ? "utf8" : "latin1");
    // zip64: the sizes and offset that do not fit 32 bits are in the extra field 0x0001, in this order.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd && extra + 4 <= data.length) {
      const id = data.readUInt16LE(extra);
      const length = data.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let at = extra + 4;
        const next = () => {
          if (at + 8 > extra + 4 + length || at + 8 > data.length) throw new Error("a broken zip64 field");
          const value = Number(data.readBigUInt64LE(at));
          at += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
      }
      extra += 4 + length;
    }
    entries.push({ name, method: data.readUInt16LE(offset + 10), encrypted: (flags & 1) === 1, compressedSize, size, localOffset });
    offset = extraEnd + commentLength;
  }
  return entries;
}

/** A zip that would inflate past the limits: refused as too large, not as broken. */
class TooMuchInZip extends Error {}

/** One entry's bytes, inflated chunk by chunk and stopped as soon as it passes `budget` or its declared size. */
async function inflateEntry(data: Buffer, entry: ZipEntry, budget: number): Promise<Buffer> {
  if (entry.encrypted) throw new Error(`${entry.name} is encrypted`);
  if (entry.localOffset + 30 > data.length || data.readUInt32LE(entry.localOffset) !== 0x04034b50) throw new Error(`a broken header for ${entry.name}`);
  const start = entry.localOffset + 30 + data.readUInt16LE(entry.localOffset + 26) + data.readUInt16LE(entry.localOffset + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new Error(`${entry.name} is cut short`);
  const limit = Math.min(budget, entry.size);
  if (entry.size > budget) throw new TooMuchInZip(`${entry.name} would inflate to ${entry.size} bytes`);
  if (entry.method === 0) return data.subarray(start, Math.min(end, start + entry.size));
  if (entry.method !== 8) throw new Error(`${entry.name} uses compression method ${entry.method} (only deflate is read)`);
  const { Inflate } = await import("fflate");
  const chunks: Uint8Array[] = [];
  let total = 0;
  let failure: Error | null = null;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) failure ??= total > budget ? new TooMuchInZip(`${entry.name} inflates past the limit`) : new Error(`${entry.name} is larger than its header says`);
    else chunks.push(chunk);
  });
  for (let at = start; at < end && !failure; at += INFLATE_CHUNK) {
    const stop = Math.min(end, at + INFLATE_CHUNK);
    inflater.push(new Uint8Array(data.buffer, data.byteOffset + at, stop - at), stop === end);
  }
  if (failure) throw failure;
  return Buffer.concat(chunks, total);
}

/**
 * Unpacks zip files (a zipped Shapefile set, a KMZ) into their entries; other files pass through. All
 * entries together inflate to at most UNZIPPED_MAX_BYTES (checked against the sizes the zip declares
 * first, then while inflating, which stops there): a larger one is a 413.
 */
async function expandZips(files: UploadedFile[]): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  let budget = UNZIPPED_MAX_BYTES;
  for (const file of files) {
    const ext = extOf(file.name);
    if (ext !== "zip" && ext !== "kmz" && !(isZip(file.data) && !["xlsx", "docx"].includes(ext))) {
      out.push(file);
      continue;
    }
    try {
      const entries = zipDirectory(file.data).filter((e) => !(e.name.endsWith("/") || e.name.includes("__MACOSX") || baseName(e.name).startsWith(".")));
      const declared = entries.reduce((sum, e) => sum + e.size, 0);
      if (declared > budget) throw new TooMuchInZip(`its entries declare ${declared} bytes`);
      for (const entry of entries) {
        const data = await inflateEntry(file.data, entry, budget);
        budget -= data.length;
        out.push({ name: baseName(entry.name), data });
      }
    } catch (error) {
      if (error instanceof TooMuchInZip) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `${file.name} unpacks to more than ${UNZIPPED_MAX_BYTES / 1024 / 1024} MB (${error.message}); upload the layer's files unzipped or in smaller parts`,
          { files: `map:errors.unzipped_too_large|${JSON.stringify({ file: file.name, max: UNZIPPED_MAX_BYTES / 1024 / 1024 })}` },
        );
      }
      throw fileError(`${file.name} is not a readable zip file (${(error as Error).message})`, "map:errors.file_broken", { file: file.name });
    }
  }
  return out;
}

const VECTOR_EXTS = new Set(["shp", "shx", "dbf", "prj", "cpg", "geojson", "json", "kml"]);
/** The other parts of a Shapefile set the reference's wizard accepts; kept out of the way, never read. */
const SHAPEFILE_EXTRAS = new Set(["sbn", "sbx", "fbn", "fbx", "ain", "aih", "ixs", "mxs", "atx", "xml", "qix", "qmd"]);

/** Reads the files of one layer. `encoding` (the metadata's `layerFileDescription.encoding`) applies to a `.dbf` without `.cpg`. */
export async function readLayerFiles(input: UploadedFile[], options: { encoding?: string } = {}): Promise<VectorLayerData | RasterLayerData> {
  if (input.length === 0) throw fileError("Attach the layer's files (a zipped or loose Shapefile set, GeoJSON, KML or a GeoTIFF)", "map:errors.files_required");
  const files = await expandZips(input);
  const byExt = new Map<string, UploadedFile[]>();
  for (const file of files) {
    const ext = extOf(file.name);
    if (SHAPEFILE_EXTRAS.has(ext)) continue;
    if (!VECTOR_EXTS.has(ext) && ext !== "tif" && ext !== "tiff" && ext !== "sld") {
      throw fileError(
        `${file.name}: .${ext || "(no extension)"} files are not layers; send a Shapefile set (.shp, .shx, .dbf, .prj), GeoJSON, KML or a GeoTIFF`,
        "map:errors.file_type",
        { file: file.name },
      );
    }
    const key = ext === "tiff" ? "tif" : ext === "json" ? "geojson" : ext;
    byExt.set(key, [...(byExt.get(key) ?? []), file]);
  }
  const kinds = ["shp", "geojson", "kml", "tif"].filter((k) => byExt.has(k) || (k === "shp" && ["shx", "dbf", "prj"].some((p) => byExt.has(p))));
  if (kinds.length === 0) throw fileError("The upload holds no layer file (.shp, .geojson, .kml or .tif)", "map:errors.files_required");
  if (kinds.length > 1) throw fileError(`Send one layer at a time (got ${kinds.map((k) => `.${k}`).join(" and ")} files)`, "map:errors.one_layer");
  const kind = kinds[0]!;
  for (const [ext, list] of byExt) {
    if (list.length > 1) throw fileError(`Send one layer at a time (got ${list.length} .${ext} files: ${list.map((f) => f.name).join(", ")})`, "map:errors.one_layer");
  }
  const one = (ext: string) => byExt.get(ext)?.[0] ?? null;

  if (kind === "tif") return { kind: "RASTER", format: "tif", tif: one("tif")!.data, sld: one("sld")?.data ?? null };
  if (kind === "geojson") return finish("geojson", ...(await readGeoJson(one("geojson")!)));
  if (kind === "kml") return finish("kml", await readKml(one("kml")!), false);
  return finish("shp", ...(await readShapefile(one("shp"), one("shx"), one("dbf"), one("prj"), one("cpg"), options.encoding)));
}

// ---- Shapefile ---------------------------------------------------------------------------------------------

async function readShapefile(
  shp: UploadedFile | null,
  shx: UploadedFile | null,
  dbf: UploadedFile | null,
  prj: UploadedFile | null,
  cpg: UploadedFile | null,
  encoding: string | undefined,
): Promise<[Feature[], boolean]> {
  const missing = [!shp && ".shp", !shx && ".shx", !dbf && ".dbf"].filter((x): x is string => Boolean(x));
  if (missing.length > 0) {
    throw fileError(`The Shapefile set is missing its ${missing.join(" and ")} part${missing.length > 1 ? "s" : ""}`, "map:errors.missing_part", { part: missing.join(", ") });
  }
  const shpData = shp!.data;
  if (shpData.length < 100 || shpData.readInt32BE(0) !== 9994 || shpData.readInt32BE(24) * 2 !== shpData.length) {
    throw fileError(`${shp!.name} is not a valid .shp file (its header is wrong or the file is cut short)`, "map:errors.file_broken", { file: shp!.name });
  }
  if (shx!.data.length < 100 || shx!.data.readInt32BE(0) !== 9994) {
    throw fileError(`${shx!.name} is not a valid .shx file`, "map:errors.file_broken", { file: shx!.name });
  }
  const dbfData = dbf!.data;
  if (dbfData.length < 33 || dbfData.readUInt16LE(8) > dbfData.length || dbfData.readUInt32LE(4) > 10_000_000) {
    throw fileError(`${dbf!.name} is not a valid .dbf file`, "map:errors.file_broken", { file: dbf!.name });
  }
  const { parseShp, parseDbf } = await import("shpjs");
  let geometries: Array<Geometry | null>;
  try {
    geometries = parseShp(shpData);
  } catch (error) {
    throw fileError(`${shp!.name} cannot be read (${(error as Error).message})`, "map:errors.file_broken", { file: shp!.name });
  }
  let rows: Array<Record<string, unknown>>;
  try {
    const codePage = cpg?.data.toString("latin1").trim() || encoding || undefined;
    rows = parseDbf(dbfData, codePage);
  } catch (error) {
    throw fileError(`${dbf!.name} cannot be read (${(error as Error).message})`, "map:errors.file_broken", { file: dbf!.name });
  }
  if (rows.length !== geometries.length) {
    throw fileError(
      `${dbf!.name} has ${rows.length} rows but ${shp!.name} has ${geometries.length} shapes: the files are not one set`,
      "map:errors.parts_differ",
    );
  }
  const features: Feature[] = geometries.map((geometry, i) => ({ type: "Feature", geometry: geometry as Geometry, properties: rows[i] as GeoJsonProperties }));
  if (!prj) return [features, false];
  const wkt = prj.data.toString("utf8").trim();
  // Already longitude/latitude on WGS 84: nothing to convert (and no rounding noise from a round trip).
  if (/^GEOGCS\[/i.test(wkt) && /WGS[ _]?(19)?84/i.test(wkt) && !/PROJCS/i.test(wkt)) return [features, false];
  return [await reproject(features, wkt, prj.name), true];
}

// ---- projections -------------------------------------------------------------------------------------------

const WGS84 = "EPSG:4326";
const isWgs84Name = (name: string) => /^(urn:ogc:def:crs:(OGC:1\.3:CRS84|EPSG::4326)|EPSG:4326|CRS84)$/i.test(name.trim());

/** Reprojects every coordinate from `definition` (WKT of a `.prj`, or an EPSG code proj4 knows) to WGS 84. */
async function reproject(features: Feature[], definition: string, source: string): Promise<Feature[]> {
  const { default: proj4 } = await import("proj4");
  let forward: (p: number[]) => number[];
  try {
    const converter = proj4(definition, WGS84);
    forward = (p) => converter.forward([p[0]!, p[1]!]);
    // A definition proj4 accepts but cannot use shows up on the first point.
    forward([0, 0]);
  } catch (error) {
    throw fileError(
      `The projection in ${source} is not supported (${(error as Error).message || "unknown projection"}); reproject the layer to WGS 84 (EPSG:4326) first`,
      "map:errors.projection_unsupported",
      { file: source },
    );
  }
  const mapPosition = (p: Position): Position => {
    const [x, y] = forward(p as number[]);
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      throw fileError(`A coordinate (${p.join(", ")}) cannot be converted from the projection in ${source}`, "map:errors.projection_unsupported", { file: source });
    }
    // About a centimetre: the precision of any survey these layers come from.
    return [Math.round(x! * 1e7) / 1e7, Math.round(y! * 1e7) / 1e7];
  };
  return features.map((f) => ({ ...f, geometry: f.geometry ? mapGeometry(f.geometry, mapPosition) : f.geometry }));
}

function mapGeometry(g: Geometry, fn: (p: Position) => Position): Geometry {
  switch (g.type) {
    case "Point":
      return { type: "Point", coordinates: fn(g.coordinates) };
    case "MultiPoint":
    case "LineString":
      return { type: g.type, coordinates: g.coordinates.map(fn) } as Geometry;
    case "MultiLineString":
    case "Polygon":
      return { type: g.type, coordinates: g.coordinates.map((r) => r.map(fn)) } as Geometry;
    case "MultiPolygon":
      return { type: "MultiPolygon", coordinates: g.coordinates.map((p) => p.map((r) => r.map(fn))) };
    case "GeometryCollection":
      return { type: "GeometryCollection", geometries: g.geometries.map((x) => mapGeometry(x, fn)) };
  }
}

// ---- GeoJSON and KML ---------------------------------------------------------------------------------------

async function readGeoJson(file: UploadedFile): Promise<[Feature[], boolean]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.data.toString("utf8").replace(/^\uFEFF/, ""));
  } catch (error) {
    throw fileError(`${file.name} is not valid JSON (${(error as Error).message})`, "map:errors.file_broken", { file: file.name });
  }
  const doc = parsed as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  let features: Feature[];
  if (doc?.type === "FeatureCollection" && Array.isArray(doc.features)) features = doc.features as Feature[];
  else if (doc?.type === "Feature") features = [doc as Feature];
  else if (typeof doc?.type === "string" && GEOMETRY_TYPES.has(doc.type)) features = [{ type: "Feature", geometry: doc as Geometry, properties: {} }];
  else throw fileError(`${file.name} is not GeoJSON (expected a FeatureCollection, a Feature or a geometry)`, "map:errors.file_broken", { file: file.name });
  for (const [i, f] of features.entries()) {
    if (!f || typeof f !== "object" || f.type !== "Feature") {
      throw fileError(`${file.name}: item ${i + 1} of "features" is not a Feature`, "map:errors.file_broken", { file: file.name });
    }
  }
  checkNesting(features, file.name);
  const crsName = doc.crs?.properties?.name;
  if (typeof crsName === "string" && !isWgs84Name(crsName)) {
    const code = /EPSG::?(\d+)/i.exec(crsName)?.[1];
    if (!code) throw fileError(`The projection "${crsName}" of ${file.name} is not supported; use WGS 84 (EPSG:4326)`, "map:errors.projection_unsupported", { file: file.name });
    return [await reproject(features, `EPSG:${code}`, `${file.name} (EPSG:${code})`), true];
  }
  return [features, false];
}

async function readKml(file: UploadedFile): Promise<Feature[]> {
  const [{ DOMParser }, { kml }] = await Promise.all([import("@xmldom/xmldom"), import("@tmcw/togeojson")]);
  const text = file.data.toString("utf8").replace(/^\uFEFF/, "");
  let collection: FeatureCollection;
  try {
    const doc = new DOMParser({ onError: (level, message) => { if (level !== "warning") throw new Error(message); } }).parseFromString(text, "text/xml");
    const root = doc.documentElement;
    if (!root || root.localName !== "kml") throw new Error("the root element is not <kml>");
    collection = kml(doc as unknown as Document) as FeatureCollection;
  } catch (error) {
    throw fileError(`${file.name} is not readable KML (${(error as Error).message})`, "map:errors.file_broken", { file: file.name });
  }
  return collection.features;
}

// ---- checks ------------------------------------------------------------------------------------------------

/** How deep GeometryCollections may nest (the GeoJSON spec advises against nesting them at all). */
export const GEOMETRY_MAX_NESTING = 8;

/**
 * Refuses GeometryCollections nested deeper than GEOMETRY_MAX_NESTING with a 400, without recursion (a
 * collection nested 20,000 deep overflowed the stack of the recursive readers: a 500).
 */
function checkNesting(features: Feature[], source: string): void {
  for (const [i, feature] of features.entries()) {
    const stack: Array<[unknown, number]> = [[feature?.geometry, 0]];
    while (stack.length > 0) {
      const [g, depth] = stack.pop()!;
      if (!g || typeof g !== "object" || (g as { type?: unknown }).type !== "GeometryCollection") continue;
      if (depth >= GEOMETRY_MAX_NESTING) {
        throw fileError(
          `${source}: feature ${i + 1} nests GeometryCollections more than ${GEOMETRY_MAX_NESTING} deep`,
          "map:errors.geometry_nesting",
          { feature: `feature ${i + 1}`, max: GEOMETRY_MAX_NESTING },
        );
      }
      const members = (g as { geometries?: unknown }).geometries;
      if (Array.isArray(members)) for (const member of members) stack.push([member, depth + 1]);
    }
  }
}

/** An attribute that is an object or a list, as JSON text; too deeply nested to write out is a 400. */
function attributeText(value: object, where: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw fileError(`${where}: an attribute cannot be read (${(error as Error).message})`, "map:errors.file_broken", { file: where });
  }
}

const GEOMETRY_TYPES = new Set(["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]);

/** Checks every geometry (numbers in degrees, closed rings), the attributes, and derives columns, type and extent. */
function finish(format: VectorLayerData["format"], features: Feature[], reprojected: boolean): VectorLayerData {
  const out: VectorLayerData["features"] = [];
  const columnTypes = new Map<string, LayerColumn["type"] | null>();
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const geometryKinds = new Map<string, number>();
  checkNesting(features, format);
  for (const [i, feature] of features.entries()) {
    const geometry = withoutBbox(feature.geometry);
    if (!geometry) continue; // a record without a shape (a null shape in a .shp): nothing to draw
    const where = `feature ${i + 1}`;
    if (!GEOMETRY_TYPES.has(geometry.type)) throw fileError(`${where} has an unknown geometry type "${String(geometry.type)}"`, "map:errors.file_broken", { file: where });
    const fb: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    checkGeometry(geometry, where, fb, reprojected);
    if (!Number.isFinite(fb[0])) continue; // an empty geometry
    bbox[0] = Math.min(bbox[0], fb[0]);
    bbox[1] = Math.min(bbox[1], fb[1]);
    bbox[2] = Math.max(bbox[2], fb[2]);
    bbox[3] = Math.max(bbox[3], fb[3]);
    const family = geometryFamily(geometry);
    geometryKinds.set(family, (geometryKinds.get(family) ?? 0) + 1);
    const properties: Record<string, string | number | boolean | null> = {};
    for (const [key, raw] of Object.entries(feature.properties ?? {})) {
      const name = key.trim();
      if (!name || name.length > 100) continue;
      const value = raw === undefined || raw === null ? null : typeof raw === "object" ? attributeText(raw, where) : (raw as string | number | boolean);
      const normal = typeof value === "string" ? value.trim().slice(0, 2000) : typeof value === "number" && !Number.isFinite(value) ? null : value;
      properties[name] = normal;
      const type = normal === null ? null : (typeof normal as LayerColumn["type"]);
      const known = columnTypes.get(name);
      if (known === undefined) columnTypes.set(name, type);
      else if (type && known && known !== type) columnTypes.set(name, "string");
      else if (type && !known) columnTypes.set(name, type);
    }
    out.push({ properties, geometry, bbox: fb });
    if (out.length > MAX_FEATURES) throw fileError(`The layer has more than ${MAX_FEATURES} features; split it into smaller layers`, "map:errors.too_many_features", { max: MAX_FEATURES });
  }
  if (columnTypes.size > 200) throw fileError(`The layer has ${columnTypes.size} attributes; at most 200 are accepted`, "map:errors.too_many_columns", { max: 200 });
  if (out.length === 0) throw fileError("The layer has no features with a geometry", "map:errors.no_features");
  const dominant = [...geometryKinds.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const layerType: LayerType = dominant === "polygon" ? "MULTIPOLYGON" : dominant === "line" ? "MULTILINESTRING" : dominant === "multipoint" ? "MULTIPOINT" : "POINT";
  const columns = [...columnTypes.entries()].map(([name, type]) => ({ name, type: type ?? "string" }));
  return { kind: "VECTOR", format, features: out, columns, layerType, bbox, reprojected };
}

/** The geometry without the `bbox` members some readers add (shpjs), which tiles and downloads do not need. */
function withoutBbox(g: Geometry | null): Geometry | null {
  if (!g || typeof g !== "object") return g;
  if (g.type === "GeometryCollection") return { type: g.type, geometries: (g.geometries ?? []).map((x) => withoutBbox(x)!) };
  return { type: g.type, coordinates: (g as { coordinates: unknown }).coordinates } as Geometry;
}

function geometryFamily(g: Geometry): string {
  if (g.type === "Polygon" || g.type === "MultiPolygon") return "polygon";
  if (g.type === "LineString" || g.type === "MultiLineString") return "line";
  if (g.type === "MultiPoint") return "multipoint";
  if (g.type === "GeometryCollection") return g.geometries[0] ? geometryFamily(g.geometries[0]) : "point";
  return "point";
}

function checkGeometry(g: Geometry, where: string, bbox: number[], reprojected: boolean): void {
  const bad = (reason: string) => fileError(`${where}: ${reason}`, "map:errors.geometry_invalid", { feature: where });
  const position = (p: unknown) => {
    if (!Array.isArray(p) || p.length < 2 || typeof p[0] !== "number" || typeof p[1] !== "number" || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) {
      throw bad("a coordinate is not a pair of numbers");
    }
    const [x, y] = p as [number, number];
    if (x < -180 || x > 180 || y < -90 || y > 90) {
      throw reprojected
        ? bad(`a coordinate (${x}, ${y}) is outside longitude ±180 / latitude ±90 after reprojection`)
        : fileError(
            `${where}: the coordinate (${x}, ${y}) is not in degrees; add the layer's .prj (or reproject it to WGS 84, EPSG:4326)`,
            "map:errors.projection_missing",
            { feature: where },
          );
    }
    if (x < bbox[0]!) bbox[0] = x;
    if (y < bbox[1]!) bbox[1] = y;
    if (x > bbox[2]!) bbox[2] = x;
    if (y > bbox[3]!) bbox[3] = y;
  };
  const list = (c: unknown, depth: number, min: number, closed: boolean): void => {
    if (!Array.isArray(c)) throw bad(`the coordinates of a ${g.type} are not a list`);
    if (depth === 0) {
      if (c.length > 0 && c.length < min) throw bad(`a ${g.type} part has ${c.length} positions (at least ${min} needed)`);
      c.forEach(position);
      if (closed && c.length > 0) {
        const a = c[0] as number[];
        const b = c[c.length - 1] as number[];
        if (a[0] !== b[0] || a[1] !== b[1]) throw bad("a polygon ring is not closed");
      }
      return;
    }
    c.forEach((x) => list(x, depth - 1, min, closed));
  };
  switch (g.type) {
    case "Point":
      position(g.coordinates);
      return;
    case "MultiPoint":
      list(g.coordinates, 0, 1, false);
      return;
    case "LineString":
      list(g.coordinates, 0, 2, false);
      return;
    case "MultiLineString":
      list(g.coordinates, 1, 2, false);
      return;
    case "Polygon":
      list(g.coordinates, 1, 4, true);
      return;
    case "MultiPolygon":
      list(g.coordinates, 2, 4, true);
      return;
    case "GeometryCollection":
      if (!Array.isArray(g.geometries)) throw bad("a GeometryCollection has no geometries");
      g.geometries.forEach((x) => checkGeometry(x, where, bbox, reprojected));
  }
}
