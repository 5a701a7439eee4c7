/**
 * The pure parts of the WDPCA / ICCA Registry pack (issue 31, item 1): the spherical area, the field
 * sets, the mapping's checks, and a record's attributes through the mapping in its public form
 * (withheld empty, generalised kept generalised, allowed values only).
 */
import { describe, expect, it } from "vitest";
import { FIELD_SET_ATTRIBUTES, FIELD_SETS, SOURCE_COLUMNS, attributeOf, type AttributeDef } from "@/contracts/recognition";
import { checkMapping } from "@/contracts/recognition.schema";
import { DEFAULT_MAPPINGS } from "@/server/modules/recognition/default-mapping";
import { attributeValue, fit, packGeometry, packSite, type PackRecord } from "@/server/modules/recognition/pack-values";
import { areaKm2, ringAreaM2 } from "@/server/modules/recognition/spherical-area";
import { subLocationOf } from "@/server/modules/recognition/sub-locations";
import type { OwnFieldLike } from "@/server/modules/records/public-value";

const square = (lon: number, lat: number, d: number) => [[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]];

describe("[WDPCA] spherical area", () => {
  it("a 1° cell at the equator is about 12,364 km² (WGS 84 equatorial radius), half that area at 60°", () => {
    const equator = areaKm2({ type: "Polygon", coordinates: [square(0, 0, 1)] });
    expect(equator).toBeGreaterThan(12_300);
    expect(equator).toBeLessThan(12_400);
    const north = areaKm2({ type: "Polygon", coordinates: [square(0, 59.5, 1)] });
    expect(north / equator).toBeCloseTo(Math.cos((60 * Math.PI) / 180), 1);
  });

  it("orientation does not matter; holes are taken out; points and lines have none", () => {
    const ring = square(77, 20, 0.1);
    expect(ringAreaM2([...ring].reverse())).toBeCloseTo(ringAreaM2(ring), 3);
    const holed = areaKm2({ type: "Polygon", coordinates: [square(77, 20, 0.1), square(77.02, 20.02, 0.05)] });
    expect(holed).toBeCloseTo(areaKm2({ type: "Polygon", coordinates: [square(77, 20, 0.1)] }) * 0.75, 0);
    expect(areaKm2({ type: "MultiPolygon", coordinates: [[square(0, 0, 1)], [square(10, 0, 1)]] })).toBeCloseTo(2 * areaKm2({ type: "Polygon", coordinates: [square(0, 0, 1)] }), 3);
    expect(areaKm2({ type: "Point", coordinates: [1, 2] })).toBe(0);
    expect(areaKm2(null)).toBe(0);
  });
});

