/**
 * `GET nakshaIntegrator-api/api/layer/places?q=&limit=`: states, districts and tahsils of India found
 * by name, offline (GeoNames, CC BY 4.0), for the boundary drawing map. Pure: no server or browser imports.
 */

export const PLACE_KINDS = ["state", "district", "tahsil"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The longest query the endpoint reads. */
export const PLACE_QUERY_MAX = 100;
/** Answers per search: the default and the most a caller may ask for. */
export const PLACE_LIMIT_DEFAULT = 8;
export const PLACE_LIMIT_MAX = 20;

export interface PlaceMatch {
  kind: PlaceKind;
  name: string;
  /** The state of a district or tahsil; null for a state. */
  state: string | null;
  /** The district of a tahsil; null otherwise. */
  district: string | null;
  /** `[minLon, minLat, maxLon, maxLat]` around the GeoNames towns of the place. */
  bbox: [number, number, number, number];
}
