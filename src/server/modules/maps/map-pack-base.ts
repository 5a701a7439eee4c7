/**
 * The base map of offline map packs: the portal's own South Asia outlines (`public/map/south-asia.json`,
 * built by scripts/map-base-layer.mjs; the same file the browser's map draws), read once into a
 * geojson-vt tile index. Its hash is part of every pack's version, so a rebuilt base map renews the packs.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FeatureCollection, Geometry } from "geojson";
import type { MapPackBbox } from "@/contracts/map-pack";
import type { CutFeature } from "./map-pack-render";

export interface BaseMap {
  /** The shapes of one tile (tags: `kind`). */
  tile(z: number, x: number, y: number): CutFeature[];
  /** First characters of the file's SHA-1. */
  hash: string;
  /** The box of India's outline (the site's pack when the site has no public place yet). */
  india: MapPackBbox;
  /** The file's size in bytes (what the browser keeps of it). */
  bytes: number;
}

export const BASE_MAP_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", "map", "south-asia.json");
/** India's box when the file has no India (it always has; a safe fallback). */
const INDIA: MapPackBbox = [68.1, 6.7, 97.4, 35.7];

function boxOf(geometry: Geometry): MapPackBbox | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === "number") {
      const [x, y] = c as [number, number];
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    } else if (Array.isArray(c)) for (const part of c) walk(part);
  };
  if ("coordinates" in geometry) walk(geometry.coordinates);
  return Number.isFinite(w) ? [w, s, e, n] : null;
}

async function loadBaseMap(file: string): Promise<BaseMap> {
  const raw = await fs.readFile(file);
  const collection = JSON.parse(raw.toString("utf8")) as FeatureCollection;
  const { GeoJSONVT } = await import("@maplibre/geojson-vt");
  const index = new GeoJSONVT(collection, { maxZoom: 14, indexMaxZoom: 5, indexMaxPoints: 100_000, tolerance: 3, extent: 4096, buffer: 64 });
  const india = collection.features.find((f) => f.properties?.kind === "country" && f.properties?.name === "India");
  return {
    tile: (z, x, y) => (index.getTile(z, x, y)?.features ?? []) as CutFeature[],
    hash: createHash("sha1").update(raw).digest("hex").slice(0, 12),
    india: (india?.geometry ? boxOf(india.geometry) : null) ?? INDIA,
    bytes: raw.length,
  };
}

const KEY = Symbol.for("cca.mappack.base");
const g = globalThis as unknown as Record<symbol, Promise<BaseMap> | undefined>;

/** The base map, read on first use (and again after a failed read). */
export function baseMap(): Promise<BaseMap> {
  let loading = g[KEY];
  if (!loading) {
    loading = loadBaseMap(BASE_MAP_FILE);
    loading.catch(() => {
      if (g[KEY] === loading) g[KEY] = undefined;
    });
    g[KEY] = loading;
  }
  return loading;
}
