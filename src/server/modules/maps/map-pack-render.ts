/**
 * Drawing one tile of an offline map pack (issue 32, item 5), with no internet: an SVG of the tile's
 * shapes in tile units (0…4096, as geojson-vt cuts them, with a 64-unit buffer) rasterised to a 256-px
 * PNG by sharp. What is drawn, bottom to top, in the colours of the portal's map
 * (src/components/map/map-setup.ts, layer-style.ts, naksha-layers.ts):
 * water, land (countries), country outlines, state borders (dashed), the published vector layers
 * (by their legend, at the map's default opacity), the public places of the pack's records.
 * No text (no fonts needed). Identical drawings (open water, inland tiles with no line) are rasterised
 * once (a small memo by the SVG's hash).
 */
import { createHash } from "node:crypto";
import type { LegendEntry } from "@/contracts/naksha-layer";
import type { LayerRow } from "./layer.repository";

/** Tile units per tile side (geojson-vt's extent) and the PNG's side in pixels. */
export const EXTENT = 4096;
export const TILE_PIXELS = 256;
/** Tile units per pixel. */
const PX = EXTENT / TILE_PIXELS;

export const COLORS = {
  water: "#d4e6ee",
  land: "#f4f2ec",
  countryLine: "#8a8f98",
  stateLine: "#a9adb5",
  /** A CCA record on every map (layer-style.ts RECORD_COLOR). */
  record: "#dd6b20",
  other: "#999999",
} as const;

/** The map's default opacity of a layer switched on (map-screen.tsx) and its fill's share of it (naksha-layers.ts). */
const LAYER_OPACITY = 0.8;
const FILL_SHARE = 0.55;
/** A record's marker: radius and white ring, in pixels (the map's single record is 6 px with a 2 px ring). */
export const RECORD_RADIUS_PX = 5;
const RECORD_RING_PX = 1.5;

/** A shape cut by geojson-vt: 1 points, 2 lines, 3 polygons (rings); coordinates in tile units. */
export interface CutFeature {
  type: 1 | 2 | 3;
  geometry: unknown;
  tags?: Record<string, unknown> | null;
}

export interface TileLayer {
  paint: Pick<LayerRow, "layer_type" | "color_by" | "legend" | "color">;
  features: readonly CutFeature[];
}

export interface TileScene {
  /** The base map's shapes (`kind`: "country" polygons, "state-border" lines). */
  base: readonly CutFeature[];
  layers: readonly TileLayer[];
  /** Record places in tile units (may lie in the buffer around the tile). */
  points: ReadonlyArray<readonly [number, number]>;
}

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function pathOfRings(rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, close: boolean): string {
  let d = "";
  for (const ring of rings) {
    if (ring.length < 2) continue;
    d += `M${n(ring[0]![0])} ${n(ring[0]![1])}`;
    for (let i = 1; i < ring.length; i++) d += `L${n(ring[i]![0])} ${n(ring[i]![1])}`;
    if (close) d += "Z";
  }
  return d;
}

const rings = (f: CutFeature) => f.geometry as Array<Array<[number, number]>>;
const points = (f: CutFeature) => f.geometry as Array<[number, number]>;

/** A layer's colour for a feature, as the map's `colorExpression` (layer-style.ts) paints it. */
export function featureColor(paint: TileLayer["paint"], tags: Record<string, unknown> | null | undefined): string {
  const { color_by: colorBy, legend } = paint;
  if (!colorBy || legend.length === 0) return paint.color;
  const value = tags?.[colorBy];
  const numeric = legend.every((l) => typeof l.value === "number");
  if (numeric) {
    const v = typeof value === "number" ? value : Number(value ?? Number.NaN);
    let color = legend[0]!.color;
    if (!Number.isFinite(v)) return color;
    for (const entry of legend.slice(1)) if (v >= (entry.value as number)) color = entry.color;
    return color;
  }
  const other = legend.find((l: LegendEntry) => l.value === null)?.color ?? COLORS.other;
  const hit = value === null || value === undefined ? undefined : legend.find((l) => typeof l.value === "string" && l.value === String(value));
  return hit?.color ?? other;
}

