// @vitest-environment node
/**
 * Offline map packs (issue 32, item 5): the tile arithmetic, the area, the zooms that matter, the
 * samples of the size estimate, the MBTiles row order and a tile's drawing (pure parts).
 */
import { describe, expect, it } from "vitest";
import { MAP_PACK_MAX_TILES, recordPointsParams, recordPointsUrl } from "@/contracts/map-pack";
import {
  bboxOfPoints,
  capZoomsByBytes,
  fillZoom,
  isTile,
  latitudeOf,
  mercatorY,
  PACK_MAX_ZOOM,
  packZooms,
  PHONE_SCREEN,
  rangeSize,
  sampleTiles,
  TILE_SIZE,
  tileBbox,
  tileOf,
  tileRange,
  tilesOf,
  tilesPerZoom,
  tmsRow,
  withMargin,
  mercatorX,
} from "@/server/modules/maps/map-pack-plan";
import { COLORS, featureColor, tileSvg } from "@/server/modules/maps/map-pack-render";
import { metadataRows } from "@/server/modules/maps/map-pack-mbtiles";

describe("[MAP PACK] tile arithmetic", () => {
  it("numbers tiles as XYZ web mercator (the OSM slippy-map formula)", () => {
    expect(tileOf(0, 0, 0)).toEqual([0, 0]);
    expect(tileOf(0, 0, 1)).toEqual([1, 1]);
    expect(tileOf(-179.9, 85, 2)).toEqual([0, 0]);
    // Delhi at zoom 10 (y = 426.998…: the tile above the edge).
    expect(tileOf(77.209, 28.6139, 10)).toEqual([731, 426]);
    // The east and south edges stay on the last tile.
    expect(tileOf(180, -85.06, 3)).toEqual([7, 7]);
  });

  it("gives a tile's box back, and mercator and latitude are inverse", () => {
    const [w, s, e, n] = tileBbox(10, 731, 426);
    expect(w).toBeLessThan(77.209);
    expect(e).toBeGreaterThan(77.209);
    expect(s).toBeLessThan(28.6139);
    expect(n).toBeGreaterThan(28.6139);
    for (const lat of [-60, -10, 0, 22.5, 85]) expect(latitudeOf(mercatorY(lat))).toBeCloseTo(lat, 9);
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(180)).toBe(1);
  });

  it("knows the pyramid", () => {
    expect(isTile(0, 0, 0)).toBe(true);
    expect(isTile(3, 7, 7)).toBe(true);
    expect(isTile(3, 8, 0)).toBe(false);
    expect(isTile(-1, 0, 0)).toBe(false);
    expect(isTile(2, 1.5, 0)).toBe(false);
  });

  it("counts the tiles covering a box, zoom by zoom, and lists each once", () => {
    const box: [number, number, number, number] = [85.1, 19.5, 85.5, 19.95];
    const r = tileRange(box, 12);
    expect(r.minX).toBeLessThanOrEqual(r.maxX);
    expect(r.minY).toBeLessThanOrEqual(r.maxY);
    const per = tilesPerZoom(box, 10, 13);
    expect(per.map((p) => p.zoom)).toEqual([10, 11, 12, 13]);
    expect(per[2]!.tiles).toBe(rangeSize(r));
    // Each zoom has about four times the tiles of the one before.
    expect(per[3]!.tiles).toBeGreaterThan(per[2]!.tiles * 3);
    const all = [...tilesOf([tileRange(box, 10), tileRange(box, 11)])];
    expect(all).toHaveLength(per[0]!.tiles + per[1]!.tiles);
    expect(new Set(all.map((t) => t.join("/"))).size).toBe(all.length);
  });

  it("writes MBTiles rows from the bottom (TMS)", () => {
    expect(tmsRow(0, 0)).toBe(0);
    expect(tmsRow(1, 0)).toBe(1);
    expect(tmsRow(10, 427)).toBe(1023 - 427);
    expect(tmsRow(3, tmsRow(3, 5))).toBe(5);
  });
});

