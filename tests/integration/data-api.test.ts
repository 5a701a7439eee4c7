/**
 * cca-api record reads (issue 12) on both databases: every parameter and combinations, facet counts
 * against a hand count, group limits, deleted records and templates, 400s and 404s, free text, and
 * sensitive locations (no public read reveals a GENERALISED or HIDDEN geometry; editors see it exact).
 * Records are made with the record write core under a template of this file, so the demo records do
 * not change the counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { CCAData, CCADataListResponse, CCADataSubset, DataAggregation, DataSearchResponse, MapInfo } from "@/contracts/cca-data";
import type { StoredFieldValue } from "@/server/modules/records/record-values";
import { writeRecordValues } from "@/server/modules/records/record-write.repository";
import { createRecord } from "@/server/modules/records/record-write.service";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const TPL = `it-data-${Math.random().toString(36).slice(2, 7)}`;
const SCOPE = `shortName=${TPL}&filterTemplate=${TPL}&viewTemplate=${TPL}`;

let api: TestPlatform;
const tokens = { owner: "", other: "", dataCurator: "", admin: "", curator: "" };
const ids: Record<string, number> = {};
let ownerId = 0;
let otherId = 0;

const opt = (value: string) => ({ valueId: `o-${value.toLowerCase().replace(/[^a-z]+/g, "-")}`, value, label: value.split("|").at(-1)! });
const square = (lon: number, lat: number, d = 0.01) => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]] } }],
});

/** The fixture: [key, owner, groups, values]. Exact coordinates use digits no cell shows (…3456). */
interface Fixture {
  key: string;
  owner: "owner" | "other";
  groups: number[];
  name: string;
  kind: string[];
  area?: number;
  year?: number;
  period?: [string, string];
  notes?: string;
  secret?: [number, number];
  hidden?: [number, number];
  open?: [number, number];
}
const FIXTURES: Fixture[] = [
  { key: "grove", owner: "owner", groups: [1], name: "Sacred grove of Mawphlang", kind: ["Forest|Sacred grove"], area: 78, year: 1600, notes: "<p>Old <b>deodar</b> trees</p>", secret: [91.723456, 25.443456] },
  { key: "cafe", owner: "owner", groups: [1, 2], name: "Sacré Cœur forest", kind: ["Forest|Sacred grove", "Lake"], area: 500, year: 1900, period: ["2020-01-01", "2020-12-31"], hidden: [77.123456, 12.653456] },
  { key: "hindi", owner: "other", groups: [2], name: "देववन पवित्र उपवन", kind: ["Lake"], area: 1200, year: 2001, period: ["2021-06-01", "2022-05-31"], open: [85.113456, 19.883456] },
  { key: "plain", owner: "other", groups: [], name: "Mangalajodi wetland", kind: ["Grassland"], area: 20, notes: "<p>Birds</p>" },
  { key: "empty", owner: "other", groups: [3], name: "Lonely meadow", kind: [] },
];

