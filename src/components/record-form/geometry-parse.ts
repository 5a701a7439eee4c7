/**
 * Geometry without a pointer: typed coordinates, pasted GeoJSON, imported GeoJSON / KML / GPX files,
 * all turned into the FeatureCollection a GEOMETRY value holds. Parsing only: the values are then
 * checked by `checkGeometry` (src/contracts/record-rules.ts), the server's rule too. KML and GPX are
 * read with the browser's DOMParser (passed in, so tests can give jsdom's or @xmldom's).
 *
 * Errors are translation keys of `template:participate.geometry.*`.
 */
import type { GeoFeatureCollection } from "@/contracts/cca-data";

export type GeometryKind = "Point" | "LineString" | "Polygon";
type Position = [number, number];
type Feature = GeoFeatureCollection["features"][number];

export const GEOMETRY_PARSE_MSG = {
  empty: "template:participate.geometry.empty",
  pair: "template:participate.geometry.pair",
  range: "template:participate.geometry.range",
  tooFewLine: "template:participate.geometry.too_few_line",
  tooFewPolygon: "template:participate.geometry.too_few_polygon",
  json: "template:participate.geometry.json",
  file: "template:participate.geometry.file",
  nothing: "template:participate.geometry.nothing",
} as const;

export class GeometryParseError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const emptyCollection = (): GeoFeatureCollection => ({ type: "FeatureCollection", features: [] });

const feature = (geometry: { type: string; coordinates: unknown }): Feature => ({ type: "Feature", properties: {}, geometry });

/**
 * Typed positions, "lat, lon" each (the order people read off a phone or a map), one per line or
 * separated by ";". Decimal degrees; a trailing N/S/E/W is understood ("12.97 N, 77.59 E").
 * Returns `[lon, lat]` pairs (GeoJSON order).
 */
export function parsePositions(text: string): Position[] {
  const lines = text
    .split(/[\n;]+/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length === 0) throw new GeometryParseError(GEOMETRY_PARSE_MSG.empty);
  return lines.map((line, index) => {
    const parts = line.split(/\s*,\s*|\s+(?=[+-]?\d)/).map((p) => p.trim()).filter((p) => p !== "");
    if (parts.length !== 2) throw new GeometryParseError(GEOMETRY_PARSE_MSG.pair, { line: index + 1 });
    const read = (part: string, axis: "lat" | "lon"): number => {
      const m = /^([+-]?\d+(?:\.\d+)?)\s*°?\s*([NSEWnsew])?$/.exec(part);
      if (!m) throw new GeometryParseError(GEOMETRY_PARSE_MSG.pair, { line: index + 1 });
      let n = Number(m[1]);
      const hemi = m[2]?.toUpperCase();
      if (hemi === "S" || hemi === "W") n = -Math.abs(n);
      const limit = axis === "lat" ? 90 : 180;
      if (!Number.isFinite(n) || Math.abs(n) > limit) throw new GeometryParseError(GEOMETRY_PARSE_MSG.range, { line: index + 1 });
      return n;
    };
    const lat = read(parts[0]!, "lat");
    const lon = read(parts[1]!, "lon");
    return [lon, lat];
  });
}