describe("[WDPCA] field sets", () => {
  it("both sets list the issue's attributes once each, and say what is mandatory", () => {
    const names = (f: (typeof FIELD_SETS)[number]) => FIELD_SET_ATTRIBUTES[f].map((x) => x.name);
    expect(names("wdpa16")).toEqual(["WDPAID", "WDPA_PID", "PA_DEF", "NAME", "ORIG_NAME", "DESIG", "DESIG_ENG", "DESIG_TYPE", "IUCN_CAT", "INT_CRIT", "MARINE", "REP_M_AREA", "REP_AREA", "NO_TAKE", "NO_TK_AREA", "STATUS", "STATUS_YR", "GOV_TYPE", "OWN_TYPE", "MANG_AUTH", "MANG_PLAN", "VERIF", "METADATAID", "SUB_LOC", "PARENT_ISO3", "ISO3", "SUPP_INFO", "CONS_OBJ"]);
    for (const name of ["SITE_ID", "SITE_PID", "NAME_ENG", "NAME", "REALM", "SITE_TYPE", "ISO3", "PRNT_ISO3", "GOV_TYPE", "GOVSUBTYPE", "OWN_TYPE", "OWNSUBTYPE", "INLND_WTRS", "OECM_ASMT", "VERIF", "REP_AREA"]) expect(names("wdpca2025")).toContain(name);
    for (const f of FIELD_SETS) expect(new Set(names(f)).size).toBe(names(f).length);
    expect(names("wdpca2025")).not.toContain("MARINE");
    expect(attributeOf("wdpa16", "VERIF")!.allowed).toEqual(["State Verified", "Expert Verified", "Not Reported"]);
    expect(attributeOf("wdpca2025", "SITE_TYPE")!.allowed).toEqual(["PA", "OECM"]);
    expect(attributeOf("wdpa16", "SUPP_INFO")!.mandatory).toBe(false);
    expect(SOURCE_COLUMNS[0]).toBe("METADATAID");
  });

  it("the demo defaults pass their own checks and map every attribute", () => {
    for (const f of FIELD_SETS) {
      expect(checkMapping(f, DEFAULT_MAPPINGS[f])).toEqual({});
      expect(Object.keys(DEFAULT_MAPPINGS[f]).sort()).toEqual(FIELD_SET_ATTRIBUTES[f].map((x) => x.name).sort());
    }
  });

  it("the mapping's errors are keys per attribute", () => {
    expect(
      checkMapping(
        "wdpca2025",
        {
          GOV_TYPE: { source: "constant", value: "The forest department" },
          WDPAID: { source: "none" },
          OWN_TYPE: { source: "field", fieldId: "legal-status", options: { "Private land": "Private" } },
          REP_AREA: { source: "field", fieldId: "area-ha", factor: 0 },
          SITE_ID: { source: "derived", derive: "guess" },
          NAME: { source: "field", fieldId: "nope" },
          STATUS: { source: "constant", value: "" },
        },
        new Set(["legal-status", "area-ha"]),
      ),
    ).toEqual({
      "mapping.GOV_TYPE": "recognition:errors.value",
      "mapping.WDPAID": "recognition:errors.attribute",
      "mapping.OWN_TYPE": "recognition:errors.value",
      "mapping.REP_AREA": "recognition:errors.factor",
      "mapping.SITE_ID": "recognition:errors.derivation",
      "mapping.NAME": "recognition:errors.field",
      "mapping.STATUS": "form:required",
    });
  });
});

