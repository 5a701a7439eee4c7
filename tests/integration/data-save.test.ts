import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntryList } from "@/contracts/activity";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData } from "@/contracts/cca-data";
import type { CCATemplate } from "@/contracts/template";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { BANNI, freshPerson, SACRED_GROVES } from "./helpers/groups";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const SAVE = "cca-api/api/v1/data/save";
const T = "cca-api/api/v1/template";

type Who = "member" | "curator" | "admin" | "dataCurator" | "outsider";
let api: TestPlatform;
const tokens = {} as Record<Who, string>;
let template: CCATemplate;
let curatorsOnly: CCATemplate;
const PHOTO = "/files-api/api/get/raw/myUploads/testhash/grove.jpg";

const send = (body: unknown, who?: Who) => sendJson(api, "POST", SAVE, body, { token: who ? tokens[who] : undefined });
const fieldErrors = (res: ApiResult) => (res.body as ApiErrorBody).fieldErrors ?? {};

const SQUARE = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: {},
      geometry: { type: "Polygon", coordinates: [[[77.58, 12.96], [77.6, 12.96], [77.6, 12.98], [77.58, 12.98], [77.58, 12.96]]] },
    },
  ],
};

/** One field of each of the 15 types (the heading holds the others). */
const FIELDS = [
  {
    fieldId: "p-head",
    type: "HEADING",
    name: "About the place",
    children: [
      { fieldId: "p-name", type: "TEXT", name: "Name", isRequired: true, isTitleColumn: true },
      { fieldId: "p-notes", type: "TEXT_AREA", name: "Notes" },
      { fieldId: "p-story", type: "RICHTEXT", name: "Story" },
      {
        fieldId: "p-kind",
        type: "SINGLE_SELECT_DROPDOWN",
        name: "Kind",
        valueOptions: [
          { valueId: "k-grove", label: "Sacred grove", value: "Forest|Sacred grove" },
          { valueId: "k-other", label: "Others", value: "Others|?" },
        ],
      },
      { fieldId: "p-access", type: "SINGLE_SELECT_RADIO", name: "Access", valueOptions: [{ valueId: "a-open", label: "Open", value: "Open" }, { valueId: "a-closed", label: "Closed", value: "Closed" }] },
      { fieldId: "p-threats", type: "MULTI_SELECT_DROPDOWN", name: "Threats", valueOptions: [{ valueId: "t-fire", label: "Fire", value: "Fire" }, { valueId: "t-grazing", label: "Grazing", value: "Grazing" }] },
      { fieldId: "p-uses", type: "MULTI_SELECT_CHECKBOX", name: "Uses", valueOptions: [{ valueId: "u-wood", label: "Firewood", value: "Forest|Firewood" }, { valueId: "u-water", label: "Water", value: "Water" }] },
      { fieldId: "p-area", type: "NUMBER", name: "Area", minMax: [0, 500] },
      { fieldId: "p-canopy", type: "NUMBER_RANGE", name: "Canopy", minMax: [0, 100] },
      { fieldId: "p-date", type: "DATE", name: "Survey date", minMax: ["2000-01-01", "2030-12-31"] },
      { fieldId: "p-festival", type: "DATE_RANGE", name: "Festival" },
      { fieldId: "p-year", type: "YEAR", name: "Year protected", minMax: [1800, 2030] },
      { fieldId: "p-photos", type: "FILE", name: "Photos" },
      { fieldId: "p-map", type: "GEOMETRY", name: "Boundary" },
    ],
  },
];

const VALID: Record<string, unknown> = {
  "p-name": "Devara Kadu",
  "p-notes": "Kept by the village",
  "p-story": "<p>An old grove</p>",
  "p-kind": { valueId: "k-other", label: "Orchard" },
  "p-access": { valueId: "a-open" },
  "p-threats": [{ valueId: "t-fire" }, { valueId: "t-grazing" }],
  "p-uses": [{ valueId: "u-wood" }],
  "p-area": "12.5",
  "p-canopy": [20, 80],
  "p-date": "2024-03-01",
  "p-festival": ["2024-04-01", "2024-04-03"],
  "p-year": "1950",
  "p-photos": [{ path: PHOTO, type: "image", attribution: "A. Villager", license: "CC_BY" }],
  "p-map": SQUARE,
};

