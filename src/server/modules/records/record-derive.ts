/**
 * Pure derivations of a record's public columns (no database): free-text words, the generalised cell
 * of a sensitive geometry, feature centroids and the public centroid. Shared by the record writer
 * (`record-document.ts`), the read API (`data.service.ts`) and their unit tests.
 */
import { GENERALISED_CELL_DEGREES, type GeoFeatureCollection } from "@/contracts/cca-data";
import type { PublicPrecision } from "@/contracts/template";
import { KEY_PREFIX_MIN, queryWordTerms } from "@/shared/search";

// ── Free text ────────────────────────────────────────────────────────────────────────────────────

/**
 * Lower case, Latin accents removed (combining marks U+0300–U+036F after NFD: "é" → "e"); the signs of
 * other scripts (Devanagari vowel signs, virama, nukta) stay, so Hindi words keep their spelling.
 */
export function normaliseSearchText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A tsvector lexeme holds at most 2 KB; words this long are noise anyway. */
const WORD_MAX = 60;

/** The words of a text as search stores and queries them (normalised, each once, in order). */
export function searchWords(text: string): string[] {
  const words = normaliseSearchText(text).match(WORD) ?? [];
  return [...new Set(words.map((w) => w.slice(0, WORD_MAX)))];
}

/**
 * The tsquery of a free-text query: every word required, each as a prefix of the word as typed OR of its
 * script-independent key (`('jangal':* | 'jangl':*) & 'grov':*`; keys from src/shared/search, stored
 * beside each word by `indexLexemes`), so "jangal" finds "जंगल"; a key shorter than KEY_PREFIX_MIN is
 * matched whole. Alternatives are letters, marks and digits only, so quoting cannot break. Null when it
 * holds no word.
 */
export function prefixTsQuery(query: string): string | null {
  return alternativesTsQuery(query, true);
}

/** The same words matched whole (no prefix): what ranks the items whose title says exactly what was typed first. */
export function wholeWordTsQuery(query: string): string | null {
  return alternativesTsQuery(query, false);
}

function alternativesTsQuery(query: string, prefix: boolean): string | null {
  const clean = (a: string) => a.replace(/['\\\s]/g, "");
  const words = queryWordTerms(query)
    .map(({ forms, keys }) => [
      ...forms.map(clean).filter((a) => a.length > 0).map((a) => `'${a}'${prefix ? ":*" : ""}`),
      ...keys.map(clean).filter((a) => a.length > 0).map((a) => `'${a}'${prefix && a.length >= KEY_PREFIX_MIN ? ":*" : ""}`),
    ])
    .map((terms) => [...new Set(terms)])
    .filter((terms) => terms.length > 0);
  if (words.length === 0) return null;
  return words.map((terms) => (terms.length === 1 ? terms[0]! : `(${terms.join(" | ")})`)).join(" & ");
}

/** Text of a rich-text (HTML) value without its tags and entities. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&[a-z]+;|&#\d+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────────

export type LonLat = [number, number];

const isPosition = (node: unknown): node is LonLat =>
  Array.isArray(node) && node.length >= 2 && typeof node[0] === "number" && typeof node[1] === "number" && Number.isFinite(node[0]) && Number.isFinite(node[1]);

function positionsOf(coordinates: unknown, out: LonLat[]): void {
  if (isPosition(coordinates)) {
    out.push([coordinates[0], coordinates[1]]);
    return;
  }
  if (!Array.isArray(coordinates)) return;
  // A closed ring repeats its first position last: count it once.
  const ring = coordinates.length > 3 && coordinates.every(isPosition);
  const list = ring && (coordinates[0] as LonLat)[0] === (coordinates.at(-1) as LonLat)[0] && (coordinates[0] as LonLat)[1] === (coordinates.at(-1) as LonLat)[1] ? coordinates.slice(0, -1) : coordinates;
  for (const item of list) positionsOf(item, out);
}

function geometriesOf(node: unknown): unknown[] {
  if (typeof node !== "object" || node === null) return [];
  const o = node as Record<string, unknown>;
  if (Array.isArray(o.features)) return o.features.flatMap(geometriesOf);
  if (o.type === "Feature") return geometriesOf(o.geometry);
  if (Array.isArray(o.geometries)) return o.geometries.flatMap(geometriesOf);
  return Array.isArray(o.coordinates) ? [o] : [];
}

/** The centroid of each feature (mean of its vertices) of a GeoJSON value. */
export function featureCentroids(geojson: unknown): LonLat[] {
  const centroids: LonLat[] = [];
  for (const geometry of geometriesOf(geojson)) {
    const points: LonLat[] = [];
    positionsOf((geometry as { coordinates: unknown }).coordinates, points);
    if (points.length === 0) continue;
    centroids.push([points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length]);
  }
  return centroids;
}

export function meanOf(points: readonly LonLat[]): LonLat | null {
  if (points.length === 0) return null;
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

/** Cell index of a coordinate (robust to 0.3 / 0.1 = 2.9999…). */
const cellIndex = (x: number) => Math.floor(x / GENERALISED_CELL_DEGREES + 1e-9);
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** The 0.1° cell holding a point: `[west, south, east, north]`, the same for every point inside it. */
export function cellOf([lon, lat]: LonLat): [number, number, number, number] {
  const x = cellIndex(lon);
  const y = cellIndex(lat);
  return [round(x * GENERALISED_CELL_DEGREES), round(y * GENERALISED_CELL_DEGREES), round((x + 1) * GENERALISED_CELL_DEGREES), round((y + 1) * GENERALISED_CELL_DEGREES)];
}

export function cellCentre(point: LonLat): LonLat {
  const [w, s, e, n] = cellOf(point);
  return [round((w + e) / 2), round((s + n) / 2)];
}

/** The generalised form of a geometry value: its cell as one Polygon feature, or null without coordinates. */
export function generalisedGeometry(geojson: unknown): GeoFeatureCollection | null {
  const centre = meanOf(featureCentroids(geojson));
  if (!centre) return null;
  const [w, s, e, n] = cellOf(centre);
  return {
    type: "FeatureCollection",
    features: [{ type: "Feature", properties: { generalised: true }, geometry: { type: "Polygon", coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] } }],
  };
}

/**
 * The public centroid of a record: the mean of the feature centroids of its EXACT geometry fields
 * and the cell centres of its GENERALISED ones (HIDDEN ones add nothing); null without any.
 * `precisionOf` answers a field's precision (EXACT when the template does not say).
 */
export function publicCentroid(geometries: ReadonlyArray<{ value: unknown; precision: PublicPrecision }>): LonLat | null {
  const points: LonLat[] = [];
  for (const { value, precision } of geometries) {
    if (precision === "HIDDEN") continue;
    const centroids = featureCentroids(value);
    if (precision === "EXACT") points.push(...centroids);
    else {
      const centre = meanOf(centroids);
      if (centre) points.push(cellCentre(centre));
    }
  }
  return meanOf(points);
}

/** The exact centroid (every geometry field, whatever its precision): what editors see. */
export function exactCentroid(values: readonly unknown[]): LonLat | null {
  return meanOf(values.flatMap(featureCentroids));
}
