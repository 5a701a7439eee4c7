/**
 * The upload wizard's map (loaded through next/dynamic): the files' shapes as the preview read them,
 * and the layer's extent as a dashed box (a GeoTIFF shows its extent only), on the shipped base layer,
 * zoomed to the extent.
 */
import { Box } from "@chakra-ui/react";
import type { Map as MapLibreMap } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import { createMap } from "@/components/map/map-setup";
import type { LayerPreview } from "@/contracts/naksha-layer";

export interface LayerPreviewMapProps {
  preview: Pick<LayerPreview, "bbox" | "shapes">;
}

const COLOR = "#2b6cb0";
// `geometry-type` names multi-geometries "Multi…" in recent MapLibre versions, the single kind in older ones.
const POLYGONS = ["in", ["geometry-type"], ["literal", ["Polygon", "MultiPolygon"]]] as never;
const POINTS = ["in", ["geometry-type"], ["literal", ["Point", "MultiPoint"]]] as never;

function extentOf([w, s, e, n]: [number, number, number, number]) {
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
  return { type: "Feature" as const, properties: {}, geometry: { type: "LineString" as const, coordinates: ring } };
}

export default function LayerPreviewMap({ preview }: LayerPreviewMapProps) {
  const { t, lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = createMap(container.current, { label: t("map:create.preview_map"), lang });
    } catch {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- WebGL unavailable: say so instead of an empty box
      setBroken(true);
      return;
    }
    const [w, s, e, n] = preview.bbox;
    map.on("load", () => {
      map.addSource("preview", { type: "geojson", data: preview.shapes as never });
      map.addSource("extent", { type: "geojson", data: extentOf(preview.bbox) });
      map.addLayer({ id: "preview-fill", type: "fill", source: "preview", filter: POLYGONS, paint: { "fill-color": COLOR, "fill-opacity": 0.35 } });
      map.addLayer({ id: "preview-line", type: "line", source: "preview", filter: ["!", POINTS] as never, paint: { "line-color": COLOR, "line-width": 1.2 } });
      map.addLayer({
        id: "preview-point",
        type: "circle",
        source: "preview",
        filter: POINTS,
        paint: { "circle-color": COLOR, "circle-radius": 4, "circle-stroke-color": "#fff", "circle-stroke-width": 1 },
      });
      map.addLayer({ id: "preview-extent", type: "line", source: "extent", paint: { "line-color": "#c05621", "line-width": 1.5, "line-dasharray": [2, 2] } });
      map.fitBounds(
        [
          [w, s],
          [e, n],
        ],
        { padding: 24, maxZoom: 13, duration: 0 },
      );
      setReady(true);
    });
    map.on("error", () => undefined);
    return () => map.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per preview (the screen remounts it with a key)
  }, []);

  return (
    <Box position="relative" h={{ base: "16rem", md: "20rem" }} borderRadius="md" overflow="hidden" bg="#d4e6ee">
      <div ref={container} data-testid="preview-map" data-ready={ready ? "true" : "false"} style={{ position: "absolute", inset: 0 }} />
      {broken ? (
        <Box position="absolute" inset={0} display="flex" alignItems="center" justifyContent="center" p={4} textAlign="center">
          {t("map:load_error")}
        </Box>
      ) : null}
    </Box>
  );
}
