/**
 * The records of a map, clustered on the server per view (issue 35: `data/search/map/clusters`): the map
 * asks for what it shows (its zoom, its box widened by half a view each way) after every move, and draws
 * the answer as it drew MapLibre's own clusters (`point_count`, `cluster_id` on a cluster, `id` on a
 * record). A phone downloads one view's clusters instead of every point of the match. Imported only by
 * map parts, which load through next/dynamic.
 */
import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";
import type { MapClusters } from "@/contracts/cca-data";

/** The answer as features: clusters with MapLibre's cluster properties (and `expansion_zoom`), records with their id. */
export function clusterFeatures(answer: Pick<MapClusters, "clusters" | "points"> | null) {
  return {
    type: "FeatureCollection" as const,
    features: [
      ...(answer?.clusters ?? []).map((c) => ({
        type: "Feature" as const,
        properties: { cluster: true, cluster_id: c.id, point_count: c.count, expansion_zoom: c.expansionZoom },
        geometry: { type: "Point" as const, coordinates: [c.lng, c.lat] },
      })),
      ...(answer?.points ?? []).map((p) => ({ type: "Feature" as const, properties: { id: p.id }, geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] } })),
    ],
  };
}

/** The map's view as a request: its zoom and its box widened by half a view each way, inside the world. */
export function viewOf(map: MapLibreMap): { zoom: number; bbox: [number, number, number, number] } {
  const b = map.getBounds();
  const [w, s, e, n] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  const dx = (e - w) / 2;
  const dy = (n - s) / 2;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return { zoom: map.getZoom(), bbox: [clamp(w - dx, 180), clamp(s - dy, 85), clamp(e + dx, 180), clamp(n + dy, 85)] };
}

export interface RecordClusterOptions {
  /** The GeoJSON source (not clustered) the answers are drawn into. */
  source: string;
  /** Asks the server for a view (the caller's query added). */
  load: (view: { zoom: number; bbox: [number, number, number, number] }) => Promise<MapClusters>;
  /** Each answer drawn, or null when a request failed. */
  onAnswer: (answer: MapClusters | null) => void;
  /** A first answer for a new question: the map may move to its bounds (true when it did; the moved view is asked next). */
  fit?: (bounds: NonNullable<MapClusters["bounds"]>) => boolean;
}

/**
 * Keeps the source filled with the clusters of the map's view. `ask()` starts over (a new question: the
 * first answer may move the map to its bounds). While a request is out, `data-map-pending` on the map's
 * container keeps `data-map-idle` false (map-setup.ts). Returns `ask` and the clean-up.
 */
export function attachRecordClusters(map: MapLibreMap, options: RecordClusterOptions): { ask: () => void; detach: () => void } {
  const container = map.getContainer();
  let sequence = 0;
  let fitted = true;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const request = () => {
    const mine = ++sequence;
    container.dataset.mapPending = "true";
    container.setAttribute("data-map-idle", "false");
    const done = () => {
      if (mine !== sequence) return;
      delete container.dataset.mapPending;
      // Nothing else may be loading: a repaint lets MapLibre say it is idle again.
      map.triggerRepaint();
    };
    options.load(viewOf(map)).then(
      (answer) => {
        if (mine !== sequence) return;
        if (!fitted) {
          fitted = true;
          if (answer.bounds && options.fit?.(answer.bounds)) return; // the move asks again
        }
        (map.getSource(options.source) as GeoJSONSource | undefined)?.setData(clusterFeatures(answer));
        options.onAnswer(answer);
        done();
      },
      () => {
        if (mine !== sequence) return;
        options.onAnswer(null);
        done();
      },
    );
  };
  const onMoveEnd = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(request, 60);
  };
  map.on("moveend", onMoveEnd);
  return {
    ask: () => {
      fitted = false;
      if (timer) clearTimeout(timer);
      request();
    },
    detach: () => {
      sequence++;
      if (timer) clearTimeout(timer);
      map.off("moveend", onMoveEnd);
      delete container.dataset.mapPending;
    },
  };
}
