/**
 * The map's records clustered on the server (issue 35: `data/search/map/clusters`), so a phone downloads
 * what one view draws instead of every point of the match (3.6 MB at 100,000 records). No SQL here: the
 * points and cells come from `data.repository.ts`, already limited to the public tier and to public
 * centroids (a withheld place has none, a generalised one its cell's centre), so a cluster's centre and
 * count say nothing the public points did not.
 *
 * Two ways, by the size of the match:
 * - **Small** (at most `SMALL_SET` points, every set of today's portal): the points are clustered with
 *   the clustering MapLibre runs in the browser (`@maplibre/geojson-vt`'s Supercluster, the options the
 *   data list's map gave its source), so the map draws exactly what it drew before. The index is kept per
 *   match (a few, least recently used first) until the next record write (`CACHE_KEYS.records`).
 * - **Large**: a square grid over the Web Mercator world, 64 pixels a cell at the asked zoom, counted by the
 *   database for the cells of the box only (`mapGridCellsJson`); a cell holding one record answers its point.
 *   The box is capped at `MAP_CLUSTER.maxBoxPixels` a side (a larger one is answered at a lower zoom), so
 *   an answer holds at most 64 × 64 cells whatever the zoom.
 */
import { Supercluster } from "@maplibre/geojson-vt";
import { MAP_CLUSTER, type MapCluster, type MapClusters, type MapInfo } from "@/contracts/cca-data";
import { CACHE_KEYS, onInvalidation } from "@/shared/cache/invalidation";

/** Matches up to this many points are clustered as the browser did (building its index: ~10 ms at 3,000). */
export const SMALL_SET = 3000;
const limits = { smallSet: SMALL_SET };
/** The largest small set (`SMALL_SET`; tests lower it to take the grid way on small data). */
export const smallSetLimit = (): number => limits.smallSet;
export function setSmallSetLimit(n: number): void {
  limits.smallSet = n;
  indexes.store.clear();
}
/** Pixels of a grid cell (tiles of 512 pixels: 8 cells a tile). */
export const GRID_CELL_PIXELS = 64;
const TILE_PIXELS = 512;
/** Web Mercator's edge of the world. */
const MAX_LAT = 85.0511287798066;
const WORLD: [number, number, number, number] = [-180, -MAX_LAT, 180, MAX_LAT];

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / (2 * Math.PI);
};
const latOfY = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** The zoom an answer is for: the asked one floored (at most the map's deepest), lowered until the box fits the cap. */
export function answerZoom(zoom: number, bbox: [number, number, number, number] | null): number {
  const [west, south, east, north] = bbox ?? WORLD;
  let z = Math.max(0, Math.min(MAP_CLUSTER.deepestZoom, Math.floor(zoom)));
  const width = mercatorX(east) - mercatorX(west);
  const height = mercatorY(south) - mercatorY(north);
  while (z > 0 && Math.max(width, height) * TILE_PIXELS * 2 ** z > MAP_CLUSTER.maxBoxPixels) z--;
  return z;
}

export interface GridPlan {
  cells: number;
  /** Cell ranges (inclusive) of the box. */
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  /** The box widened to whole cells, in degrees: a cell on its edge is counted whole. */
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The grid cells of a box at a zoom. */
export function gridPlan(zoom: number, bbox: [number, number, number, number] | null): GridPlan {
  const [west, south, east, north] = bbox ?? WORLD;
  const cells = (TILE_PIXELS / GRID_CELL_PIXELS) * 2 ** zoom;
  const cell = (u: number) => Math.max(0, Math.min(cells - 1, Math.floor(u * cells)));
  const x1 = cell(mercatorX(west));
  const x2 = cell(mercatorX(east));
  const y1 = cell(mercatorY(north));
  const y2 = cell(mercatorY(south));
  return {
    cells,
    x1,
    x2,
    y1,
    y2,
    west: (x1 / cells) * 360 - 180,
    east: ((x2 + 1) / cells) * 360 - 180,
    north: y1 === 0 ? 90 : latOfY(y1 / cells),
    south: y2 === cells - 1 ? -90 : latOfY((y2 + 1) / cells),
  };
}

/** The answer of the large way from the database's cells (`mapGridCellsJson`). */
export function clustersFromCells(cellsJson: string, plan: GridPlan, zoom: number): Pick<MapClusters, "clusters" | "points"> {
  const rows = JSON.parse(cellsJson) as Array<[number, number, number, number, number, number, number]>;
  const clusters: MapCluster[] = [];
  const points: MapInfo[] = [];
  for (const [cx, cy, n, id, lng, lat, spread] of rows) {
    if (cx < plan.x1 || cx > plan.x2 || cy < plan.y1 || cy > plan.y2) continue;
    if (n === 1) {
      points.push({ id, lat, lng });
      continue;
    }
    // The zoom at which its records lie in different cells: each zoom halves a cell.
    const deeper = spread > 0 ? Math.max(1, Math.ceil(Math.log2(1 / spread))) : MAP_CLUSTER.deepestZoom;
    clusters.push({ id: cy * plan.cells + cx, lat, lng, count: n, expansionZoom: Math.min(MAP_CLUSTER.deepestZoom, zoom + deeper) });
  }
  return { clusters, points };
}

// ── The small way: MapLibre's clustering, on the server ───────────────────────────────────────────

type Index = InstanceType<typeof Supercluster>;

/** The options MapLibre gives its clustering for a GeoJSON source (tiles of 512, extent 8192). */
const EXTENT = 8192;
const indexOptions = { maxZoom: MAP_CLUSTER.maxZoom, minPoints: 2, extent: EXTENT, radius: MAP_CLUSTER.radius * (EXTENT / TILE_PIXELS), log: false, generateId: false };

export function buildIndex(points: readonly MapInfo[]): Index {
  const index = new Supercluster(indexOptions);
  index.load(points.map((p) => ({ type: "Feature" as const, properties: { id: p.id }, geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] } })));
  return index;
}

