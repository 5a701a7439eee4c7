/**
 * The facet pair counts kept by the writes (migration 0035, issue 35 item 5) on both databases: after each
 * kind of write of records (create, import, value rewrite, groups, location, delete and restore, consent
 * narrowed and widened, review sent back and published, a whole-record treatment, template delete and
 * restore, hard delete) the kept counts equal a fresh count from the records' own flags (live, public
 * consent, published, not withheld), and the facets of every one-option-filter call that reads them equal
 * what the general plan counts, for anonymous and signed-in callers alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataAggregation } from "@/contracts/cca-data";
import type { StoredFieldValue } from "@/server/modules/records/record-values";
import { facets, type FacetField, type FacetRowSql } from "@/server/modules/records/data.repository";
import { writeRecordValues } from "@/server/modules/records/record-write.repository";
import { createRecord, createRecords } from "@/server/modules/records/record-write.service";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const TPL = `it-pairs-${Math.random().toString(36).slice(2, 7)}`;
/** Field ids of this file only, so the facets of these fields count this file's records alone. */
const F = { state: `p-state-${TPL}`, kind: `p-kind-${TPL}`, area: `p-area-${TPL}`, period: `p-period-${TPL}` };
const FIELDS: FacetField[] = [
  { fieldId: F.state, kind: "option" },
  { fieldId: F.kind, kind: "option" },
  { fieldId: F.area, kind: "number" },
  { fieldId: F.period, kind: "date" },
];

let api: TestPlatform;
const tokens = { owner: "", admin: "", curator: "", dataCurator: "" };
let ownerId = 0;
const ids: number[] = [];

const opt = (value: string) => ({ valueId: `o-${value.toLowerCase()}`, value, label: value });
const valuesOf = (state: string, kinds: string[], area: number | null, period: [string, string] | null): Record<string, StoredFieldValue> => {
  const v: Record<string, StoredFieldValue> = { [F.state]: { type: "SINGLE_SELECT_DROPDOWN", value: opt(state) } };
  if (kinds.length > 0) v[F.kind] = { type: "MULTI_SELECT_CHECKBOX", value: kinds.map(opt) };
  if (area !== null) v[F.area] = { type: "NUMBER", value: area };
  if (period !== null) v[F.period] = { type: "DATE_RANGE", value: period };
  return v;
};

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.owner = await sign(SEED_USER_BY_ROLE.user);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
  ownerId = (await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email!])).id;
  const options = (values: string[]) => values.map(opt);
  const created = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
    shortName: TPL,
    name: "Facet pairs test",
    description: "Records of the facet pair tests",
    platform: ["DESKTOP"],
    permissions: ["ROLE_USER"],
    fields: [
      { fieldId: "p-name", type: "TEXT", name: "Name", isTitleColumn: true, isSummaryField: true },
      { fieldId: F.state, type: "SINGLE_SELECT_DROPDOWN", name: "State", isFilterable: true, valueOptions: options(["A", "B", "C"]) },
      { fieldId: F.kind, type: "MULTI_SELECT_CHECKBOX", name: "Kind", isFilterable: true, valueOptions: options(["X", "Y", "Z"]) },
      { fieldId: F.area, type: "NUMBER", name: "Area", isFilterable: true },
      { fieldId: F.period, type: "DATE_RANGE", name: "Period", isFilterable: true },
    ],
  }, { token: tokens.curator });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const template = await loadRecordTemplate(api.db, { shortName: TPL });
  const fixtures: Array<[string, string[], number | null, [string, string] | null, number[]]> = [
    ["A", ["X"], 10, ["2020-01-01", "2020-06-30"], [1]],
    ["A", ["X", "Y"], 250, null, [1, 2]],
    ["A", [], null, ["2019-03-01", "2021-01-31"], []],
    ["B", ["Y", "Z"], 40, ["2022-01-01", "2022-12-31"], [2]],
    ["B", ["Z"], 5, null, [3]],
    ["C", ["X", "Z"], 900, ["2018-05-01", "2018-05-31"], [1, 3]],
  ];
  await api.db.transaction(async (tx) => {
    for (const [state, kinds, area, period, groups] of fixtures) {
      ids.push(await createRecord(tx, { template, userId: ownerId, values: valuesOf(state, kinds, area, period), userGroupIds: groups, location: { state: "Odisha", district: null, tahsil: null } }));
    }
  });
});

