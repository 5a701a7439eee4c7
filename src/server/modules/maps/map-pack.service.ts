/**
 * Offline map packs (issue 32, item 5): a group's map (or the site's) as PNG tiles for the browser
 * cache and as an MBTiles file for field apps (ODK Collect, Mapeo), drawn on this server with no
 * internet.
 *
 * - The area: the extent of the public places of the group's records (the site: of every public
 *   record; India's outline when there is none yet) with a margin. The places are read through the
 *   records module's public read path, the one the map screen's points come from
 *   (`searchMapJson`: public tier only, generalised places as their cell, withheld places absent), so
 *   a pack shows nothing a visitor of the map could not see. A group with no public place has no pack
 *   (409).
 * - The zooms: map-pack-plan.ts (phone-screen zoom to four more, at most MAP_PACK_MAX_TILES tiles and
 *   MAP_PACK_MAX_BYTES bytes by the estimate).
 * - The tiles: map-pack-render.ts draws the base map (map-pack-base.ts), the published vector layers
 *   reaching into the area (newest MAX_LAYERS) and the places. Rendered tiles are kept on disk under
 *   `${cacheDir}/map-pack/<pack>/<version>/z/x/y.png`; the version hashes everything a tile shows (the
 *   drawing code, the base map, the layers, the places), so a tile file never goes stale, and older
 *   versions' folders are removed when a new version is first seen.
 * - The size: the tiles of each zoom are sampled (rendered and kept) and their mean size counted for
 *   the whole zoom.
 * - MBTiles: map-pack-mbtiles.ts writes every tile into a file beside the tiles, renamed into place
 *   once complete, and answered from there until the version changes.
 *
 * Plans are kept in memory a minute and dropped by any change of records, layers or groups.
 * Anonymous callers (with a client address) are bounded per address and hour (`ANONYMOUS_LIMITS`).
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import SITE_CONFIG from "@site-config";
import type { MapInfo } from "@/contracts/cca-data";
import {
  MAP_PACK_API,
  MAP_PACK_BASE_MAP_URL,
  MAP_PACK_MAX_BYTES,
  MAP_PACK_MAX_TILES,
  mapPackMbtilesUrl,
  mapPackTileUrl,
  recordPointsUrl,
  type MapPackBbox,
  type MapPackEstimate,
  type MapPackZoom,
} from "@/contracts/map-pack";
import { CACHE_KEYS, onInvalidation } from "@/shared/cache/invalidation";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { findGroupBase } from "../groups/group.repository";
import { parseDataQuery } from "../records/data-query";
import { searchMapJson } from "../records/data.service";
import { baseMap } from "./map-pack-base";
import { writeMbtiles, type PackTile } from "./map-pack-mbtiles";
import {
  bboxesIntersect,
  bboxOfPoints,
  capZoomsByBytes,
  inRange,
  mercatorX,
  mercatorY,
  packZooms,
  sampleTiles,
  tileRange,
  tilesOf,
  withMargin,
  type TileRange,
} from "./map-pack-plan";
import { EXTENT, RECORD_RADIUS_PX, renderTile, TILE_PIXELS, type TileScene } from "./map-pack-render";
import { layerTileFeatures } from "./layer-tiles";
import { listLayers, type LayerRow } from "./layer.repository";

/** Bump when the drawing changes: every pack gets a new version (and new tiles). */
export const RENDER_VERSION = "1";
/** The published vector layers drawn into a pack at most (newest first). */
export const MAX_LAYERS = 8;
/** Tiles rendered per zoom for the size estimate. */
const SAMPLES_PER_ZOOM = 6;
/** What an MBTiles file adds to its tiles: pages, the index, the metadata (≈ per tile, and once). */
const MBTILES_BYTES_PER_TILE = 40;
const MBTILES_BYTES_FIXED = 32 * 1024;
const PLAN_TTL_MS = 60_000;

export const ANONYMOUS_LIMITS = { windowMs: 60 * 60 * 1000, estimate: 600, tile: 30_000, mbtiles: 10 } as const;

export type PackRef = { kind: "site" } | { kind: "group"; id: number };

/** `site` or a group's id (1…2147483647); a 400 naming the rule otherwise. */
export function parsePackRef(raw: string | undefined): PackRef {
  const value = raw ?? "";
  if (value === "site") return { kind: "site" };
  if (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647) return { kind: "group", id: Number(value) };
  throw new AppError("BAD_REQUEST", `pack must be "site" or a group's id (got "${value.slice(0, 40)}")`, { pack: "mappack:errors.pack" });
}

