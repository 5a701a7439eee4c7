/** How records read in exports (issue 14): CSV quoting and formula guard, WKT, option labels, links. */
import { describe, expect, it } from "vitest";
import type { ViewField } from "@/server/modules/templates/template-loader.service";
import { cellOf, csvField, csvLine, toWkt } from "@/server/modules/exports/export-format";

const field = (over: Partial<ViewField>): ViewField => ({
  fieldId: "f",
  type: "TEXT",
  name: "F",
  isSummary: false,
  isTitle: false,
  isFilterable: false,
  precision: "EXACT",
  labelById: new Map(),
  labelByValue: new Map(),
  labelByParent: new Map(),
  ...over,
});
const exact = (v: unknown) => v as never;

describe("[EXPORT] cells", () => {
  it("CSV: quotes commas, quotes and line breaks; guards formulas; numbers stay numbers", () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
    expect(csvLine(["देववन", 1])).toBe("देववन,1\r\n");
  });

  it("options read as labels in the language, grouped ones as Parent → Child, Others as typed", () => {
    const kind = field({
      type: "MULTI_SELECT_CHECKBOX",
      labelById: new Map([["o1", "झील"]]),
      labelByValue: new Map([["Lake", "झील"], ["Forest|Sacred grove", "पवित्र उपवन"], ["Forest", "वन"]]),
    });
    const value = [{ valueId: "o1", value: "Lake" }, { valueId: "o2", value: "Forest|Sacred grove" }, { value: "Others|?", label: "Village pond" }];
    expect(cellOf(kind, { value }, "http://x", exact)).toBe("झील; वन → पवित्र उपवन; Village pond");
  });

  it("rich text without tags, ranges, dates, files as absolute links", () => {
    expect(cellOf(field({ type: "RICHTEXT" }), { value: "<p>Old <b>trees</b> &amp; ponds</p>" }, "", exact)).toBe("Old trees & ponds");
    expect(cellOf(field({ type: "NUMBER_RANGE" }), { value: [10, 20] }, "", exact)).toBe("10 – 20");
    expect(cellOf(field({ type: "NUMBER" }), { value: 12.5 }, "", exact)).toBe(12.5);
    expect(cellOf(field({ type: "DATE_RANGE" }), { value: ["2020-01-01", null] }, "", exact)).toBe("≥ 2020-01-01");
    expect(cellOf(field({ type: "FILE" }), { value: [{ path: "/files-api/api/get/raw/myUploads/a/b.jpg" }] }, "https://cca.example.org/", exact)).toBe(
      "https://cca.example.org/files-api/api/get/raw/myUploads/a/b.jpg",
    );
  });

  it("geometry as WKT: one geometry alone, several as a collection", () => {
    const square = { type: "Polygon", coordinates: [[[1, 2], [3, 2], [3, 4], [1, 2]]] };
    const fc = (geometries: unknown[]) => ({ type: "FeatureCollection" as const, features: geometries.map((g) => ({ type: "Feature" as const, properties: null, geometry: g as never })) });
    expect(toWkt(fc([square]))).toBe("POLYGON ((1 2, 3 2, 3 4, 1 2))");
    expect(toWkt(fc([square, { type: "Point", coordinates: [5, 6] }]))).toBe("GEOMETRYCOLLECTION (POLYGON ((1 2, 3 2, 3 4, 1 2)), POINT (5 6))");
    expect(toWkt(fc([]))).toBeNull();
  });
});