const escapeAttr = (s: string) => (/^#[0-9a-fA-F]{3,8}$/.test(s) ? s : COLORS.other);

function layerSvg(layer: TileLayer): string {
  const byColor = new Map<string, CutFeature[]>();
  for (const f of layer.features) {
    const color = escapeAttr(featureColor(layer.paint, f.tags));
    byColor.set(color, [...(byColor.get(color) ?? []), f]);
  }
  let out = "";
  for (const [color, features] of byColor) {
    const polygons = features.filter((f) => f.type === 3);
    const lines = features.filter((f) => f.type === 2);
    const dots = features.filter((f) => f.type === 1);
    if (polygons.length > 0) {
      const d = polygons.map((f) => pathOfRings(rings(f), true)).join("");
      out += `<path d="${d}" fill="${color}" fill-opacity="${LAYER_OPACITY * FILL_SHARE}" fill-rule="evenodd" stroke="${color}" stroke-opacity="${LAYER_OPACITY}" stroke-width="${1.2 * PX}" stroke-linejoin="round"/>`;
    }
    if (lines.length > 0) {
      out += `<path d="${lines.map((f) => pathOfRings(rings(f), false)).join("")}" fill="none" stroke="${color}" stroke-opacity="${LAYER_OPACITY}" stroke-width="${2 * PX}" stroke-linejoin="round" stroke-linecap="round"/>`;
    }
    for (const f of dots) {
      for (const [x, y] of points(f)) {
        out += `<circle cx="${n(x)}" cy="${n(y)}" r="${5 * PX}" fill="${color}" fill-opacity="${LAYER_OPACITY}" stroke="#fff" stroke-width="${PX}"/>`;
      }
    }
  }
  return out;
}

/** At most one marker per 2-pixel cell: a tile holding thousands of places stays a few kB of SVG. */
function thinPoints(list: TileScene["points"]): Array<readonly [number, number]> {
  if (list.length <= 500) return [...list];
  const cell = 2 * PX;
  const seen = new Set<number>();
  const out: Array<readonly [number, number]> = [];
  for (const p of list) {
    const key = Math.round(p[0] / cell) * 100_000 + Math.round(p[1] / cell);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** The tile as SVG (256 × 256 px, drawn in tile units). */
export function tileSvg(scene: TileScene): string {
  const countries = scene.base.filter((f) => f.type === 3 && f.tags?.kind === "country");
  const borders = scene.base.filter((f) => f.type === 2 && f.tags?.kind === "state-border");
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_PIXELS}" height="${TILE_PIXELS}" viewBox="0 0 ${EXTENT} ${EXTENT}">`;
  svg += `<rect x="-64" y="-64" width="${EXTENT + 128}" height="${EXTENT + 128}" fill="${COLORS.water}"/>`;
  if (countries.length > 0) {
    // One path per country: its holes (evenodd) stay water.
    for (const f of countries) svg += `<path d="${pathOfRings(rings(f), true)}" fill="${COLORS.land}" fill-rule="evenodd" stroke="${COLORS.countryLine}" stroke-width="${PX}" stroke-linejoin="round"/>`;
  }
  if (borders.length > 0) {
    const d = borders.map((f) => pathOfRings(rings(f), false)).join("");
    svg += `<path d="${d}" fill="none" stroke="${COLORS.stateLine}" stroke-width="${0.8 * PX}" stroke-dasharray="${2.4 * PX} ${1.6 * PX}"/>`;
  }
  for (const layer of scene.layers) svg += layerSvg(layer);
  for (const [x, y] of thinPoints(scene.points)) {
    svg += `<circle cx="${n(x)}" cy="${n(y)}" r="${RECORD_RADIUS_PX * PX}" fill="${COLORS.record}" stroke="#fff" stroke-width="${RECORD_RING_PX * PX}"/>`;
  }
  return `${svg}</svg>`;
}

const MEMO_MAX = 64;
const memo = new Map<string, Buffer>();

/** The PNG of an SVG tile: 256 × 256, RGB, deflate 9 without adaptive filtering (≈ 6 ms a tile, and small). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const key = createHash("sha1").update(svg).digest("base64");
  const hit = memo.get(key);
  if (hit) return hit;
  const { default: sharp } = await import("sharp");
  const png = await sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
  // Only small drawings repeat (a plain sea or an inland tile without a line): keep those.
  if (svg.length < 2000) {
    memo.set(key, png);
    while (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value!);
  }
  return png;
}

/** The tile as a PNG. */
export function renderTile(scene: TileScene): Promise<Buffer> {
  return svgToPng(tileSvg(scene));
}
