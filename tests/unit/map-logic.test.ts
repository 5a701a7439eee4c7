import { describe, expect, it } from "vitest";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import { colorExpression, featureSummary } from "@/components/map/layer-style";
import { mapQuery, parseMapQuery, toggleLayer } from "@/features/map/map-url";

describe("[MAP] the address of /map holds the layers and the view", () => {
  it("reads layers in order, without repeats or malformed names, and a view", () => {
    expect(parseMapQuery({ layers: "india_states,demo_protected_areas,india_states,Bad-Name,", v: "78.5,22.1,4.5" })).toEqual({
      layers: ["india_states", "demo_protected_areas"],
      view: { lng: 78.5, lat: 22.1, zoom: 4.5 },
    });
  });

  it.each([["x,y,z"], ["200,10,3"], ["10,10"], ["10,10,40"], [""]])("ignores the view %j", (v) => {
    expect(parseMapQuery({ v }).view).toBeNull();
  });

  it("writes a query a shared link reads back the same", () => {
    const state = { layers: ["a_1", "b_2"], view: { lng: 77.123456, lat: 12.98765, zoom: 6.456 } };
    const query = mapQuery(state);
    expect(query).toEqual({ layers: "a_1,b_2", v: "77.1235,12.9877,6.46" });
    expect(parseMapQuery(query)).toEqual({ layers: ["a_1", "b_2"], view: { lng: 77.1235, lat: 12.9877, zoom: 6.46 } });
    expect(mapQuery({ layers: [], view: null })).toEqual({});
  });

  it("toggling keeps the order layers were switched on in", () => {
    expect(toggleLayer(["a", "b"], "c")).toEqual(["a", "b", "c"]);
    expect(toggleLayer(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("[MAP] a layer is coloured by its legend and a click reads its title and summary columns", () => {
  const base = { color: "#2b6cb0", colorBy: "kind" } as Pick<NakshaLayer, "color" | "colorBy" | "legend">;
  it("categories become a match with the 'Other' colour last", () => {
    expect(
      colorExpression({
        ...base,
        legend: [
          { value: "grove", label: "grove", color: "#111111" },
          { value: "reserve", label: "reserve", color: "#222222" },
          { value: null, label: "Other", color: "#999999" },
        ],
      }),
    ).toEqual(["match", ["to-string", ["get", "kind"]], "grove", "#111111", "reserve", "#222222", "#999999"]);
  });

  it("number classes become a step from their lower bounds", () => {
    expect(
      colorExpression({
        ...base,
        legend: [
          { value: 0, max: 10, label: "0 – < 10", color: "#c6dbef" },
          { value: 10, label: "10 – 50", color: "#08519c" },
        ],
      }),
    ).toEqual(["step", ["to-number", ["get", "kind"], -1e300], "#c6dbef", 10, "#08519c"]);
  });

  it("no colour column: the layer's colour", () => {
    expect(colorExpression({ color: "#123456", colorBy: null, legend: [] })).toBe("#123456");
  });

  it("the summary skips the title column and empty values", () => {
    expect(featureSummary({ titleColumn: "name", summaryColumns: ["name", "area", "kind"] }, { name: "Devara Kadu", area: 12.5, kind: "", fid: 1 })).toEqual({
      title: "Devara Kadu",
      lines: [["area", "12.5"]],
    });
  });
});
