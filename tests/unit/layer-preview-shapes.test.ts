import { describe, expect, it } from "vitest";
import { previewShapes } from "@/server/modules/maps/layer.service";

const square = (x: number) => ({
  properties: { name: `Block ${x}` },
  bbox: [x, 0, x + 1, 1] as [number, number, number, number],
  geometry: { type: "Polygon" as const, coordinates: [[[x, 0], [x + 1, 0], [x + 1, 1], [x, 1], [x, 0]]] },
});

describe("[LAYERS] the upload preview's shapes", () => {
  it("sends whole features in file order, without attributes, until the corner budget is spent", () => {
    const features = [0, 1, 2, 3].map(square);
    const all = previewShapes(features);
    expect(all.shown).toBe(4);
    expect(all.shapes.features[0]).toEqual({ type: "Feature", properties: null, geometry: features[0]!.geometry });
    // 5 corners a square: a budget of 12 holds two of them.
    const cut = previewShapes(features, 12);
    expect(cut.shown).toBe(2);
    expect(cut.shapes.features.map((f) => JSON.stringify(f.geometry))).toEqual([JSON.stringify(features[0]!.geometry), JSON.stringify(features[1]!.geometry)]);
    // A single feature larger than the budget is still drawn.
    expect(previewShapes(features, 3).shown).toBe(1);
  });
});
