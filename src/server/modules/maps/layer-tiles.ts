/**
 * Vector tiles of a layer (`layer/tiles/{layerName}/{z}/{x}/{y}.pbf`): the layer's features are read
 * from the database once into a tile index (geojson-vt, simplified per zoom), each tile is cut from it
 * and encoded as Mapbox Vector Tile 2 (vt-pbf) on first request (sub-pixel polygons thinned below the
 * deepest zoom), then kept. Both caches live on
 * globalThis and are keyed by layer id, which is never reused, so a deleted layer's entries can never be
 * served for another; deleting a layer drops them at once.
 */
import type { Feature, FeatureCollection } from "geojson";
import type { Queryable } from "../../infra/db/db";
import { layerFeatures, type LayerRow } from "./layer.repository";

/** Deepest zoom the index cuts; deeper requests are answered with the tile of this zoom (overzoomed by the map). */
export const MAX_TILE_ZOOM = 14;
const MAX_INDEXES = 6;
const TILE_CACHE_BYTES = 64 * 1024 * 1024;

interface TileIndex {
  getTile(z: number, x: number, y: number): unknown;
}

interface Caches {
  indexes: Map<number, Promise<TileIndex>>;
  tiles: Map<string, Buffer>;
  tileBytes: number;
}

const KEY = Symbol.for("cca.naksha.tiles");
const g = globalThis as unknown as Record<symbol, Caches | undefined>;
const caches: Caches = (g[KEY] ??= { indexes: new Map(), tiles: new Map(), tileBytes: 0 });

/**
 * The attributes a tile carries: the feature id (`fid`) and the columns the map shows or colours by.
 * Never the others, whatever the layer's download access: a tile is the same for every caller (cached
 * here and publicly for an hour), and the attribute table is what download access guards (issue 27
 * item 15); `layer/feature/…` gives the rest to those who may download the layer.
 */
export function tileColumns(layer: Pick<LayerRow, "title_column" | "summary_columns" | "color_by">): string[] {
  return [...new Set([layer.title_column, ...layer.summary_columns, layer.color_by].filter((c): c is string => Boolean(c)))];
}

async function buildIndex(db: Queryable, layer: LayerRow): Promise<TileIndex> {
  const [{ GeoJSONVT }, rows] = await Promise.all([import("@maplibre/geojson-vt"), layerFeatures(db, Number(layer.id))]);
  const keep = tileColumns(layer);
  const features: Feature[] = rows.map((row) => {
    const properties: Record<string, string | number | boolean> = { fid: row.feature_id };
    for (const column of keep) {
      const value = row.properties[column];
      if (value !== null && value !== undefined) properties[column] = value;
    }
    return { type: "Feature", geometry: row.geometry, properties };
  });
  const collection: FeatureCollection = { type: "FeatureCollection", features };
  return new GeoJSONVT(collection, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 5, indexMaxPoints: 100_000, tolerance: 3, extent: 4096, buffer: 64 });
}

function indexOf(db: Queryable, layer: LayerRow): Promise<TileIndex> {
  const id = Number(layer.id);
  let index = caches.indexes.get(id);
  if (index) {
    // Most recently used last.
    caches.indexes.delete(id);
    caches.indexes.set(id, index);
    return index;
  }
  index = buildIndex(db, layer);
  index.catch(() => caches.indexes.delete(id));
  caches.indexes.set(id, index);
  while (caches.indexes.size > MAX_INDEXES) caches.indexes.delete(caches.indexes.keys().next().value!);
  return index;
}

/** A feature of a tile cut by geojson-vt (coordinates in tile units, 0…4096): type 3 is a polygon, its rings of [x, y]. */
export interface TileFeature {
  type: 1 | 2 | 3;
  geometry: unknown;
  /** The feature's tile columns (`fid`, title, summary, colour-by). */
  tags?: Record<string, unknown> | null;
}

/** One screen pixel of a 512-pixel tile, squared, in tile units (4096 / 512 = 8). */
export const TINY_POLYGON_AREA = 8 * 8;

function polygonArea(rings: Array<Array<[number, number]>>): number {
  // Outer rings and holes wind in opposite directions: the sum is the area inside.
  let sum = 0;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  }
  return Math.abs(sum) / 2;
}

