/**
 * Drawing shapes with a pointer on the data screens' MapLibre base map (no internet: the shipped
 * outlines). Loaded through next/dynamic by GeometryInput, so only forms with a geometry field load
 * MapLibre. Clicks add corners to a sketch; "Finish shape" hands it to the form as a feature.
 * Corners of the sketch, or of a finished shape chosen for editing (its edge clicked, or "Edit
 * corners" in the list), can be dragged, or selected and removed (button or Delete key); a change
 * that would leave too few distinct corners is refused. Typed coordinates stay the keyboard path.
 */
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from "maplibre-gl";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { createMap } from "@/components/map/map-setup";
import { editableCorners, minCorners, moveCorner, removeCorner, sketchGuide, withCorners, type Feature, type Position } from "./geometry-edit";
import type { GeometryKind } from "./geometry-parse";
import type { PlaceMatch } from "@/contracts/place-search";
import { findState, PlaceFinder } from "./place-finder";

function sketchFeature(kind: GeometryKind, sketch: Position[]): Feature | null {
  if (kind === "Point") return sketch.length === 1 ? { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: sketch[0] } } : sketch.length > 1 ? { type: "Feature", properties: {}, geometry: { type: "MultiPoint", coordinates: sketch } } : null;
  if (kind === "LineString") return sketch.length >= 2 ? { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: sketch } } : null;
  return sketch.length >= 3 ? { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[...sketch, sketch[0]!]] } } : null;
}

const at = (e: MapMouseEvent): Position => [Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))];
const EMPTY: GeoFeatureCollection = { type: "FeatureCollection", features: [] };

export interface GeometryMapProps {
  kind: GeometryKind;
  value: GeoFeatureCollection;
  onAdd: (feature: Feature) => void;
  /** Replaces shape `index` after a corner edit; false when the form refused it. */
  onReplace: (index: number, feature: Feature) => boolean;
  /** The finished shape whose corners are being edited, or null to draw. */
  editing: number | null;
  onEdit: (index: number | null) => void;
  /** The state chosen in the form: the map starts there while nothing is drawn. */
  state?: { name: string; label: string } | null;
}

/** A place's box, a little wider (a place of one town is a point). */
function placeBounds(bbox: PlaceMatch["bbox"]): [[number, number], [number, number]] {
  const [w, s, e, n] = bbox;
  const pad = Math.max(0.05, Math.max(e - w, n - s) * 0.05);
  return [
    [w - pad, s - pad],
    [e + pad, n + pad],
  ];
}