describe("[WDPCA] a record's attributes", () => {
  const own = new Map<string, OwnFieldLike>([
    ["name-of-cca", { type: "TEXT" }],
    ["local-name", { type: "TEXT" }],
    ["governance", { type: "SINGLE_SELECT_RADIO" }],
    ["ecosystem-type", { type: "MULTI_SELECT_CHECKBOX" }],
    ["area-ha", { type: "NUMBER" }],
    ["community", { type: "TEXT" }],
    ["year-protection-began", { type: "YEAR" }],
    ["boundary", { type: "GEOMETRY", precision: "EXACT" }],
  ]);
  const polygon = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [square(77.1, 20.1, 0.01)] } }] };
  const record = (over: Partial<PackRecord> = {}): PackRecord => ({
    id: 42,
    location_state: "Maharashtra",
    treatments: { record: null, fields: {} },
    field_values: {
      "name-of-cca": { type: "TEXT", value: "देवराई, मुळशी" },
      "local-name": { type: "TEXT", value: "Devrai of Mulshi" },
      governance: { type: "SINGLE_SELECT_RADIO", value: { valueId: "gov-gram-sabha", value: "Gram Sabha", label: "Village assembly (Gram Sabha)" } },
      "ecosystem-type": { type: "MULTI_SELECT_CHECKBOX", value: [{ valueId: "eco-grove", value: "Forest|Sacred grove", label: "Sacred grove" }, { valueId: "eco-coast", value: "Wetland|Marine and coastal", label: "Marine and coastal" }] },
      "area-ha": { type: "NUMBER", value: 347.25 },
      community: { type: "TEXT", value: "The gram sabha" },
      "year-protection-began": { type: "YEAR", value: 1990 },
      boundary: { type: "GEOMETRY", value: polygon },
    },
    ...over,
  });
  const site = (r: PackRecord, fieldSet: "wdpca2025" | "wdpa16" = "wdpca2025") => packSite(FIELD_SET_ATTRIBUTES[fieldSet], DEFAULT_MAPPINGS[fieldSet], r, own);

  it("maps options, names, areas, codes and constants", () => {
    const s = site(record());
    expect(s.values).toMatchObject({
      SITE_ID: 42,
      SITE_PID: "42",
      NAME_ENG: "Devrai of Mulshi",
      NAME: "Devrai of Mulshi",
      GOV_TYPE: "Local communities",
      REALM: "Coastal",
      REP_AREA: 3.4725,
      STATUS_YR: 1990,
      ISO3: "IND",
      PRNT_ISO3: "IND",
      SUB_LOC: "IN-MH",
      SITE_TYPE: "OECM",
      METADATAID: 1,
      MANG_AUTH: "The gram sabha",
      OWN_TYPE: null,
    });
    expect(s.geometry.kind).toBe("polygon");
    expect(s.missing).toContain("OWN_TYPE");
    const legacy = site(record(), "wdpa16");
    expect(legacy.values).toMatchObject({ WDPAID: 42, NAME: "Devrai of Mulshi", ORIG_NAME: "Devrai of Mulshi", MARINE: "1", PA_DEF: "0", PARENT_ISO3: "IND" });
  });

  it("a Hindi-only name goes to NAME, never to NAME_ENG", () => {
    const r = record();
    delete r.field_values["local-name"];
    expect(site(r).values).toMatchObject({ NAME: "देवराई, मुळशी", NAME_ENG: null });
    expect(site(r).missing).toContain("NAME_ENG");
  });

  it("takes the area from the exact boundary when the record states none", () => {
    const r = record();
    delete r.field_values["area-ha"];
    const area = site(r).values.REP_AREA as number;
    expect(area).toBeCloseTo(areaKm2({ type: "Polygon", coordinates: [square(77.1, 20.1, 0.01)] }), 3);
  });

  it("a withheld value stays empty (no default, no area from the boundary); a generalised one stays generalised", () => {
    const withheld = record({ treatments: { record: null, fields: { community: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST", source: "RECORD" }, "area-ha": { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST", source: "RECORD" } } } });
    expect(site(withheld).values).toMatchObject({ MANG_AUTH: null, REP_AREA: null });
    const generalised = record({ treatments: { record: null, fields: { "area-ha": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST", source: "RECORD" }, "year-protection-began": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST", source: "RECORD" } } } });
    expect(site(generalised).values).toMatchObject({ REP_AREA: null, STATUS_YR: null });
    const text: AttributeDef = { name: "SUPP_INFO", type: "TEXT", mandatory: false, allowed: null, description: "" };
    expect(attributeValue(text, { source: "field", fieldId: "area-ha" }, generalised, own, packGeometry(generalised, own))).toBe("300–400");
  });

  it("a generalised place is its cell, with no area from it; a hidden one no place at all", () => {
    const cells = new Map(own);
    cells.set("boundary", { type: "GEOMETRY", precision: "GENERALISED" });
    const r = record();
    delete r.field_values["area-ha"];
    const g = packGeometry(r, cells);
    expect(g).toMatchObject({ kind: "polygon", generalised: true, exactAreaKm2: null });
    expect(packSite(FIELD_SET_ATTRIBUTES.wdpca2025, DEFAULT_MAPPINGS.wdpca2025, r, cells).values.REP_AREA).toBeNull();
    cells.set("boundary", { type: "GEOMETRY", precision: "HIDDEN" });
    const hidden = packSite(FIELD_SET_ATTRIBUTES.wdpca2025, DEFAULT_MAPPINGS.wdpca2025, r, cells);
    expect(hidden.geometry.kind).toBe("none");
    expect(hidden.missing).toContain("geometry");
  });

  it("writes only allowed values and numbers that are numbers", () => {
    const gov = attributeOf("wdpca2025", "GOV_TYPE")!;
    expect(fit(gov, "Local communities")).toBe("Local communities");
    expect(fit(gov, "Panchayat")).toBeNull();
    expect(fit(attributeOf("wdpca2025", "STATUS_YR")!, "1990.6")).toBe(1991);
    expect(fit(attributeOf("wdpca2025", "REP_AREA")!, "many")).toBeNull();
  });

  it("ISO 3166-2 codes of the states (2023 codes)", () => {
    expect(subLocationOf("Odisha")).toBe("IN-OD");
    expect(subLocationOf("Telangana")).toBe("IN-TG");
    expect(subLocationOf("Dadra and Nagar Haveli and Daman and Diu")).toBe("IN-DH");
    expect(subLocationOf("Atlantis")).toBeNull();
  });
});