const wrap = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([fieldId, value]) => [fieldId, { fieldId, name: "ignored", type: "TEXT", value }]));
const body = (values: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ shortName: template.shortName, usergroups: [], ccaFieldValues: wrap(values), ...extra });

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.member = await sign(SEED_USER_BY_ROLE.user);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
  tokens.outsider = (await freshPerson(api)).token;
  const create = async (overrides: Record<string, unknown>) => {
    const res = await sendJson(api, "POST", `${T}/save`, { name: "Participation test", description: "All types", platform: ["DESKTOP"], fields: FIELDS, ...overrides }, { token: tokens.curator });
    if (res.status !== 201) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as CCATemplate;
  };
  template = await create({ shortName: `participate-${Date.now()}`, permissions: ["ROLE_USER"] });
  curatorsOnly = await create({ shortName: `curators-${Date.now()}`, permissions: ["ROLE_DATACURATOR"] });
  fs.mkdirSync(path.join(api.filesDir, "myUploads", "testhash"), { recursive: true });
  fs.writeFileSync(path.join(api.filesDir, "myUploads", "testhash", "grove.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
});

afterAll(async () => {
  await api?.close();
});

describe(`[DATA SAVE] POST data/save (${TEST_DB})`, () => {
  it("stores a record with every type, names from the template, location from the centroid, activity written", async () => {
    const res = await send(body(VALID, { usergroups: [String(SACRED_GROVES.id)] }), "member");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const record = res.body as CCAData;
    expect(record.id).toBeGreaterThan(0);
    expect(record.shortName).toBe(template.shortName);
    expect(record.userId).toBe(String(SEED_USER_BY_ROLE.user.id));
    expect(record.usergroups).toEqual([String(SACRED_GROVES.id)]);
    expect(record.location).toMatchObject({ state: "Karnataka" });
    expect(record.centroid).toHaveLength(2);
    const v = record.ccaFieldValues;
    expect(v["p-name"]).toMatchObject({ name: "Name", type: "TEXT", value: "Devara Kadu" });
    expect(v["p-kind"]!.value).toMatchObject({ valueId: "k-other", value: "Others|?", label: "Orchard" });
    expect(v["p-access"]!.value).toMatchObject({ valueId: "a-open", value: "Open", label: "Open" });
    expect(v["p-area"]!.value).toBe(12.5);
    expect(v["p-year"]!.value).toBe(1950);
    expect(v["p-photos"]!.value).toEqual([{ path: PHOTO, type: "image", attribution: "A. Villager", license: "CC_BY" }]);
    expect(v["p-head"]).toBeUndefined();
    const stored = await api.db.one<{ location_state: string | null }>("select location_state from cca_data where id = $1", [record.id]);
    expect(stored.location_state).toBe("Karnataka");
    const activity = (await getAs(api, `activity-api/api/v1/service/ibp/ccaData/${record.id}`, tokens.member)).body as ActivityEntryList;
    const rows = await api.db.query<{ activity_type: string; user_id: number }>("select activity_type, user_id from activity where root_holder_type = 'ccaData' and root_holder_id = $1", [record.id]);
    expect(rows).toEqual([{ activity_type: "Data created", user_id: SEED_USER_BY_ROLE.user.id }]);
    void activity;
  });

  it("stores a record with only the required field (no geometry: no location)", async () => {
    const res = await send(body({ "p-name": "Only a name" }), "member");
    expect(res.status).toBe(201);
    expect((res.body as CCAData).location).toBeNull();
  });

  it("a hidden boundary gives the record its state only", async () => {
    const grove = {
      shortName: "sacred-grove-survey",
      usergroups: [],
      ccaFieldValues: wrap({
        "name-of-cca": "Hidden grove",
        state: { valueId: "state-karnataka" },
        "sg-access": { valueId: "sg-access-all" },
        "sg-survey-date": "2024-01-05",
        "sg-boundary": SQUARE,
      }),
    };
    const res = await send(grove, "member");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await api.db.one<{ location_state: string | null; location_district: string | null; centroid_lat: number | null }>(
      "select location_state, location_district, centroid_lat from cca_data where id = $1",
      [(res.body as CCAData).id],
    );
    expect(stored).toEqual({ location_state: "Karnataka", location_district: null, centroid_lat: null });
  });

  it.each([
    ["p-name", "", "form:required"],
    ["p-name", "x".repeat(2001), 'form:max_length|{"max":2000}'],
    ["p-notes", 12, "form:invalid"],
    ["p-story", `<p>${"x".repeat(100_001)}</p>`, 'template:record.errors.rich_text_max|{"max":100}'],
    ["p-kind", { valueId: "k-other" }, "template:record.errors.others_text"],
    ["p-access", { valueId: "nope" }, "template:record.errors.option_unknown"],
    ["p-threats", [{ valueId: "t-fire" }, { valueId: "t-fire" }], "template:record.errors.option_repeated"],
    ["p-uses", { valueId: "u-wood" }, "form:invalid"],
    ["p-area", 501, 'form:max_value|{"max":500}'],
    ["p-canopy", [80, 20], "template:record.errors.range_order"],
    ["p-date", "2024-02-30", "template:record.errors.date"],
    ["p-festival", ["2024-04-01", null], "template:record.errors.range_incomplete"],
    ["p-year", 1700, 'form:min_value|{"min":1800}'],
    ["p-photos", [{ path: "/etc/passwd" }], "form:invalid_file"],
    ["p-photos", [{ path: "/files-api/api/get/raw/myUploads/testhash/missing.jpg" }], "template:record.errors.file_missing"],
    ["p-photos", [{ path: PHOTO, license: "Mine" }], "template:record.errors.license"],
    ["p-map", { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [200, 12] } }] }, "template:record.errors.geometry_coordinates"],
    ["p-map", { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[77, 12], [78, 12], [78, 13]]] } }] }, "template:record.errors.geometry_ring"],
    ["p-head", "text", "template:record.errors.heading_value"],
    ["p-unknown", "x", "template:record.errors.unknown_field"],
  ])("%s = %j → 400 with its field error", async (fieldId, value, key) => {
    const res = await send(body({ ...VALID, [fieldId]: value }), "member");
    expect(res.status).toBe(400);
    expect((res.body as ApiErrorBody).code).toBe("VALIDATION_FAILED");
    expect(fieldErrors(res)[fieldId]).toBe(key);
    expect((res.body as ApiErrorBody).message).toContain(fieldId);
  });

  it("refuses a malformed body with a reason", async () => {
    const res = await send({ usergroups: "x", ccaFieldValues: [] }, "member");
    expect(res.status).toBe(400);
    expect(fieldErrors(res)).toMatchObject({ shortName: "form:required", usergroups: "form:invalid", ccaFieldValues: "form:invalid" });
  });

  it("401 anonymous, 404 unknown or deleted template", async () => {
    expect((await send(body(VALID))).status).toBe(401);
    expect((await send({ ...body(VALID), shortName: "no-such-template" }, "member")).status).toBe(404);
    const gone = await sendJson(api, "POST", `${T}/save`, { shortName: `gone-${Date.now()}`, name: "Gone", description: "To delete", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: [{ fieldId: "g-name", type: "TEXT", name: "Name" }] }, { token: tokens.curator });
    expect(gone.status, JSON.stringify(gone.body)).toBe(201);
    const shortName = (gone.body as CCATemplate).shortName;
    expect((await sendJson(api, "DELETE", `${T}/delete/${shortName}`, undefined, { token: tokens.curator })).status).toBe(200);
    expect((await send({ shortName, ccaFieldValues: {} }, "member")).status).toBe(404);
    expect((await send({ shortName: "NO-such", ccaFieldValues: {} })).status).toBe(401);
  });

  it("403 without a role of the template's permissions; data curators and admins may", async () => {
    const values = { shortName: curatorsOnly.shortName, usergroups: [], ccaFieldValues: wrap({ "p-name": "A" }) };
    expect((await send(values, "member")).status).toBe(403);
    expect((await send(values, "dataCurator")).status).toBe(201);
    expect((await send(values, "admin")).status).toBe(201);
  });

  it("groups: members post to their own groups only, admins to any; unknown groups refused", async () => {
    const notMine = await send(body({ "p-name": "A" }, { usergroups: [BANNI.id] }), "member");
    expect(notMine.status).toBe(400);
    expect(fieldErrors(notMine)).toEqual({ usergroups: "template:record.errors.group_not_member" });
    expect((notMine.body as ApiErrorBody).message).toContain(String(BANNI.id));
    expect((await send(body({ "p-name": "A" }, { usergroups: [SACRED_GROVES.id] }), "outsider")).status).toBe(400);
    const admin = await send(body({ "p-name": "A" }, { usergroups: [BANNI.id, SACRED_GROVES.id] }), "admin");
    expect(admin.status).toBe(201);
    expect([...(admin.body as CCAData).usergroups].sort()).toEqual([String(BANNI.id), String(SACRED_GROVES.id)].sort());
    const unknown = await send(body({ "p-name": "A" }, { usergroups: [999_999] }), "admin");
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ usergroups: "form:invalid" });
  });

  it("a record of a seeded template reads back on data/{id}", async () => {
    const res = await send({ shortName: "wetland-monitoring", usergroups: [], ccaFieldValues: {} }, "member");
    expect([201, 400]).toContain(res.status);
    if (res.status === 201) {
      const id = (res.body as CCAData).id;
      expect((await getAs(api, `cca-api/api/v1/data/${id}`)).status).toBe(200);
    }
  });
});

