/**
 * The arithmetic of an offline map pack (issue 32, item 5): web-mercator tile numbers (XYZ, 256 px),
 * the pack's area (the extent of its places with a margin), the zooms that matter (from the one where
 * the area fills a phone screen to four more, fewer past the tile or byte limit), the tiles sampled for
 * the size estimate and the TMS row order of MBTiles. Pure: no I/O.
 */
import type { MapPackBbox, MapPackZoom } from "@/contracts/map-pack";

export const TILE_SIZE = 256;
/** The latitude web mercator stops at. */
export const MAX_LATITUDE = 85.0511287798066;
/** A phone held upright, in CSS pixels: the area "fills" it at the deepest zoom where it still fits. */
export const PHONE_SCREEN = { width: 360, height: 640 } as const;
/** Zooms kept beyond the one that fills a phone screen. */
export const PACK_ZOOM_SPAN = 4;
/** The deepest zoom a pack renders: the layers' tile index stops there (layer-tiles.ts MAX_TILE_ZOOM). */
export const PACK_MAX_ZOOM = 14;
export const PACK_MIN_ZOOM = 0;

export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

const clampLat = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
const clampLon = (lon: number) => Math.max(-180, Math.min(180, lon));

/** Web-mercator x of a longitude as a fraction of the world (0 at 180° W, 1 at 180° E). */
export function mercatorX(lon: number): number {
  return (clampLon(lon) + 180) / 360;
}