/** A feature of `kind` from typed positions; a polygon is closed when its last corner is not its first. */
export function featureFromText(kind: GeometryKind, text: string): Feature {
  const positions = parsePositions(text);
  if (kind === "Point") {
    if (positions.length !== 1) return feature({ type: "MultiPoint", coordinates: positions });
    return feature({ type: "Point", coordinates: positions[0] });
  }
  if (kind === "LineString") {
    if (positions.length < 2) throw new GeometryParseError(GEOMETRY_PARSE_MSG.tooFewLine);
    return feature({ type: "LineString", coordinates: positions });
  }
  const ring = [...positions];
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (ring.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  if (ring.length < 4) throw new GeometryParseError(GEOMETRY_PARSE_MSG.tooFewPolygon);
  return feature({ type: "Polygon", coordinates: [ring] });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Pasted or imported GeoJSON: a FeatureCollection, a Feature or a bare geometry (GeometryCollections unpacked). */
export function parseGeoJson(text: string): GeoFeatureCollection {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new GeometryParseError(GEOMETRY_PARSE_MSG.json);
  }
  const out: Feature[] = [];
  const addGeometry = (g: unknown) => {
    if (!isObject(g)) return;
    if (g.type === "GeometryCollection" && Array.isArray(g.geometries)) g.geometries.forEach(addGeometry);
    else if (typeof g.type === "string") out.push(feature({ type: g.type, coordinates: g.coordinates }));
  };
  if (isObject(data) && data.type === "FeatureCollection" && Array.isArray(data.features)) {
    for (const f of data.features) if (isObject(f)) addGeometry(f.geometry);
  } else if (isObject(data) && data.type === "Feature") addGeometry(data.geometry);
  else if (isObject(data)) addGeometry(data);
  if (out.length === 0) throw new GeometryParseError(GEOMETRY_PARSE_MSG.nothing);
  return { type: "FeatureCollection", features: out };
}

/** KML `<coordinates>` text: "lon,lat[,alt] lon,lat[,alt] …". */
function kmlPositions(text: string | null): Position[] {
  return (text ?? "")
    .trim()
    .split(/\s+/)
    .filter((t) => t !== "")
    .map((t) => {
      const [lon, lat] = t.split(",").map(Number);
      return [lon!, lat!] as Position;
    });
}

type ParseXml = (text: string) => Document;

const byTag = (root: Document | Element, tag: string): Element[] => Array.from(root.getElementsByTagNameNS("*", tag)).concat(Array.from(root.getElementsByTagName(tag))).filter((e, i, all) => all.indexOf(e) === i);

export function parseKml(text: string, parseXml: ParseXml): GeoFeatureCollection {
  const doc = parseXml(text);
  const out: Feature[] = [];
  for (const point of byTag(doc, "Point")) {
    const [p] = kmlPositions(byTag(point, "coordinates")[0]?.textContent ?? null);
    if (p) out.push(feature({ type: "Point", coordinates: p }));
  }
  for (const line of byTag(doc, "LineString")) out.push(feature({ type: "LineString", coordinates: kmlPositions(byTag(line, "coordinates")[0]?.textContent ?? null) }));
  for (const polygon of byTag(doc, "Polygon")) {
    const outer = byTag(polygon, "outerBoundaryIs").flatMap((b) => byTag(b, "coordinates"));
    const inner = byTag(polygon, "innerBoundaryIs").flatMap((b) => byTag(b, "coordinates"));
    const rings = [...outer, ...inner].map((c) => kmlPositions(c.textContent));
    if (rings.length > 0) out.push(feature({ type: "Polygon", coordinates: rings }));
  }
  if (out.length === 0) throw new GeometryParseError(GEOMETRY_PARSE_MSG.nothing);
  return { type: "FeatureCollection", features: out };
}

export function parseGpx(text: string, parseXml: ParseXml): GeoFeatureCollection {
  const doc = parseXml(text);
  const pos = (e: Element): Position => [Number(e.getAttribute("lon")), Number(e.getAttribute("lat"))];
  const out: Feature[] = [];
  for (const wpt of byTag(doc, "wpt")) out.push(feature({ type: "Point", coordinates: pos(wpt) }));
  for (const rte of byTag(doc, "rte")) out.push(feature({ type: "LineString", coordinates: byTag(rte, "rtept").map(pos) }));
  for (const seg of byTag(doc, "trkseg")) out.push(feature({ type: "LineString", coordinates: byTag(seg, "trkpt").map(pos) }));
  if (out.length === 0) throw new GeometryParseError(GEOMETRY_PARSE_MSG.nothing);
  return { type: "FeatureCollection", features: out };
}

/** An imported file by its name: .kml, .gpx, else GeoJSON. */
export function parseGeometryFile(name: string, text: string, parseXml: ParseXml): GeoFeatureCollection {
  const lower = name.toLowerCase();
  try {
    if (lower.endsWith(".kml")) return parseKml(text, parseXml);
    if (lower.endsWith(".gpx")) return parseGpx(text, parseXml);
    return parseGeoJson(text);
  } catch (error) {
    if (error instanceof GeometryParseError) throw error;
    throw new GeometryParseError(GEOMETRY_PARSE_MSG.file);
  }
}

/** The browser's XML parser; a document with a parser error counts as unreadable. */
export const browserParseXml: ParseXml = (text) => {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  if (doc.getElementsByTagName("parsererror").length > 0) throw new GeometryParseError(GEOMETRY_PARSE_MSG.file);
  return doc;
};

/** "lat, lon" lines of a feature's positions (its outer ring for a polygon), to edit them as text. */
export function featureToText(f: Feature): string {
  const g = f.geometry;
  if (!g) return "";
  const c = g.coordinates as unknown;
  const list: number[][] =
    g.type === "Point" ? [c as number[]] : g.type === "Polygon" ? ((c as number[][][])[0] ?? []) : g.type === "LineString" || g.type === "MultiPoint" ? (c as number[][]) : [];
  return list.map((p) => `${p[1]}, ${p[0]}`).join("\n");
}