afterAll(async () => {
  await api?.close();
});

type Row = { k: string; n: number };
const sorted = (rows: Row[]) => rows.map((r) => `${r.k}=${r.n}`).sort();
const PUBLIC = "not d.is_deleted and not d.is_template_deleted and d.consent_audience = 'PUBLIC' and d.review_state = 'PUBLISHED' and not d.record_withheld";

/** The facet rows in one comparable form (order apart). */
const normal = (rows: FacetRowSql[]) =>
  rows.map((r) => JSON.stringify([r.field_id, r.value, r.n, r.nmin, r.nmax, r.dmin, r.dmax])).sort();

/** One-option-filter calls: one value, and several (added up, or the general plan when records hold two of them). */
const CALLS: Array<[string, string[]]> = [
  [F.state, ["A"]],
  [F.state, ["B"]],
  [F.state, ["C"]],
  [F.state, ["A", "B"]],
  [F.state, ["A", "A", "C"]],
  [F.kind, ["X"]],
  [F.kind, ["Z"]],
  [F.kind, ["X", "Y"]],
  [F.kind, ["Q"]],
];

async function expectExact(step: string): Promise<void> {
  invalidateCache(CACHE_KEYS.records);
  const kept = await api.db.query<Row>(
    "select key_field || ':' || key_value || '/' || field_id || ':' || option_value as k, count as n from cca_facet_pair_count where count <> 0",
  );
  const recount = await api.db.query<Row>(
    `with e as (select v.data_id, v.field_id, v.option_value from cca_data_value v join cca_data d on d.id = v.data_id where ${PUBLIC} and v.option_value is not null
                union all
                select g.data_id, '@groups', g.user_group_id::text from cca_data_user_group g join cca_data d on d.id = g.data_id where ${PUBLIC}),
          k as (select distinct data_id, field_id, option_value from e where field_id <> '@groups')
     select k.field_id || ':' || k.option_value || '/' || e.field_id || ':' || e.option_value as k, count(*)::integer as n
       from k join e on e.data_id = k.data_id and e.field_id <> k.field_id group by 1
     union all
     select k.field_id || ':' || k.option_value || '/' || x.field_id || ':' || x.option_value, count(*)::integer
       from k join (select distinct data_id, field_id, option_value from e) x on x.data_id = k.data_id and x.field_id = k.field_id and x.option_value <> k.option_value group by 1`,
  );
  expect(sorted(kept), step).toEqual(sorted(recount));
  for (const [fieldId, values] of CALLS) {
    const spec = { templateId: null, ids: null, userId: null, usergroups: [], richTextCount: null, tsquery: null, filters: [{ kind: "option" as const, fieldId, values }] };
    const general = normal(await facets(api.db, spec, FIELDS, { keptPairs: false }));
    expect(normal(await facets(api.db, spec, FIELDS)), `${step}: ${fieldId}=${values.join(",")}`).toEqual(general);
  }
  // Through the route: anonymous and signed-in callers of every kind get the same facets.
  const query = `${D}/aggregation?filterTemplate=${TPL}&${F.state}=A`;
  const anonymous = (await getAs(api, query)).body as DataAggregation;
  for (const who of ["owner", "admin", "dataCurator"] as const) {
    invalidateCache(CACHE_KEYS.records);
    expect((await getAs(api, query, tokens[who])).body, `${step}: ${who}`).toEqual(anonymous);
  }
}