const keyOf = (ref: PackRef) => (ref.kind === "site" ? "site" : `group-${ref.id}`);
const pathRef = (ref: PackRef) => (ref.kind === "site" ? "site" : String(ref.id));

export interface PackPlan {
  ref: PackRef;
  key: string;
  groupName: string | null;
  cacheName: string;
  version: string;
  bbox: MapPackBbox;
  ranges: TileRange[];
  zooms: MapPackZoom[];
  layers: LayerRow[];
  /** Places as mercator fractions, sorted by x: [x0, y0, x1, y1, …]. */
  points: Float64Array;
  /** Length of the points' JSON (what the browser keeps, per language). */
  pointsBytes: number;
  baseBytes: number;
}

// ── Plans ────────────────────────────────────────────────────────────────────────────────────────

interface PlanEntry {
  at: number;
  plan: Promise<PackPlan>;
}

const KEY = Symbol.for("cca.mappack.state");
interface State {
  plans: Map<string, PlanEntry>;
  tiles: Map<string, Promise<Buffer>>;
  builds: Map<string, Promise<string>>;
  running: number;
  waiting: Array<() => void>;
  budgets: Map<string, { start: number; estimate: number; tile: number; mbtiles: number }>;
  unsubscribe?: () => void;
}
const g = globalThis as unknown as Record<symbol, State | undefined>;
const state: State = (g[KEY] ??= { plans: new Map(), tiles: new Map(), builds: new Map(), running: 0, waiting: [], budgets: new Map() });
state.unsubscribe ??= onInvalidation(({ prefix }) => {
  if (prefix === "" || prefix === CACHE_KEYS.records || prefix === CACHE_KEYS.layers || prefix === CACHE_KEYS.groupList) state.plans.clear();
});

/** Forgets every plan (tests; a plan otherwise lives a minute or until a change). */
export function forgetMapPackPlans(): void {
  state.plans.clear();
}

const packRoot = (deps: Pick<PlatformDeps, "cacheDir">) => path.join(deps.cacheDir, "map-pack");
const versionDir = (deps: Pick<PlatformDeps, "cacheDir">, plan: Pick<PackPlan, "key" | "version">) => path.join(packRoot(deps), plan.key, plan.version);
const tileFile = (deps: Pick<PlatformDeps, "cacheDir">, plan: PackPlan, z: number, x: number, y: number) => path.join(versionDir(deps, plan), String(z), String(x), `${y}.png`);

function layerSignature(layers: readonly LayerRow[]): unknown[] {
  return layers.map((l) => [String(l.id), l.name, l.layer_type, l.color, l.color_by, l.legend, l.feature_count, l.status]);
}

/** Places as sorted mercator pairs. */
function mercatorPoints(points: readonly MapInfo[]): Float64Array {
  const pairs = points
    .filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat))
    .map((p) => [mercatorX(p.lng), mercatorY(p.lat)] as const)
    .sort((a, b) => a[0] - b[0]);
  const out = new Float64Array(pairs.length * 2);
  pairs.forEach(([x, y], i) => {
    out[i * 2] = x;
    out[i * 2 + 1] = y;
  });
  return out;
}

/** Removes the folders of a pack's other versions (not while one of them is being written). */
async function dropOldVersions(deps: Pick<PlatformDeps, "cacheDir">, key: string, version: string): Promise<void> {
  const dir = path.join(packRoot(deps), key);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const busy = [...state.builds.keys()];
  await Promise.all(
    names
      .filter((name) => name !== version && !busy.some((file) => file.startsWith(path.join(dir, name) + path.sep)))
      .map((name) => fs.rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined)),
  );
}