/**
 * Polygons smaller than a pixel at this zoom, thinned as tippecanoe does ("tiny polygon reduction"):
 * their areas add up and one of them is kept each time the sum reaches a pixel, so a field of tiny
 * shapes keeps its density on the map while a tile at zoom 5 no longer carries every one of tens of
 * thousands of invisible shapes (size and time). Larger polygons, lines and points are all kept.
 */
export function reduceTinyPolygons<F extends TileFeature>(features: F[], minArea = TINY_POLYGON_AREA): F[] {
  let pending = 0;
  return features.filter((feature) => {
    if (feature.type !== 3) return true;
    const area = polygonArea(feature.geometry as Array<Array<[number, number]>>);
    if (area >= minArea) return true;
    pending += area;
    if (pending < minArea) return false;
    pending -= minArea;
    return true;
  });
}

/** Whether `z/x/y` is a tile of the web-mercator pyramid. */
export function isTileAddress(z: number, x: number, y: number): boolean {
  return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= 24 && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
}

/**
 * The layer's shapes of one tile as geojson-vt cuts them (tile units 0…4096, 64 of buffer; `tags` the
 * tile's columns), tiny polygons thinned as in the vector tile; none beyond MAX_TILE_ZOOM. Read only:
 * the offline map packs draw them (map-pack-render.ts).
 */
export async function layerTileFeatures(db: Queryable, layer: LayerRow, z: number, x: number, y: number): Promise<TileFeature[]> {
  if (z > MAX_TILE_ZOOM || !isTileAddress(z, x, y)) return [];
  const index = await indexOf(db, layer);
  const cut = index.getTile(z, x, y) as { features: TileFeature[] } | null;
  if (!cut) return [];
  return z < MAX_TILE_ZOOM ? reduceTinyPolygons(cut.features) : cut.features;
}

/** The encoded tile (empty when the layer has nothing there) and whether it came from the cache. */
export async function layerTile(db: Queryable, layer: LayerRow, z: number, x: number, y: number): Promise<{ data: Buffer; cached: boolean }> {
  const key = `${String(layer.id)}/${z}/${x}/${y}`;
  const hit = caches.tiles.get(key);
  if (hit) {
    caches.tiles.delete(key);
    caches.tiles.set(key, hit);
    return { data: hit, cached: true };
  }
  const index = await indexOf(db, layer);
  let data: Buffer;
  // Beyond the index's deepest zoom the map overzooms; answer with the covering tile's shapes, rescaled by the client.
  if (z > MAX_TILE_ZOOM) {
    data = Buffer.alloc(0);
  } else {
    const cut = index.getTile(z, x, y) as { features: TileFeature[] } | null;
    // A copy: the index keeps its tile, which is cut again when this one leaves the tile cache.
    const tile = cut && z < MAX_TILE_ZOOM ? { ...cut, features: reduceTinyPolygons(cut.features) } : cut;
    if (!tile || tile.features.length === 0) data = Buffer.alloc(0);
    else {
      const { fromGeojsonVt } = await import("@maplibre/vt-pbf");
      const bytes = fromGeojsonVt({ [layer.name]: tile as Parameters<typeof fromGeojsonVt>[0][string] }, { version: 2, extent: 4096 });
      data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  }
  caches.tiles.set(key, data);
  caches.tileBytes += data.length + key.length;
  while (caches.tileBytes > TILE_CACHE_BYTES && caches.tiles.size > 0) {
    const [oldKey, oldData] = caches.tiles.entries().next().value!;
    caches.tiles.delete(oldKey);
    caches.tileBytes -= oldData.length + oldKey.length;
  }
  return { data, cached: false };
}

/** Drops a layer's index and tiles (after a delete). */
export function forgetLayerTiles(layerId: number): void {
  caches.indexes.delete(layerId);
  const prefix = `${layerId}/`;
  for (const [key, data] of caches.tiles) {
    if (key.startsWith(prefix)) {
      caches.tiles.delete(key);
      caches.tileBytes -= data.length + key.length;
    }
  }
}

/** Empties both caches (benchmarks measure uncached tiles). */
export function clearTileCaches(): void {
  caches.indexes.clear();
  caches.tiles.clear();
  caches.tileBytes = 0;
}
