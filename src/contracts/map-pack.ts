/**
 * Offline map packs (issue 32, item 5): what `GET nakshaIntegrator-api/api/mappack/{pack}` answers, the
 * addresses of a pack's tiles and MBTiles file, and the record-points call the map screen makes (the
 * browser keeps that exact address offline). Pure: no server or browser imports.
 *
 * A pack is `site` (the whole site) or a group's id. Its area is the extent of the public places of its
 * records with a margin; its zooms run from the one where the area fills a phone screen to four more,
 * fewer when the pack would pass `MAP_PACK_MAX_TILES` tiles or `MAP_PACK_MAX_BYTES` bytes.
 */

/** `[west, south, east, north]` in degrees (WGS 84). */
export type MapPackBbox = [number, number, number, number];

export const MAP_PACK_MAX_TILES = 20_000;
export const MAP_PACK_MAX_BYTES = 50 * 1024 * 1024;
/** The base map every pack keeps (public/map/south-asia.json; src/components/map/map-setup.ts). */
export const MAP_PACK_BASE_MAP_URL = "/map/south-asia.json";
export const MAP_PACK_API = "/nakshaIntegrator-api/api/mappack";

/** A pack's name in the address: `site` or a group's id. */
export type MapPackRef = "site" | `${number}`;

export interface MapPackZoom {
  zoom: number;
  tiles: number;
  /** Estimated from rendered samples (exact when every tile of the zoom was rendered). */
  bytes: number;
}

export interface MapPackLayer {
  name: string;
  title: string;
}

export interface MapPackEstimate {
  pack: MapPackRef;
  /** The group's name (its English name), or null for the site. */
  groupName: string | null;
  /** Where the browser keeps the pack: `map-pack-<group slug>` or `map-pack-site`. */
  cacheName: string;
  /** Changes whenever a tile would change (records, layers, base map, drawing). */
  version: string;
  bbox: MapPackBbox;
  minZoom: number;
  maxZoom: number;
  /** PNG tiles (256 px, XYZ) in the pack. */
  tiles: number;
  /** Estimated size of the tiles (and so of the MBTiles file), in bytes. */
  bytes: number;
  zooms: MapPackZoom[];
  /** The published vector layers drawn into the tiles. */
  layers: MapPackLayer[];
  /** Public record places drawn into the tiles. */
  points: number;
  /** `…/tiles/{z}/{x}/{y}.png?v=<version>` (root-relative). */
  tileUrl: string;
  mbtilesUrl: string;
  /** What the browser keeps to show this map offline, and their estimated size. */
  browser: { urls: string[]; bytes: number };
  limits: { maxTiles: number; maxBytes: number };
}

export const mapPackPath = (pack: MapPackRef | string) => `${MAP_PACK_API}/${pack}`;
export const mapPackTileUrl = (pack: MapPackRef | string, version: string) => `${MAP_PACK_API}/${pack}/tiles/{z}/{x}/{y}.png?v=${version}`;
export const mapPackMbtilesUrl = (pack: MapPackRef | string) => `${MAP_PACK_API}/${pack}/mbtiles`;

/**
 * The query of the record points the map screen asks for (`GET cca-api/api/v1/data/search/map`), in the
 * order the API client writes it: the same address is kept offline and asked for by the screen.
 */
export function recordPointsParams(language: string, groupId: number | null): Record<string, string | string[]> {
  return { language: language === "hi" ? "hi" : "en", query: "", ...(groupId !== null ? { usergroups: [String(groupId)] } : {}) };
}

/** The root-relative address of those points (what the browser's API client requests). */
export function recordPointsUrl(language: string, groupId: number | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(recordPointsParams(language, groupId))) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  return `/cca-api/api/v1/data/search/map?${search.toString()}`;
}
