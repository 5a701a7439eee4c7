import { describe, expect, it } from "vitest";
import { FIELD_TYPES, type CCAField, type FieldType } from "@/contracts/template";
import {
  checkGeometry,
  checkRecordValues,
  FILE_STORE_DIRECTORIES,
  GEOMETRY_POSITIONS_MAX,
  isStoredFilePath,
  normaliseRecordValues,
  RECORD_MSG,
  recordErrorsOf,
  recordValuesSchema,
  type RecordErrors,
} from "@/contracts/record-rules";
import { parseMessage } from "@/contracts/messages";
import { FILE_DIRECTORIES } from "@/server/infra/files/file-storage";
import { leaves, readLocale } from "./helpers/locales";

function field(fieldId: string, type: FieldType, extra: Partial<CCAField> = {}): CCAField {
  return {
    fieldId,
    type,
    name: fieldId,
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
    publicPrecision: type === "GEOMETRY" ? "EXACT" : null,
    createdOn: "",
    updatedOn: "",
    children: [],
    ...extra,
  };
}

const OPTIONS = [
  { valueId: "o-grove", value: "Forest|Sacred grove", label: "Sacred grove" },
  { valueId: "o-lake", value: "Lake", label: "Lake" },
  { valueId: "o-others", value: "Others|?", label: "Others (please specify)" },
];

const square = (x = 77.5, y = 12.9, d = 0.01) => [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]];
const collection = (...geometries: unknown[]) => ({
  type: "FeatureCollection",
  features: geometries.map((geometry) => ({ type: "Feature", properties: {}, geometry })),
});
const PHOTO = "/files-api/api/get/raw/myUploads/abc123/2b1f7c4e.jpg";

/** Per type: the field, a valid value, an invalid value and its key. */
const CASES: Record<Exclude<FieldType, "HEADING">, { field: CCAField; valid: unknown; invalid: unknown; key: string }> = {
  TEXT: { field: field("name-of-cca", "TEXT"), valid: "  Devarakadu  ", invalid: "x".repeat(2001), key: 'form:max_length|{"max":2000}' },
  TEXT_AREA: { field: field("ta", "TEXT_AREA"), valid: "Long story", invalid: "x".repeat(10_001), key: 'form:max_length|{"max":10000}' },
  RICHTEXT: { field: field("rt", "RICHTEXT"), valid: "<p>Protected since <b>1920</b></p>", invalid: `<p>${"é".repeat(50_001)}</p>`, key: 'template:record.errors.rich_text_max|{"max":100}' },
  SINGLE_SELECT_DROPDOWN: { field: field("sd", "SINGLE_SELECT_DROPDOWN", { valueOptions: OPTIONS }), valid: { valueId: "o-lake", value: "Lake", label: "Lake" }, invalid: { valueId: "nope", value: "Lake", label: "Lake" }, key: "template:record.errors.option_unknown" },
  SINGLE_SELECT_RADIO: { field: field("sr", "SINGLE_SELECT_RADIO", { valueOptions: OPTIONS }), valid: { valueId: "o-grove" }, invalid: "Lake", key: "form:invalid" },
  MULTI_SELECT_DROPDOWN: { field: field("md", "MULTI_SELECT_DROPDOWN", { valueOptions: OPTIONS }), valid: [{ valueId: "o-grove" }, { valueId: "o-lake" }], invalid: [{ valueId: "o-lake" }, { valueId: "o-lake" }], key: "template:record.errors.option_repeated" },
  MULTI_SELECT_CHECKBOX: { field: field("mc", "MULTI_SELECT_CHECKBOX", { valueOptions: OPTIONS }), valid: [{ valueId: "o-others", label: "Village pond" }], invalid: { valueId: "o-lake" }, key: "form:invalid" },
  NUMBER: { field: field("n", "NUMBER", { minMax: [0, 1000] }), valid: 12.5, invalid: 1000.5, key: 'form:max_value|{"max":1000}' },
  NUMBER_RANGE: { field: field("nr", "NUMBER_RANGE", { minMax: [0, null] }), valid: [10, 20], invalid: [20, 10], key: "template:record.errors.range_order" },
  DATE: { field: field("d", "DATE", { minMax: ["1900-01-01", "2030-12-31"] }), valid: "2024-02-29", invalid: "2023-02-29", key: "template:record.errors.date" },
  DATE_RANGE: { field: field("dr", "DATE_RANGE", { minMax: ["1900-01-01", null] }), valid: ["2020-01-01", "2021-06-30"], invalid: ["1899-12-31", "2020-01-01"], key: 'template:record.errors.date_min|{"min":"1900-01-01"}' },
  YEAR: { field: field("y", "YEAR", { minMax: [1800, 2030] }), valid: "1920", invalid: 1920.5, key: 'form:whole_number_range|{"min":1,"max":9999}' },
  FILE: { field: field("f", "FILE"), valid: [{ path: PHOTO, type: "image", attribution: "Village council", license: "CC_BY" }], invalid: [{ path: "/files-api/api/get/raw/myUploads/../secret/x.jpg" }], key: "form:invalid_file" },
  GEOMETRY: { field: field("g", "GEOMETRY"), valid: collection({ type: "Polygon", coordinates: square() }), invalid: collection({ type: "Point", coordinates: [200, 10] }), key: "template:record.errors.geometry_coordinates" },
};

