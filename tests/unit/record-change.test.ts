import { describe, expect, it } from "vitest";
import en from "../../locales/en/data.json";
import hi from "../../locales/hi/data.json";
import { CHANGE_PHRASES, changeKind, compactValue, describeChange, isFieldChange, valuesDiffer, type FieldChangeDetails } from "@/contracts/record-change";
import type { CCAField } from "@/contracts/template";
import { fieldUpdateEntry, formValueOf } from "@/components/record-form/field-edit-model";
import { isRecordCurator, mayDeleteRecord, mayEditRecord } from "@/features/data/record-access";

const change = (over: Partial<FieldChangeDetails>): FieldChangeDetails => ({ fieldId: "area", name: "Area", type: "NUMBER", old: 120, new: 135, ...over });

describe("record history: how a change reads", () => {
  it("phrases a number change, a first value, a cleared value and a redrawn map in English and Hindi", () => {
    expect(describeChange(change({}), "en")).toBe("Area changed from 120 to 135");
    expect(describeChange(change({}), "hi", "क्षेत्र")).toBe("क्षेत्र 120 से बदलकर 135 किया गया");
    expect(describeChange(change({ old: null }), "en")).toBe("Area set to 135");
    expect(describeChange(change({ type: "TEXT", name: "Notes", old: "Old", new: null }), "en")).toBe("Notes cleared (was Old)");
    expect(describeChange(change({ type: "GEOMETRY", name: "Boundary", old: { shapes: 1 }, new: { shapes: 2 } }), "en")).toBe("Boundary: the map was redrawn");
    expect(describeChange(change({ old: 1200.5, new: 13500 }), "en")).toBe("Area changed from 1,200.5 to 13,500");
  });

  it("uses option labels, ranges, file names and places", () => {
    const kind = change({ type: "SINGLE_SELECT_DROPDOWN", name: "Kind", old: compactValue("SINGLE_SELECT_DROPDOWN", { valueId: "a", value: "Forest|Sacred grove", label: "Sacred grove" }), new: compactValue("SINGLE_SELECT_DROPDOWN", { valueId: "b", value: "Lake" }) });
    expect(describeChange(kind, "en")).toBe("Kind changed from Sacred grove to Lake");
    const uses = change({ type: "MULTI_SELECT_CHECKBOX", name: "Uses", old: null, new: compactValue("MULTI_SELECT_CHECKBOX", [{ value: "Water", label: "Water" }, { value: "Forest|Firewood" }]) });
    expect(describeChange(uses, "en")).toBe("Uses set to Water, Firewood");
    expect(describeChange(change({ type: "NUMBER_RANGE", name: "Canopy", old: [20, 80], new: [30, 90] }), "en")).toBe("Canopy changed from 20 – 80 to 30 – 90");
    expect(compactValue("FILE", [{ path: "/files-api/api/get/raw/myUploads/h/grove.jpg" }])).toEqual(["grove.jpg"]);
    expect(compactValue("LOCATION", { state: "Kerala", district: "Wayanad", tahsil: null })).toBe("Wayanad, Kerala");
    expect(compactValue("RICHTEXT", "<p>An <b>old</b> grove</p>")).toBe("An old grove");
    expect((compactValue("TEXT", "x".repeat(500)) as string).length).toBe(200);
    expect(compactValue("GEOMETRY", { type: "FeatureCollection", features: [] })).toBeNull();
  });

  it("knows what changed, and what an entry is", () => {
    expect(valuesDiffer(120, 120)).toBe(false);
    expect(valuesDiffer(null, "")).toBe(false);
    expect(valuesDiffer({ valueId: "a" }, { valueId: "b" })).toBe(true);
    // Demo records store options as {valueId, label, value}; the rules normalise to {valueId, value, label}.
    expect(valuesDiffer([{ valueId: "a", label: "Lake", value: "Lake" }], [{ valueId: "a", value: "Lake", label: "Lake" }])).toBe(false);
    expect(changeKind({ type: "TEXT", old: "a", new: "b" })).toBe("changed");
    expect(isFieldChange(change({}))).toBe(true);
    expect(isFieldChange({ fieldIds: ["x"] })).toBe(false);
  });

  it("the server's phrases are the record page's (locales data.json history.*)", () => {
    for (const kind of ["set", "changed", "cleared", "redrawn"] as const) {
      expect(CHANGE_PHRASES.en[kind]).toBe(en.history[kind]);
      expect(CHANGE_PHRASES.hi[kind]).toBe(hi.history[kind]);
    }
  });
});

