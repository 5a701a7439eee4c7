import { describe, expect, it } from "vitest";
import { CONSENT_AUDIENCES, type ConsentAudience } from "@/contracts/consent";
import { numberRange, restrictionProblem, yearRange, type FieldRestriction } from "@/contracts/restrictions";
import { restrictionOverridesSchema } from "@/contracts/restrictions.schema";
import { publicValueOf } from "@/server/modules/records/public-value";
import { darwinCoreTerms, effectiveRestrictions, fieldTreatment, recordWithheld, treatmentsDue, type TreatmentField } from "@/server/modules/records/treatments";
import { recordAccess, type CallerStanding } from "@/server/modules/records/visibility";

const FIELDS = new Map<string, TreatmentField>([
  ["name", { type: "TEXT" }],
  ["area", { type: "NUMBER" }],
  ["year", { type: "YEAR" }],
  ["place", { type: "GEOMETRY", precision: "EXACT" }],
  ["cell", { type: "GEOMETRY", precision: "GENERALISED" }],
]);
const POINT = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [74.61234, 15.32171] } }] };
const TODAY = "2026-11-28";

describe("[TREATMENTS] where a record's treatments come from", () => {
  it("template defaults, then restricting labels (the stricter wins), then the curators' overrides (NONE lifts)", () => {
    const template = new Map(FIELDS).set("name", { type: "TEXT", restriction: { treatment: "GENERALISE", reason: "LEGAL" } });
    const plain = effectiveRestrictions(template, [], null);
    expect(plain.fields.cell).toMatchObject({ treatment: "GENERALISE", reason: "SENSITIVE_LOCATION", source: "TEMPLATE" });
    expect(plain.fields.name).toMatchObject({ treatment: "GENERALISE", source: "TEMPLATE" });
    expect(plain.fields.place).toBeUndefined();
    expect(plain.record).toBeNull();

    const sacred = effectiveRestrictions(template, ["tk-secret-sacred", "tk-attribution"], null);
    expect(sacred.fields.place).toMatchObject({ treatment: "WITHHOLD", reason: "SACRED_SITE", source: "LABEL", labelId: "tk-secret-sacred" });
    expect(sacred.fields.cell).toMatchObject({ treatment: "WITHHOLD", source: "LABEL" });
    // "Seasonal" generalises, but never loosens a stricter default.
    const seasonal = effectiveRestrictions(new Map(FIELDS).set("cell", { type: "GEOMETRY", precision: "HIDDEN" }), ["tk-seasonal"], null);
    expect(seasonal.fields.place).toMatchObject({ treatment: "GENERALISE", labelId: "tk-seasonal" });
    expect(seasonal.fields.cell).toMatchObject({ treatment: "WITHHOLD", source: "TEMPLATE" });
    for (const label of ["tk-community-use-only", "tk-women-restricted", "tk-men-restricted"])
      expect(effectiveRestrictions(FIELDS, [label], null).record, label).toMatchObject({ treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" });

    const overridden = effectiveRestrictions(template, ["tk-secret-sacred", "tk-community-use-only"], {
      record: { treatment: "NONE" },
      fields: { place: { treatment: "NONE" }, area: { treatment: "EMBARGO", reason: "LEGAL", until: "2027-01-01" }, gone: { treatment: "WITHHOLD", reason: "LEGAL" } },
    });
    expect(overridden.record).toBeNull();
    expect(overridden.fields.place).toBeUndefined();
    expect(overridden.fields.area).toMatchObject({ treatment: "EMBARGO", until: "2027-01-01", source: "RECORD" });
    // A field the template does not have is ignored.
    expect(overridden.fields.gone).toBeUndefined();
  });

  it("an embargo is in force until its day, and says when it ends", () => {
    const r = effectiveRestrictions(FIELDS, [], { record: { treatment: "EMBARGO", reason: "LEGAL", until: "2026-12-01" }, fields: { area: { treatment: "EMBARGO", reason: "LEGAL", until: "2026-11-29" } } });
    expect(recordWithheld(r, TODAY)).toBe(true);
    expect(recordWithheld(r, "2026-12-01")).toBe(false);
    expect(fieldTreatment(r, "area", TODAY)).not.toBeNull();
    expect(fieldTreatment(r, "area", "2026-11-29")).toBeNull();
    expect(treatmentsDue(r, TODAY)).toBe("2026-11-29");
    expect(treatmentsDue(r, "2026-11-30")).toBe("2026-12-01");
    expect(treatmentsDue(r, "2026-12-02")).toBeNull();
  });
});

describe("[TREATMENTS] what a treatment does to a value (readers without exact values)", () => {
  const treat = (treatment: FieldRestriction["treatment"], until?: string) => ({ treatment, reason: "COMMUNITY_REQUEST" as const, source: "RECORD" as const, ...(until ? { until } : {}) });

  it("generalise: a number to its band, a year to its decade, a place to its cell; a text is withheld", () => {
    expect(publicValueOf({ type: "NUMBER", value: 347.25 }, { type: "NUMBER" }, { exact: false, treatment: treat("GENERALISE") })).toEqual({ value: { from: 300, to: 400 }, precision: "GENERALISED" });
    expect(publicValueOf({ type: "YEAR", value: 1987 }, { type: "YEAR" }, { exact: false, treatment: treat("GENERALISE") })).toEqual({ value: { from: 1980, to: 1989 }, precision: "GENERALISED" });
    const place = publicValueOf({ type: "GEOMETRY", value: POINT }, { type: "GEOMETRY", precision: "EXACT" }, { exact: false, treatment: treat("GENERALISE") });
    expect(place.precision).toBe("GENERALISED");
    expect(JSON.stringify(place.value)).not.toContain("74.61234");
    expect(publicValueOf({ type: "TEXT", value: "Lyngdoh" }, { type: "TEXT" }, { exact: false, treatment: treat("GENERALISE") })).toEqual({ value: null, precision: "HIDDEN" });
  });

  it("withhold and embargo: nothing of the value; exact readers always see it as stored", () => {
    for (const t of [treat("WITHHOLD"), treat("EMBARGO", "2099-01-01")]) {
      expect(publicValueOf({ type: "NUMBER", value: 347.25 }, { type: "NUMBER" }, { exact: false, treatment: t })).toEqual({ value: null, precision: "HIDDEN" });
      expect(publicValueOf({ type: "GEOMETRY", value: POINT }, { type: "GEOMETRY", precision: "EXACT" }, { exact: false, treatment: t })).toEqual({ value: null, precision: "HIDDEN" });
      expect(publicValueOf({ type: "NUMBER", value: 347.25 }, { type: "NUMBER" }, { exact: true, treatment: t }).value).toBe(347.25);
    }
    // No treatment: as stored.
    expect(publicValueOf({ type: "NUMBER", value: 347.25 }, { type: "NUMBER" }, { exact: false, treatment: null }).value).toBe(347.25);
  });

  it("ranges: leading-digit bands and decades", () => {
    expect(numberRange(347.25)).toEqual({ from: 300, to: 400 });
    expect(numberRange(0.42)).toEqual({ from: 0.4, to: 0.5 });
    expect(numberRange(7)).toEqual({ from: 7, to: 8 });
    expect(numberRange(12_500)).toEqual({ from: 10_000, to: 20_000 });
    expect(yearRange(2016)).toEqual({ from: 2010, to: 2019 });
  });

  it("says what was withheld or generalised, and why, in Darwin Core's terms (only for values the record has)", () => {
    const r = effectiveRestrictions(FIELDS, ["tk-secret-sacred"], { record: null, fields: { area: { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" }, year: { treatment: "WITHHOLD", reason: "LEGAL" } } });
    const terms = darwinCoreTerms(r, (id) => id.toUpperCase(), (id) => id !== "year", TODAY);
    expect(terms.informationWithheld).toBe("CELL withheld (sacred site); PLACE withheld (sacred site)");
    expect(terms.dataGeneralizations).toBe("AREA generalised (at the community's request)");
    expect(darwinCoreTerms(effectiveRestrictions(new Map([["name", { type: "TEXT" }]]), [], null), String, () => true, TODAY)).toEqual({ informationWithheld: null, dataGeneralizations: null });
  });
});

describe("[TREATMENTS] a withheld record in the engine's table (treatment × audience × caller)", () => {
  const OWNER = 1;
  const caller = (id: number, roles: string[] = ["ROLE_USER"], groupRoles: CallerStanding["groupRoles"] = []): CallerStanding => ({ id, roles, groupRoles });
  const CALLERS: Record<string, CallerStanding | null> = {
    anonymous: null,
    signedIn: caller(9),
    groupMember: caller(8, ["ROLE_USER"], ["member"]),
    dataCurator: caller(7, ["ROLE_USER", "ROLE_DATACURATOR"]),
    founder: caller(5, ["ROLE_USER"], ["founder", "member"]),
    owner: caller(OWNER),
    admin: caller(4, ["ROLE_USER", "ROLE_ADMIN"]),
  };
  const seeing = (audience: ConsentAudience, withheld: boolean) =>
    Object.entries(CALLERS)
      .filter(([, c]) => recordAccess(c, { user_id: OWNER, allowed_users: [], consent_audience: audience, record_withheld: withheld }).see)
      .map(([name]) => name);

  it("withholding narrows a record to its community and curators, and never widens one", () => {
    const curatorsTier = ["groupMember", "dataCurator", "founder", "owner", "admin"];
    expect(seeing("PUBLIC", true)).toEqual(curatorsTier);
    expect(seeing("MEMBERS", true)).toEqual(curatorsTier);
    for (const audience of CONSENT_AUDIENCES.filter((a) => a !== "PUBLIC" && a !== "MEMBERS")) expect(seeing(audience, true), audience).toEqual(seeing(audience, false));
    expect(seeing("PUBLIC", false)).toEqual(Object.keys(CALLERS));
  });
});

describe("[TREATMENTS] the overrides' contract", () => {
  it("accepts treatments with reasons, NONE, and embargoes with a real day; refuses the rest with keys", async () => {
    await expect(restrictionOverridesSchema.validate({ record: null, fields: { a: { treatment: "NONE" }, b: { treatment: "WITHHOLD", reason: "LEGAL" } } })).resolves.toBeTruthy();
    expect(restrictionProblem({ treatment: "EMBARGO", reason: "LEGAL", until: "2027-02-30" })).toBe("until");
    expect(restrictionProblem({ treatment: "EMBARGO", reason: "LEGAL", until: "2027-02-28" })).toBeNull();
    expect(restrictionProblem({ treatment: "GENERALISE", reason: "LEGAL" }, "record")).toBe("shape");
    expect(restrictionProblem({ treatment: "WITHHOLD", reason: "BECAUSE" })).toBe("shape");
    await expect(restrictionOverridesSchema.validate({ record: { treatment: "EMBARGO", reason: "LEGAL" }, fields: {} })).rejects.toMatchObject({ path: "record.until" });
    await expect(restrictionOverridesSchema.validate({ record: null, fields: { a: null } })).rejects.toMatchObject({ path: "fields.a" });
  });
});