const ALL_FIELDS = [field("section", "HEADING", { children: Object.values(CASES).map((c) => c.field) })];

/** Both paths of the shared module: the sync check and the yup schema the form uses. */
function both(fields: CCAField[], values: Record<string, unknown>, partial = false): RecordErrors {
  const checked = checkRecordValues(fields, values, { partial });
  let fromSchema: RecordErrors = {};
  try {
    recordValuesSchema(fields, { partial }).validateSync(values, { abortEarly: false });
  } catch (error) {
    fromSchema = recordErrorsOf(error);
  }
  expect(fromSchema, "the yup schema and checkRecordValues agree").toEqual(checked);
  return checked;
}

const produced = new Set<string>();
function record(errors: RecordErrors): RecordErrors {
  for (const key of Object.values(errors)) produced.add(key);
  return errors;
}

describe("[RECORDS] one rule per field type, shared by the form and the platform", () => {
  it("covers the 15 types", () => {
    expect(new Set([...Object.keys(CASES), "HEADING"])).toEqual(new Set(FIELD_TYPES));
  });

  it.each(Object.entries(CASES))("%s: a valid value passes, an invalid one gets its key", (_type, c) => {
    expect(record(both([c.field], { [c.field.fieldId]: c.valid }))).toEqual({});
    expect(record(both([c.field], { [c.field.fieldId]: c.invalid }))).toEqual({ [c.field.fieldId]: c.key });
  });

  it("checks a whole template with headings' children flattened", () => {
    const values = Object.fromEntries(Object.values(CASES).map((c) => [c.field.fieldId, c.valid]));
    expect(both(ALL_FIELDS, { ...values, section: null })).toEqual({});
    const invalid = Object.fromEntries(Object.values(CASES).map((c) => [c.field.fieldId, c.invalid]));
    expect(both(ALL_FIELDS, invalid)).toEqual(Object.fromEntries(Object.values(CASES).map((c) => [c.field.fieldId, c.key])));
  });

  it.each([
    ["text", field("x", "TEXT"), 42, "form:invalid"],
    ["number as words", field("x", "NUMBER"), "twelve", "form:invalid_number"],
    ["number below the minimum", field("x", "NUMBER", { minMax: [5, null] }), 4, 'form:min_value|{"min":5}'],
    ["infinite number", field("x", "NUMBER"), Number.POSITIVE_INFINITY, "form:invalid_number"],
    ["range with one end", field("x", "NUMBER_RANGE"), [5, null], "template:record.errors.range_incomplete"],
    ["range above the maximum", field("x", "NUMBER_RANGE", { minMax: [null, 100] }), [50, 150], 'form:max_value|{"max":100}'],
    ["range of three", field("x", "NUMBER_RANGE"), [1, 2, 3], "form:invalid"],
    ["date as a timestamp", field("x", "DATE"), "2024-01-01T10:00:00Z", "template:record.errors.date"],
    ["date after the maximum", field("x", "DATE", { minMax: [null, "2024-12-31"] }), "2025-01-01", 'template:record.errors.date_max|{"max":"2024-12-31"}'],
    ["date range reversed", field("x", "DATE_RANGE"), ["2021-01-01", "2020-01-01"], "template:record.errors.range_order"],
    ["year 0", field("x", "YEAR"), 0, 'form:whole_number_range|{"min":1,"max":9999}'],
    ["year as a date", field("x", "YEAR"), "1920-01-01", 'form:whole_number_range|{"min":1,"max":9999}'],
    ["year before the minimum", field("x", "YEAR", { minMax: [1800, null] }), 1750, 'form:min_value|{"min":1800}'],
    ["rich text not text", field("x", "RICHTEXT"), { html: "<p/>" }, "form:invalid"],
    ["too many files", field("x", "FILE"), Array.from({ length: 21 }, () => ({ path: PHOTO })), 'template:record.errors.too_many_files|{"max":20}'],
    ["file of another site", field("x", "FILE"), [{ path: "https://example.org/a.jpg" }], "form:invalid_file"],
    ["file in an unknown directory", field("x", "FILE"), [{ path: "/files-api/api/get/raw/etc/abc/passwd" }], "form:invalid_file"],
    ["file with an unknown licence", field("x", "FILE"), [{ path: PHOTO, license: "GPL" }], "template:record.errors.license"],
    ["file with a long attribution", field("x", "FILE"), [{ path: PHOTO, attribution: "a".repeat(501) }], 'form:max_length|{"max":500}'],
    ["option without an id", field("x", "SINGLE_SELECT_DROPDOWN", { valueOptions: OPTIONS }), { value: "Lake" }, "form:invalid"],
    ["multi option unknown", field("x", "MULTI_SELECT_CHECKBOX", { valueOptions: OPTIONS }), [{ valueId: "o-lake" }, { valueId: "x" }], "template:record.errors.option_unknown"],
  ])("refuses %s", (_name, f, value, key) => {
    expect(record(both([f], { x: value }))).toEqual({ x: key });
  });

  it("accepts numbers typed as text, years as YYYY and open ranges of the template", () => {
    expect(both([field("x", "NUMBER", { minMax: [null, 10] })], { x: "7.5" })).toEqual({});
    expect(both([field("x", "YEAR")], { x: 2024 })).toEqual({});
    expect(both([field("x", "NUMBER_RANGE", { minMax: [] })], { x: ["-5", 5] })).toEqual({});
  });
});

