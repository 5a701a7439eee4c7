import { describe, expect, it } from "vitest";
import {
  FIELD_TYPES,
  flattenFields,
  groupOptions,
  isValidOptionValue,
  optionDisplay,
  parseOptionValue,
  type FieldType,
} from "@/contracts/template";
import { checkTemplate, checkTemplateTexts, templateMetaSchema } from "@/contracts/template-rules";
import { indexFieldValues, boundingBox } from "@/server/modules/records/record-values";
import { SEED_TEMPLATES, seedFieldsOf, toCleanField } from "@/server/seed/demo-templates";

const DEVANAGARI = /[\u0900-\u097F]/;

describe("[TEMPLATES] option values", () => {
  it.each([
    ["Lake", { parent: null, child: "Lake", isOthers: false }],
    ["Forest|Sacred grove", { parent: "Forest", child: "Sacred grove", isOthers: false }],
    [" Forest | Mangrove ", { parent: "Forest", child: "Mangrove", isOthers: false }],
    ["Others|?", { parent: null, child: "Others", isOthers: true }],
    ["?", { parent: null, child: "", isOthers: true }],
    ["Forest|Others|?", { parent: "Forest", child: "Others", isOthers: true }],
  ])("reads %j", (value, parsed) => {
    expect(parseOptionValue(value)).toEqual(parsed);
  });

  it("accepts one parent level and an Others mark only at the end", () => {
    for (const ok of ["Lake", "Forest|Sacred grove", "Others|?", "?", "Forest|Others|?"]) expect(isValidOptionValue(ok), ok).toBe(true);
    for (const bad of ["", "A|B|C", "|Child", "Parent|", "A||B", "What?", "?|x", "|?", "A|?|?"]) expect(isValidOptionValue(bad), bad).toBe(false);
  });

  it("shows Parent → Child and drops the Others mark", () => {
    expect(optionDisplay("Forest|Sacred grove")).toBe("Forest → Sacred grove");
    expect(optionDisplay("Others|?")).toBe("Others");
    expect(optionDisplay("Lake")).toBe("Lake");
  });

  it("groups children under their parent's first place, top-level options in their own", () => {
    const options = ["Forest|Sacred grove", "Lake", "Forest|Mangrove", "Wetland|River", "Others|?"].map((value) => ({ value }));
    expect(groupOptions(options).map((g) => [g.parent, g.options.map((o) => o.value)])).toEqual([
      ["Forest", ["Forest|Sacred grove", "Forest|Mangrove"]],
      [null, ["Lake"]],
      ["Wetland", ["Wetland|River"]],
      [null, ["Others|?"]],
    ]);
  });
});

describe("[TEMPLATES] template rules shared by the editor and the platform", () => {
  const base = { shortName: "grove", name: "Grove", description: "About groves", platform: ["DESKTOP"], permissions: ["ROLE_USER"] };
  const ids = () => {
    let n = 0;
    return () => `id-${++n}`;
  };
  const check = (body: Record<string, unknown>, masterFields = new Map<string, FieldType>()) => checkTemplate({ ...base, ...body }, { masterFields, newId: ids() });

  it("reads a clean template, making the ids that were left out", () => {
    const { value, errors } = check({ fields: [{ type: "HEADING", name: " Main ", children: [{ type: "SINGLE_SELECT_RADIO", name: "Kind", valueOptions: [{ value: "A" }] }] }] });
    expect(errors).toEqual({});
    expect(value.fields[0]).toMatchObject({ fieldId: "id-1", name: "Main", children: [{ fieldId: "id-2", valueOptions: [{ valueId: "id-3", value: "A", label: "A" }] }] });
  });

  it("gives each error a translation key and an English reason, keyed by field id", () => {
    const { errors, reasons } = check({ shortName: "bad name", fields: [{ fieldId: "n", type: "NUMBER", name: "N", minMax: [3, 1] }] });
    expect(errors).toEqual({ shortName: "template:errors.short_name_format", "fields.n.minMax": "template:errors.min_max_order" });
    expect(reasons["fields.n.minMax"]).toMatch(/minimum greater than its maximum/);
  });

  it("marks every field of the master template as a master field and recognises copies elsewhere", () => {
    expect(check({ shortName: "master", fields: [{ fieldId: "a", type: "TEXT", name: "A" }] }).value.fields[0]!.isMasterField).toBe(true);
    const master = new Map<string, FieldType>([["a", "TEXT"]]);
    expect(check({ fields: [{ fieldId: "a", type: "TEXT", name: "A" }] }, master).value.fields[0]!.isMasterField).toBe(true);
    expect(check({ fields: [{ fieldId: "b", type: "TEXT", name: "B" }] }, master).value.fields[0]!.isMasterField).toBe(false);
  });

  it("reads only texts for a translation-only update", () => {
    const { value, errors } = checkTemplateTexts({ language: "hi", name: "देववन", fields: [{ fieldId: "a", type: "NUMBER", name: "नाम", valueOptions: [{ valueId: "x", label: "हाँ" }], children: [{ fieldId: "b", name: "" }] }] });
    expect(errors).toEqual({});
    expect(value.name).toBe("देववन");
    expect(value.fields.get("a")).toEqual({ name: "नाम", question: "", helpText: "", optionLabels: { x: "हाँ" } });
    expect(value.fields.get("b")?.name).toBe("");
  });

  it("the metadata form's schema takes the same short names as the platform", async () => {
    const valid = { ...base, parentName: null };
    await expect(templateMetaSchema.validate(valid)).resolves.toBeTruthy();
    await expect(templateMetaSchema.validate({ ...valid, shortName: "all" })).rejects.toThrow("template:errors.short_name_reserved");
    await expect(templateMetaSchema.validate({ ...valid, shortName: "a b" })).rejects.toThrow("template:errors.short_name_format");
    await expect(templateMetaSchema.validate({ ...valid, platform: [] })).rejects.toThrow("template:errors.platform_required");
    await expect(templateMetaSchema.validate({ ...valid, permissions: ["ROLE_PAGE_EDITOR"] })).rejects.toThrow("form:unknown_role");
  });
});

