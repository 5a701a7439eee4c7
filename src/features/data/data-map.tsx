import { Box, Text } from "@chakra-ui/react";
import type { GeoJSONSource, Map as MapLibreMap, MapGeoJSONFeature, Popup } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import type { MapInfo } from "@/contracts/cca-data";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import type { TemplateLanguage } from "@/contracts/template";
import { fetchRecordSummary } from "@/lib/api/cca-data";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { groupHref } from "@/lib/group-link";
import { recordTitle, valueText } from "./data-values";
import { boundsOf, createMap, maplibregl } from "@/components/map/map-setup";
import { CLUSTER_COLOR, RECORD_COLOR } from "@/components/map/layer-style";
import { layerLegendItems, MapLegend, recordLegendItems } from "@/components/map/map-legend";
import { sendTokenWithLayerRequests, syncNakshaLayers } from "@/components/map/naksha-layers";
import { attachClusterLabels } from "@/components/map/cluster-labels";

export interface DataMapProps {
  points: MapInfo[] | null;
  failed: boolean;
  prefix: string;
  language: TemplateLanguage;
  /** Map layers switched on (`layers=`), drawn under the records in this order. */
  layers: ReadonlyArray<{ layer: NakshaLayer; opacity: number }>;
}

const SOURCE = "records";

function toFeatures(points: readonly MapInfo[]) {
  return {
    type: "FeatureCollection" as const,
    features: points.map((p) => ({ type: "Feature" as const, properties: { id: p.id }, geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] } })),
  };
}

/** The results on a map: clustered points (counts as HTML markers, no glyphs needed), a summary on hover or click. */
export default function DataMap({ points, failed, prefix, language, layers }: DataMapProps) {
  const { t, lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [broken, setBroken] = useState(false);
  const untitled = t("data:list.untitled");
  const texts = useRef({ untitled, cluster: (count: number) => t("data:list.map_cluster", { count }) });
  useEffect(() => {
    texts.current = { untitled, cluster: (count: number) => t("data:list.map_cluster", { count }) };
  }, [untitled, t]);

  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = createMap(container.current, { label: t("data:list.map_label"), lang });
    } catch {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- WebGL unavailable: say so instead of an empty box
      setBroken(true);
      return;
    }
    sendTokenWithLayerRequests(map);
    mapRef.current = map;
    const detachLabels = attachClusterLabels(map, { layer: "clusters", summary: (count) => texts.current.cluster(count) });
    let popup: Popup | null = null;
    let hovered: number | null = null;

    const showSummary = async (id: number, lngLat: [number, number]) => {
      hovered = id;
      const summary = await fetchRecordSummary(await loadBrowserClient(), id, language).catch(() => null);
      if (hovered !== id || !summary) return;
      const root = document.createElement("div");
      const link = document.createElement("a");
      link.href = groupHref(prefix, `/data/show/${id}`);
      link.textContent = recordTitle(summary.titlesValues, language) ?? texts.current.untitled;
      link.style.fontWeight = "600";
      link.style.color = "#285e61";
      root.append(link);
      const titleIds = new Set(summary.titlesValues.map((v) => v.fieldId));
      for (const value of summary.values.filter((v) => !titleIds.has(v.fieldId)).slice(0, 4)) {
        const text = valueText(value, language);
        if (!text) continue;
        const line = document.createElement("div");
        line.style.fontSize = "0.8rem";
        const name = document.createElement("b");
        name.textContent = `${value.name}: `;
        line.append(name, text);
        root.append(line);
      }
      popup?.remove();
      popup = new maplibregl.Popup({ closeButton: true, maxWidth: "260px", offset: 10 }).setLngLat(lngLat).setDOMContent(root).addTo(map);
    };

    map.on("load", () => {
      map.addSource(SOURCE, { type: "geojson", data: toFeatures([]), cluster: true, clusterRadius: 45, clusterMaxZoom: 11 });
      map.addLayer({
        id: "clusters",
        type: "circle",
        source: SOURCE,
        filter: ["has", "point_count"],
        paint: { "circle-color": CLUSTER_COLOR, "circle-opacity": 0.85, "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 50, 24, 200, 30], "circle-stroke-color": "#fff", "circle-stroke-width": 2 },
      });
      map.addLayer({
        id: "points",
        type: "circle",
        source: SOURCE,
        filter: ["!", ["has", "point_count"]],
        paint: { "circle-color": RECORD_COLOR, "circle-radius": 7, "circle-stroke-color": "#fff", "circle-stroke-width": 2 },
      });
      map.on("click", "clusters", (e) => {
        const f = e.features?.[0];
        const clusterId = (f?.properties as { cluster_id?: number } | undefined)?.cluster_id;
        if (!f || clusterId === undefined || f.geometry.type !== "Point") return;
        const center = f.geometry.coordinates as [number, number];
        void (map.getSource(SOURCE) as GeoJSONSource).getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center, zoom }));
      });
      const onPoint = (e: { features?: MapGeoJSONFeature[] }) => {
        const f = e.features?.[0];
        const id = Number((f?.properties as { id?: number } | undefined)?.id);
        if (!f || !Number.isFinite(id) || f.geometry.type !== "Point") return;
        if (hovered === id && popup?.isOpen()) return;
        void showSummary(id, f.geometry.coordinates as [number, number]);
      };
      map.on("mouseenter", "points", (e) => {
        map.getCanvas().style.cursor = "pointer";
        onPoint(e);
      });
      map.on("mouseleave", "points", () => {
        map.getCanvas().style.cursor = "";
      });
      map.on("click", "points", onPoint);
      setReady(true);
    });
    map.on("error", () => undefined);
    return () => {
      detachLabels();
      popup?.remove();
      map.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per mount; texts are read through refs
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !points) return;
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toFeatures(points));
    const bounds = boundsOf(points.map((p) => [p.lng, p.lat]));
    if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 9, duration: 0 });
  }, [ready, points]);

  const added = useRef(new Map<string, NakshaLayer>());
  const [drawn, setDrawn] = useState<string[]>([]);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    setDrawn(syncNakshaLayers(map, added.current, layers, "clusters"));
  }, [ready, layers]);

  return (
    <Box>
      <Box position="relative" h={{ base: "60vh", md: "65vh" }} borderRadius="md" overflow="hidden" borderWidth="1px" bg="#d4e6ee">
        {/* MapLibre makes the canvas a region named "Map of the CCAs found" (its "Map.Title"). */}
        <div ref={container} data-testid="data-map" data-ready={ready ? "true" : "false"} data-layers={drawn.join(",")} style={{ position: "absolute", inset: 0 }} />
        {ready ? (
          <MapLegend
            title={t("data:list.legend.title")}
            layersTitle={t("data:list.map_layers")}
            items={[...recordLegendItems({ cluster: t("data:list.legend.cluster"), point: t("data:list.legend.point") }), ...layerLegendItems(layers.filter((l) => drawn.includes(l.layer.name)).map((l) => l.layer))]}
          />
        ) : null}
      </Box>
      <Text fontSize="sm" color="gray.700" mt={2}>
        {broken || failed ? t("data:list.map_failed") : points && points.length === 0 ? t("data:list.map_no_points") : t("data:list.map_hint")}
      </Text>
    </Box>
  );
}
