import type { GeoJSONSourceSpecification, Map as MapLibreMap } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef } from "react";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { createMap, POINT_COLOR } from "@/components/map/map-setup";
import { boundsOf } from "@/components/map/mercator";

function positions(value: unknown, out: Array<[number, number]> = []): Array<[number, number]> {
  if (Array.isArray(value) && value.length >= 2 && typeof value[0] === "number" && typeof value[1] === "number") out.push([value[0], value[1]]);
  else if (Array.isArray(value)) for (const v of value) positions(v, out);
  return out;
}

/** The record's geometry (areas, lines, points) over the built-in base layer, fitted to it. */
export default function RecordMap({ geometry, label }: { geometry: GeoFeatureCollection; label: string }) {
  const { lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = createMap(container.current, { label, lang });
    } catch {
      return;
    }
    map.on("load", () => {
      map.addSource("record", { type: "geojson", data: geometry as unknown as GeoJSONSourceSpecification["data"] });
      map.addLayer({ id: "record-fill", type: "fill", source: "record", filter: ["==", ["geometry-type"], "Polygon"], paint: { "fill-color": POINT_COLOR, "fill-opacity": 0.3 } });
      map.addLayer({ id: "record-line", type: "line", source: "record", filter: ["!=", ["geometry-type"], "Point"], paint: { "line-color": POINT_COLOR, "line-width": 2 } });
      map.addLayer({ id: "record-point", type: "circle", source: "record", filter: ["==", ["geometry-type"], "Point"], paint: { "circle-color": "#dd6b20", "circle-radius": 7, "circle-stroke-color": "#fff", "circle-stroke-width": 2 } });
      const bounds = boundsOf(positions(geometry.features.map((f) => f.geometry?.coordinates)));
      if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 12, duration: 0 });
    });
    return () => map.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per mount
  }, []);
  // MapLibre makes the canvas a region named by `label` (its "Map.Title").
  return <div ref={container} style={{ position: "absolute", inset: 0 }} />;
}