describe("[RECORDS] Others options need their text", () => {
  const f = field("eco", "MULTI_SELECT_CHECKBOX", { valueOptions: OPTIONS });
  it.each([
    [{ valueId: "o-others" }, "template:record.errors.others_text"],
    [{ valueId: "o-others", label: "   " }, "template:record.errors.others_text"],
    [{ valueId: "o-others", label: "x".repeat(201) }, 'form:max_length|{"max":200}'],
  ])("refuses %j", (option, key) => {
    expect(record(both([f], { eco: [option] }))).toEqual({ eco: key });
    expect(both([{ ...f, type: "SINGLE_SELECT_RADIO" }], { eco: option })).toEqual({ eco: key });
  });

  it("takes the typed text as the option's label", () => {
    const values = { eco: [{ valueId: "o-grove" }, { valueId: "o-others", value: "Others|?", label: "  Village pond " }] };
    expect(both([f], values)).toEqual({});
    expect(normaliseRecordValues([f], values)).toEqual({
      eco: [
        { valueId: "o-grove", value: "Forest|Sacred grove", label: "Sacred grove" },
        { valueId: "o-others", value: "Others|?", label: "Village pond" },
      ],
    });
  });
});

describe("[RECORDS] required fields, empty values, unknown ids, partial updates", () => {
  const fields = [
    field("name", "TEXT", { isRequired: true }),
    field("notes", "TEXT_AREA"),
    field("boundary", "GEOMETRY", { isRequired: true }),
    field("story", "RICHTEXT", { isRequired: true }),
    field("area", "NUMBER_RANGE", { isRequired: true }),
    field("kinds", "MULTI_SELECT_DROPDOWN", { valueOptions: OPTIONS, isRequired: true }),
  ];
  const valid = { name: "Devarakadu", boundary: collection({ type: "Point", coordinates: [77.59, 12.97] }), story: "<p>Old</p>", area: [1, 2], kinds: [{ valueId: "o-lake" }] };

  it("needs a non-empty value in each required field", () => {
    expect(both(fields, valid)).toEqual({});
    const empty = { name: "   ", boundary: { type: "FeatureCollection", features: [] }, story: "<p>&nbsp;</p>", area: [null, ""], kinds: [] };
    const required = { name: "form:required", boundary: "form:required", story: "form:required", area: "form:required", kinds: "form:required" };
    expect(record(both(fields, empty))).toEqual(required);
    expect(both(fields, {})).toEqual(required);
  });

  it("allows empty optional values", () => {
    for (const empty of [null, "", undefined]) expect(both(fields, { ...valid, notes: empty })).toEqual({});
    expect(both([field("g", "GEOMETRY"), field("f", "FILE"), field("r", "DATE_RANGE")], { g: { type: "FeatureCollection", features: [] }, f: [], r: [null, null] })).toEqual({});
  });

  it("refuses field ids the template does not have, and values on headings", () => {
    expect(record(both(fields, { ...valid, ghost: "boo", "other-field": 1 }))).toEqual({ ghost: "template:record.errors.unknown_field", "other-field": "template:record.errors.unknown_field" });
    expect(record(both([field("h", "HEADING")], { h: "text" }))).toEqual({ h: "template:record.errors.heading_value" });
    expect(both([field("h", "HEADING")], { h: null })).toEqual({});
  });

  it("in a partial update checks only the given fields, and required ones cannot be emptied", () => {
    expect(both(fields, { notes: "More" }, true)).toEqual({});
    expect(both(fields, { name: "", notes: "" }, true)).toEqual({ name: "form:required" });
    expect(both(fields, { area: [3, 1] }, true)).toEqual({ area: "template:record.errors.range_order" });
    expect(both(fields, { ghost: 1 }, true)).toEqual({ ghost: "template:record.errors.unknown_field" });
  });
});