async function buildPlan(deps: PlatformDeps, ref: PackRef): Promise<PackPlan> {
  const db = deps.db;
  let groupName: string | null = null;
  let cacheName = "map-pack-site";
  if (ref.kind === "group") {
    const group = await findGroupBase(db, ref.id);
    if (!group) throw new AppError("NOT_FOUND", `No group ${ref.id}`, { pack: "mappack:errors.no_group" });
    groupName = group.name;
    cacheName = `map-pack-${group.slug}`;
  }
  // The map screen's own public read: the public tier, places as visitors may see them.
  const query = parseDataQuery(ref.kind === "group" ? { usergroups: String(ref.id) } : {});
  const pointsJson = await searchMapJson(db, query);
  const points = JSON.parse(pointsJson) as MapInfo[];
  const base = await baseMap();
  const extent = bboxOfPoints(points);
  if (!extent && ref.kind === "group") {
    throw new AppError("CONFLICT", "This group has no public place on the map yet: its map pack has no area", { pack: "mappack:errors.no_area" });
  }
  const bbox = withMargin(extent ?? base.india);
  const layers = (await listLayers(db, false, 200))
    .filter((l) => l.kind === "VECTOR" && l.status === "ACTIVE" && l.min_lon !== null && l.min_lat !== null && l.max_lon !== null && l.max_lat !== null)
    .filter((l) => bboxesIntersect(bbox, [l.min_lon!, l.min_lat!, l.max_lon!, l.max_lat!]))
    .slice(0, MAX_LAYERS);
  const version = createHash("sha1")
    .update(JSON.stringify([RENDER_VERSION, base.hash, layerSignature(layers), createHash("sha1").update(pointsJson).digest("hex")]))
    .digest("hex")
    .slice(0, 16);
  const { minZoom, maxZoom } = packZooms(bbox, MAP_PACK_MAX_TILES);
  const draft: PackPlan = {
    ref,
    key: keyOf(ref),
    groupName,
    cacheName,
    version,
    bbox,
    ranges: [],
    zooms: [],
    layers,
    points: mercatorPoints(points),
    pointsBytes: Buffer.byteLength(pointsJson),
    baseBytes: base.bytes,
  };
  void dropOldVersions(deps, draft.key, version);
  // The size, zoom by zoom, from rendered samples (kept: they are tiles of the pack).
  const estimated: MapPackZoom[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const range = tileRange(bbox, z);
    const tiles = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
    const sample = sampleTiles(range, SAMPLES_PER_ZOOM);
    let sum = 0;
    for (const [x, y] of sample) sum += (await tilePng(deps, draft, z, x, y)).length;
    estimated.push({ zoom: z, tiles, bytes: Math.round((sum / sample.length) * tiles) + tiles * MBTILES_BYTES_PER_TILE });
  }
  const zooms = capZoomsByBytes(estimated, MAP_PACK_MAX_BYTES - MBTILES_BYTES_FIXED);
  return { ...draft, zooms, ranges: zooms.map((z) => tileRange(bbox, z.zoom)) };
}

/** The pack's plan (kept a minute, dropped by any change of records, layers or groups). */
export function planOf(deps: PlatformDeps, ref: PackRef): Promise<PackPlan> {
  const key = keyOf(ref);
  const entry = state.plans.get(key);
  if (entry && Date.now() - entry.at < PLAN_TTL_MS) return entry.plan;
  const plan = buildPlan(deps, ref);
  state.plans.set(key, { at: Date.now(), plan });
  plan.catch(() => {
    if (state.plans.get(key)?.plan === plan) state.plans.delete(key);
  });
  return plan;
}

// ── Tiles ────────────────────────────────────────────────────────────────────────────────────────

/** The places to draw on a tile, in its units, with those in its margin (a marker across the edge). */
function pointsOfTile(points: Float64Array, z: number, x: number, y: number): Array<[number, number]> {
  const scale = 2 ** z;
  const margin = (RECORD_RADIUS_PX + 3) / TILE_PIXELS;
  const minX = (x - margin) / scale;
  const maxX = (x + 1 + margin) / scale;
  const minY = (y - margin) / scale;
  const maxY = (y + 1 + margin) / scale;
  // First place at or after minX (points are sorted by x).
  let lo = 0;
  let hi = points.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid * 2]! < minX) lo = mid + 1;
    else hi = mid;
  }
  const out: Array<[number, number]> = [];
  for (let i = lo; i < points.length / 2 && points[i * 2]! <= maxX; i++) {
    const py = points[i * 2 + 1]!;
    if (py < minY || py > maxY) continue;
    out.push([Math.round((points[i * 2]! * scale - x) * EXTENT), Math.round((py * scale - y) * EXTENT)]);
  }
  return out;
}

/** What a tile of the plan shows (map-pack-render.ts draws it): the base map's shapes, the layers' and the places. */
export async function tileScene(db: Queryable, plan: PackPlan, z: number, x: number, y: number): Promise<TileScene> {
  const base = await baseMap();
  const layers = [];
  for (const layer of plan.layers) {
    const features = await layerTileFeatures(db, layer, z, x, y);
    if (features.length > 0) layers.push({ paint: layer, features });
  }
  return { base: base.tile(z, x, y), layers, points: pointsOfTile(plan.points, z, x, y) };
}

