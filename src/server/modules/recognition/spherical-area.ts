/**
 * The area of a GeoJSON polygon on the sphere (WGS 84 lon/lat), in km²: the reported area of a site
 * whose record states none (REP_AREA). The spherical excess of each ring by the line-integral formula
 * (Chamberlain and Duquette, "Some algorithms for polygons on a sphere", JPL 2007) on a sphere of the
 * WGS 84 equatorial radius; holes are subtracted, orientation does not matter. Pure.
 */
import type { Geometry, Position } from "geojson";

export const EARTH_RADIUS_M = 6_378_137;
const rad = (d: number) => (d * Math.PI) / 180;

/** The area enclosed by one ring, m² (absolute). */
export function ringAreaM2(ring: readonly Position[]): number {
  const n = ring.length;
  if (n < 4) return 0;
  let total = 0;
  for (let i = 0; i < n - 1; i++) {
    const [lon1, lat1] = ring[i]!;
    const [lon2, lat2] = ring[i + 1]!;
    total += rad(lon2! - lon1!) * (2 + Math.sin(rad(lat1!)) + Math.sin(rad(lat2!)));
  }
  return Math.abs((total * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

const polygonM2 = (rings: readonly (readonly Position[])[]) => rings.reduce((sum, ring, i) => (i === 0 ? sum + ringAreaM2(ring) : sum - ringAreaM2(ring)), 0);

/** The area of a (multi)polygon geometry in km² (0 for anything else). */
export function areaKm2(geometry: Geometry | null | undefined): number {
  if (!geometry) return 0;
  if (geometry.type === "Polygon") return Math.max(0, polygonM2(geometry.coordinates)) / 1e6;
  if (geometry.type === "MultiPolygon") return geometry.coordinates.reduce((sum, p) => sum + Math.max(0, polygonM2(p)), 0) / 1e6;
  if (geometry.type === "GeometryCollection") return geometry.geometries.reduce((sum, g) => sum + areaKm2(g), 0);
  return 0;
}
