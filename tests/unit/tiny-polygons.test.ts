import { describe, expect, it } from "vitest";
import { reduceTinyPolygons, type TileFeature } from "@/server/modules/maps/layer-tiles";

/** A square polygon of side `side` tile units at x. */
const square = (x: number, side: number): TileFeature & { id: number } => ({
  id: x,
  type: 3,
  geometry: [
    [
      [x, 0],
      [x + side, 0],
      [x + side, side],
      [x, side],
      [x, 0],
    ],
  ],
});

describe("[LAYERS] vector tiles thin out polygons smaller than a pixel", () => {
  it("keeps every polygon of a pixel or more, every line and point, and one tiny polygon per pixel of their summed area", () => {
    const large = square(0, 8); // 64 units²: one pixel
    const line: TileFeature & { id: number } = { id: -1, type: 2, geometry: [[[0, 0], [1, 1]]] };
    const point: TileFeature & { id: number } = { id: -2, type: 1, geometry: [[3, 3]] };
    // Sixteen tiny squares of 16 units² (a quarter pixel each): four pixels' worth, four kept.
    const tiny = Array.from({ length: 16 }, (_, i) => square(100 + i * 10, 4));
    const kept = reduceTinyPolygons([large, line, point, ...tiny]);
    expect(kept.slice(0, 3)).toEqual([large, line, point]);
    expect(kept.slice(3).map((f) => f.id)).toEqual([130, 170, 210, 250]);
  });

  it("measures the area inside: a hole counts against its ring", () => {
    const ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const hole = [[2, 2], [2, 8], [8, 8], [8, 2], [2, 2]];
    const donut = { type: 3 as const, geometry: [ring, hole] };
    // 100 − 36 = 64 units²: exactly a pixel, kept on its own.
    expect(reduceTinyPolygons([donut])).toEqual([donut]);
    expect(reduceTinyPolygons([donut], 65)).toEqual([]);
  });
});