/** A tile of the plan's version: from its file when rendered before, else drawn and kept. */
async function tilePng(deps: PlatformDeps, plan: PackPlan, z: number, x: number, y: number): Promise<Buffer> {
  const file = tileFile(deps, plan, z, x, y);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) return kept;
  let drawing = state.tiles.get(file);
  if (!drawing) {
    drawing = (async () => {
      const png = await renderTile(await tileScene(deps.db, plan, z, x, y));
      // Kept for the next caller; a folder that cannot be written only costs a redraw.
      const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await fs
        .mkdir(path.dirname(file), { recursive: true })
        .then(() => fs.writeFile(tmp, png))
        .then(() => fs.rename(tmp, file))
        .catch(() => fs.rm(tmp, { force: true }).catch(() => undefined));
      return png;
    })();
    state.tiles.set(file, drawing);
    void drawing.finally(() => state.tiles.delete(file)).catch(() => undefined);
  }
  return drawing;
}

// ── Bounds of anonymous callers ──────────────────────────────────────────────────────────────────

/**
 * Counts one anonymous request of `kind` from `address` in the current hour; 429 with Retry-After past
 * the limit. Calls without an address (the server's own, in-process) are not counted. Per instance.
 */
export function takeAnonymousBudget(address: string | undefined, kind: "estimate" | "tile" | "mbtiles", now = Date.now()): void {
  if (!address) return;
  let budget = state.budgets.get(address);
  if (!budget || now - budget.start >= ANONYMOUS_LIMITS.windowMs) {
    budget = { start: now, estimate: 0, tile: 0, mbtiles: 0 };
    state.budgets.set(address, budget);
    // Forget idle addresses so the table stays small.
    if (state.budgets.size > 10_000) for (const [a, b] of state.budgets) if (now - b.start >= ANONYMOUS_LIMITS.windowMs) state.budgets.delete(a);
  }
  budget[kind] += 1;
  if (budget[kind] > ANONYMOUS_LIMITS[kind]) {
    const seconds = Math.max(1, Math.ceil((budget.start + ANONYMOUS_LIMITS.windowMs - now) / 1000));
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `Too many map pack requests from this address; sign in or try again in ${Math.ceil(seconds / 60)} minutes`,
      { pack: "mappack:errors.too_many" },
      { "retry-after": String(seconds) },
    );
  }
}