/**
 * Clusters and points of a small set's index in a box (its centre inside) at a zoom; a record alone is
 * answered as `byId` has it (the index keeps positions projected: a last digit may differ).
 */
export function clustersFromIndex(index: Index, byId: ReadonlyMap<number, MapInfo>, zoom: number, bbox: [number, number, number, number] | null): Pick<MapClusters, "clusters" | "points"> {
  const clusters: MapCluster[] = [];
  const points: MapInfo[] = [];
  for (const f of index.getClusters(bbox ?? WORLD, Math.min(zoom, MAP_CLUSTER.maxZoom + 1))) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: number };
    if (props.cluster && props.cluster_id !== undefined) {
      clusters.push({ id: props.cluster_id, lat, lng, count: props.point_count ?? 0, expansionZoom: Math.min(MAP_CLUSTER.deepestZoom, index.getClusterExpansionZoom(props.cluster_id)) });
    } else if (typeof props.id === "number") {
      points.push(byId.get(props.id) ?? { id: props.id, lat, lng });
    }
  }
  return { clusters, points };
}

/** The box of some points, `[west, south, east, north]`, or null for none. */
export function boundsOfPoints(points: readonly MapInfo[]): MapClusters["bounds"] {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [west, south, east, north];
}

interface SmallSet {
  index: Index;
  byId: ReadonlyMap<number, MapInfo>;
  total: number;
  bounds: MapClusters["bounds"];
}

/** Indexes of small sets by match, least recently used first; emptied by every record write. */
const INDEX_ENTRIES = 16;
const INDEX_TTL_MS = 5 * 60_000;
const KEY = Symbol.for("cca.mapClusterIndexes.v1");
const g = globalThis as unknown as Record<symbol, { store: Map<string, { set: SmallSet; expiresAt: number }>; generation: number } | undefined>;
const indexes =
  g[KEY] ??
  (g[KEY] = (() => {
    const created = { store: new Map<string, { set: SmallSet; expiresAt: number }>(), generation: 0 };
    onInvalidation(({ prefix }) => {
      if (prefix !== "" && !CACHE_KEYS.records.startsWith(prefix) && !prefix.startsWith(CACHE_KEYS.records)) return;
      created.generation += 1;
      created.store.clear();
    });
    return created;
  })());

/**
 * The small set of a match, kept: `load` answers its points, or null when the match is larger than
 * `SMALL_SET` (nothing is kept then). A load overtaken by a record write is used once, not kept.
 */
export async function smallSet(key: string, load: () => Promise<MapInfo[] | null>): Promise<SmallSet | null> {
  const hit = indexes.store.get(key);
  if (hit && hit.expiresAt > Date.now()) {
    indexes.store.delete(key);
    indexes.store.set(key, hit);
    return hit.set;
  }
  const startedAt = indexes.generation;
  const points = await load();
  if (points === null) return null;
  const set: SmallSet = { index: buildIndex(points), byId: new Map(points.map((p) => [p.id, p])), total: points.length, bounds: boundsOfPoints(points) };
  if (indexes.generation === startedAt) {
    indexes.store.delete(key);
    indexes.store.set(key, { set, expiresAt: Date.now() + INDEX_TTL_MS });
    for (const oldest of indexes.store.keys()) {
      if (indexes.store.size <= INDEX_ENTRIES) break;
      indexes.store.delete(oldest);
    }
  }
  return set;
}