function valuesOf(f: Fixture): Record<string, StoredFieldValue> {
  const v: Record<string, StoredFieldValue> = { "f-name": { type: "TEXT", value: f.name } };
  if (f.kind.length > 0) v["f-kind"] = { type: "MULTI_SELECT_CHECKBOX", value: f.kind.map(opt) };
  if (f.area !== undefined) v["f-area"] = { type: "NUMBER", value: f.area };
  if (f.year !== undefined) v["f-year"] = { type: "YEAR", value: f.year };
  if (f.period) v["f-period"] = { type: "DATE_RANGE", value: f.period };
  if (f.notes) v["f-notes"] = { type: "RICHTEXT", value: f.notes };
  if (f.secret) v["f-secret"] = { type: "GEOMETRY", value: square(...f.secret) };
  if (f.hidden) v["f-hidden"] = { type: "GEOMETRY", value: square(...f.hidden) };
  if (f.open) v["f-open"] = { type: "GEOMETRY", value: square(...f.open) };
  return v;
}

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.owner = await sign(SEED_USER_BY_ROLE.user);
  tokens.other = await sign(SEED_USER_BY_ROLE.extDataContributor);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  const idOf = async (email: string) => (await api.db.one<{ id: number }>("select id from app_user where email = $1", [email])).id;
  ownerId = await idOf(SEED_USER_BY_ROLE.user.email!);
  otherId = await idOf(SEED_USER_BY_ROLE.extDataContributor.email!);
  const created = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
    shortName: TPL,
    name: "Data API test",
    description: "Records of the data API tests",
    platform: ["DESKTOP"],
    permissions: ["ROLE_USER"],
    fields: [
      { fieldId: "f-name", type: "TEXT", name: "Name", isTitleColumn: true, isSummaryField: true, isFilterable: true },
      {
        fieldId: "f-kind", type: "MULTI_SELECT_CHECKBOX", name: "Kind", isSummaryField: true, isFilterable: true,
        valueOptions: [{ valueId: "o-forest-sacred-grove", value: "Forest|Sacred grove", label: "Sacred grove" }, { valueId: "o-lake", value: "Lake", label: "Lake" }, { valueId: "o-grassland", value: "Grassland", label: "Grassland" }],
      },
      { fieldId: "f-area", type: "NUMBER", name: "Area", isFilterable: true, isSummaryField: true },
      { fieldId: "f-year", type: "YEAR", name: "Year", isFilterable: true },
      { fieldId: "f-period", type: "DATE_RANGE", name: "Period", isFilterable: true },
      { fieldId: "f-notes", type: "RICHTEXT", name: "Notes" },
      { fieldId: "f-secret", type: "GEOMETRY", name: "Secret", publicPrecision: "GENERALISED" },
      { fieldId: "f-hidden", type: "GEOMETRY", name: "Hidden", publicPrecision: "HIDDEN" },
      { fieldId: "f-open", type: "GEOMETRY", name: "Open", publicPrecision: "EXACT" },
    ],
  }, { token: tokens.curator });
  expect(created.status).toBe(201);
  // Hindi texts for the translated projections.
  const hi = await sendJson(api, "PUT", "cca-api/api/v1/template/update", {
    ...(created.body as Record<string, unknown>), language: "hi", name: "डेटा परीक्षण", description: "परीक्षण",
    fields: [{ fieldId: "f-name", type: "TEXT", name: "नाम" }, { fieldId: "f-kind", type: "MULTI_SELECT_CHECKBOX", name: "प्रकार", valueOptions: [{ valueId: "o-lake", value: "Lake", label: "झील" }] }],
  }, { token: tokens.curator });
  expect(hi.status).toBe(200);
  const template = await loadRecordTemplate(api.db, { shortName: TPL });
  await api.db.transaction(async (tx) => {
    for (const f of FIXTURES) {
      ids[f.key] = await createRecord(tx, { template, userId: f.owner === "owner" ? ownerId : otherId, values: valuesOf(f), userGroupIds: f.groups, location: { state: "Odisha", district: null, tahsil: null } });
    }
  });
});

afterAll(async () => {
  await api?.close();
});

