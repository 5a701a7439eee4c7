import { describe, expect, it } from "vitest";
import { isFieldType } from "@/contracts/template";
import { LICENSE_LIST } from "@/shared/licenses";
import { indexFieldValues } from "@/server/modules/records/record-values";
import { SEED_GROUPS } from "@/server/seed/demo-groups";
import { DEMO_RECORD_IMAGES } from "@/server/seed/demo-record-images";
import { DEMO_RECORDS, type DemoRecord } from "@/server/seed/demo-records";
import { SEED_TEMPLATES, seedFieldsOf, type SeedField } from "@/server/seed/demo-templates";
import { SEED_USERS } from "@/server/seed/demo-users";

const DEVANAGARI = /[\u0900-\u097F]/;
const OPTION_TYPES = new Set(["SINGLE_SELECT_DROPDOWN", "SINGLE_SELECT_RADIO", "MULTI_SELECT_DROPDOWN", "MULTI_SELECT_CHECKBOX"]);
const MULTI_TYPES = new Set(["MULTI_SELECT_DROPDOWN", "MULTI_SELECT_CHECKBOX"]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** India's bounding box, generous: lon 68–98 E, lat 6–37.5 N. */
const INDIA = { west: 68, east: 98, south: 6, north: 37.5 };

const templateFields = new Map(SEED_TEMPLATES.map((t) => [t.shortName, new Map(seedFieldsOf(t.fields).map((f) => [f.fieldId, f]))]));
const masterFields = templateFields.get("master")!;
const stateOptions = new Set(masterFields.get("state")!.options!.map((o) => o.value));
const licenseNames = new Set(LICENSE_LIST.map((l) => l.name));

const nameOf = (r: DemoRecord) => String(r.values["name-of-cca"]?.value ?? "");
const stateOf = (r: DemoRecord) => r.location?.state ?? (r.values.state?.value as { value?: string } | undefined)?.value;

type Ring = Array<[number, number]>;

function geometries(value: unknown): Array<{ type: string; coordinates: unknown }> {
  const fc = value as { type?: string; features?: Array<{ type?: string; geometry?: { type: string; coordinates: unknown } }> };
  expect(fc.type).toBe("FeatureCollection");
  expect(Array.isArray(fc.features) && fc.features.length > 0).toBe(true);
  return fc.features!.map((f) => {
    expect(f.type).toBe("Feature");
    return f.geometry!;
  });
}

function insideIndia([lon, lat]: [number, number]) {
  return lon >= INDIA.west && lon <= INDIA.east && lat >= INDIA.south && lat <= INDIA.north;
}

function checkValue(record: DemoRecord, fieldId: string, field: SeedField) {
  const stored = record.values[fieldId]!;
  const where = `${record.key}.${fieldId}`;
  expect(stored.type, where).toBe(field.type);
  expect(isFieldType(stored.type), where).toBe(true);
  if (stored.fieldId !== undefined) expect(stored.fieldId, where).toBe(fieldId);
  expect(stored.name, where).toBe(field.name.en);
  const v = stored.value;
  if (OPTION_TYPES.has(field.type)) {
    const list = MULTI_TYPES.has(field.type) ? (v as unknown[]) : [v];
    expect(Array.isArray(list) && list.length > 0, where).toBe(true);
    if (!MULTI_TYPES.has(field.type)) expect(Array.isArray(v), `${where} single select holds one option`).toBe(false);
    for (const item of list as Array<{ valueId: string; label: string; value: string }>) {
      const option = field.options!.find((o) => o.id === item.valueId);
      expect(option, `${where}: valueId ${item.valueId}`).toBeDefined();
      expect(item.value, where).toBe(option!.value);
      if (option!.value.includes("?")) expect(item.label.trim().length, `${where}: Others needs free text`).toBeGreaterThan(0);
      else expect(item.label, where).toBe(option!.label.en);
    }
    return;
  }
  const [min, max] = field.minMax ?? [];
  switch (field.type) {
    case "TEXT":
    case "TEXT_AREA":
      expect(typeof v === "string" && v.trim() !== "", where).toBe(true);
      break;
    case "RICHTEXT":
      expect(v, where).toMatch(/^(<p>[^<>]+<\/p>)+$/);
      break;
    case "NUMBER":
    case "YEAR":
      expect(typeof v === "number" && Number.isFinite(v), where).toBe(true);
      if (typeof min === "number") expect(v as number, where).toBeGreaterThanOrEqual(min);
      if (typeof max === "number") expect(v as number, where).toBeLessThanOrEqual(max);
      break;
    case "NUMBER_RANGE": {
      const [a, b] = v as [number, number];
      expect(typeof a === "number" && typeof b === "number" && a <= b, where).toBe(true);
      if (typeof min === "number") expect(a, where).toBeGreaterThanOrEqual(min);
      if (typeof max === "number") expect(b, where).toBeLessThanOrEqual(max);
      break;
    }
    case "DATE":
      expect(v, where).toMatch(ISO_DATE);
      if (typeof min === "string") expect((v as string) >= min, where).toBe(true);
      break;
    case "DATE_RANGE": {
      const [a, b] = v as [string, string];
      expect(a, where).toMatch(ISO_DATE);
      expect(b, where).toMatch(ISO_DATE);
      expect(a <= b, where).toBe(true);
      break;
    }
    case "FILE":
      expect(Array.isArray(v) && v.length > 0, where).toBe(true);
      for (const file of v as Array<{ path: string; attribution: string; license: string; type: string }>) {
        expect(file.path, where).toMatch(/^seed-photo:[\w-]+\.svg$/);
        expect(DEMO_RECORD_IMAGES[file.path.slice("seed-photo:".length)], `${where}: ${file.path}`).toBeDefined();
        expect(file.attribution.trim().length, where).toBeGreaterThan(0);
        expect(licenseNames.has(file.license), `${where}: licence ${file.license}`).toBe(true);
        expect(file.type, where).toBe("image");
      }
      break;
    case "GEOMETRY":
      for (const geometry of geometries(v)) {
        if (geometry.type === "Point") {
          expect(insideIndia(geometry.coordinates as [number, number]), where).toBe(true);
          continue;
        }
        expect(geometry.type, where).toBe("Polygon");
        const [ring] = geometry.coordinates as Ring[];
        expect(ring!.length, `${where}: 6–12 vertices and the closing one`).toBeGreaterThanOrEqual(7);
        expect(ring!.length, where).toBeLessThanOrEqual(13);
        expect(ring![0], `${where}: ring closed`).toEqual(ring![ring!.length - 1]);
        for (const point of ring!) expect(insideIndia(point), `${where}: ${point.join(",")}`).toBe(true);
      }
      break;
    default:
      throw new Error(`${where}: unexpected type ${field.type}`);
  }
}

describe("[SEED] demo CCA records", () => {
  it("has about sixty public records from the three templates, one at every audience below the public, and one of each treatment", () => {
    const count = (shortName: string) => DEMO_RECORDS.filter((r) => r.shortName === shortName).length;
    const isPublic = (r: (typeof DEMO_RECORDS)[number]) => !r.consent || r.consent.audience === "PUBLIC";
    expect(DEMO_RECORDS.filter(isPublic).length).toBeGreaterThanOrEqual(55);
    expect(DEMO_RECORDS.filter(isPublic).length).toBeLessThanOrEqual(70);
    // Issue 30, item 2: a label withholding places, a label withholding the record, a generalised number, an embargo.
    const labels = DEMO_RECORDS.flatMap((r) => r.labels ?? []);
    expect(labels).toEqual(expect.arrayContaining(["tk-secret-sacred", "tk-community-use-only"]));
    const treatments = DEMO_RECORDS.flatMap((r) => [r.restrictions?.record?.treatment, ...Object.values(r.restrictions?.fields ?? {}).map((f) => f.treatment)]);
    expect(treatments).toEqual(expect.arrayContaining(["GENERALISE", "EMBARGO"]));
    expect(DEMO_RECORDS.filter((r) => !isPublic(r)).map((r) => r.consent!.audience).sort()).toEqual(["COMMUNITY", "CURATORS", "MEMBERS", "NONE"]);
    expect(count("master")).toBeGreaterThanOrEqual(40);
    expect(count("sacred-grove-survey")).toBeGreaterThanOrEqual(6);
    expect(count("wetland-monitoring")).toBeGreaterThanOrEqual(6);
  });

  it("has unique keys", () => {
    expect(new Set(DEMO_RECORDS.map((r) => r.key)).size).toBe(DEMO_RECORDS.length);
  });

  it.each(DEMO_RECORDS.map((r) => [r.key, r] as const))("%s matches its template", (_key, record) => {
    const fields = templateFields.get(record.shortName);
    expect(fields, record.shortName).toBeDefined();
    for (const fieldId of Object.keys(record.values)) {
      const field = fields!.get(fieldId);
      expect(field, `${record.key}: field ${fieldId} is not in ${record.shortName}`).toBeDefined();
      checkValue(record, fieldId, field!);
    }
    for (const field of fields!.values()) {
      if (field.isRequired) expect(record.values[field.fieldId], `${record.key}: required ${field.fieldId}`).toBeDefined();
    }
    // Every value is indexable: the typed index reads what the seed writes.
    expect(indexFieldValues(record.values).length).toBeGreaterThan(0);
  });

  it.each(DEMO_RECORDS.map((r) => [r.key, r] as const))("%s has a valid owner, groups, date and location", (_key, record) => {
    expect(SEED_USERS.some((u) => u.email === record.ownerEmail), record.ownerEmail).toBe(true);
    for (const slug of record.groupSlugs) expect(SEED_GROUPS.some((g) => g.slug === slug), slug).toBe(true);
    expect(new Set(record.groupSlugs).size).toBe(record.groupSlugs.length);
    expect(record.createdOn).toMatch(ISO_DATE);
    expect(record.createdOn >= "2024-01-01" && record.createdOn <= "2026-12-31", record.createdOn).toBe(true);
    expect(record.location).not.toBeNull();
    expect(stateOptions.has(record.location!.state), record.location!.state).toBe(true);
    const stateValue = record.values.state?.value as { value: string } | undefined;
    if (stateValue) expect(stateValue.value).toBe(record.location!.state);
    const surveyed = record.values["sg-survey-date"]?.value as string | undefined;
    if (surveyed) expect(surveyed <= record.createdOn, "surveyed before it was entered").toBe(true);
  });

  it("spreads over at least 15 states", () => {
    expect(new Set(DEMO_RECORDS.map(stateOf)).size).toBeGreaterThanOrEqual(15);
  });

  it("has records in English and in Hindi", () => {
    const hindi = DEMO_RECORDS.filter((r) => DEVANAGARI.test(nameOf(r)));
    expect(hindi.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_RECORDS.length - hindi.length).toBeGreaterThanOrEqual(40);
    for (const r of hindi) {
      for (const id of ["community", "case-study", "wm-notes", "sg-deity"]) {
        const text = r.values[id]?.value;
        if (typeof text === "string") expect(text, `${r.key}.${id} is Hindi`).toMatch(DEVANAGARI);
      }
    }
  });

  it("mostly has boundaries, a few points and a few without geometry", () => {
    const kinds = DEMO_RECORDS.map((r) => {
      const geo = Object.values(r.values).find((v) => v.type === "GEOMETRY");
      return geo ? geometries(geo.value)[0]!.type : "none";
    });
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    expect(count("Polygon")).toBeGreaterThan(DEMO_RECORDS.length / 2);
    expect(count("Point")).toBeGreaterThanOrEqual(3);
    expect(count("none")).toBeGreaterThanOrEqual(2);
    expect(count("none")).toBeLessThanOrEqual(4);
  });

  it("has photos on most records, from a dozen or more images", () => {
    const files = DEMO_RECORDS.flatMap((r) => Object.values(r.values).filter((v) => v.type === "FILE"));
    expect(files.length).toBeGreaterThanOrEqual(35);
    const used = new Set(files.flatMap((f) => (f.value as Array<{ path: string }>).map((x) => x.path)));
    expect(used.size).toBeGreaterThanOrEqual(12);
  });

  it("posts most records to groups, and each themed record to its group", () => {
    expect(DEMO_RECORDS.filter((r) => r.groupSlugs.length > 0).length).toBeGreaterThan(DEMO_RECORDS.length / 2);
    for (const slug of SEED_GROUPS.map((g) => g.slug)) expect(DEMO_RECORDS.some((r) => r.groupSlugs.includes(slug)), slug).toBe(true);
    for (const r of DEMO_RECORDS) {
      if (stateOf(r) === "Nagaland") expect(r.groupSlugs, r.key).toContain("nagaland-community-forests");
      if (r.shortName === "sacred-grove-survey") expect(r.groupSlugs, r.key).toContain("sacred-groves");
      if (/chilika|mangalajodi|satapada/i.test(`${r.key} ${nameOf(r)}`)) expect(r.groupSlugs, r.key).toContain("chilika");
    }
  });

  it("spreads owners over the demo users, the founder and a plain member among them", () => {
    const owners = new Set(DEMO_RECORDS.map((r) => r.ownerEmail));
    expect(owners.size).toBeGreaterThanOrEqual(5);
    expect(owners).toContain("founder@example.org");
    expect(owners).toContain("member@example.org");
  });

  it("uses Parent|Child and Others options", () => {
    const options = DEMO_RECORDS.flatMap((r) => Object.values(r.values).flatMap((v) => (OPTION_TYPES.has(v.type) ? [v.value].flat() : []))) as Array<{ value: string; label: string }>;
    expect(options.some((o) => o.value.includes("|") && !o.value.includes("?"))).toBe(true);
    expect(options.filter((o) => o.value === "Others|?").length).toBeGreaterThanOrEqual(1);
  });
});

describe("[SEED] demo record images", () => {
  it.each(Object.entries(DEMO_RECORD_IMAGES))("%s is an accessible 640×420 SVG", (_name, svg) => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="420" viewBox="0 0 640 420" role="img" aria-label="[^"]+">/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("stays small", () => {
    const total = Object.values(DEMO_RECORD_IMAGES).reduce((sum, s) => sum + s.length, 0);
    expect(total).toBeLessThan(60_000);
  });
});