/** Forgets the anonymous counts (tests). */
export function resetMapPackBudgets(): void {
  state.budgets.clear();
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

const totalOf = (zooms: readonly MapPackZoom[], key: "tiles" | "bytes") => zooms.reduce((sum, z) => sum + z[key], 0);

/** GET mappack/{pack}: the area, the zooms, the size, and what the browser keeps. */
export async function mapPackEstimate(deps: PlatformDeps, ref: PackRef): Promise<MapPackEstimate> {
  const plan = await planOf(deps, ref);
  const name = pathRef(ref);
  const tiles = totalOf(plan.zooms, "tiles");
  const bytes = totalOf(plan.zooms, "bytes") + MBTILES_BYTES_FIXED;
  const tileUrls: string[] = [];
  for (const [z, x, y] of tilesOf(plan.ranges)) tileUrls.push(`${MAP_PACK_API}/${name}/tiles/${z}/${x}/${y}.png?v=${plan.version}`);
  const groupId = ref.kind === "group" ? ref.id : null;
  return {
    pack: name as MapPackEstimate["pack"],
    groupName: plan.groupName,
    cacheName: plan.cacheName,
    version: plan.version,
    bbox: plan.bbox,
    minZoom: plan.zooms[0]!.zoom,
    maxZoom: plan.zooms.at(-1)!.zoom,
    tiles,
    bytes,
    zooms: plan.zooms,
    layers: plan.layers.map((l) => ({ name: l.name, title: l.title })),
    points: plan.points.length / 2,
    tileUrl: mapPackTileUrl(name, plan.version),
    mbtilesUrl: mapPackMbtilesUrl(name),
    browser: {
      urls: [MAP_PACK_BASE_MAP_URL, recordPointsUrl("en", groupId), recordPointsUrl("hi", groupId), ...tileUrls],
      bytes: bytes - MBTILES_BYTES_FIXED - tiles * MBTILES_BYTES_PER_TILE + plan.baseBytes + 2 * plan.pointsBytes,
    },
    limits: { maxTiles: MAP_PACK_MAX_TILES, maxBytes: MAP_PACK_MAX_BYTES },
  };
}

const TILE_Y = /^(\d{1,8})\.png$/;

/**
 * GET mappack/{pack}/tiles/{z}/{x}/{y}.png: a tile inside the pack's area and zooms (404 with the
 * reason elsewhere, 400 for an address that is no tile). `current`: `v` named this version.
 */
export async function mapPackTile(deps: PlatformDeps, ref: PackRef, address: { z: string; x: string; y: string }, v: string | undefined): Promise<{ data: Buffer; current: boolean }> {
  const y = TILE_Y.exec(address.y);
  if (!y || !/^\d{1,2}$/.test(address.z) || !/^\d{1,8}$/.test(address.x)) {
    throw new AppError("BAD_REQUEST", `A tile's address is {z}/{x}/{y}.png in whole numbers (got ${address.z.slice(0, 12)}/${address.x.slice(0, 12)}/${address.y.slice(0, 16)})`, { tile: "mappack:errors.tile" });
  }
  if (v !== undefined && !/^[0-9a-f]{16}$/.test(v)) throw new AppError("BAD_REQUEST", "v must be a pack version (16 hexadecimal digits)", { v: "mappack:errors.version" });
  const plan = await planOf(deps, ref);
  const z = Number(address.z);
  const x = Number(address.x);
  const row = Number(y[1]);
  const range = plan.ranges.find((r) => r.z === z);
  if (!range) throw new AppError("NOT_FOUND", `The pack has zooms ${plan.ranges[0]!.z} to ${plan.ranges.at(-1)!.z} only`, { tile: "mappack:errors.outside" });
  if (!inRange(range, x, row)) throw new AppError("NOT_FOUND", `Tile ${z}/${x}/${row} is outside the pack's area`, { tile: "mappack:errors.outside" });
  return { data: await tilePng(deps, plan, z, x, row), current: v === plan.version };
}

/** At most two MBTiles files are written at once (each renders every tile of its pack). */
async function withBuildSlot<T>(work: () => Promise<T>): Promise<T> {
  while (state.running >= 2) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.running += 1;
  try {
    return await work();
  } finally {
    state.running -= 1;
    state.waiting.shift()?.();
  }
}

/** The plan's tiles in order, four drawn at a time. */
async function* packTiles(deps: PlatformDeps, plan: PackPlan): AsyncGenerator<PackTile> {
  const all = [...tilesOf(plan.ranges)];
  const ahead: Array<Promise<PackTile>> = [];
  let next = 0;
  const start = () => {
    const [z, x, y] = all[next++]!;
    ahead.push(tilePng(deps, plan, z, x, y).then((data) => ({ z, x, y, data })));
  };
  while (next < all.length && ahead.length < 4) start();
  while (ahead.length > 0) {
    const tile = await ahead.shift()!;
    if (next < all.length) start();
    yield tile;
  }
}

export interface MbtilesAnswer {
  file: string;
  fileName: string;
  bytes: number;
  version: string;
}

/** GET mappack/{pack}/mbtiles: the pack as an MBTiles file (written once per version, then kept). */
export async function mapPackMbtiles(deps: PlatformDeps, ref: PackRef): Promise<MbtilesAnswer> {
  const plan = await planOf(deps, ref);
  const first = plan.zooms[0]!.zoom;
  const last = plan.zooms.at(-1)!.zoom;
  const file = path.join(versionDir(deps, plan), `pack-z${first}-${last}.mbtiles`);
  const slug = plan.cacheName.replace(/^map-pack-/, "");
  const fileName = `${slug}-offline-map-z${first}-${last}.mbtiles`;
  const done = await fs.stat(file).catch(() => null);
  if (done) return { file, fileName, bytes: done.size, version: plan.version };
  let build = state.builds.get(file);
  if (!build) {
    build = withBuildSlot(async () => {
      if (await fs.stat(file).catch(() => null)) return file;
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      const [w, s, e, n] = plan.bbox;
      const title = plan.groupName ?? SITE_CONFIG.SITE.TITLE.en;
      const attributions = ["Natural Earth", ...plan.layers.map((l) => l.attribution || l.title)].filter((a, i, all) => a && all.indexOf(a) === i);
      await writeMbtiles(
        tmp,
        {
          name: `${title} — offline map`,
          description: `The map of ${title} (${SITE_CONFIG.SITE.TITLE.en}): outlines of countries and states, ${plan.layers.length} map layer(s) and ${plan.points.length / 2} public place(s) of its records, zooms ${first}–${last}.`,
          attribution: attributions.join("; "),
          bounds: plan.bbox,
          center: [(w + e) / 2, (s + n) / 2, first],
          minzoom: first,
          maxzoom: last,
          version: plan.version,
        },
        packTiles(deps, plan),
      );
      await fs.rename(tmp, file);
      return file;
    });
    state.builds.set(file, build);
    void build.finally(() => state.builds.delete(file)).catch(() => undefined);
  }
  await build;
  const stat = await fs.stat(file);
  return { file, fileName, bytes: stat.size, version: plan.version };
}
