/**
 * Drawing the portal's map layers (nakshaIntegrator) on a MapLibre map: vector tiles styled from the
 * layer's legend, or a raster image over its extent, at an opacity. Shared by /map and the /data/list
 * map; imported only by map parts, which load through next/dynamic.
 */
import type { LayerSpecification, Map as MapLibreMap } from "maplibre-gl";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import { ACCESS_COOKIE, readBrowserCookie } from "@/lib/auth/cookies";
import { colorExpression } from "./layer-style";

export const layerSourceId = (layer: NakshaLayer) => `layer:${layer.name}`;
/** The map layers of one portal layer: fill, line, circle (vector), raster. */
export const layerStyleIds = (layer: NakshaLayer) => [`${layerSourceId(layer)}:fill`, `${layerSourceId(layer)}:line`, `${layerSourceId(layer)}:circle`, `${layerSourceId(layer)}:raster`];

/** Adds the layer below the map layer `before` (when given and present); nothing when it is there already. */
export function addNakshaLayer(map: MapLibreMap, layer: NakshaLayer, opacity: number, before?: string): void {
  const source = layerSourceId(layer);
  const under = before && map.getLayer(before) ? before : undefined;
  if (map.getSource(source)) return;
  if (layer.imageUrl && layer.bbox) {
    const [w, s, e, n] = layer.bbox;
    map.addSource(source, {
      type: "image",
      url: new URL(layer.imageUrl, window.location.origin).toString(),
      coordinates: [
        [w, n],
        [e, n],
        [e, s],
        [w, s],
      ],
    });
    map.addLayer({ id: `${source}:raster`, type: "raster", source, paint: { "raster-opacity": opacity } }, under);
    return;
  }
  if (!layer.tileUrl) return;
  map.addSource(source, {
    type: "vector",
    tiles: [new URL(layer.tileUrl, window.location.origin).toString().replace(/%7B/g, "{").replace(/%7D/g, "}")],
    maxzoom: 14,
    ...(layer.bbox ? { bounds: layer.bbox } : {}),
    attribution: layer.attribution || undefined,
  });
  const color = colorExpression(layer) as never;
  const common = { source, "source-layer": layer.name } as const;
  const styles: LayerSpecification[] =
    layer.layerType === "MULTIPOLYGON"
      ? [
          { id: `${source}:fill`, type: "fill", ...common, paint: { "fill-color": color, "fill-opacity": opacity * 0.55 } },
          { id: `${source}:line`, type: "line", ...common, paint: { "line-color": color, "line-width": 1.2, "line-opacity": opacity } },
        ]
      : layer.layerType === "MULTILINESTRING"
        ? [{ id: `${source}:line`, type: "line", ...common, paint: { "line-color": color, "line-width": 2, "line-opacity": opacity } }]
        : [{ id: `${source}:circle`, type: "circle", ...common, paint: { "circle-color": color, "circle-radius": 5, "circle-opacity": opacity, "circle-stroke-color": "#fff", "circle-stroke-width": 1 } }];
  for (const style of styles) map.addLayer(style, under);
}

export function setNakshaLayerOpacity(map: MapLibreMap, layer: NakshaLayer, opacity: number): void {
  const [fill, line, circle, raster] = layerStyleIds(layer);
  if (map.getLayer(fill!)) map.setPaintProperty(fill!, "fill-opacity", opacity * 0.55);
  if (map.getLayer(line!)) map.setPaintProperty(line!, "line-opacity", opacity);
  if (map.getLayer(circle!)) map.setPaintProperty(circle!, "circle-opacity", opacity);
  if (map.getLayer(raster!)) map.setPaintProperty(raster!, "raster-opacity", opacity);
}

export function removeNakshaLayer(map: MapLibreMap, layer: NakshaLayer): void {
  for (const id of layerStyleIds(layer)) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(layerSourceId(layer))) map.removeSource(layerSourceId(layer));
}

/** Tiles and images of unpublished layers are for administrators: the visitor's token goes with the platform's layer requests. */
export function sendTokenWithLayerRequests(map: MapLibreMap): void {
  map.setTransformRequest((url) => {
    const token = readBrowserCookie(ACCESS_COOKIE);
    return token && url.startsWith(`${window.location.origin}/nakshaIntegrator-api/`) ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
  });
}

/**
 * Keeps the map's portal layers equal to `shown` (in order, each at its opacity), below `before`;
 * `added` remembers what this map holds between calls. Returns the names drawn.
 */
export function syncNakshaLayers(map: MapLibreMap, added: Map<string, NakshaLayer>, shown: ReadonlyArray<{ layer: NakshaLayer; opacity: number }>, before?: string): string[] {
  const wanted = new Set(shown.map((s) => s.layer.name));
  for (const [name, layer] of added) {
    if (!wanted.has(name)) {
      removeNakshaLayer(map, layer);
      added.delete(name);
    }
  }
  for (const { layer, opacity } of shown) {
    if (!added.has(layer.name)) {
      addNakshaLayer(map, layer, opacity, before);
      added.set(layer.name, layer);
    } else setNakshaLayerOpacity(map, layer, opacity);
  }
  return [...added.keys()];
}