describe(`[DATA] facet pair counts kept by the writes (${TEST_DB})`, () => {
  it("answer the facets of a one-option-filter call as the general plan does", async () => {
    await expectExact("start");
    const spec = { templateId: null, ids: null, userId: null, usergroups: [], richTextCount: null, tsquery: null, filters: [{ kind: "option" as const, fieldId: F.state, values: ["A"] }] };
    const rows = normal(await facets(api.db, spec, FIELDS));
    // State A: three records; kinds X ×2, Y ×1; areas 10–250; periods 2019-03-01 to 2021-01-31; groups 1 ×2, 2 ×1; the state facet unfiltered.
    expect(rows).toEqual(
      normal([
        { field_id: F.state, value: "A", n: 3, nmin: null, nmax: null, dmin: null, dmax: null },
        { field_id: F.state, value: "B", n: 2, nmin: null, nmax: null, dmin: null, dmax: null },
        { field_id: F.state, value: "C", n: 1, nmin: null, nmax: null, dmin: null, dmax: null },
        { field_id: F.kind, value: "X", n: 2, nmin: null, nmax: null, dmin: null, dmax: null },
        { field_id: F.kind, value: "Y", n: 1, nmin: null, nmax: null, dmin: null, dmax: null },
        { field_id: F.area, value: null, n: null, nmin: 10, nmax: 250, dmin: null, dmax: null },
        { field_id: F.period, value: null, n: null, nmin: null, nmax: null, dmin: "2019-03-01", dmax: "2021-01-31" },
        ...(await api.db.query<{ g: string; n: number }>(
          `select g.user_group_id::text as g, count(*)::integer as n from cca_data_user_group g join cca_data_value v on v.data_id = g.data_id and v.visible and v.field_id = $1 and v.option_value = 'A' where g.visible group by 1`,
          [F.state],
        )).map((r) => ({ field_id: "usergroups", value: r.g, n: r.n, nmin: null, nmax: null, dmin: null, dmax: null })),
      ]),
    );
  });

  it("stay equal to a fresh count after every kind of write", async () => {
    const template = await loadRecordTemplate(api.db, { shortName: TPL });
    // An import (the set-based path of bulk seeding and imports).
    const imported = await api.db.transaction((tx) =>
      createRecords(tx, template, [
        { userId: ownerId, values: valuesOf("C", ["Y"], 77, null), userGroupIds: [2] },
        { userId: ownerId, values: valuesOf("A", ["Z", "X"], 1, ["2017-01-01", "2017-01-02"]), userGroupIds: [] },
      ]),
    );
    await expectExact("import");
    // One record through the route of the participation form's edits: a value rewrite.
    await api.db.transaction((tx) => writeRecordValues(tx, ids[0]!, valuesOf("B", ["X", "Z"], 3000, ["2016-01-01", "2016-12-31"])));
    await expectExact("value rewrite");
    expect((await sendJson(api, "PUT", `${D}/update/usergroup`, { id: ids[1], usergroups: [3] }, { token: tokens.owner })).status).toBe(200);
    await expectExact("groups changed");
    expect((await sendJson(api, "PUT", `${D}/update/location`, { id: ids[2], location: { state: "Kerala", district: "Wayanad", tahsil: null } }, { token: tokens.owner })).status).toBe(200);
    await expectExact("location");
    expect((await sendJson(api, "DELETE", `${D}/delete/${ids[3]}`, undefined, { token: tokens.owner })).status).toBe(200);
    await expectExact("delete");
    expect((await sendJson(api, "PUT", `${D}/restore/${ids[3]}`, undefined, { token: tokens.admin })).status).toBe(200);
    await expectExact("restore");
    const consent = (id: number, audience: string) =>
      sendJson(api, "PUT", `${D}/consent/${id}`, { audience, registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-02-01" }, { token: tokens.admin });
    expect((await consent(ids[4]!, "COMMUNITY")).status).toBe(200);
    await expectExact("consent narrowed");
    expect((await consent(ids[4]!, "PUBLIC")).status).toBe(200);
    await expectExact("consent widened");
    expect((await sendJson(api, "PUT", `${D}/restrictions/${ids[5]}`, { record: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" }, fields: {} }, { token: tokens.dataCurator })).status).toBe(200);
    await expectExact("record withheld");
    expect((await sendJson(api, "PUT", `${D}/restrictions/${ids[5]}`, { record: null, fields: {} }, { token: tokens.dataCurator })).status).toBe(200);
    await expectExact("treatment lifted");
    await api.db.query("update cca_data set review_state = 'RETURNED' where id = $1", [imported[0]!]);
    await expectExact("review sent back");
    const published = await sendJson(api, "PUT", `${D}/review/${imported[0]}`, { action: "PUBLISH" }, { token: tokens.admin });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await expectExact("review published");
    expect((await sendJson(api, "DELETE", `cca-api/api/v1/template/delete/${TPL}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectExact("template delete");
    expect((await sendJson(api, "PUT", `cca-api/api/v1/template/restore/${TPL}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectExact("template restore");
    await api.db.query("delete from cca_data where id = any($1::integer[])", [[ids[1]!, imported[1]!]]);
    await expectExact("hard delete");
  });
});
