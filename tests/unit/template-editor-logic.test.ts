import { describe, expect, it } from "vitest";
import type { CCAField, FieldType, ValueOption } from "@/contracts/template";
import { emptyField } from "@/features/template/field-dialog";
import { addOption, moveOption, othersValue, readOption, removeOption, updateOption, withLabels } from "@/features/template/field-options";
import {
  canMoveField,
  copyMasterField,
  destructiveChanges,
  dropField,
  fieldDepth,
  hasDestructiveChanges,
  impactOf,
  moveField,
  removeField,
  replaceField,
} from "@/features/template/field-tree";

function field(fieldId: string, children: CCAField[] = [], type: FieldType = "TEXT", valueOptions: ValueOption[] = []): CCAField {
  return { ...emptyField(), fieldId, type, name: fieldId, valueOptions, children };
}

/** "a(b c) d" — ids and nesting, to compare trees at a glance. */
function shape(tree: readonly CCAField[]): string {
  return tree.map((f) => (f.children.length ? `${f.fieldId}(${shape(f.children)})` : f.fieldId)).join(" ");
}

const tree = () => [field("a", [field("b"), field("c")]), field("d")];

describe("[TEMPLATES] a curator reorders the field tree with the keyboard", () => {
  it("moves a field up and down among its siblings, children travelling with it", () => {
    expect(shape(moveField(tree(), "d", "up")!)).toBe("d a(b c)");
    expect(shape(moveField(tree(), "b", "down")!)).toBe("a(c b) d");
    expect(moveField(tree(), "a", "up")).toBeNull();
    expect(moveField(tree(), "c", "down")).toBeNull();
  });

  it("indents a field under its previous sibling and outdents it after its parent", () => {
    expect(shape(moveField(tree(), "d", "indent")!)).toBe("a(b c d)");
    expect(shape(moveField(tree(), "c", "indent")!)).toBe("a(b(c)) d");
    expect(shape(moveField(tree(), "b", "outdent")!)).toBe("a(c) b d");
    expect(moveField(tree(), "a", "outdent")).toBeNull();
    expect(moveField(tree(), "b", "indent")).toBeNull();
  });

  it("never nests deeper than five levels", () => {
    const deep = [field("x"), field("l1", [field("l2", [field("l3", [field("l4", [field("l5")])])])])];
    expect(fieldDepth(deep, "l5")).toBe(5);
    expect(canMoveField(deep, "l1", "indent")).toBe(false);
    expect(moveField(deep, "l1", "indent")).toBeNull();
    expect(dropField(deep, "l1", "x", "inside")).toBeNull();
    expect(canMoveField(deep, "l2", "outdent")).toBe(true);
  });

  it("leaves the tree it was given untouched", () => {
    const before = tree();
    moveField(before, "b", "outdent");
    expect(shape(before)).toBe("a(b c) d");
  });

  it("drops a field before, after or inside another, never inside itself", () => {
    expect(shape(dropField(tree(), "d", "b", "before")!)).toBe("a(d b c)");
    expect(shape(dropField(tree(), "b", "d", "inside")!)).toBe("a(c) d(b)");
    expect(shape(dropField(tree(), "a", "d", "after")!)).toBe("d a(b c)");
    expect(dropField(tree(), "a", "b", "inside")).toBeNull();
    expect(dropField(tree(), "b", "c", "before")).toBeNull();
  });

  it("replaces a field's settings keeping its children, and removes a field with its children", () => {
    const renamed = replaceField(tree(), { ...field("a"), name: "A" });
    expect(renamed[0]!.name).toBe("A");
    expect(shape(renamed)).toBe("a(b c) d");
    expect(shape(removeField(tree(), "a"))).toBe("d");
  });

  it("copies a master field with its id, marked as a master copy, without its children", () => {
    const copy = copyMasterField(field("state", [field("district")], "SINGLE_SELECT_DROPDOWN", [{ valueId: "o1", label: "Goa", value: "Goa" }]));
    expect(copy).toMatchObject({ fieldId: "state", isMasterField: true, children: [] });
    expect(copy.valueOptions).toEqual([{ valueId: "o1", label: "Goa", value: "Goa" }]);
  });
});

describe("[TEMPLATES] before a save the editor knows what records would lose", () => {
  const options = [
    { valueId: "1", label: "Forest", value: "Forest" },
    { valueId: "2", label: "Lake", value: "Lake" },
  ];
  const saved = [field("name"), field("kind", [field("note")], "SINGLE_SELECT_RADIO", options), field("area", [], "NUMBER")];

  it("finds removed fields (with their children), removed options and changed types", () => {
    const edited = [field("kind", [], "SINGLE_SELECT_RADIO", [options[0]!]), field("area", [], "TEXT")];
    const changes = destructiveChanges(saved, edited);
    expect(changes).toEqual({ removedFields: ["name", "note"], removedOptions: [{ fieldId: "kind", value: "Lake" }], retypedFields: ["area"] });
    expect(hasDestructiveChanges(changes)).toBe(true);
  });

  it("sees nothing destructive in a relabelled option or a moved field", () => {
    const edited = [field("area", [], "NUMBER"), field("name"), field("kind", [field("note")], "SINGLE_SELECT_RADIO", [{ ...options[0]!, label: "Jungle" }, options[1]!])];
    expect(hasDestructiveChanges(destructiveChanges(saved, edited))).toBe(false);
  });

  it("counts the records holding each removed value and leaves out what no record holds", () => {
    const changes = { removedFields: ["name", "note"], removedOptions: [{ fieldId: "kind", value: "Lake" }], retypedFields: ["area"] };
    const counts = { total: 9, fields: { name: 9, area: 4 }, options: { kind: { Lake: 2, Forest: 7 } } };
    expect(impactOf(changes, counts)).toEqual([
      { kind: "field_removed", fieldId: "name", records: 9 },
      { kind: "type_changed", fieldId: "area", records: 4 },
      { kind: "option_removed", fieldId: "kind", value: "Lake", records: 2 },
    ]);
    expect(impactOf(changes, { total: 0, fields: {}, options: {} })).toEqual([]);
  });
});