const field = (over: Partial<CCAField>): CCAField => ({
  fieldId: "f",
  name: "F",
  type: "TEXT",
  question: "",
  helpText: "",
  isRequired: false,
  isMasterField: false,
  isSummaryField: false,
  isTitleColumn: false,
  isFilterable: false,
  isChart: false,
  minMax: [],
  valueOptions: [],
  children: [],
  ...over,
}) as CCAField;

describe("editing one field", () => {
  const kind = field({ fieldId: "kind", type: "SINGLE_SELECT_RADIO", valueOptions: [{ valueId: "a", value: "Lake", label: "Lake" }, { valueId: "o", value: "Others|?", label: "Others" }] as CCAField["valueOptions"] });

  it("puts a stored value into the input's shape", () => {
    expect(formValueOf(field({ type: "NUMBER" }), 12.5)).toBe("12.5");
    expect(formValueOf(field({ type: "NUMBER" }), undefined)).toBe("");
    expect(formValueOf(field({ type: "NUMBER_RANGE" }), [1, 2])).toEqual(["1", "2"]);
    expect(formValueOf(kind, { valueId: "a", value: "Lake", label: "Lake" })).toEqual({ valueId: "a" });
    expect(formValueOf(kind, { valueId: "o", value: "Others|?", label: "Orchard" })).toEqual({ valueId: "o", label: "Orchard" });
    expect(formValueOf(field({ type: "FILE" }), [{ path: "/files-api/api/get/raw/myUploads/h/a.jpg" }])).toEqual([{ path: "/files-api/api/get/raw/myUploads/h/a.jpg", fileName: "a.jpg" }]);
  });

  it("sends the normalised value, and null for an emptied field", () => {
    expect(fieldUpdateEntry(field({ fieldId: "area", name: "Area", type: "NUMBER" }), "135")).toEqual({ area: { fieldId: "area", name: "Area", type: "NUMBER", value: 135 } });
    expect(fieldUpdateEntry(field({ fieldId: "notes", type: "TEXT_AREA" }), "  ")).toEqual({ notes: { fieldId: "notes", name: "F", type: "TEXT_AREA", value: null } });
    expect(fieldUpdateEntry(kind, { valueId: "a" }).kind!.value).toEqual({ valueId: "a", value: "Lake", label: "Lake" });
  });
});

describe("who may curate a record (the page's mirror of the server's rule)", () => {
  const record = { userId: "7", allowedUsers: ["9"] };
  const user = (id: number, roles: string[] = ["ROLE_USER"]) => ({ id, roles }) as never;
  it("edit: owner, allowed editor, data curator, admin; delete: not the allowed editor", () => {
    expect(mayEditRecord(null, record)).toBe(false);
    expect(mayEditRecord(user(8), record)).toBe(false);
    expect(mayEditRecord(user(7), record)).toBe(true);
    expect(mayEditRecord(user(9), record)).toBe(true);
    expect(mayEditRecord(user(8, ["ROLE_DATACURATOR"]), record)).toBe(true);
    expect(mayDeleteRecord(user(9), record)).toBe(false);
    expect(mayDeleteRecord(user(7), record)).toBe(true);
    expect(isRecordCurator(user(1, ["ROLE_ADMIN"]))).toBe(true);
    expect(isRecordCurator(user(7))).toBe(false);
  });
});
