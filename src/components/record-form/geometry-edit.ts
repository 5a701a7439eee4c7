/**
 * Corner editing of drawn shapes, without MapLibre so it can be unit-tested: the editable corners
 * of a geometry (a polygon's outer ring without its closing corner), and the geometry rebuilt from
 * moved or removed corners, refusing results that are no longer valid shapes.
 */
import type { GeoFeatureCollection } from "@/contracts/cca-data";

export type Position = [number, number];
export type Feature = GeoFeatureCollection["features"][number];

const isPosition = (p: unknown): p is Position => Array.isArray(p) && p.length >= 2 && typeof p[0] === "number" && typeof p[1] === "number";
const positions = (list: unknown): Position[] | null => (Array.isArray(list) && list.every(isPosition) ? list.map((p) => [p[0], p[1]] as Position) : null);
const distinct = (list: Position[]): number => new Set(list.map((p) => `${p[0]},${p[1]}`)).size;

/** Corners that can be dragged or removed: points, lines and polygons (outer ring); null for other geometries. */
export function editableCorners(geometry: Feature["geometry"]): Position[] | null {
  if (!geometry) return null;
  const c = geometry.coordinates;
  switch (geometry.type) {
    case "Point":
      return isPosition(c) ? [[c[0], c[1]]] : null;
    case "MultiPoint":
    case "LineString":
      return positions(c);
    case "Polygon": {
      const ring = Array.isArray(c) ? positions(c[0]) : null;
      if (!ring || ring.length < 4) return null;
      const [first, last] = [ring[0]!, ring[ring.length - 1]!];
      return first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
    }
    default:
      return null;
  }
}

/** The fewest corners a shape of this geometry type keeps. */
export function minCorners(type: string): number {
  return type === "Polygon" ? 3 : type === "LineString" ? 2 : 1;
}

/** The feature with its corners replaced; null when the result is not a valid shape (too few distinct corners). */
export function withCorners(feature: Feature, corners: Position[]): Feature | null {
  const g = feature.geometry;
  if (!g || editableCorners(g) === null) return null;
  if (g.type === "Point" && corners.length !== 1) return null;
  if (distinct(corners) < minCorners(g.type) || corners.length < minCorners(g.type)) return null;
  let coordinates: unknown = corners;
  if (g.type === "Point") coordinates = corners[0];
  if (g.type === "Polygon") coordinates = [[...corners, corners[0]!], ...(g.coordinates as unknown[]).slice(1)];
  return { ...feature, geometry: { type: g.type, coordinates } };
}

export const moveCorner = (corners: Position[], i: number, to: Position): Position[] => corners.map((p, j) => (j === i ? to : p));
export const removeCorner = (corners: Position[], i: number): Position[] => corners.filter((_, j) => j !== i);

const ringCorners = (ring: unknown): number => {
  const list = positions(ring);
  if (!list || list.length === 0) return 0;
  const [first, last] = [list[0]!, list[list.length - 1]!];
  return list.length > 1 && first[0] === last[0] && first[1] === last[1] ? list.length - 1 : list.length;
};

/**
 * How many corners (polygons) or points (lines, points) a person counts on a shape: a closed ring's
 * last position repeats its first and is not a corner; a polygon's holes are not counted.
 */
export function cornerCount(geometry: Feature["geometry"] | null | undefined): number {
  if (!geometry) return 0;
  const c = geometry.coordinates as unknown;
  switch (geometry.type) {
    case "Point":
      return isPosition(c) ? 1 : 0;
    case "MultiPoint":
    case "LineString":
      return positions(c)?.length ?? 0;
    case "MultiLineString":
      return Array.isArray(c) ? c.reduce((n: number, line) => n + (positions(line)?.length ?? 0), 0) : 0;
    case "Polygon":
      return Array.isArray(c) ? ringCorners(c[0]) : 0;
    case "MultiPolygon":
      return Array.isArray(c) ? c.reduce((n: number, polygon) => n + (Array.isArray(polygon) ? ringCorners(polygon[0]) : 0), 0) : 0;
    default:
      return 0;
  }
}

/**
 * What to tell a person drawing a shape of `kind` with `count` corners so far: how to start, how many
 * more a shape needs, or that it can be finished. A key under `participate.geometry` of the template namespace,
 * and its count.
 */
export function sketchGuide(kind: "Point" | "LineString" | "Polygon", count: number): { key: string; count: number } {
  if (count === 0) return { key: kind === "Polygon" ? "start_polygon" : kind === "LineString" ? "start_line" : "start_point", count };
  if (kind === "Polygon") return { key: count < 3 ? "sketch_polygon" : "sketch_ready", count };
  if (kind === "LineString") return { key: count < 2 ? "sketch_line" : "sketch_points", count };
  return { key: "sketch_points", count };
}