describe("[MAP PACK] the area and the zooms that matter", () => {
  it("boxes the places, ignoring broken ones; none is no box", () => {
    expect(bboxOfPoints([])).toBeNull();
    expect(bboxOfPoints([{ lng: 85.2, lat: 19.6 }, { lng: 85.4, lat: 19.55 }, { lng: Number.NaN, lat: 1 }])).toEqual([85.2, 19.55, 85.4, 19.6]);
  });

  it("adds a margin (a tenth of each side, at least 0.05°), rounded outwards and kept on the mercator world", () => {
    expect(withMargin([80, 20, 90, 30])).toEqual([79, 19, 91, 31]);
    const one = withMargin([85.22, 19.71, 85.22, 19.71]);
    expect(one[0]).toBeCloseTo(85.17, 6);
    expect(one[2]).toBeCloseTo(85.27, 6);
    expect(withMargin([-180, -85, 180, 85])).toEqual([-180, -85.0512, 180, 85.0512]);
  });

  it("starts where the area fills a phone screen: the deepest zoom at which it still fits", () => {
    const india: [number, number, number, number] = [68, 6, 98, 37];
    const z = fillZoom(india);
    const size = (zoom: number): [number, number] => [(mercatorX(98) - mercatorX(68)) * TILE_SIZE * 2 ** zoom, (mercatorY(6) - mercatorY(37)) * TILE_SIZE * 2 ** zoom];
    const [w, h] = size(z);
    const [w1, h1] = size(z + 1);
    expect(w <= PHONE_SCREEN.width && h <= PHONE_SCREEN.height).toBe(true);
    expect(w1 > PHONE_SCREEN.width || h1 > PHONE_SCREEN.height).toBe(true);
    // India is 341 px wide at zoom 4.
    expect(z).toBe(4);
    // A village (a place and its 0.05° margin) fills the phone much deeper; never deeper than the pack's deepest zoom.
    expect(fillZoom(withMargin([85.22, 19.71, 85.22, 19.71]))).toBe(12);
    expect(fillZoom([85.22, 19.71, 85.2201, 19.7101])).toBe(PACK_MAX_ZOOM);
  });

  it("keeps four more zooms, fewer when the tiles would pass the limit or the deepest zoom", () => {
    // India: 4 + 12 + 42 + 143 + 550 tiles from zoom 4 to 8.
    expect(packZooms([68, 6, 98, 37], MAP_PACK_MAX_TILES)).toEqual({ minZoom: 4, maxZoom: 8 });
    expect(packZooms([68, 6, 98, 37], 300)).toEqual({ minZoom: 4, maxZoom: 7 });
    expect(packZooms([68, 6, 98, 37], 1)).toEqual({ minZoom: 4, maxZoom: 4 });
    expect(packZooms([85.22, 19.71, 85.2201, 19.7101], MAP_PACK_MAX_TILES)).toEqual({ minZoom: PACK_MAX_ZOOM, maxZoom: PACK_MAX_ZOOM });
    const { minZoom, maxZoom } = packZooms([60, 0, 100, 40], 5000);
    expect(tilesPerZoom([60, 0, 100, 40], minZoom, maxZoom).reduce((s, z) => s + z.tiles, 0)).toBeLessThanOrEqual(5000);
  });

  it("drops the deepest zooms past the byte limit, never the first", () => {
    const zooms = [
      { zoom: 5, tiles: 4, bytes: 1000 },
      { zoom: 6, tiles: 16, bytes: 4000 },
      { zoom: 7, tiles: 64, bytes: 16_000 },
    ];
    expect(capZoomsByBytes(zooms, 100_000)).toEqual(zooms);
    expect(capZoomsByBytes(zooms, 5000).map((z) => z.zoom)).toEqual([5, 6]);
    expect(capZoomsByBytes(zooms, 10).map((z) => z.zoom)).toEqual([5]);
  });

  it("samples tiles spread over a zoom, the same ones every time, all of them when few", () => {
    const small = { z: 5, minX: 10, maxX: 11, minY: 3, maxY: 4 };
    expect(sampleTiles(small, 6)).toHaveLength(4);
    const big = { z: 9, minX: 100, maxX: 199, minY: 50, maxY: 99 };
    const sample = sampleTiles(big, 6);
    expect(sample.length).toBeGreaterThan(1);
    expect(sample.length).toBeLessThanOrEqual(6);
    expect(sampleTiles(big, 6)).toEqual(sample);
    for (const [x, y] of sample) expect(x >= 100 && x <= 199 && y >= 50 && y <= 99).toBe(true);
    expect(new Set(sample.map(([x]) => x)).size).toBeGreaterThan(1);
  });
});