describe("[TEMPLATES] the demo templates", () => {
  const master = SEED_TEMPLATES.find((t) => t.shortName === "master")!;
  const masterTypes = new Map(seedFieldsOf(master.fields).map((f) => [f.fieldId, f.type]));
  const masterIds = new Set(masterTypes.keys());

  it.each(SEED_TEMPLATES.map((t) => [t.shortName] as const))("%s passes the template rules", (shortName) => {
    const template = SEED_TEMPLATES.find((t) => t.shortName === shortName)!;
    const body = { shortName, name: template.name.en, description: template.description.en, platform: template.platform, permissions: template.permissions, fields: template.fields.map((f) => toCleanField(f, masterIds)) };
    expect(checkTemplate(body, { masterFields: shortName === "master" ? new Map() : masterTypes }).errors).toEqual({});
  });

  it("the two other templates together use all 15 field types", () => {
    const used = new Set(SEED_TEMPLATES.filter((t) => t.shortName !== "master").flatMap((t) => seedFieldsOf(t.fields).map((f) => f.type)));
    expect([...used].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it("every text and option label has a Hindi version", () => {
    for (const template of SEED_TEMPLATES) {
      expect(template.name.hi).toMatch(DEVANAGARI);
      expect(template.description.hi).toMatch(DEVANAGARI);
      for (const field of seedFieldsOf(template.fields)) {
        expect(field.name.hi, field.fieldId).toMatch(DEVANAGARI);
        if (field.question) expect(field.question.hi, field.fieldId).toMatch(DEVANAGARI);
        if (field.helpText) expect(field.helpText.hi, field.fieldId).toMatch(DEVANAGARI);
        for (const option of field.options ?? []) expect(option.label.hi, option.id).toMatch(DEVANAGARI);
      }
    }
  });

  it("the master template describes a CCA inventory", () => {
    const names = flattenFields(master.fields.map((f) => toCleanField(f, masterIds))).map((f) => f.name);
    for (const name of ["Name of the CCA", "Local name", "State", "District", "Ecosystem type", "Legal status", "Governance", "Community", "Area (hectares)", "Year protection began", "Threats", "Conservation practices", "Case study", "Photos", "Boundary"]) {
      expect(names).toContain(name);
    }
  });
});

describe("[TEMPLATES] the typed value index of a record", () => {
  it("writes one row per value a filter or count reads, none for empty values", () => {
    const rows = indexFieldValues({
      name: { type: "TEXT", value: " Grove " },
      story: { type: "RICHTEXT", value: "<p>Old <b>grove</b></p>" },
      head: { type: "HEADING", value: null },
      kind: { type: "SINGLE_SELECT_RADIO", value: { valueId: "a", label: "x", value: "Forest|Sacred grove" } },
      eco: { type: "MULTI_SELECT_CHECKBOX", value: [{ value: "Lake" }, { value: "Others|?", label: "Tank" }, { value: "Lake" }] },
      area: { type: "NUMBER", value: 12 },
      span: { type: "NUMBER_RANGE", value: [3, 9] },
      year: { type: "YEAR", value: "1987-01-01T00:00:00Z" },
      day: { type: "DATE", value: "2024-03-05" },
      fest: { type: "DATE_RANGE", value: ["2024-04-01", "2024-04-03"] },
      pics: { type: "FILE", value: [{ path: "/a.jpg" }] },
      none: { type: "FILE", value: [] },
      empty: { type: "NUMBER", value: "" },
      map: { type: "GEOMETRY", value: { type: "FeatureCollection", features: [{ type: "Feature", geometry: { type: "Polygon", coordinates: [[[77, 12], [78, 12], [78, 13], [77, 12]]] } }] } },
    });
    const by = (id: string) => rows.filter((r) => r.field_id === id);
    expect(by("name")[0]!.text_value).toBe("Grove");
    expect(by("story")[0]!.text_value).toBe("Old grove");
    expect(by("head")).toEqual([]);
    expect(by("kind").map((r) => r.option_value)).toEqual(["Forest|Sacred grove"]);
    expect(by("eco").map((r) => [r.ordinal, r.option_value])).toEqual([[0, "Lake"], [1, "Others|?"]]);
    expect(by("area")[0]).toMatchObject({ num_lo: 12, num_hi: 12 });
    expect(by("span")[0]).toMatchObject({ num_lo: 3, num_hi: 9 });
    expect(by("year")[0]).toMatchObject({ num_lo: 1987, num_hi: 1987 });
    expect(by("day")[0]).toMatchObject({ date_lo: "2024-03-05", date_hi: "2024-03-05" });
    expect(by("fest")[0]).toMatchObject({ date_lo: "2024-04-01", date_hi: "2024-04-03" });
    expect(by("pics")).toHaveLength(1);
    expect(by("none")).toEqual([]);
    expect(by("empty")).toEqual([]);
    expect(by("map")[0]!.bbox).toBe("(77,12),(78,13)");
  });

  it("finds the bounding box of points, lines and collections", () => {
    expect(boundingBox({ type: "Point", coordinates: [1, 2] })).toEqual([1, 2, 1, 2]);
    expect(boundingBox({ type: "GeometryCollection", geometries: [{ type: "LineString", coordinates: [[0, 5], [3, -1]] }] })).toEqual([0, -1, 3, 5]);
    expect(boundingBox({ type: "FeatureCollection", features: [] })).toBeNull();
  });
});