const get = (url: string, who?: keyof typeof tokens) => getAs(api, url, who ? tokens[who] : undefined);
const idsOf = (res: ApiResult) => (res.body as DataSearchResponse).data.map((d) => d.id).sort((a, b) => a - b);
const expectIds = async (query: string, keys: string[]) => {
  const res = await get(`${D}/search?${SCOPE}&limit=100&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(idsOf(res), query).toEqual(keys.map((k) => ids[k]!).sort((a, b) => a - b));
  expect((res.body as DataSearchResponse).totalCount).toBe(keys.length);
};

describe(`[DATA] cca-api data reads (${TEST_DB})`, () => {
  it("search: totalCount is the real total, paging newest first", async () => {
    const page = await get(`${D}/search?${SCOPE}&offset=1&limit=2`);
    const body = page.body as DataSearchResponse;
    expect(body.totalCount).toBe(5);
    expect(body.data.map((d) => d.id)).toEqual([ids.plain, ids.hindi]);
    expect(body.data[1]!.titlesValues).toEqual([{ fieldId: "f-name", name: "Name", type: "TEXT", value: "देववन पवित्र उपवन" }]);
    const past = await get(`${D}/search?${SCOPE}&offset=50&limit=2`);
    expect(past.body).toMatchObject({ totalCount: 5, data: [] });
  });

  it("option filters: repeated keys OR, different keys AND; ranges, substrings, groups, ids, owner, rich text", async () => {
    await expectIds("f-kind=Lake", ["cafe", "hindi"]);
    await expectIds("f-kind=Lake&f-kind=Grassland", ["cafe", "hindi", "plain"]);
    await expectIds("f-kind=Lake&f-area=<=500", ["cafe"]);
    await expectIds("f-area=20-500", ["grove", "cafe", "plain"]);
    await expectIds("f-area=>500", ["hindi"]);
    await expectIds("f-area==78", ["grove"]);
    await expectIds("f-year=1800-2100", ["cafe", "hindi"]);
    await expectIds("f-period=2020-06-01-2021-01-01", ["cafe"]);
    await expectIds("f-period=>=2021-01-01", ["hindi"]);
    await expectIds("f-name=MANGALA", ["plain"]);
    await expectIds("f-name=100%25", []);
    await expectIds("usergroups=1", ["grove", "cafe"]);
    await expectIds("usergroups=1&usergroups=3", ["grove", "cafe", "empty"]);
    await expectIds("usergroups=2,3", ["cafe", "hindi", "empty"]);
    await expectIds(`id=${ids.grove},${ids.plain}`, ["grove", "plain"]);
    await expectIds(`userId=${otherId}`, ["hindi", "plain", "empty"]);
    await expectIds("richTextCount=1", ["grove", "plain"]);
    await expectIds("unknownKey=x&layers=a&f-notes-unknown=1", ["grove", "cafe", "hindi", "plain", "empty"]);
    // A bbox filter answers from public boxes: an EXACT field's own, a GENERALISED field's cell, never a HIDDEN field's.
    await expectIds("f-open=85,19,86,20", ["hindi"]);
    await expectIds("f-secret=91.75,25.45,91.79,25.49", ["grove"]);
    await expectIds("f-hidden=77,12,78,13", []);
  });

  it("free text: word prefixes, case and accents ignored, Hindi prefixes, ranked title hits first", async () => {
    await expectIds("query=sacr", ["grove", "cafe"]);
    await expectIds("query=SACRE", ["grove", "cafe"]);
    await expectIds("query=sacré%20c%C5%93", ["cafe"]);
    await expectIds("query=cœur", ["cafe"]);
    // Across scripts (issue 33): देव is also "dev"/"deo" in Latin letters, the beginning of the grove's "deodar".
    await expectIds("query=देव", ["grove", "hindi"]);
    await expectIds("query=उप", ["hindi"]);
    await expectIds("query=deod", ["grove"]);
    await expectIds("query=lake", ["cafe", "hindi"]);
    // Option labels are words in both languages: the Hindi label of "Lake" is झील.
    await expectIds("query=झी", ["cafe", "hindi"]);
    await expectIds("query=sacr&f-kind=Lake", ["cafe"]);
    const ranked = await get(`${D}/search?${SCOPE}&query=forest`);
    expect((ranked.body as DataSearchResponse).data[0]!.id).toBe(ids.cafe);
  });

  it("aggregation: option counts ignoring the field's own filter, min/max, usergroups; matches a hand count", async () => {
    const all = (await get(`${D}/aggregation?${SCOPE}`)).body as DataAggregation;
    expect(all["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }, { _id: "Lake", count: 2 }]);
    expect(all["f-area"]).toEqual([{ _id: null, min: 20, max: 1200 }]);
    expect(all["f-year"]).toEqual([{ _id: null, min: 1600, max: 2001 }]);
    expect(all["f-period"]).toEqual([{ _id: null, min: "2020-01-01", max: "2022-05-31" }]);
    expect(all.usergroups).toEqual([{ _id: "1", count: 2 }, { _id: "2", count: 2 }, { _id: "3", count: 1 }]);
    expect(all["f-name"]).toBeUndefined();

    const filtered = (await get(`${D}/aggregation?${SCOPE}&f-kind=Lake&f-area=<=1000&usergroups=2`)).body as DataAggregation;
    // f-kind ignores its own filter: area ≤ 1000 and group 2 → cafe only.
    expect(filtered["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 1 }, { _id: "Lake", count: 1 }]);
    // f-area ignores its own: Lake and group 2 → cafe (500), hindi (1200).
    expect(filtered["f-area"]).toEqual([{ _id: null, min: 500, max: 1200 }]);
    // usergroups ignores its own: Lake and area ≤ 1000 → cafe in groups 1 and 2.
    expect(filtered.usergroups).toEqual([{ _id: "1", count: 1 }, { _id: "2", count: 1 }]);
    expect(filtered["f-year"]).toEqual([{ _id: null, min: 1900, max: 1900 }]);

    const text = (await get(`${D}/aggregation?${SCOPE}&query=sacr`)).body as DataAggregation;
    expect(text["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 1 }]);
  });

  it("map points, list, myList and summary in the contract's shapes, translated", async () => {
    const map = (await get(`${D}/search/map?${SCOPE}`)).body as MapInfo[];
    // HIDDEN adds nothing: the cafe and the records without geometry have no point.
    expect(map.map((p) => p.id)).toEqual([ids.grove, ids.hindi]);
    expect(map[0]).toEqual({ id: ids.grove, lat: 25.45, lng: 91.75 });
    expect((await get(`${D}/map/info?${SCOPE}&f-kind=Lake`)).body).toEqual([{ id: ids.hindi, lat: 19.8885, lng: 85.1185 }]);

    const list = (await get(`${D}/list?${SCOPE}&id=${ids.cafe}&language=hi`)).body as CCADataListResponse;
    expect(list.ccaDataList).toHaveLength(1);
    const item = list.ccaDataList[0]!;
    expect(item).toMatchObject({ id: ids.cafe, shortName: TPL, userId: String(ownerId), centroid: [], location: { state: "Odisha", district: null, tahsil: null }, geometry: null });
    // The template's title in the asked language beside its short name (issue 28: the Contributions tab shows it).
    expect(item.templateName).toBe("डेटा परीक्षण");
    expect(item.values.find((v) => v.fieldId === "f-kind")).toMatchObject({ name: "प्रकार", value: [{ value: "Forest|Sacred grove", label: "Sacred grove" }, { value: "Lake", label: "झील" }] });
    expect(list.aggregation["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 1 }, { _id: "Lake", count: 1 }]);

    const mine = (await get(`${D}/myList?${SCOPE}`, "owner")).body as CCADataListResponse;
    expect(mine.ccaDataList.map((d) => d.id)).toEqual([ids.cafe, ids.grove]);
    expect(mine.ccaDataList.map((d) => d.templateName)).toEqual(["Data API test", "Data API test"]);
    const theirs = (await get(`${D}/myList?${SCOPE}&userId=${otherId}`)).body as CCADataListResponse;
    expect(theirs.ccaDataList.map((d) => d.id)).toEqual([ids.empty, ids.plain, ids.hindi]);
    expect((await get(`${D}/myList?${SCOPE}`)).status).toBe(400);

    const summary = (await get(`${D}/summary/${ids.grove}?viewTemplate=${TPL}`)).body as CCADataSubset;
    expect(summary.titlesValues.map((v) => v.value)).toEqual(["Sacred grove of Mawphlang"]);
    expect(summary.values.map((v) => v.fieldId)).toEqual(["f-name", "f-kind", "f-area"]);
    expect((await get(`${D}/page?${SCOPE}`)).status).toBe(400);
    expect(((await get(`${D}/page?${SCOPE}&offset=0&limit=2`)).body as DataSearchResponse).totalCount).toBe(5);
  });

  it("sensitive locations: no public read reveals a GENERALISED or HIDDEN geometry; editors see it exact", async () => {
    const secretDigits = ["91.723", "25.443", "77.123", "12.653", "3456"].filter((d) => d !== "3456");
    const publicReads = [
      `${D}/search?${SCOPE}&limit=100`,
      `${D}/search/map?${SCOPE}`,
      `${D}/map/info?${SCOPE}`,
      `${D}/list?${SCOPE}`,
      `${D}/myList?${SCOPE}&userId=${ownerId}`,
      `${D}/aggregation?${SCOPE}`,
      `${D}/summary/${ids.grove}?viewTemplate=${TPL}`,
      `${D}/summary/${ids.cafe}?viewTemplate=${TPL}`,
      `${D}/${ids.grove}`,
      `${D}/${ids.cafe}`,
    ];
    for (const url of publicReads) {
      for (const who of [undefined, "other"] as const) {
        const res = await get(url, who);
        expect(res.status, url).toBe(200);
        const text = res.raw.toString("utf8");
        for (const digits of secretDigits) expect(text, `${url} as ${who ?? "anonymous"}`).not.toContain(digits);
      }
    }
    const shown = (await get(`${D}/${ids.grove}`)).body as CCAData;
    expect(shown.restrictedFields).toEqual({ "f-secret": "GENERALISED" });
    expect(shown.ccaFieldValues["f-secret"]!.value).toEqual({
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: { generalised: true }, geometry: { type: "Polygon", coordinates: [[[91.7, 25.4], [91.8, 25.4], [91.8, 25.5], [91.7, 25.5], [91.7, 25.4]]] } }],
    });
    expect(shown.centroid).toEqual([91.75, 25.45]);
    const hidden = (await get(`${D}/${ids.cafe}`, "other")).body as CCAData;
    expect(hidden.restrictedFields).toEqual({ "f-hidden": "HIDDEN" });
    expect(hidden.ccaFieldValues["f-hidden"]!.value).toBeNull();
    expect(hidden.centroid).toEqual([]);

    for (const who of ["owner", "dataCurator", "admin"] as const) {
      const exact = (await get(`${D}/${ids.grove}`, who)).body as CCAData;
      expect(exact.restrictedFields, who).toEqual({});
      expect(exact.ccaFieldValues["f-secret"]!.value).toEqual(square(91.723456, 25.443456));
      expect(exact.centroid[0]).toBeCloseTo(91.728456, 6);
      const exactHidden = (await get(`${D}/${ids.cafe}`, who)).body as CCAData;
      expect(exactHidden.ccaFieldValues["f-hidden"]!.value).toEqual(square(77.123456, 12.653456));
    }
    // The stored public columns hold the cell centre, and no box of the HIDDEN field exists.
    const stored = await api.db.one<{ centroid_lon: number; centroid_lat: number }>("select centroid_lon, centroid_lat from cca_data where id = $1", [ids.grove!]);
    expect([stored.centroid_lon, stored.centroid_lat]).toEqual([91.75, 25.45]);
    expect(await api.db.query("select 1 from cca_data_value where data_id = $1 and field_id = 'f-hidden'", [ids.cafe!])).toEqual([]);
  });

  it("400 VALIDATION_FAILED naming the parameter for malformed values; 404 for missing records and templates", async () => {
    const bad: Array<[string, string]> = [
      ["f-area=ten", "f-area"],
      ["f-area=10-5", "f-area"],
      ["f-period=2020-13-01-2021-01-01", "f-period"],
      ["f-open=1,2,3", "f-open"],
      ["f-open=10,10,5,5", "f-open"],
      ["offset=-1", "offset"],
      ["offset=abc", "offset"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["id=1,x", "id"],
      ["userId=abc", "userId"],
      ["usergroups=1,two", "usergroups"],
      ["richTextCount=many", "richTextCount"],
      ["language=fr", "language"],
      ["filterTemplate=bad%20name", "filterTemplate"],
    ];
    for (const [query, name] of bad) {
      for (const endpoint of ["search", "aggregation", "search/map"]) {
        const res = await get(`${D}/${endpoint}?${query}&${SCOPE}`);
        expect(res.status, `${endpoint}?${query}`).toBe(400);
        const body = res.body as ApiErrorBody;
        expect(body.code).toBe("VALIDATION_FAILED");
        expect(Object.keys(body.fieldErrors ?? {}), query).toEqual([name]);
        expect(body.message).toContain(name);
      }
    }
    expect((await get(`${D}/abc`)).status).toBe(400);
    expect((await get(`${D}/summary/0`)).status).toBe(400);
    for (const url of [`${D}/999999`, `${D}/summary/999999`, `${D}/search?shortName=no-such`, `${D}/aggregation?filterTemplate=no-such`, `${D}/list?viewTemplate=no-such`]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect((res.body as ApiErrorBody).code).toBe("NOT_FOUND");
    }
  });

  it("deleted records and records of deleted templates never appear (and come back with their template)", async () => {
    await api.db.query("update cca_data set is_deleted = true where id = $1", [ids.plain!]);
    await api.db.query("select 1"); // the visibility trigger ran in that statement
    const { invalidateCache, CACHE_KEYS } = await import("@/shared/cache/invalidation");
    invalidateCache(CACHE_KEYS.records); // record writes of issue 14 do this; a bare SQL update does not
    await expectIds("", ["grove", "cafe", "hindi", "empty"]);
    expect((await get(`${D}/${ids.plain}`)).status).toBe(404);
    expect(((await get(`${D}/aggregation?${SCOPE}`)).body as DataAggregation)["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 2 }]);
    expect((await get(`${D}/search?${SCOPE}&f-kind=Grassland`)).body).toMatchObject({ totalCount: 0 });

    // Group counts over every template: the demo records share these group ids, so compare before/after.
    const groupCounts = async () => new Map((((await get(`${D}/aggregation`)).body as DataAggregation).usergroups ?? []).map((g) => [String(g._id), g.count]));
    const before = await groupCounts();
    const deleted = await sendJson(api, "DELETE", `cca-api/api/v1/template/delete/${TPL}`, undefined, { token: tokens.curator });
    expect(deleted.status).toBe(200);
    expect((await get(`${D}/search?${SCOPE}`)).status).toBe(404); // the template itself is gone
    const everywhere = (await get(`${D}/search?limit=100&query=sacr`)).body as DataSearchResponse;
    expect(everywhere.data.map((d) => d.id)).not.toContain(ids.grove);
    expect((await get(`${D}/search/map`)).body as MapInfo[]).not.toContainEqual(expect.objectContaining({ id: ids.grove }));
    expect((await get(`${D}/${ids.grove}`)).status).toBe(404);
    // The visible records of this template left their groups: 1 (grove, cafe), 2 (cafe, hindi), 3 (empty).
    const after = await groupCounts();
    for (const [group, gone] of [["1", 2], ["2", 2], ["3", 1]] as const) expect((before.get(group) ?? 0) - (after.get(group) ?? 0)).toBe(gone);

    expect((await sendJson(api, "PUT", `cca-api/api/v1/template/restore/${TPL}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectIds("", ["grove", "cafe", "hindi", "empty"]);
  });

  it("a template edit drops the cached facets (CACHE_KEYS.records) and the next aggregation follows it", async () => {
    const { onInvalidation, CACHE_KEYS } = await import("@/shared/cache/invalidation");
    expect(Object.keys((await get(`${D}/aggregation?${SCOPE}`)).body as DataAggregation)).toContain("f-year"); // now cached
    const current = (await getAs(api, `cca-api/api/v1/template/${TPL}?language=en`, tokens.curator)).body as { fields: Array<Record<string, unknown>> } & Record<string, unknown>;
    const prefixes: string[] = [];
    const stop = onInvalidation((e) => prefixes.push(e.prefix));
    try {
      const fields = current.fields.map((f) => (f.fieldId === "f-year" ? { ...f, isFilterable: false } : f));
      const updated = await sendJson(api, "PUT", "cca-api/api/v1/template/update", { ...current, language: "en", fields }, { token: tokens.curator });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    } finally {
      stop();
    }
    expect(prefixes).toContain(CACHE_KEYS.records);
    const after = (await get(`${D}/aggregation?${SCOPE}`)).body as DataAggregation;
    expect(Object.keys(after)).not.toContain("f-year");
    expect(after["f-kind"]).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 2 }]);
  });

  it("the facet counts kept by the writes (0009) stay exact across create, value rewrite, delete, restore, consent narrowed and widened, template delete/restore and hard delete", async () => {
    const { invalidateCache, CACHE_KEYS } = await import("@/shared/cache/invalidation");
    type Row = { k: string; n: number };
    const sorted = (rows: Row[]) => rows.map((r) => `${r.k}=${r.n}`).sort();
    /** The kept counts against a recount from the records' own flags (not the `visible` copies): live records with public consent. */
    const expectConsistent = async (step: string) => {
      const kept = await api.db.query<Row>("select field_id || ':' || option_value as k, count as n from cca_facet_count where count <> 0");
      const recount = await api.db.query<Row>(
        `select v.field_id || ':' || v.option_value as k, count(*)::integer as n from cca_data_value v join cca_data d on d.id = v.data_id
          where not d.is_deleted and not d.is_template_deleted and d.is_public and v.option_value is not null group by 1`,
      );
      expect(sorted(kept), step).toEqual(sorted(recount));
      const keptGroups = await api.db.query<Row>("select user_group_id::text as k, count as n from cca_group_count where count <> 0");
      const groupRecount = await api.db.query<Row>(
        `select g.user_group_id::text as k, count(*)::integer as n from cca_data_user_group g join cca_data d on d.id = g.data_id
          where not d.is_deleted and not d.is_template_deleted and d.is_public group by 1`,
      );
      expect(sorted(keptGroups), step).toEqual(sorted(groupRecount));
      invalidateCache(CACHE_KEYS.records);
    };
    // Unfiltered (no shortName): f-kind exists only in this file's template, so its counts are a hand count.
    const kinds = async () => ((await get(`${D}/aggregation?filterTemplate=${TPL}`)).body as DataAggregation)["f-kind"];
    const groups = async () => new Map((((await get(`${D}/aggregation?filterTemplate=${TPL}`)).body as DataAggregation).usergroups ?? []).map((g) => [String(g._id), g.count]));
    await expectConsistent("start");
    // plain was deleted above: grove, cafe (Sacred grove, Lake), hindi (Lake).
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 2 }]);
    const groups0 = await groups();

    const template = await loadRecordTemplate(api.db, { shortName: TPL });
    const extra = await api.db.transaction((tx) =>
      createRecord(tx, { template, userId: otherId, values: valuesOf({ key: "extra", owner: "other", groups: [3], name: "Extra meadow", kind: ["Grassland", "Lake"] }), userGroupIds: [3] }),
    );
    await expectConsistent("create");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }, { _id: "Lake", count: 3 }]);
    expect((await groups()).get("3")).toBe((groups0.get("3") ?? 0) + 1);

    // Unfiltered ranges come from the index ends: plain (area 20) is still deleted here.
    const ranges = async () => {
      const body = (await get(`${D}/aggregation?filterTemplate=${TPL}`)).body as DataAggregation;
      return [body["f-area"], body["f-period"]];
    };
    expect(await ranges()).toEqual([[{ _id: null, min: 78, max: 1200 }], [{ _id: null, min: "2020-01-01", max: "2022-05-31" }]]);

    await api.db.query("update cca_data set is_deleted = false where id = $1", [ids.plain!]);
    await expectConsistent("restore");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 2 }, { _id: "Lake", count: 3 }]);
    expect((await ranges())[0]).toEqual([{ _id: null, min: 20, max: 1200 }]);

    await api.db.query("update cca_data set is_deleted = true where id = $1", [extra]);
    await expectConsistent("delete");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }, { _id: "Lake", count: 2 }]);
    expect((await groups()).get("3") ?? 0).toBe(groups0.get("3") ?? 0);

    // Consent narrowed to the community takes the record out of every count; widened again, it is back (issue 30).
    const consent = (audience: string) =>
      sendJson(api, "PUT", `${D}/consent/${ids.plain!}`, { audience, registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-02-01" }, { token: tokens.admin });
    expect((await consent("COMMUNITY")).status).toBe(200);
    await expectConsistent("consent narrowed");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 2 }]);
    expect((await consent("PUBLIC")).status).toBe(200);
    await expectConsistent("consent widened");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Grassland", count: 1 }, { _id: "Lake", count: 2 }]);

    // A value rewrite of a visible record, and one of a deleted record (which must not count).
    await api.db.transaction((tx) => writeRecordValues(tx, ids.plain!, { "f-kind": { type: "MULTI_SELECT_CHECKBOX", value: [opt("Lake")] } }));
    await api.db.transaction((tx) => writeRecordValues(tx, extra, { "f-kind": { type: "MULTI_SELECT_CHECKBOX", value: [opt("Forest|Sacred grove")] } }));
    await expectConsistent("rewrite");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 3 }]);

    const all = async () => new Map((((await get(`${D}/aggregation`)).body as DataAggregation).usergroups ?? []).map((g) => [String(g._id), g.count]));
    const before = await all();
    expect((await sendJson(api, "DELETE", `cca-api/api/v1/template/delete/${TPL}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectConsistent("template delete");
    const during = await all();
    // Visible records of this template: grove (1), cafe (1, 2), hindi (2), plain (none), empty (3).
    for (const [group, gone] of [["1", 2], ["2", 2], ["3", 1]] as const) expect((before.get(group) ?? 0) - (during.get(group) ?? 0)).toBe(gone);
    expect((await sendJson(api, "PUT", `cca-api/api/v1/template/restore/${TPL}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectConsistent("template restore");
    expect(await all()).toEqual(before);
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 3 }]);

    await api.db.query("delete from cca_data where id = any($1::integer[])", [[ids.plain!, extra]]);
    await expectConsistent("hard delete");
    expect(await kinds()).toEqual([{ _id: "Forest|Sacred grove", count: 2 }, { _id: "Lake", count: 2 }]);
    // The record with the largest area deleted: the upper end follows.
    await api.db.query("update cca_data set is_deleted = true where id = $1", [ids.hindi!]);
    await expectConsistent("delete the largest");
    expect(await ranges()).toEqual([[{ _id: null, min: 78, max: 500 }], [{ _id: null, min: "2020-01-01", max: "2020-12-31" }]]);
    await api.db.query("update cca_data set is_deleted = false where id = $1", [ids.hindi!]);
    await expectConsistent("restore the largest");
  });
});
