import { describe, expect, it } from "vitest";
import { acceptColour, acceptDate, acceptFieldValue, acceptFilePath, acceptGeometry, acceptGroupBody, acceptLicenseName, acceptRecordValues, acceptWholeNumber, acceptYear, slugOfName } from "@/contracts/accepted-encodings";
import { checkRecordValues } from "@/contracts/record-rules";
import type { CCAField, FieldType } from "@/contracts/template";

const field = (type: FieldType, extra: Partial<CCAField> = {}): CCAField =>
  ({
    fieldId: `f-${type.toLowerCase()}`,
    type,
    name: type,
    question: "",
    helpText: "",
    isRequired: false,
    isMasterField: false,
    isSummaryField: false,
    isFilterable: false,
    isTitleColumn: false,
    isChart: false,
    minMax: [],
    valueOptions: [],
    children: [],
    ...extra,
  }) as unknown as CCAField;

const OPTIONS = [
  { valueId: "o-a", label: "Alpha", value: "Alpha" },
  { valueId: "o-b", label: "Beta", value: "Beta" },
];

describe("accepted encodings: dates and years", () => {
  it("takes YYYY-MM-DD as it is and a picker's UTC date-time as the day of its nearest midnight", () => {
    expect(acceptDate("2024-03-01")).toBe("2024-03-01");
    expect(acceptDate("2023-05-10T18:30:00.000Z")).toBe("2023-05-11"); // local midnight in India
    expect(acceptDate("2023-05-11T05:00:00Z")).toBe("2023-05-11"); // local midnight in New York
    expect(acceptDate("2023-05-11T00:00:00+05:30")).toBe("2023-05-11");
    expect(acceptDate("2023-05-11 10:15")).toBe("2023-05-11");
    expect(acceptDate(Date.UTC(2023, 4, 10, 18, 30))).toBe("2023-05-11"); // epoch milliseconds (Jackson)
    expect(acceptDate("11/05/2023")).toBe("11/05/2023"); // left for the rules to refuse
  });

  it("takes a year as a number, YYYY or the date-time of the year picker", () => {
    expect(acceptYear(1950)).toBe(1950);
    expect(acceptYear("1950")).toBe("1950");
    expect(acceptYear("2019-12-31T18:30:00.000Z")).toBe(2020);
    expect(acceptYear("2020-01-01")).toBe(2020);
    expect(acceptYear(Date.UTC(2019, 11, 31, 18, 30))).toBe(2020);
  });
});

describe("accepted encodings: files", () => {
  it("keeps the path of an absolute or relative file address, raw, without doubled slashes", () => {
    expect(acceptFilePath("http://localhost:8010/proxy/files-api/api/get/raw/pages/h1/a.jpg")).toBe("/files-api/api/get/raw/pages/h1/a.jpg");
    expect(acceptFilePath("/files-api/api/get/crop/userGroups//logos/x.svg")).toBe("/files-api/api/get/raw/userGroups/logos/x.svg");
    expect(acceptFilePath("/pages/h1/a.jpg")).toBe("/files-api/api/get/raw/pages/h1/a.jpg");
    expect(acceptFilePath("get/raw/myUploads/h1/a.pdf")).toBe("/files-api/api/get/raw/myUploads/h1/a.pdf");
  });

  it("reads the reference's licence names", () => {
    expect(acceptLicenseName("CC-BY-NC-SA")).toBe("CC_BY_NC_SA");
    expect(acceptLicenseName("cc-public-domain")).toBe("CC_PUBLIC_DOMAIN");
    expect(acceptLicenseName("UNSPECIFIED")).toBe("UNSPECIFIED");
    expect(acceptLicenseName("")).toBeUndefined();
    expect(acceptLicenseName("GPL")).toBe("GPL");
  });
});

describe("accepted encodings: geometry", () => {
  const ring = [[77.58, 12.96], [77.6, 12.96], [77.6, 12.98], [77.58, 12.98]];

  it("reads nothing drawn as no answer", () => {
    expect(acceptGeometry([])).toBeNull();
    expect(acceptGeometry({})).toBeNull();
    expect(acceptGeometry("")).toBeNull();
  });

  it("wraps geometries and features in a FeatureCollection; an open ring is left for the rules to refuse", () => {
    const wrapped = acceptGeometry([{ type: "Polygon", coordinates: [ring] }]) as { features: { geometry: { coordinates: number[][][] } }[] };
    expect(wrapped).toMatchObject({ type: "FeatureCollection", features: [{ type: "Feature", properties: {} }] });
    expect(wrapped.features[0]!.geometry.coordinates[0]).toEqual(ring);
    expect(acceptGeometry({ type: "Point", coordinates: [77.5, 12.9] })).toEqual({ type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [77.5, 12.9] } }] });
    expect(acceptGeometry(JSON.stringify({ type: "Feature", geometry: { type: "Point", coordinates: [1, 2] } }))).toMatchObject({ features: [{ properties: {} }] });
  });
});

