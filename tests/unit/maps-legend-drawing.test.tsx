import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import { planClusterLabels, renderedClusters } from "@/components/map/clusters";
import { layerLegendItems, MapLegend, recordLegendItems } from "@/components/map/map-legend";
import { cornerCount, sketchGuide } from "@/components/record-form/geometry-edit";
import { GeometryInput } from "@/components/record-form/geometry-input";
import { LayerLicense } from "@/features/map/layer-license";
import { licenseByName } from "@/shared/licenses";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cluster = (id: number, count: number, at: [number, number]) => ({ properties: { cluster: true, cluster_id: id, point_count: count }, geometry: { type: "Point" as const, coordinates: at } });
const point = (id: number, at: [number, number]) => ({ properties: { id }, geometry: { type: "Point" as const, coordinates: at } });

describe("[MAPS] cluster counts follow the clusters drawn on screen", () => {
  it("reads each drawn cluster once (a cluster crossing tiles is drawn twice) and leaves single records out", () => {
    const drawn = [cluster(33, 12, [77.5, 12.9]), cluster(33, 12, [77.5, 12.9]), point(7, [78, 13]), cluster(65, 3, [91.8, 25.5])];
    expect(renderedClusters(drawn as never)).toEqual([
      { id: 33, count: 12, position: [77.5, 12.9] },
      { id: 65, count: 3, position: [91.8, 25.5] },
    ]);
  });

  it("after zooming into a cluster its old count goes and the new clusters get theirs", () => {
    // Before: one cluster of 12 labelled. After the zoom it is drawn as clusters of 5 and 7.
    const plan = planClusterLabels([33], renderedClusters([cluster(130, 5, [77.4, 12.8]), cluster(194, 7, [77.6, 13])] as never));
    expect(plan.remove).toEqual([33]);
    expect(plan.add.map((c) => c.count)).toEqual([5, 7]);
    // Nothing changes while the same clusters stay on screen.
    expect(planClusterLabels([130, 194], renderedClusters([cluster(194, 7, [77.6, 13]), cluster(130, 5, [77.4, 12.8])] as never))).toEqual({ add: [], remove: [] });
  });
});

const LAYER = {
  name: "india_states",
  title: "States of India",
  layerType: "MULTIPOLYGON",
  color: "#2b6cb0",
  legend: [],
  imageUrl: null,
} as unknown as NakshaLayer;
const RIVERS = { ...LAYER, name: "rivers", title: "Rivers", layerType: "MULTILINESTRING", legend: [{ value: "perennial", label: "perennial", color: "#1a365d" }] } as unknown as NakshaLayer;