describe("[MAP PACK] what the browser keeps and what a tile draws", () => {
  it("names the record points exactly as the map screen asks for them", () => {
    expect(recordPointsParams("hi", 4)).toEqual({ language: "hi", query: "", usergroups: ["4"] });
    expect(recordPointsParams("fr", null)).toEqual({ language: "en", query: "" });
    expect(recordPointsUrl("en", 4)).toBe("/cca-api/api/v1/data/search/map?language=en&query=&usergroups=4");
    expect(recordPointsUrl("hi", null)).toBe("/cca-api/api/v1/data/search/map?language=hi&query=");
  });

  it("colours a layer's shapes by its legend as the map does", () => {
    const categories = { layer_type: "MULTIPOLYGON" as const, color: "#2b6cb0", color_by: "category", legend: [{ value: "A", label: "A", color: "#0072B2" }, { value: null, label: "Other", color: "#999999" }] };
    expect(featureColor(categories, { category: "A" })).toBe("#0072B2");
    expect(featureColor(categories, { category: "B" })).toBe("#999999");
    const classes = { ...categories, color_by: "area", legend: [{ value: 0, max: 10, label: "0–10", color: "#111111" }, { value: 10, max: 100, label: "10–100", color: "#222222" }] };
    expect(featureColor(classes, { area: 5 })).toBe("#111111");
    expect(featureColor(classes, { area: 50 })).toBe("#222222");
    expect(featureColor({ ...categories, color_by: null }, {})).toBe("#2b6cb0");
  });

  it("draws water, land, borders, layers and places, in that order, and no text", () => {
    const svg = tileSvg({
      base: [
        { type: 3, geometry: [[[0, 0], [4096, 0], [4096, 4096], [0, 0]]], tags: { kind: "country" } },
        { type: 2, geometry: [[[0, 2048], [4096, 2048]]], tags: { kind: "state-border" } },
      ],
      layers: [{ paint: { layer_type: "MULTIPOLYGON", color: "#2b6cb0", color_by: null, legend: [] }, features: [{ type: 3, geometry: [[[10, 10], [100, 10], [100, 100], [10, 10]]], tags: {} }] }],
      points: [[2048, 1024]],
    });
    const order = [COLORS.water, COLORS.land, COLORS.stateLine, "#2b6cb0", COLORS.record].map((c) => svg.indexOf(c));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(svg).not.toContain("<text");
    expect(svg).toContain('width="256" height="256" viewBox="0 0 4096 4096"');
  });

  it("writes the MBTiles metadata the spec names", () => {
    const rows = Object.fromEntries(
      metadataRows({ name: "Chilika — offline map", description: "d", attribution: "Natural Earth", bounds: [85.1, 19.5, 85.4994, 19.9483], center: [85.3, 19.7, 10], minzoom: 10, maxzoom: 14, version: "0123456789abcdef" }),
    );
    expect(rows).toEqual({
      name: "Chilika — offline map",
      format: "png",
      bounds: "85.1,19.5,85.4994,19.9483",
      center: "85.3,19.7,10",
      minzoom: "10",
      maxzoom: "14",
      type: "baselayer",
      version: "0123456789abcdef",
      description: "d",
      attribution: "Natural Earth",
    });
  });
});
