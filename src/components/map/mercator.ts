/**
 * Web Mercator as MapLibre draws it, for what the portal draws without MapLibre: the base layer's
 * picture (public/map/south-asia.svg, scripts/map-preview-svg.ts) and where it sits under a view
 * (base-map-preview.tsx). Pure, no MapLibre.
 */

/** The world's width in pixels at zoom 0 (MapLibre's tiles are 512 px). */
export const WORLD = 512;
/** The zoom of a map's first view when nothing else sets it (map-setup.ts `createMap`). */
export const DEFAULT_MAP_ZOOM = 3.3;
/** The base layer's box, [west, south, east, north] in degrees (scripts/map-base-layer.mjs crops to it). */
export const BASE_BOX = [55, -2, 105, 42] as const;
/** Drawing units of the picture per world pixel at zoom 0: positions are whole units. */
export const PICTURE_UNITS = 100;

export type LngLat = readonly [number, number];

/** [lng, lat] → pixels of the world at zoom 0, from its top left corner (north up). */
export function project([lng, lat]: LngLat): [number, number] {
  const x = ((lng + 180) / 360) * WORLD;
  const clamped = Math.max(-85.05, Math.min(85.05, lat));
  const y = ((1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2) * WORLD;
  return [x, y];
}

/** The base layer's box in world pixels at zoom 0: [left, top, width, height]. */
export function baseBoxPixels(): [number, number, number, number] {
  const [left, top] = project([BASE_BOX[0], BASE_BOX[3]]);
  const [right, bottom] = project([BASE_BOX[2], BASE_BOX[1]]);
  return [left, top, right - left, bottom - top];
}

/**
 * Where the base layer's picture sits in a map container centred on `view` at its zoom, as MapLibre
 * would draw it: offsets from the container's centre and the size, in CSS pixels.
 */
export function basePicturePlacement(view: { lng: number; lat: number; zoom: number }): { dx: number; dy: number; width: number; height: number } {
  const scale = 2 ** view.zoom;
  const [left, top, width, height] = baseBoxPixels();
  const [cx, cy] = project([view.lng, view.lat]);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { dx: round((left - cx) * scale), dy: round((top - cy) * scale), width: round(width * scale), height: round(height * scale) };
}

/** The smallest box around these positions ([lng, lat], or projected [x, y]): [[min x, min y], [max x, max y]], or null for none. */
export function boundsOf(positions: ReadonlyArray<readonly [number, number]>): [[number, number], [number, number]] | null {
  if (positions.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positions) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [
    [minX, minY],
    [maxX, maxY],
  ];
}
