/**
 * The MapLibre map of /map (loaded through next/dynamic): the shipped base layer, the layers switched
 * on (vector tiles styled from their legend, or a raster image over its extent) at their opacity,
 * a click on a shape reports its attributes, and every move reports the view (for the address).
 * Unpublished layers (administrators) are fetched with the visitor's token.
 */
import { Box } from "@chakra-ui/react";
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MapInfo } from "@/contracts/cca-data";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import { createMap } from "@/components/map/map-setup";
import { layerSourceId, layerStyleIds, sendTokenWithLayerRequests, syncNakshaLayers } from "@/components/map/naksha-layers";
import { attachClusterLabels } from "@/components/map/cluster-labels";
import { CLUSTER_COLOR, RECORD_COLOR } from "@/components/map/layer-style";
import { layerLegendItems, MapLegend, recordLegendItems } from "@/components/map/map-legend";
import type { MapView } from "./map-url";

export interface ShownLayer {
  layer: NakshaLayer;
  opacity: number;
}

export interface LayerMapProps {
  shown: ShownLayer[];
  initialView: MapView | null;
  /** Increases each time the screen asks to fit a layer: `[minLon, minLat, maxLon, maxLat]`. */
  fit: { bbox: [number, number, number, number]; seq: number } | null;
  onView: (view: MapView) => void;
  onFeature: (hit: { layer: NakshaLayer; properties: Record<string, unknown> } | null) => void;
  /** The CCA records as clustered points (null: switched off). */
  records: MapInfo[] | null;
  onRecord: (id: number | null) => void;
  /** An offline map pack kept in this browser, drawn under the layers while offline (null: none). */
  offlinePack?: OfflinePackTiles | null;
}

/** What the map needs of a saved offline map pack (src/components/map-pack/keep-urls.ts). */
export interface OfflinePackTiles {
  tileUrl: string;
  bbox: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
}

const OFFLINE_PACK = "offline-pack";
/** The base style's own layers (map-setup.ts): the pack's tiles go just above them. */
const BASE_LAYER_IDS = new Set(["background", "land", "country-lines", "state-lines", "tiles"]);

const RECORDS = "records";
const RECORD_LAYERS = ["records-clusters", "records-points"];

function recordFeatures(points: readonly MapInfo[]) {
  return {
    type: "FeatureCollection" as const,
    features: points.map((p) => ({ type: "Feature" as const, properties: { id: p.id }, geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] } })),
  };
}

const sourceId = layerSourceId;
const styleIds = layerStyleIds;

