import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { boundsOf, project } from "./mercator";

/**
 * A drawing of a record's geometry (areas, lines, points) in Web Mercator, fitted to its box: what the
 * record page shows until its interactive map starts (src/lib/start-on-intent.ts). Drawn on the server, no
 * script. Colours are the interactive map's (map-setup.ts), kept here so this file never pulls MapLibre in.
 */
const LAND = "#f4f2ec";
const AREA = "#2c7a7b";
const POINT = "#dd6b20";
const WIDTH = 400;
const HEIGHT = 240;
/** The smallest span shown (world pixels at zoom 0, about 0.2° of longitude), so a lone point sits in some surroundings. */
const MIN_SPAN = 0.28;

type Position = [number, number];

const isPosition = (value: unknown): value is Position => Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "number";

function rings(coordinates: unknown, depth: number): Position[][] {
  if (!Array.isArray(coordinates)) return [];
  if (depth === 0) return [coordinates.filter(isPosition)];
  return coordinates.flatMap((c) => rings(c, depth - 1));
}

interface Shape {
  kind: "area" | "line" | "point";
  parts: Position[][];
}

function shapesOf(geometry: { type: string; coordinates: unknown }): Shape[] {
  switch (geometry.type) {
    case "Point":
      return isPosition(geometry.coordinates) ? [{ kind: "point", parts: [[geometry.coordinates]] }] : [];
    case "MultiPoint":
      return [{ kind: "point", parts: rings(geometry.coordinates, 0).flat().map((p) => [p]) }];
    case "LineString":
      return [{ kind: "line", parts: rings(geometry.coordinates, 0) }];
    case "MultiLineString":
      return [{ kind: "line", parts: rings(geometry.coordinates, 1) }];
    case "Polygon":
      return [{ kind: "area", parts: rings(geometry.coordinates, 1) }];
    case "MultiPolygon":
      return [{ kind: "area", parts: rings(geometry.coordinates, 2) }];
    default:
      return [];
  }
}

/** The shapes projected into a WIDTH × HEIGHT box (the geometry's box, padded, centred), or null for none. */
export function projectGeometry(collection: GeoFeatureCollection): Array<{ kind: Shape["kind"]; parts: Position[][] }> | null {
  const shapes = collection.features.flatMap((f) => (f.geometry ? shapesOf(f.geometry) : []));
  const all = shapes.flatMap((s) => s.parts.flat()).map(project);
  const box = boundsOf(all);
  if (!box) return null;
  const [[minX, minY], [maxX, maxY]] = box;
  const span = Math.max(maxX - minX, ((maxY - minY) * WIDTH) / HEIGHT, MIN_SPAN) * 1.25;
  const scale = WIDTH / span;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const place = (position: Position): Position => {
    const [x, y] = project(position);
    return [Math.round(((x - cx) * scale + WIDTH / 2) * 10) / 10, Math.round(((y - cy) * scale + HEIGHT / 2) * 10) / 10];
  };
  return shapes.map((s) => ({ kind: s.kind, parts: s.parts.map((part) => part.map(place)) }));
}

const pathOf = (parts: Position[][], closed: boolean) => parts.map((part) => `M${part.map(([x, y]) => `${x} ${y}`).join("L")}${closed ? "Z" : ""}`).join("");

export function GeometryPreview({ geometry }: { geometry: GeoFeatureCollection }) {
  const shapes = projectGeometry(geometry) ?? [];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="xMidYMid meet" width="100%" height="100%" aria-hidden="true" focusable="false" style={{ position: "absolute", inset: 0, background: LAND }}>
      {shapes.map((shape, i) =>
        shape.kind === "point" ? (
          shape.parts.map(([p], j) => (p ? <circle key={`${i}-${j}`} cx={p[0]} cy={p[1]} r={6} fill={POINT} stroke="#fff" strokeWidth={2} /> : null))
        ) : (
          <path key={i} d={pathOf(shape.parts, shape.kind === "area")} fill={shape.kind === "area" ? AREA : "none"} fillOpacity={0.3} fillRule="evenodd" stroke={AREA} strokeWidth={2} vectorEffect="non-scaling-stroke" />
        ),
      )}
    </svg>
  );
}