describe(`[DATA SAVE] Idempotency-Key: a queued record sent twice is one record (${TEST_DB})`, () => {
  const sendKeyed = (values: unknown, key: string, who: Who = "member") => sendJson(api, "POST", SAVE, values, { token: tokens[who], headers: { "idempotency-key": key } });
  const countNamed = async (name: string) =>
    (await api.db.one<{ n: number }>("select count(*)::integer as n from cca_data where template_id = $1 and field_values -> 'p-name' ->> 'value' = $2", [template.id, name])).n;

  it("the first send makes the record (201); a retry with the same key and body answers it again (200, replayed) and makes none", async () => {
    const key = crypto.randomUUID();
    const values = body({ ...VALID, "p-name": `Queued grove ${key}` });
    const first = await sendKeyed(values, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await sendKeyed(values, key);
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.body as CCAData).id).toBe((first.body as CCAData).id);
    expect(await countNamed(`Queued grove ${key}`)).toBe(1);
  });

  it("two sends of one key at the same moment still make one record", async () => {
    const key = crypto.randomUUID();
    const values = body({ ...VALID, "p-name": `Racing grove ${key}` });
    const answers = await Promise.all([sendKeyed(values, key), sendKeyed(values, key), sendKeyed(values, key)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => (a.body as CCAData).id)).size).toBe(1);
    expect(await countNamed(`Racing grove ${key}`)).toBe(1);
  });

  it("the same key with another body is refused (422); a key is the member's own (another member's same key makes their own record)", async () => {
    const key = crypto.randomUUID();
    expect((await sendKeyed(body({ "p-name": `Keyed A ${key}` }), key)).status).toBe(201);
    const reused = await sendKeyed(body({ "p-name": `Keyed B ${key}` }), key);
    expect(reused.status).toBe(422);
    expect((reused.body as ApiErrorBody).message).toContain("Idempotency-Key");
    expect(await countNamed(`Keyed B ${key}`)).toBe(0);
    const other = await sendKeyed(body({ "p-name": `Keyed A ${key}` }), key, "admin");
    expect(other.status).toBe(201);
    expect(await countNamed(`Keyed A ${key}`)).toBe(2);
  });

  it("a refused record does not use up its key: fixed and resent with the same key, it is saved", async () => {
    const key = crypto.randomUUID();
    const bad = await sendKeyed(body({ ...VALID, "p-name": "" }), key);
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)["p-name"]).toBe("form:required");
    const fixed = await sendKeyed(body({ ...VALID, "p-name": `Fixed grove ${key}` }), key);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
  });

  it.each([["short"], ["has space in it"], ["x".repeat(65)], ["ключ-ключ-ключ"]])("a malformed key %j → 400 with a reason, nothing saved", async (key) => {
    const res = await sendKeyed(body({ "p-name": `Malformed ${key}` }), key);
    expect(res.status).toBe(400);
    expect((res.body as ApiErrorBody).message).toContain("Idempotency-Key");
    expect(await countNamed(`Malformed ${key}`)).toBe(0);
  });

  it("anonymous with a key is still 401", async () => {
    const res = await sendJson(api, "POST", SAVE, body({ "p-name": "Anon" }), { headers: { "idempotency-key": crypto.randomUUID() } });
    expect(res.status).toBe(401);
  });
});
