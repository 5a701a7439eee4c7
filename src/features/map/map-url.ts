/**
 * The address of /map mirrors what it shows: `?layers=a,b` (the layers switched on, in order) and
 * `v=lng,lat,zoom` (the view), so a shared link opens the same map. Pure: used by the server loader and
 * the screen.
 */
import { parseLayerList } from "@/contracts/naksha-layer";

export interface MapView {
  lng: number;
  lat: number;
  zoom: number;
}

export interface MapUrlState {
  layers: string[];
  view: MapView | null;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Reads `layers` and `v` from a query; anything malformed is ignored. */
export function parseMapQuery(query: Record<string, string | string[] | undefined>): MapUrlState {
  const layers = parseLayerList(first(query.layers));
  const parts = (first(query.v) ?? "").split(",").map(Number);
  const [lng, lat, zoom] = parts;
  const view =
    parts.length === 3 && [lng, lat, zoom].every((n) => Number.isFinite(n)) && Math.abs(lng!) <= 180 && Math.abs(lat!) <= 85 && zoom! >= 0 && zoom! <= 22
      ? { lng: lng!, lat: lat!, zoom: zoom! }
      : null;
  return { layers, view };
}

/** The query of a map state: layers first, then the view rounded to what a person can tell apart. */
export function mapQuery(state: MapUrlState): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.layers.length > 0) query.layers = state.layers.join(",");
  if (state.view) query.v = [state.view.lng.toFixed(4), state.view.lat.toFixed(4), state.view.zoom.toFixed(2)].join(",");
  return query;
}

/** Adds or removes a layer, keeping the order layers were switched on in. */
export function toggleLayer(layers: readonly string[], name: string): string[] {
  return layers.includes(name) ? layers.filter((l) => l !== name) : [...layers, name];
}