export default function LayerMap({ shown, initialView, fit, onView, onFeature, records, onRecord, offlinePack = null }: LayerMapProps) {
  const { t, lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [broken, setBroken] = useState(false);
  const clusterSummary = useCallback((count: number) => t("map:cluster_summary", { count }), [t]);
  const callbacks = useRef({ onView, onFeature, onRecord, shown, clusterSummary });
  useEffect(() => {
    callbacks.current = { onView, onFeature, onRecord, shown, clusterSummary };
  }, [onView, onFeature, onRecord, shown, clusterSummary]);

  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = createMap(container.current, { label: t("map:title"), lang });
    } catch {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- WebGL unavailable: say so instead of an empty box
      setBroken(true);
      return;
    }
    sendTokenWithLayerRequests(map);
    if (initialView) map.jumpTo({ center: [initialView.lng, initialView.lat], zoom: initialView.zoom });
    mapRef.current = map;
    const detachLabels = attachClusterLabels(map, { layer: RECORD_LAYERS[0]!, summary: (count) => callbacks.current.clusterSummary(count) });
    map.on("moveend", () => {
      const c = map.getCenter();
      callbacks.current.onView({ lng: c.lng, lat: c.lat, zoom: map.getZoom() });
    });
    map.on("click", (e: MapLayerMouseEvent) => {
      // The CCA records first: a cluster zooms in, a point names its record.
      const record = map.getLayer(RECORD_LAYERS[0]!) ? map.queryRenderedFeatures(e.point, { layers: RECORD_LAYERS })[0] : undefined;
      if (record && record.geometry.type === "Point") {
        const props = record.properties as { cluster_id?: number; id?: number };
        const center = record.geometry.coordinates as [number, number];
        if (props.cluster_id !== undefined) void (map.getSource(RECORDS) as GeoJSONSource).getClusterExpansionZoom(props.cluster_id).then((zoom) => map.easeTo({ center, zoom }));
        else if (props.id !== undefined) callbacks.current.onRecord(Number(props.id));
        return;
      }
      const ids = callbacks.current.shown.flatMap(({ layer }) => styleIds(layer).slice(0, 3)).filter((id) => map.getLayer(id));
      const hit = ids.length > 0 ? map.queryRenderedFeatures(e.point, { layers: ids })[0] : undefined;
      const layer = hit ? callbacks.current.shown.find((s) => hit.layer.id.startsWith(`${sourceId(s.layer)}:`))?.layer : undefined;
      callbacks.current.onFeature(hit && layer ? { layer, properties: hit.properties as Record<string, unknown> } : null);
    });
    map.on("mousemove", (e) => {
      const ids = callbacks.current.shown.flatMap(({ layer }) => styleIds(layer).slice(0, 3)).filter((id) => map.getLayer(id));
      if (map.getLayer(RECORD_LAYERS[0]!)) ids.push(...RECORD_LAYERS);
      map.getCanvas().style.cursor = ids.length > 0 && map.queryRenderedFeatures(e.point, { layers: ids }).length > 0 ? "pointer" : "";
    });
    map.on("load", () => setReady(true));
    map.on("error", () => undefined);
    return () => {
      detachLabels();
      map.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per mount; callbacks are read through refs
  }, []);

  // The layers switched on, in order (the last on top), at their opacity.
  const added = useRef(new Map<string, NakshaLayer>());
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    // Under the CCA records, which stay on top.
    syncNakshaLayers(map, added.current, shown, RECORD_LAYERS[0]);
  }, [ready, shown]);

  // A saved offline map pack's tiles (issue 32): above the base outlines, under every layer and the records.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (map.getLayer(OFFLINE_PACK)) map.removeLayer(OFFLINE_PACK);
    if (map.getSource(OFFLINE_PACK)) map.removeSource(OFFLINE_PACK);
    if (!offlinePack) return;
    const tiles = new URL(offlinePack.tileUrl, window.location.origin).toString().replace(/%7B/g, "{").replace(/%7D/g, "}");
    map.addSource(OFFLINE_PACK, { type: "raster", tiles: [tiles], tileSize: 256, minzoom: offlinePack.minZoom, maxzoom: offlinePack.maxZoom, bounds: offlinePack.bbox });
    const above = map.getStyle().layers.find((l) => !BASE_LAYER_IDS.has(l.id))?.id;
    map.addLayer({ id: OFFLINE_PACK, type: "raster", source: OFFLINE_PACK }, above);
  }, [ready, offlinePack]);

  // The records, clustered, above every layer.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (!records) {
      for (const id of RECORD_LAYERS) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(RECORDS)) map.removeSource(RECORDS);
      return;
    }
    const source = map.getSource(RECORDS) as GeoJSONSource | undefined;
    if (source) {
      source.setData(recordFeatures(records));
      return;
    }
    map.addSource(RECORDS, { type: "geojson", data: recordFeatures(records), cluster: true, clusterRadius: 45, clusterMaxZoom: 11 });
    map.addLayer({
      id: RECORD_LAYERS[0]!,
      type: "circle",
      source: RECORDS,
      filter: ["has", "point_count"],
      paint: { "circle-color": CLUSTER_COLOR, "circle-opacity": 0.85, "circle-radius": ["step", ["get", "point_count"], 12, 10, 16, 50, 22], "circle-stroke-color": "#fff", "circle-stroke-width": 2 },
    });
    map.addLayer({
      id: RECORD_LAYERS[1]!,
      type: "circle",
      source: RECORDS,
      filter: ["!", ["has", "point_count"]],
      paint: { "circle-color": RECORD_COLOR, "circle-radius": 6, "circle-stroke-color": "#fff", "circle-stroke-width": 2 },
    });
  }, [ready, records]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !fit) return;
    const [w, s, e, n] = fit.bbox;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, maxZoom: 13, duration: 0 },
    );
  }, [ready, fit]);

  return (
    <Box position="relative" h="100%" minH={{ base: "55vh", md: "0" }} bg="#d4e6ee">
      {/* MapLibre makes the canvas a focusable region named by "Map.Title"; arrow keys pan, + and − zoom. */}
      <div ref={container} data-testid="layer-map" data-ready={ready ? "true" : "false"} style={{ position: "absolute", inset: 0 }} />
      {ready ? (
        <MapLegend
          title={t("map:legend")}
          layersTitle={t("map:layers")}
          items={[...(records ? recordLegendItems({ cluster: t("map:legend_cluster"), point: t("map:legend_point") }) : []), ...layerLegendItems(shown.map((s) => s.layer))]}
        />
      ) : null}
      {broken ? (
        <Box position="absolute" inset={0} display="flex" alignItems="center" justifyContent="center" p={4} textAlign="center">
          {t("map:load_error")}
        </Box>
      ) : null}
    </Box>
  );
}

