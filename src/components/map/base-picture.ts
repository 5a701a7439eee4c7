import { baseBoxPixels, PICTURE_UNITS, project, type LngLat } from "./mercator";

/**
 * The base layer (public/map/south-asia.json) drawn as the interactive map draws it — water, land,
 * country lines, dashed state borders (map-setup.ts) — as an SVG document in Web Mercator, its box the
 * layer's own. Written to public/map/south-asia.svg by scripts/map-preview-svg.ts; screens show it
 * until their map starts (base-map-preview.tsx).
 */
interface BaseLayer {
  features: Array<{ properties: { kind?: string } | null; geometry: { type: string; coordinates: unknown } }>;
}

const WATER = "#d4e6ee";
const LAND = "#f4f2ec";

const unit = (n: number) => Math.round(n * PICTURE_UNITS);

/** Lines as one path: whole units, each step written as a move from the last point. */
function pathOf(lines: LngLat[][], closed: boolean): string {
  const [left, top] = baseBoxPixels();
  let d = "";
  for (const line of lines) {
    let part = "";
    let last: [number, number] | null = null;
    for (const position of line) {
      const [x, y] = project(position);
      const point: [number, number] = [unit(x - left), unit(y - top)];
      if (last === null) part = `M${point[0]} ${point[1]}`;
      else if (point[0] !== last[0] || point[1] !== last[1]) part += `l${point[0] - last[0]} ${point[1] - last[1]}`;
      else continue;
      last = point;
    }
    d += part + (closed && part ? "z" : "");
  }
  return d.replace(/ -/g, "-");
}

function ringsOf(geometry: { type: string; coordinates: unknown }): LngLat[][] {
  if (geometry.type === "Polygon") return geometry.coordinates as LngLat[][];
  if (geometry.type === "MultiPolygon") return (geometry.coordinates as LngLat[][][]).flat();
  return [];
}

function linesOf(geometry: { type: string; coordinates: unknown }): LngLat[][] {
  if (geometry.type === "LineString") return [geometry.coordinates as LngLat[]];
  if (geometry.type === "MultiLineString") return geometry.coordinates as LngLat[][];
  return [];
}

export function basePictureSvg(layer: BaseLayer): string {
  const [, , width, height] = baseBoxPixels();
  const land = pathOf(layer.features.filter((f) => f.properties?.kind === "country").flatMap((f) => ringsOf(f.geometry)), true);
  const states = pathOf(layer.features.filter((f) => f.properties?.kind === "state-border").flatMap((f) => linesOf(f.geometry)), false);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${unit(width)} ${unit(height)}" preserveAspectRatio="none">`,
    `<rect width="100%" height="100%" fill="${WATER}"/>`,
    `<path d="${land}" fill="${LAND}" fill-rule="evenodd" stroke="#8a8f98" stroke-width="1" vector-effect="non-scaling-stroke"/>`,
    `<path d="${states}" fill="none" stroke="#a9adb5" stroke-width="0.8" stroke-dasharray="3 2" vector-effect="non-scaling-stroke"/>`,
    `</svg>`,
    "",
  ].join("\n");
}
