import { Box, Text } from "@chakra-ui/react";
import type { Map as MapLibreMap, MapGeoJSONFeature, Popup } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import type { TemplateLanguage } from "@/contracts/template";
import { fetchRecordClusters, fetchRecordSummary, type DataQueryParams } from "@/lib/api/cca-data";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { groupHref } from "@/lib/group-link";
import { recordTitle, valueText } from "./data-values";
import { createMap, maplibregl } from "@/components/map/map-setup";
import { CLUSTER_COLOR, RECORD_COLOR } from "@/components/map/layer-style";
import { layerLegendItems, MapLegend, recordLegendItems } from "@/components/map/map-legend";
import { sendTokenWithLayerRequests, syncNakshaLayers } from "@/components/map/naksha-layers";
import { attachClusterLabels } from "@/components/map/cluster-labels";
import { attachRecordClusters, clusterFeatures } from "@/components/map/record-clusters";

export interface DataMapProps {
  /** The data query of the results (the map asks the server for the clusters of its view with it). */
  params: DataQueryParams;
  /** Names the question: a new one asks again and fits the map to its records. */
  question: string;
  prefix: string;
  language: TemplateLanguage;
  /** Map layers switched on (`layers=`), drawn under the records in this order. */
  layers: ReadonlyArray<{ layer: NakshaLayer; opacity: number }>;
}

const SOURCE = "records";

/**
 * The results on a map: clusters of the view computed by the server (issue 35; counts as HTML markers,
 * no glyphs needed), a summary on hover or click.
 */
export default function DataMap({ params, question, prefix, language, layers }: DataMapProps) {
  const { t, lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [broken, setBroken] = useState(false);
  // The last answer's total (null before one), or "failed".
  const [shown, setShown] = useState<number | "failed" | null>(null);
  const records = useRef<{ ask: () => void; detach: () => void } | null>(null);
  const paramsRef = useRef(params);
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
      // Clustered by the server (record-clusters.ts) as MapLibre clustered it before (radius 45, last zoom 11).
      map.addSource(SOURCE, { type: "geojson", data: clusterFeatures(null) });
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
        const zoom = Number((f?.properties as { expansion_zoom?: number } | undefined)?.expansion_zoom);
        if (!f || !Number.isFinite(zoom) || f.geometry.type !== "Point") return;
        const center = f.geometry.coordinates as [number, number];
        map.easeTo({ center, zoom });
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
      records.current = attachRecordClusters(map, {
        source: SOURCE,
        load: async (view) => fetchRecordClusters(await loadBrowserClient(), paramsRef.current, view),
        onAnswer: (answer) => setShown(answer === null ? "failed" : answer.total),
        fit: (bounds) => {
          const before = `${map.getCenter().toArray().join()} ${map.getZoom()}`;
          map.fitBounds([bounds[0], bounds[1], bounds[2], bounds[3]], { padding: 40, maxZoom: 9, duration: 0 });
          return `${map.getCenter().toArray().join()} ${map.getZoom()}` !== before;
        },
      });
      setReady(true);
    });
    map.on("error", () => undefined);
    return () => {
      records.current?.detach();
      records.current = null;
      detachLabels();
      popup?.remove();
      map.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per mount; texts are read through refs
  }, []);

  // Each question: asked for the map's view, then the map fits its records and asks for that view.
  useEffect(() => {
    paramsRef.current = params;
  }, [params]);
  useEffect(() => {
    if (!ready) return;
    records.current?.ask();
  }, [ready, question]);

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
        {broken || shown === "failed" ? t("data:list.map_failed") : shown === 0 ? t("data:list.map_no_points") : t("data:list.map_hint")}
      </Text>
    </Box>
  );
}
