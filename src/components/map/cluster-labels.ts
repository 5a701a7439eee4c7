/**
 * Counts on clustered points without glyphs: an HTML label over each cluster drawn on screen, and a
 * short summary ("12 CCAs here: zoom in") when the pointer rests on one. Shared by the data list's map
 * and /map; imported only by map parts, which load through next/dynamic.
 *
 * The labels follow what is rendered (`queryRenderedFeatures`), not what the source holds: after a
 * zoom the source still keeps the previous zoom's tiles for a while, and their clusters would leave
 * their counts on screen where no cluster is drawn any more.
 */
import type { Map as MapLibreMap, MapGeoJSONFeature, Marker, Popup } from "maplibre-gl";
import { planClusterLabels, renderedClusters } from "./clusters";
import { maplibregl } from "./map-setup";

export interface ClusterLabelOptions {
  /** The circle layer that draws the clusters. */
  layer: string;
  /** The summary shown on hover, e.g. "12 CCAs here: zoom in". */
  summary: (count: number) => string;
}

/**
 * Keeps count labels on the clusters of `options.layer` and a summary on hover. Labels are dropped when
 * a zoom starts (the clusters change) and redrawn when the map is idle. Returns the clean-up.
 */
export function attachClusterLabels(map: MapLibreMap, options: ClusterLabelOptions): () => void {
  const markers = new Map<number, Marker>();
  let popup: Popup | null = null;

  const clear = () => {
    for (const marker of markers.values()) marker.remove();
    markers.clear();
  };
  const update = () => {
    const rendered = map.getLayer(options.layer) ? renderedClusters(map.queryRenderedFeatures({ layers: [options.layer] })) : [];
    const { add, remove } = planClusterLabels(markers.keys(), rendered);
    for (const id of remove) {
      markers.get(id)?.remove();
      markers.delete(id);
    }
    for (const cluster of add) {
      const el = document.createElement("span");
      el.textContent = String(cluster.count);
      el.className = "cca-cluster-count";
      el.setAttribute("aria-hidden", "true");
      el.style.cssText = "color:#fff;font-weight:600;font-size:12px;pointer-events:none";
      markers.set(cluster.id, new maplibregl.Marker({ element: el }).setLngLat(cluster.position).addTo(map));
    }
    // The zoom the labels were drawn for: tests wait for it after a zoom.
    map.getContainer().dataset.labelledZoom = map.getZoom().toFixed(2);
  };
  const onEnter = (e: { features?: MapGeoJSONFeature[] }) => {
    map.getCanvas().style.cursor = "pointer";
    const [cluster] = renderedClusters(e.features ?? []);
    if (!cluster) return;
    popup?.remove();
    popup = new maplibregl.Popup({ closeButton: false, closeOnClick: true, offset: 16, className: "cca-cluster-summary" }).setLngLat(cluster.position).setText(options.summary(cluster.count)).addTo(map);
  };
  const onLeave = () => {
    map.getCanvas().style.cursor = "";
    popup?.remove();
    popup = null;
  };

  map.on("zoomstart", clear);
  map.on("idle", update);
  map.on("mouseenter", options.layer, onEnter);
  map.on("mouseleave", options.layer, onLeave);
  return () => {
    map.off("zoomstart", clear);
    map.off("idle", update);
    map.off("mouseenter", options.layer, onEnter);
    map.off("mouseleave", options.layer, onLeave);
    popup?.remove();
    clear();
  };
}