export function GeometryMap({ kind, value, onAdd, onReplace, editing, onEdit, state = null }: GeometryMapProps) {
  const { t, lang } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [sketch, setSketch] = useState<Position[]>([]);
  const [ready, setReady] = useState(false);
  const [corner, setCorner] = useState<number | null>(null);
  /** Corners of the edited shape while one is dragged (committed on release). */
  const [live, setLive] = useState<Position[] | null>(null);
  const [refused, setRefused] = useState(false);
  const dragging = useRef<number | null>(null);

  const features = useMemo(() => value?.features ?? [], [value]);
  const edited = editing !== null ? features[editing] : undefined;
  const shapeCorners = useMemo(() => (edited ? editableCorners(edited.geometry) : null), [edited]);
  const corners: Position[] = useMemo(() => (edited ? (live ?? shapeCorners ?? []) : sketch), [edited, live, shapeCorners, sketch]);

  // The map's listeners are registered once; they reach the current state through this ref.
  const latest = useRef({ edited, editing, shapeCorners, live, sketch, onEdit, onReplace });
  useEffect(() => {
    latest.current = { edited, editing, shapeCorners, live, sketch, onEdit, onReplace };
  });

  // Another shape or kind: no corner selected (reset while rendering, not in an effect).
  const mode = `${editing}:${kind}`;
  const [shownMode, setShownMode] = useState(mode);
  if (shownMode !== mode) {
    setShownMode(mode);
    setCorner(null);
    setLive(null);
    setRefused(false);
  }

  useEffect(() => {
    if (!container.current) return;
    const map = createMap(container.current, { label: t("template:participate.geometry.map_label"), lang });
    mapRef.current = map;
    map.on("load", () => {
      map.addSource("shapes", { type: "geojson", data: EMPTY as never });
      map.addSource("sketch", { type: "geojson", data: EMPTY as never });
      map.addSource("corners", { type: "geojson", data: EMPTY as never });
      for (const source of ["shapes", "sketch"]) {
        const color = source === "shapes" ? "#2c7a7b" : "#c05621";
        map.addLayer({ id: `${source}-fill`, type: "fill", source, filter: ["==", ["geometry-type"], "Polygon"], paint: { "fill-color": color, "fill-opacity": 0.25 } });
        map.addLayer({ id: `${source}-line`, type: "line", source, filter: ["!=", ["geometry-type"], "Point"], paint: { "line-color": color, "line-width": 2 } });
        map.addLayer({ id: `${source}-point`, type: "circle", source, filter: ["==", ["geometry-type"], "Point"], paint: { "circle-color": color, "circle-radius": 5, "circle-stroke-color": "#fff", "circle-stroke-width": 1 } });
      }
      map.addLayer({
        id: "corners-point",
        type: "circle",
        source: "corners",
        paint: {
          "circle-color": ["case", ["get", "selected"], "#c05621", "#fff"],
          "circle-radius": ["case", ["get", "selected"], 8, 6],
          "circle-stroke-color": "#c05621",
          "circle-stroke-width": 2,
        },
      });
      setReady(true);
    });
    const cornerAt = (e: MapMouseEvent): number | null => {
      if (!map.getLayer("corners-point")) return null;
      const hit = map.queryRenderedFeatures(e.point, { layers: ["corners-point"] })[0];
      return typeof hit?.properties?.i === "number" ? hit.properties.i : null;
    };
    map.on("mousedown", (e) => {
      const i = cornerAt(e);
      if (i === null) return;
      e.preventDefault(); // no panning: this gesture drags the corner
      dragging.current = i;
      setCorner(i);
      setRefused(false);
    });
    map.on("mousemove", (e) => {
      const i = dragging.current;
      if (i === null) return;
      const s = latest.current;
      if (s.edited) setLive(moveCorner(s.live ?? s.shapeCorners ?? [], i, at(e)));
      else setSketch((list) => moveCorner(list, i, at(e)));
    });
    map.on("mouseup", () => {
      if (dragging.current === null) return;
      dragging.current = null;
      const s = latest.current;
      if (s.edited && s.editing !== null && s.live) {
        const next = withCorners(s.edited, s.live);
        setRefused(!next || !s.onReplace(s.editing, next));
        setLive(null);
      }
    });
    map.on("click", (e) => {
      if (cornerAt(e) !== null) return;
      const s = latest.current;
      const box: [[number, number], [number, number]] = [
        [e.point.x - 4, e.point.y - 4],
        [e.point.x + 4, e.point.y + 4],
      ];
      const shape = s.sketch.length === 0 && map.getLayer("shapes-line") ? map.queryRenderedFeatures(box, { layers: ["shapes-line", "shapes-point"] })[0] : undefined;
      if (typeof shape?.properties?.index === "number") s.onEdit(shape.properties.index);
      else if (s.editing !== null) s.onEdit(null);
      else setSketch((list) => [...list, at(e)]);
    });
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, [t, lang]);

  useEffect(() => {
    if (!ready) return;
    const shown = features.map((f, i) => {
      const shape = i === editing && live ? (withCorners(f, live) ?? f) : f;
      return { ...shape, properties: { ...shape.properties, index: i } };
    });
    (mapRef.current?.getSource("shapes") as GeoJSONSource | undefined)?.setData({ type: "FeatureCollection", features: shown } as never);
  }, [features, editing, live, ready]);

  useEffect(() => {
    if (!ready) return;
    const f = sketchFeature(kind, sketch);
    (mapRef.current?.getSource("sketch") as GeoJSONSource | undefined)?.setData({ type: "FeatureCollection", features: f ? [f] : [] } as never);
  }, [sketch, kind, ready]);

  useEffect(() => {
    if (!ready) return;
    const points = corners.map((p, i) => ({ type: "Feature", properties: { i, selected: i === corner }, geometry: { type: "Point", coordinates: p } }));
    (mapRef.current?.getSource("corners") as GeoJSONSource | undefined)?.setData({ type: "FeatureCollection", features: points } as never);
  }, [corners, corner, ready]);

  const canRemove = corner !== null && corner < corners.length && (!edited || corners.length > minCorners(edited.geometry?.type ?? ""));
  const removeSelected = () => {
    if (corner === null || !canRemove) return;
    if (edited && editing !== null) {
      const next = withCorners(edited, removeCorner(corners, corner));
      setRefused(!next || !onReplace(editing, next));
    } else setSketch((list) => removeCorner(list, corner));
    setCorner(null);
  };

  const [place, setPlace] = useState<string | null>(null);
  const showPlace = (p: PlaceMatch) => {
    mapRef.current?.fitBounds(placeBounds(p.bbox), { padding: 20, maxZoom: 12, duration: 0 });
    setPlace(p.name);
  };
  // The state chosen in the form, while nothing is drawn yet: drawing starts there.
  const stateName = state?.name ?? null;
  const isBlank = features.length === 0 && sketch.length === 0;
  const blank = useRef(isBlank);
  useEffect(() => {
    blank.current = isBlank;
  });
  useEffect(() => {
    if (!ready || !stateName || !blank.current) return;
    let live = true;
    void findState(stateName)
      .then((p) => {
        if (live && p && blank.current) showPlace(p);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready, stateName]);

  const finished = sketchFeature(kind, sketch);
  const selected = corner !== null ? corners[corner] : undefined;
  const guide = sketchGuide(kind, sketch.length);
  return (
    <Box
      onKeyDown={(e) => {
        if ((e.key === "Delete" || e.key === "Backspace") && corner !== null) {
          e.preventDefault();
          removeSelected();
        }
      }}
    >
      <PlaceFinder state={state} onPlace={showPlace} />
      {edited ? null : (
        <Text fontSize="sm" fontWeight="medium" mb={1} aria-live="polite" data-testid="geometry-guide">
          {t(`template:participate.geometry.${guide.key}`, { count: guide.count })}
        </Text>
      )}
      <Box ref={container} h="22rem" borderWidth="1px" borderRadius="md" data-testid="geometry-map" data-ready={ready || undefined} data-place={place ?? undefined} />
      <Text fontSize="sm" color="gray.700" mt={1}>
        {t("template:participate.geometry.edit_help")}
      </Text>
      <Text fontSize="sm" aria-live="polite" data-testid="geometry-corner">
        {edited ? t("template:participate.geometry.editing", { n: (editing ?? 0) + 1 }) + " " : ""}
        {selected ? t("template:participate.geometry.corner_status", { n: (corner ?? 0) + 1, count: corners.length, lat: selected[1], lon: selected[0] }) : ""}
      </Text>
      {refused ? (
        <Text color="red.700" fontSize="sm" role="alert">
          {t("template:participate.geometry.corner_refused")}
        </Text>
      ) : null}
      <HStack mt={2} gap={2} wrap="wrap">
        {edited ? (
          <Button size="sm" variant="outline" onClick={() => onEdit(null)}>
            {t("template:participate.geometry.done_edit")}
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={!finished}
              onClick={() => {
                if (finished) onAdd(finished);
                setSketch([]);
                setCorner(null);
              }}
            >
              {t("template:participate.geometry.finish")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={sketch.length === 0}
              onClick={() => {
                setSketch([]);
                setCorner(null);
              }}
            >
              {t("template:participate.geometry.cancel_draw")}
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" colorPalette="red" disabled={!canRemove} onClick={removeSelected}>
          {t("template:participate.geometry.remove_corner")}
        </Button>
      </HStack>
    </Box>
  );
}