describe("[TEMPLATES] a curator edits a field's options", () => {
  const list: ValueOption[] = [
    { valueId: "1", label: "A", value: "a" },
    { valueId: "2", label: "B", value: "b" },
    { valueId: "3", label: "C", value: "c" },
  ];

  it("adds an empty option at the end and removes one", () => {
    expect(addOption(list, "4").at(-1)).toEqual({ valueId: "4", label: "", value: "" });
    expect(removeOption(list, 1).map((o) => o.valueId)).toEqual(["1", "3"]);
  });

  it("moves an option up or down, and not past either end", () => {
    expect(moveOption(list, 2, -1).map((o) => o.valueId)).toEqual(["1", "3", "2"]);
    expect(moveOption(list, 0, 1).map((o) => o.valueId)).toEqual(["2", "1", "3"]);
    expect(moveOption(list, 0, -1).map((o) => o.valueId)).toEqual(["1", "2", "3"]);
    expect(moveOption(list, 2, 1).map((o) => o.valueId)).toEqual(["1", "2", "3"]);
  });

  it("changes one option's label or value and keeps its id", () => {
    expect(updateOption(list, 1, { value: "Forest|Sacred grove" })[1]).toEqual({ valueId: "2", label: "B", value: "Forest|Sacred grove" });
  });

  it('explains a value: plain, "Parent|Child" or an "Others|?" free-text option', () => {
    expect(readOption("Lake")).toEqual({ kind: "plain", parent: null, child: "Lake" });
    expect(readOption("Forest|Sacred grove")).toEqual({ kind: "child", parent: "Forest", child: "Sacred grove" });
    expect(readOption("Others|?")).toEqual({ kind: "others", parent: null, child: "Others" });
    expect(othersValue("Others")).toBe("Others|?");
    expect(othersValue("Others", "Forest")).toBe("Forest|Others|?");
  });

  it("gives options without a label their value", () => {
    expect(withLabels([{ valueId: "1", label: " ", value: "Lake" }])).toEqual([{ valueId: "1", label: "Lake", value: "Lake" }]);
  });
});

describe("[TEMPLATES] the editor puts each error on its field", () => {
  it("groups fields.<fieldId>.<property> errors by field and leaves metadata errors apart", async () => {
    const { splitErrors } = await import("@/features/template/template-errors");
    expect(
      splitErrors({
        shortName: "template:errors.short_name_taken",
        "fields.f1.name": "form:required",
        "fields.f1.valueOptions.2.value": "template:errors.option_value_taken",
        "fields.f-2.minMax": "template:errors.min_max_order",
      }),
    ).toEqual({
      fields: {
        f1: [
          { property: "name", key: "form:required" },
          { property: "valueOptions.2.value", key: "template:errors.option_value_taken" },
        ],
        "f-2": [{ property: "minMax", key: "template:errors.min_max_order" }],
      },
      other: { shortName: "template:errors.short_name_taken" },
    });
  });
});

describe("[TEMPLATES] the field dialog follows the shared rules", () => {
  it("offers filter, chart and title only where the rules allow, and nothing on a heading", async () => {
    const { isFlagAllowed } = await import("@/features/template/field-dialog");
    expect(isFlagAllowed("isFilterable", "FILE")).toBe(false);
    expect(isFlagAllowed("isFilterable", "GEOMETRY")).toBe(false);
    expect(isFlagAllowed("isFilterable", "TEXT")).toBe(true);
    expect(isFlagAllowed("isChart", "SINGLE_SELECT_RADIO")).toBe(true);
    expect(isFlagAllowed("isChart", "TEXT")).toBe(false);
    expect(isFlagAllowed("isRequired", "HEADING")).toBe(false);
  });

  it("drops settings a new type cannot have", async () => {
    const { retype } = await import("@/features/template/field-dialog");
    const radio = { ...field("k", [], "SINGLE_SELECT_RADIO", [{ valueId: "1", label: "A", value: "A" }]), isChart: true, isFilterable: true };
    const geometry = retype(radio, "GEOMETRY");
    expect(geometry).toMatchObject({ type: "GEOMETRY", isChart: false, isFilterable: false, valueOptions: [], publicPrecision: "EXACT" });
    expect(retype({ ...field("n", [], "NUMBER"), minMax: [1, 5] }, "DATE").minMax).toEqual([]);
    expect(retype({ ...field("n", [], "NUMBER"), minMax: [1, 5] }, "YEAR").minMax).toEqual([1, 5]);
  });

  it("reports min > max, a missing name and a repeated option value as the platform would", async () => {
    const { checkOneField } = await import("@/features/template/field-dialog");
    const bad = { ...field("q", [], "MULTI_SELECT_CHECKBOX", [{ valueId: "1", label: "", value: "A" }, { valueId: "2", label: "", value: "A" }]), name: "" };
    expect(checkOneField(bad, new Map())).toEqual({ name: "form:required", "valueOptions.1.value": "template:errors.option_value_taken" });
    expect(checkOneField({ ...field("r", [], "NUMBER"), minMax: [9, 1] }, new Map())).toEqual({ minMax: "template:errors.min_max_order" });
    expect(checkOneField(field("ok"), new Map())).toEqual({});
  });
});
