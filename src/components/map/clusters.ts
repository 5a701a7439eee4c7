/**
 * Which cluster counts a map shows, without MapLibre (unit-tested): the clusters among the features
 * drawn on screen, and the labels to add and remove to show exactly those.
 */
import type { MapGeoJSONFeature } from "maplibre-gl";

export interface ClusterLabel {
  id: number;
  count: number;
  position: [number, number];
}

/** The clusters among rendered features, once each (a cluster crossing tiles comes back several times). */
export function renderedClusters(features: ReadonlyArray<Pick<MapGeoJSONFeature, "properties" | "geometry">>): ClusterLabel[] {
  const byId = new Map<number, ClusterLabel>();
  for (const f of features) {
    const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number } | null;
    if (!props?.cluster || typeof props.cluster_id !== "number" || f.geometry.type !== "Point" || byId.has(props.cluster_id)) continue;
    const [lng, lat] = f.geometry.coordinates as [number, number];
    byId.set(props.cluster_id, { id: props.cluster_id, count: Number(props.point_count ?? 0), position: [lng, lat] });
  }
  return [...byId.values()];
}

/** What to change so that exactly `wanted` is labelled: labels to add, ids whose label goes. */
export function planClusterLabels(shown: Iterable<number>, wanted: readonly ClusterLabel[]): { add: ClusterLabel[]; remove: number[] } {
  const keep = new Set(wanted.map((c) => c.id));
  const current = new Set(shown);
  return { add: wanted.filter((c) => !current.has(c.id)), remove: [...current].filter((id) => !keep.has(id)) };
}