describe("accepted encodings: options and whole records", () => {
  const single = field("SINGLE_SELECT_DROPDOWN", { valueOptions: OPTIONS, isRequired: true });
  const multi = field("MULTI_SELECT_CHECKBOX", { valueOptions: OPTIONS });

  it("reads the original's 'nothing chosen' as no answer, whatever valueId it carries", () => {
    expect(acceptFieldValue(single, { label: "", value: "", valueId: "" })).toBeNull();
    expect(acceptFieldValue(single, { label: "", value: "", valueId: "o-a" })).toBeNull();
    expect(acceptFieldValue(multi, { label: "", value: "", valueId: "o-a" })).toEqual([]);
  });

  it("completes an option given by its value or id alone", () => {
    expect(acceptFieldValue(single, "Beta")).toEqual({ valueId: "o-b", value: "Beta", label: "Beta" });
    expect(acceptFieldValue(single, { value: "Alpha", label: "Alpha" })).toEqual({ value: "Alpha", label: "Alpha", valueId: "o-a" });
    expect(acceptFieldValue(multi, ["o-a", "Beta"])).toEqual([OPTIONS[0], OPTIONS[1]]);
    // One real option where a list is due stays wrong.
    expect(acceptFieldValue(multi, { valueId: "o-a" })).toEqual({ valueId: "o-a" });
  });

  it("leaves a required field left empty to the rules, which refuse it with form:required", () => {
    const fields = [single, field("GEOMETRY", { isRequired: true })];
    const values = acceptRecordValues(fields, { "f-single_select_dropdown": { label: "", value: "", valueId: "o-a" }, "f-geometry": [] });
    expect(checkRecordValues(fields, values)).toEqual({ "f-single_select_dropdown": "form:required", "f-geometry": "form:required" });
  });
});

describe("accepted encodings: colours, whole numbers, groups", () => {
  it("reads every CSS colour syntax as #rrggbb", () => {
    for (const [given, hex] of [
      ["#FFF", "#ffffff"],
      ["#1D4044", "#1d4044"],
      ["1d4044", "#1d4044"],
      ["#1d4044cc", "#1d4044"],
      ["#abcd", "#aabbcc"],
      ["white", "#ffffff"],
      ["RebeccaPurple", "#663399"],
      ["rgb(29, 64, 68)", "#1d4044"],
      ["rgba(29,64,68,0.5)", "#1d4044"],
      ["rgb(29 64 68 / 50%)", "#1d4044"],
      ["rgb(100%, 0%, 0%)", "#ff0000"],
      ["hsl(0, 100%, 50%)", "#ff0000"],
      ["hsl(120deg 100% 25%)", "#008000"],
      ["hsla(0.5turn, 100%, 50%, 1)", "#00ffff"],
    ] as const) {
      expect(acceptColour(given), given).toBe(hex);
    }
    for (const wrong of ["reddish", "rgb(1,2)", "hsl(0, 100, 50)", "#12345", "transparent"]) expect(acceptColour(wrong), wrong).toBe(wrong);
  });

  it("reads whole numbers sent as digits", () => {
    expect(acceptWholeNumber("0")).toBe(0);
    expect(acceptWholeNumber(" 12 ")).toBe(12);
    expect(acceptWholeNumber("1.5")).toBe("1.5");
    expect(acceptWholeNumber(3)).toBe(3);
  });

  it("reads the original's group create body: its name, description and language as a translation, an address from the name", () => {
    expect(acceptGroupBody({ name: "Sacred Groves of Kodagu", description: "<p>Groves</p>", languageId: 205, allowUserToJoin: true })).toMatchObject({
      translation: [{ language: 205, name: "Sacred Groves of Kodagu", description: "<p>Groves</p>" }],
      webAddress: "sacred-groves-of-kodagu",
    });
    expect(acceptGroupBody({ translation: [], webAddress: "kept" })).toEqual({ translation: [], webAddress: "kept" });
    expect(slugOfName("Bañni — grasslands!")).toBe("banni-grasslands");
  });
});
