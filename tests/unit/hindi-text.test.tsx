import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DataChart } from "@/contracts/chart";
import type { CCAField } from "@/contracts/template";
import { mapLibreLocale } from "@/components/map/map-locale";
import { optionGroups, optionText as formOptionText } from "@/components/record-form/form-model";
import { chartViews } from "@/features/chart/chart.ssr";
import { DataFilters } from "@/features/data/data-filters";
import { EMPTY_STATE } from "@/features/data/data-list-query";
import { describeValue } from "@/features/data/data-values";
import { leaves, readLocale, ROOT } from "./helpers/locales";
import { renderWithProviders } from "./helpers/render";

afterEach(cleanup);

/** The master's ecosystem field as the platform answers it in Hindi. */
const ecosystem: CCAField = {
  fieldId: "ecosystem-type",
  type: "MULTI_SELECT_CHECKBOX",
  name: "पारिस्थितिकी तंत्र का प्रकार",
  question: "",
  helpText: "",
  isRequired: false,
  isMasterField: true,
  isSummaryField: true,
  isFilterable: true,
  isTitleColumn: false,
  isChart: true,
  minMax: [],
  valueOptions: [
    { valueId: "eco-sacred-grove", value: "Forest|Sacred grove", label: "देववन" },
    { valueId: "eco-community-forest", value: "Forest|Community forest", label: "सामुदायिक वन" },
    { valueId: "eco-grassland", value: "Grassland", label: "घास का मैदान" },
  ],
  parentLabels: { Forest: "वन" },
  publicPrecision: null,
  createdOn: "2026-01-01T00:00:00.000Z",
  updatedOn: "2026-01-01T00:00:00.000Z",
  children: [],
};
const state: CCAField = { ...ecosystem, fieldId: "state", type: "SINGLE_SELECT_DROPDOWN", name: "राज्य", valueOptions: [{ valueId: "s-m", value: "Meghalaya", label: "मेघालय" }], parentLabels: undefined };

/** MapLibre's own default texts, read from the installed package so an upgrade's new control is noticed. */
function mapLibreDefaultIds(): string[] {
  const source = readFileSync(path.join(ROOT, "node_modules/maplibre-gl/dist/maplibre-gl-dev.mjs"), "utf8");
  const block = /const defaultLocale = \{([\s\S]*?)\};/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/"([A-Za-z]+\.[A-Za-z]+)":/g)].map((m) => m[1]!);
}

describe("[I18N] a Hindi visitor's map speaks Hindi", () => {
  it("every MapLibre control text has a translation (zoom, attribution, full screen, scale…)", () => {
    const ids = mapLibreDefaultIds();
    expect(ids.length).toBeGreaterThan(15);
    expect(Object.keys(mapLibreLocale("hi")).sort()).toEqual([...ids].sort());
  });

  it("the Hindi controls read in Devanagari and the map keeps the name its screen gives it", () => {
    const hi = mapLibreLocale("hi", "मिले हुए सीसीए का मानचित्र");
    expect(hi["NavigationControl.ZoomIn"]).toBe("ज़ूम इन करें");
    expect(hi["AttributionControl.ToggleAttribution"]).toMatch(/[\u0900-\u097F]/);
    expect(hi["Map.Title"]).toBe("मिले हुए सीसीए का मानचित्र");
    expect(mapLibreLocale("en")["NavigationControl.ZoomOut"]).toBe("Zoom out");
  });

  it("Hindi names the map one way (मानचित्र, as the navigation does), never नक्शा", () => {
    const namespaces = readdirSync(path.join(ROOT, "locales/hi")).map((f) => f.replace(/\.json$/, ""));
    const other = namespaces.flatMap((ns) =>
      [...leaves(readLocale("hi", ns) ?? {})].filter(([, v]) => typeof v === "string" && v.includes("नक्श")).map(([k]) => `${ns}:${k}`),
    );
    expect(other).toEqual([]);
    expect(readLocale("hi", "header")).toMatchObject({ menu: expect.objectContaining({ maps: "मानचित्र" }) });
  });
});

describe("[I18N] a Hindi visitor reads options and their groups in Hindi", () => {
  it("a record's grouped option reads “वन → देववन” with the parent's name the platform sends", () => {
    const view = describeValue("MULTI_SELECT_CHECKBOX", [{ valueId: "eco-sacred-grove", value: "Forest|Sacred grove", label: "देववन", parentLabel: "वन" }], "hi");
    expect(view).toEqual({ kind: "text", text: "वन → देववन" });
    // A record read from a platform that sends no parent name still reads as before.
    expect(describeValue("SINGLE_SELECT_DROPDOWN", { value: "Forest|Sacred grove", label: "Sacred grove" }, "en")).toEqual({ kind: "text", text: "Forest → Sacred grove" });
  });

  it("the participation form groups the options under the parent's Hindi name", () => {
    expect(optionGroups(ecosystem).map((g) => [g.parent, g.options.map((o) => o.text)])).toEqual([
      ["वन", ["देववन", "सामुदायिक वन"]],
      [null, ["घास का मैदान"]],
    ]);
    expect(formOptionText(ecosystem, ecosystem.valueOptions[0]!)).toBe("वन → देववन");
    expect(formOptionText({ ...ecosystem, parentLabels: undefined }, ecosystem.valueOptions[0]!)).toBe("Forest → देववन");
  });

  it("the data list's filter offers “सभी वन” (each language orders the words itself) and “All of Forest” in English", () => {
    const aggregation = { "ecosystem-type": [{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }] };
    renderWithProviders(<DataFilters state={EMPTY_STATE} fields={[ecosystem]} aggregation={aggregation} groups={[]} onChange={() => undefined} idPrefix="t" />, { lang: "hi", namespaces: ["common", "data", "filters"] });
    expect(screen.getByRole("checkbox", { name: /^सभी वन/ })).toBeTruthy();
    expect(document.body.textContent).not.toContain("Forest");
    cleanup();
    renderWithProviders(<DataFilters state={EMPTY_STATE} fields={[{ ...ecosystem, parentLabels: { Forest: "Forest" } }]} aggregation={aggregation} groups={[]} onChange={() => undefined} idPrefix="t" />, { namespaces: ["common", "data", "filters"] });
    expect(screen.getByRole("checkbox", { name: /^All of Forest/ })).toBeTruthy();
  });

  it("the statistics name states and grouped options in Hindi", () => {
    const chart: DataChart = {
      total: 3,
      satewiseAggregation: { Meghalaya: 2, "?": 1 },
      aggregation: { "ecosystem-type": [{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }], state: [{ _id: "Meghalaya", count: 2 }] },
      numericAggregation: {},
    };
    const [byState, stateField, eco] = chartViews(chart, [state, ecosystem], "hi", "राज्यवार क्षेत्र");
    expect(byState!.rows.map((r) => r.label)).toEqual(["मेघालय", "अज्ञात"]);
    expect(stateField!.rows.map((r) => r.label)).toEqual(["मेघालय"]);
    expect(eco!.rows.map((r) => r.label)).toEqual(["वन → देववन", "घास का मैदान"]);
  });
});