describe("[MAPS] a legend says what clusters, single records and each layer look like", () => {
  const wide = (matches: boolean) => vi.stubGlobal("matchMedia", (query: string) => ({ matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));

  it("lists a cluster, one record and the layers switched on, open on a wide screen", () => {
    wide(true);
    const items = [...recordLegendItems({ cluster: "Several CCAs", point: "One CCA" }), ...layerLegendItems([LAYER, RIVERS])];
    renderWithProviders(<MapLegend title="Legend" layersTitle="Map layers" items={items} />);
    const legend = screen.getByTestId("map-legend");
    expect(legend.tagName).toBe("DETAILS");
    expect((legend as HTMLDetailsElement).open).toBe(true);
    expect(within(legend).getByText("Legend").tagName).toBe("SUMMARY");
    const rows = within(legend).getAllByRole("listitem").map((li) => li.textContent);
    expect(rows).toEqual(["12Several CCAs", "One CCA", "States of India", "Rivers"]);
    expect(within(legend).getByText("Map layers")).toBeTruthy();
  });

  it("starts closed on a phone, so it does not cover the map", () => {
    wide(false);
    renderWithProviders(<MapLegend title="संकेत सूची" items={recordLegendItems({ cluster: "कई सीसीए", point: "एक सीसीए" })} />, { lang: "hi" });
    const legend = screen.getByTestId("map-legend") as HTMLDetailsElement;
    expect(legend.open).toBe(false);
    expect(within(legend).getByText("संकेत सूची")).toBeTruthy();
  });

  it("draws a layer in its kind of shape and its colours", () => {
    expect(layerLegendItems([LAYER, RIVERS]).map((i) => [i.swatch, i.colors])).toEqual([
      ["fill", ["#2b6cb0"]],
      ["line", ["#1a365d"]],
    ]);
  });
});

describe("[MAPS] the layer panel names a layer's licence", () => {
  it("by the portal's name for it, linked to its text, in English and Hindi", () => {
    expect(licenseByName("CC_PUBLIC_DOMAIN")?.url).toBe("https://creativecommons.org/publicdomain/zero/1.0/");
    renderWithProviders(<LayerLicense name="CC_PUBLIC_DOMAIN" />, { namespaces: ["map", "page"] });
    const link = screen.getByRole("link", { name: "Public domain" });
    expect(link.getAttribute("href")).toBe("https://creativecommons.org/publicdomain/zero/1.0/");
    expect(link.parentElement?.textContent).toBe("Licence: Public domain");
    cleanup();
    renderWithProviders(<LayerLicense name="CC_BY_SA" />, { lang: "hi", namespaces: ["map", "page"] });
    expect(screen.getByRole("link", { name: /^CC BY-SA/ }).parentElement?.textContent).toMatch(/^लाइसेंस: CC BY-SA \(श्रेय/);
    expect(screen.queryByText(/CC_BY_SA/)).toBeNull();
  });

  it("an unspecified licence is named without a link, an unknown code as given", () => {
    renderWithProviders(<LayerLicense name="UNSPECIFIED" />, { namespaces: ["map", "page"] });
    expect(screen.getByText("Licence: Licence not specified")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(licenseByName("SOMETHING_ELSE")).toBeNull();
  });
});

const square: GeoFeatureCollection["features"][number] = {
  type: "Feature",
  properties: {},
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [77.58, 12.96],
        [77.6, 12.96],
        [77.6, 12.98],
        [77.58, 12.98],
        [77.58, 12.96],
      ],
    ],
  },
};

describe("[PARTICIPATE] a drawn boundary counts its corners as a person does", () => {
  it("a closed ring's repeated last point is not a corner; holes are not counted; lines and points count their points", () => {
    expect(cornerCount(square.geometry)).toBe(4);
    const withHole = { type: "Polygon", coordinates: [(square.geometry!.coordinates as number[][][])[0], [[77.59, 12.97], [77.595, 12.97], [77.595, 12.975], [77.59, 12.97]]] };
    expect(cornerCount(withHole)).toBe(4);
    expect(cornerCount({ type: "MultiPolygon", coordinates: [square.geometry!.coordinates, square.geometry!.coordinates] })).toBe(8);
    expect(cornerCount({ type: "LineString", coordinates: [[77, 12], [78, 13], [77, 12]] })).toBe(3);
    expect(cornerCount({ type: "Point", coordinates: [77, 12] })).toBe(1);
    expect(cornerCount(null)).toBe(0);
  });

  it("guides the drawing: how to start, how many more a shape needs, when it can be finished", () => {
    expect(sketchGuide("Polygon", 0)).toEqual({ key: "start_polygon", count: 0 });
    expect(sketchGuide("Polygon", 2)).toEqual({ key: "sketch_polygon", count: 2 });
    expect(sketchGuide("Polygon", 3)).toEqual({ key: "sketch_ready", count: 3 });
    expect(sketchGuide("LineString", 1)).toEqual({ key: "sketch_line", count: 1 });
    expect(sketchGuide("LineString", 2)).toEqual({ key: "sketch_points", count: 2 });
    expect(sketchGuide("Point", 0)).toEqual({ key: "start_point", count: 0 });
  });

  it.each([
    ["en", "1. Polygon with 4 corners"],
    ["hi", "1. बहुभुज, 4 कोने"],
  ] as const)("four clicked corners read as four corners (%s)", (lang, text) => {
    renderWithProviders(<GeometryInput id="field-boundary" value={{ type: "FeatureCollection", features: [square] }} onChange={() => undefined} />, { lang, namespaces: ["template"] });
    expect(within(screen.getByTestId("geometry-features")).getByText(text)).toBeTruthy();
  });
});