/** Web-mercator y of a latitude as a fraction of the world (0 at the top, 1 at the bottom). */
export function mercatorY(lat: number): number {
  const rad = (clampLat(lat) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2;
}

/** The longitude of a mercator x (fraction of the world). */
export function longitudeOf(x: number): number {
  return x * 360 - 180;
}

/** The latitude of a mercator y (fraction of the world). */
export function latitudeOf(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/** The tile holding a place at zoom `z`. */
export function tileOf(lon: number, lat: number, z: number): [x: number, y: number] {
  const n = 2 ** z;
  return [Math.min(n - 1, Math.floor(mercatorX(lon) * n)), Math.min(n - 1, Math.floor(mercatorY(lat) * n))];
}

/** A tile's box in degrees. */
export function tileBbox(z: number, x: number, y: number): MapPackBbox {
  const n = 2 ** z;
  return [longitudeOf(x / n), latitudeOf((y + 1) / n), longitudeOf((x + 1) / n), latitudeOf(y / n)];
}

/** Whether `z/x/y` is a tile of the pyramid. */
export function isTile(z: number, x: number, y: number): boolean {
  return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= 24 && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
}

/** The tiles covering a box at zoom `z` (inclusive). */
export function tileRange(bbox: MapPackBbox, z: number): TileRange {
  const [w, s, e, n] = bbox;
  const [minX, minY] = tileOf(w, n, z);
  const [maxX, maxY] = tileOf(e, s, z);
  return { z, minX, maxX, minY, maxY };
}

export const rangeSize = (r: TileRange) => (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);

export const inRange = (r: TileRange, x: number, y: number) => x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY;

/** How many tiles cover the box at each zoom from `minZoom` to `maxZoom`. */
export function tilesPerZoom(bbox: MapPackBbox, minZoom: number, maxZoom: number): Array<{ zoom: number; tiles: number }> {
  const out: Array<{ zoom: number; tiles: number }> = [];
  for (let z = minZoom; z <= maxZoom; z++) out.push({ zoom: z, tiles: rangeSize(tileRange(bbox, z)) });
  return out;
}

/** MBTiles rows count from the bottom (TMS); XYZ from the top. */
export function tmsRow(z: number, y: number): number {
  return 2 ** z - 1 - y;
}

/** The smallest box around the places, or null when there are none. */
export function bboxOfPoints(points: ReadonlyArray<{ lng: number; lat: number }>): MapPackBbox | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    if (!Number.isFinite(p.lng) || !Number.isFinite(p.lat)) continue;
    w = Math.min(w, p.lng);
    s = Math.min(s, p.lat);
    e = Math.max(e, p.lng);
    n = Math.max(n, p.lat);
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}

export interface Margin {
  /** Of the box's width and height, on each side. */
  fraction: number;
  /** At least this many degrees on each side (a single place still gets surroundings). */
  minDegrees: number;
}

export const PACK_MARGIN: Margin = { fraction: 0.1, minDegrees: 0.05 };

/** The box grown by the margin, kept on the mercator world; coordinates rounded outwards to 1e-4°. */
export function withMargin(bbox: MapPackBbox, margin: Margin = PACK_MARGIN): MapPackBbox {
  const [w, s, e, n] = bbox;
  const dx = Math.max((e - w) * margin.fraction, margin.minDegrees);
  const dy = Math.max((n - s) * margin.fraction, margin.minDegrees);
  const down = (v: number) => Math.floor(v * 1e4) / 1e4;
  const up = (v: number) => Math.ceil(v * 1e4) / 1e4;
  return [down(clampLon(w - dx)), down(clampLat(s - dy)), up(clampLon(e + dx)), up(clampLat(n + dy))];
}

export function bboxesIntersect(a: MapPackBbox, b: MapPackBbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The deepest zoom at which the box still fits on `screen` (its width and its height), within [PACK_MIN_ZOOM, PACK_MAX_ZOOM]. */
export function fillZoom(bbox: MapPackBbox, screen: { width: number; height: number } = PHONE_SCREEN): number {
  const width = Math.max(mercatorX(bbox[2]) - mercatorX(bbox[0]), 1e-12) * TILE_SIZE;
  const height = Math.max(mercatorY(bbox[1]) - mercatorY(bbox[3]), 1e-12) * TILE_SIZE;
  const z = Math.floor(Math.log2(Math.min(screen.width / width, screen.height / height)));
  return Math.max(PACK_MIN_ZOOM, Math.min(PACK_MAX_ZOOM, z));
}

/**
 * The zooms of a pack: from `fillZoom` to PACK_ZOOM_SPAN more (at most PACK_MAX_ZOOM), the deepest
 * dropped while the tiles pass `maxTiles` (the first zoom always stays).
 */
export function packZooms(bbox: MapPackBbox, maxTiles: number): { minZoom: number; maxZoom: number } {
  const minZoom = fillZoom(bbox);
  let maxZoom = Math.min(PACK_MAX_ZOOM, minZoom + PACK_ZOOM_SPAN);
  const total = () => tilesPerZoom(bbox, minZoom, maxZoom).reduce((sum, z) => sum + z.tiles, 0);
  while (maxZoom > minZoom && total() > maxTiles) maxZoom--;
  return { minZoom, maxZoom };
}

/** The deepest zoom whose pack (the zooms up to it) stays within `maxBytes` (the first zoom always stays). */
export function capZoomsByBytes(zooms: readonly MapPackZoom[], maxBytes: number): MapPackZoom[] {
  const kept: MapPackZoom[] = [];
  let sum = 0;
  for (const z of zooms) {
    if (kept.length > 0 && sum + z.bytes > maxBytes) break;
    kept.push(z);
    sum += z.bytes;
  }
  return kept;
}

/**
 * Up to `count` tiles of a range, spread over it on a grid (deterministic: the same range gives the
 * same tiles), for the size estimate. Every tile when the range holds no more than `count`.
 */
export function sampleTiles(range: TileRange, count: number): Array<[x: number, y: number]> {
  const width = range.maxX - range.minX + 1;
  const height = range.maxY - range.minY + 1;
  if (width * height <= count) {
    const all: Array<[number, number]> = [];
    for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) all.push([x, y]);
    return all;
  }
  const side = Math.max(1, Math.floor(Math.sqrt(count)));
  const cols = Math.min(width, side);
  const rows = Math.min(height, Math.max(1, Math.floor(count / cols)));
  const seen = new Set<string>();
  const out: Array<[number, number]> = [];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const x = range.minX + Math.floor(((i + 0.5) * width) / cols);
      const y = range.minY + Math.floor(((j + 0.5) * height) / rows);
      const key = `${x}/${y}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push([x, y]);
      }
    }
  }
  return out;
}

/** Every tile of the ranges, zoom by zoom, row by row. */
export function* tilesOf(ranges: readonly TileRange[]): Generator<[z: number, x: number, y: number]> {
  for (const r of ranges) for (let x = r.minX; x <= r.maxX; x++) for (let y = r.minY; y <= r.maxY; y++) yield [r.z, x, y];
}
