/**
 * MapLibre set up for the portal, with no internet at run time: the worker comes from the portal
 * (`src/pages/api/map/[file].ts`) and the default style is drawn from the South Asia outlines the
 * portal ships (`public/map/south-asia.json`, `scripts/map-base-layer.mjs`): no tiles, glyphs or
 * sprites. A deployment with its own tiles sets `NEXT_PUBLIC_MAP_STYLE_URL` (a style document) or
 * `NEXT_PUBLIC_MAP_TILE_URL` (a raster tile template, drawn under the outlines) at build time.
 * Imported only by the map parts, which load through next/dynamic.
 */
import * as maplibregl from "maplibre-gl";
import type { StyleSpecification } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import SITE_CONFIG from "@site-config";
import { mapLibreLocale } from "./map-locale";
import { DEFAULT_MAP_ZOOM } from "./mercator";

export const BASE_LAYER_URL = "/map/south-asia.json";
const WATER = "#d4e6ee";
const LAND = "#f4f2ec";
export const POINT_COLOR = "#2c7a7b";

/** The style: the configured one, else the built-in outlines (over the configured raster tiles, if any). */
export function mapStyle(): StyleSpecification | string {
  const styleUrl = process.env.NEXT_PUBLIC_MAP_STYLE_URL;
  if (styleUrl) return styleUrl;
  const tileUrl = process.env.NEXT_PUBLIC_MAP_TILE_URL;
  const style: StyleSpecification = {
    version: 8,
    sources: { base: { type: "geojson", data: BASE_LAYER_URL, attribution: "Natural Earth" } },
    layers: [
      { id: "background", type: "background", paint: { "background-color": WATER } },
      { id: "land", type: "fill", source: "base", filter: ["==", ["get", "kind"], "country"], paint: { "fill-color": LAND } },
      { id: "country-lines", type: "line", source: "base", filter: ["==", ["get", "kind"], "country"], paint: { "line-color": "#8a8f98", "line-width": 1 } },
      { id: "state-lines", type: "line", source: "base", filter: ["==", ["get", "kind"], "state-border"], paint: { "line-color": "#a9adb5", "line-width": 0.8, "line-dasharray": [3, 2] } },
    ],
  };
  if (tileUrl) {
    style.sources.tiles = { type: "raster", tiles: [tileUrl], tileSize: 256 };
    style.layers.splice(1, 2, { id: "tiles", type: "raster", source: "tiles" });
  }
  return style;
}

export interface MapTexts {
  /** The map's name (its region's label). */
  label: string;
  /** The visitor's language: MapLibre's own controls speak it (src/components/map/map-locale.ts). */
  lang: string;
}

/** A map in `container`, centred on India (site config), with zoom buttons and translated labels. */
export function createMap(container: HTMLElement, texts: MapTexts): maplibregl.Map {
  maplibregl.setWorkerUrl(`/api/map/maplibre-gl-worker-${maplibregl.getVersion()}.mjs`);
  const { latitude, longitude } = SITE_CONFIG.MAP.CENTER;
  const map = new maplibregl.Map({
    container,
    style: mapStyle(),
    center: [longitude, latitude],
    zoom: DEFAULT_MAP_ZOOM,
    minZoom: 2,
    maxZoom: 16,
    attributionControl: { compact: true },
    cooperativeGestures: false,
    locale: mapLibreLocale(texts.lang, texts.label),
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
  // `data-map-idle` on the container: "true" once everything asked for is drawn and nothing moves
  // (MapLibre's idle) and no records are being asked for (`data-map-pending`, record-clusters.ts), "false"
  // from the next move or load. The visual tests wait for it.
  const markIdle = (idle: boolean) => () => {
    if (idle && container.dataset.mapPending) return;
    container.setAttribute("data-map-idle", String(idle));
  };
  map.on("idle", markIdle(true));
  map.on("movestart", markIdle(false));
  map.on("dataloading", markIdle(false));
  return map;
}


export { maplibregl };