describe("[RECORDS] geometry", () => {
  const ok = (geometry: unknown) => expect(checkGeometry(collection(geometry))).toBeNull();
  const bad = (value: unknown, key: string) => {
    expect(checkGeometry(value)).toBe(key);
    expect(record(both([field("g", "GEOMETRY")], { g: value }))).toEqual({ g: key });
  };

  it("accepts the six geometry types, altitudes and several features", () => {
    ok({ type: "Point", coordinates: [77.59, 12.97, 920] });
    ok({ type: "MultiPoint", coordinates: [[77.59, 12.97], [77.6, 12.98]] });
    ok({ type: "LineString", coordinates: [[-180, -90], [180, 90]] });
    ok({ type: "MultiLineString", coordinates: [[[77, 12], [78, 13]], [[79, 14], [80, 15]]] });
    ok({ type: "Polygon", coordinates: [...square(), [[77.502, 12.902], [77.504, 12.902], [77.504, 12.904], [77.502, 12.902]]] });
    ok({ type: "MultiPolygon", coordinates: [square(), square(78)] });
    expect(checkGeometry(collection({ type: "Point", coordinates: [1, 2] }, { type: "Polygon", coordinates: square() }))).toBeNull();
    expect(checkGeometry({ type: "FeatureCollection", features: [{ type: "Feature", properties: null, geometry: { type: "Point", coordinates: [1, 2] } }] })).toBeNull();
  });

  it.each([
    ["a bare geometry", { type: "Point", coordinates: [1, 2] }, "form:geometry.invalid"],
    ["a Feature", { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [1, 2] } }, "form:geometry.invalid"],
    ["a feature without geometry", { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: null }] }, "form:geometry.invalid"],
    ["a GeometryCollection", collection({ type: "GeometryCollection", geometries: [] }), "template:record.errors.geometry_type"],
    ["latitude 91", collection({ type: "Point", coordinates: [10, 91] }), "template:record.errors.geometry_coordinates"],
    ["longitude −181", collection({ type: "LineString", coordinates: [[-181, 0], [0, 0]] }), "template:record.errors.geometry_coordinates"],
    ["NaN", collection({ type: "Point", coordinates: [Number.NaN, 0] }), "template:record.errors.geometry_coordinates"],
    ["coordinates as text", collection({ type: "Point", coordinates: ["77", "12"] }), "template:record.errors.geometry_coordinates"],
    ["a one-number position", collection({ type: "Point", coordinates: [77] }), "template:record.errors.geometry_coordinates"],
    ["a line of one point", collection({ type: "LineString", coordinates: [[77, 12]] }), "template:record.errors.geometry_line"],
    ["an open ring", collection({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }), "template:record.errors.geometry_ring"],
    ["a ring of three positions", collection({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [0, 0]]] }), "template:record.errors.geometry_ring"],
    ["a polygon without rings", collection({ type: "Polygon", coordinates: [] }), "form:geometry.invalid"],
    ["an empty MultiPolygon", collection({ type: "MultiPolygon", coordinates: [] }), "form:geometry.invalid"],
  ])("refuses %s", (_name, value, key) => bad(value, key));

  it(`refuses more than ${GEOMETRY_POSITIONS_MAX} positions in all`, () => {
    const line = (n: number) => ({ type: "LineString", coordinates: Array.from({ length: n }, (_, i) => [77 + i / 1e5, 12]) });
    expect(checkGeometry(collection(line(5000), line(5000)))).toBeNull();
    bad(collection(line(5000), line(5001)), 'template:record.errors.geometry_too_large|{"max":10000}');
  });
});

describe("[RECORDS] normalised values as stored", () => {
  it("trims, drops empty optional values and headings, fills option labels and converts numbers", () => {
    const fields = [
      field("h", "HEADING", {
        children: [
          field("name", "TEXT"),
          field("notes", "TEXT_AREA"),
          field("kind", "SINGLE_SELECT_DROPDOWN", { valueOptions: OPTIONS }),
          field("n", "NUMBER"),
          field("y", "YEAR"),
          field("r", "NUMBER_RANGE"),
          field("f", "FILE"),
          field("g", "GEOMETRY"),
        ],
      }),
    ];
    const values = {
      h: null,
      name: "  Devarakadu ",
      notes: "   ",
      kind: { valueId: "o-grove", value: "stale", label: "" },
      n: "12",
      y: "1920",
      r: ["1", 2],
      f: [{ path: PHOTO, attribution: "  Council ", license: "", extra: "dropped" }],
      g: { type: "FeatureCollection", features: [] },
    };
    expect(checkRecordValues(fields, values)).toEqual({});
    expect(normaliseRecordValues(fields, values)).toEqual({
      name: "Devarakadu",
      kind: { valueId: "o-grove", value: "Forest|Sacred grove", label: "Sacred grove" },
      n: 12,
      y: 1920,
      r: [1, 2],
      f: [{ path: PHOTO, attribution: "Council" }],
    });
    expect(normaliseRecordValues(fields, { notes: "", name: " x " }, { partial: true })).toEqual({ notes: null, name: "x" });
  });
});

describe("[RECORDS] file paths point into the store", () => {
  it("knows the store's directories", () => {
    expect([...FILE_STORE_DIRECTORIES].sort()).toEqual([...FILE_DIRECTORIES].sort());
  });

  it.each([
    [PHOTO, true],
    ["/files-api/api/get/raw/pages/seed/grove.jpg", true],
    ["/files-api/api/get/raw/myUploads/abc/sub/x.mp4", true],
    ["/files-api/api/get/raw/myUploads/x.jpg", false],
    ["/files-api/api/get/raw/myUploads/abc/../x.jpg", false],
    ["/files-api/api/get/raw/myUploads/abc/./x.jpg", false],
    ["/files-api/api/get/raw/myUploads//x.jpg", false],
    ["/files-api/api/get/raw/myUploads/abc/%2e%2e", false],
    ["/files-api/api/get/raw/myUploads/abc\\..\\x.jpg", false],
    ["/files-api/api/get/crop/myUploads/abc/x.jpg", false],
    ["/files-api/api/get/raw/nowhere/abc/x.jpg", false],
    ["https://example.org/files-api/api/get/raw/myUploads/abc/x.jpg", false],
    ["/files-api/api/get/raw/myUploads/abc/x\u0000.jpg", false],
  ])("%s → %s", (path, expected) => {
    expect(isStoredFilePath(path)).toBe(expected);
  });
});

describe("[RECORDS] every error key exists in English and Hindi", () => {
  it("checks the keys the tests above produced and every key the module names", () => {
    const keys = new Set([...produced, ...Object.values(RECORD_MSG)]);
    expect(keys.size).toBeGreaterThan(25);
    for (const lang of ["en", "hi"]) {
      const missing = [...keys].filter((message) => {
        const { key } = parseMessage(message);
        const [ns, path] = key.split(":") as [string, string];
        return !leaves(readLocale(lang, ns) ?? {}).has(path);
      });
      expect(missing, lang).toEqual([]);
    }
  });
});
