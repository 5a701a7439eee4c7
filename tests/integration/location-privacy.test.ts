/**
 * Hidden and generalised places that must not fail open (issue 27, items 2 and 4), on both databases.
 * A template curator tightens (EXACT → HIDDEN / GENERALISED), removes or retypes a GEOMETRY field of
 * records that exist: no anonymous read — data/{id}, list, search, summary, map points, a 0.002° bbox
 * filter (through a look-alike filter template that still calls the field GEOMETRY), an export by a
 * template curator — reveals the exact place any more, while the record's editors still see it exact.
 * A look-alike `viewTemplate` (the same field id as TEXT) reveals nothing either, and stale public places
 * left by older versions are rewritten at start (migration 0019's queue).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData, CCADataListResponse, DataSearchResponse, MapInfo } from "@/contracts/cca-data";
import type { ExportLog } from "@/contracts/download-log";
import { exportInProgress } from "@/server/modules/exports/export.service";
import { rederivePendingPublicPlaces } from "@/server/modules/records/public-places.service";
import { createRecord } from "@/server/modules/records/record-write.service";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import recomputePublicPlaces from "@/server/migrations/0019_recompute_public_places";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const RUN = Math.random().toString(36).slice(2, 7);

let api: TestPlatform;
const tokens = { owner: "", other: "", dataCurator: "", admin: "", curator: "" };
let ownerId = 0;

/** A 0.01° square at …3456: digits that neither a 0.1° cell nor its centre shows. */
const LON = 91.723456;
const LAT = 25.443456;
const square = (lon = LON, lat = LAT, d = 0.01) => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]] } }],
});
/** What would give the exact place away: vertices, the exact centroid (91.728456, 25.448456) and its 4-decimal map point. */
const SECRETS = ["91.72", "91.73", "25.44", "3456", "8456", "91.7285", "25.4485"];
/** A 0.002° box around the exact centroid. */
const NEAR = "91.7275,25.4475,91.7295,25.4495";

type Field = Record<string, unknown> & { fieldId: string; type: string };
const NAME: Field = { fieldId: "f-name", type: "TEXT", name: "Name", isTitleColumn: true, isSummaryField: true };
const PLACE = (precision: string): Field => ({ fieldId: "f-place", type: "GEOMETRY", name: "Place", publicPrecision: precision });

const get = (url: string, who?: keyof typeof tokens) => getAs(api, url, who ? tokens[who] : undefined);
const text = (res: ApiResult) => res.raw.toString("utf8");

async function saveTemplate(shortName: string, fields: Field[]): Promise<Record<string, unknown>> {
  const res = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
    shortName, name: `Privacy ${shortName}`, description: "Location privacy tests", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields,
  }, { token: tokens.curator });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown>;
}

async function updateTemplate(saved: Record<string, unknown>, fields: Field[]): Promise<void> {
  // No optimistic `version`: these updates follow one another (a client that sends none saves unchecked).
  const { version: _version, ...body } = saved;
  const res = await sendJson(api, "PUT", "cca-api/api/v1/template/update", { ...body, language: "en", fields }, { token: tokens.curator });
  expect(res.status, `${JSON.stringify(res.body)} ${JSON.stringify(api.logged.slice(-2))}`).toBe(200);
}

async function recordOf(shortName: string, name: string): Promise<number> {
  const template = await loadRecordTemplate(api.db, { shortName });
  return api.db.transaction((tx) =>
    createRecord(tx, {
      template,
      userId: ownerId,
      values: { "f-name": { type: "TEXT", value: name }, "f-place": { type: "GEOMETRY", value: square() } },
      location: { state: "Meghalaya", district: "East Khasi Hills", tahsil: "Mawphlang" },
    }),
  );
}

/** A template whose f-place is still GEOMETRY (EXACT): as a filter template it reads the value index's boxes. */
let lookGeo = "";
/** A template whose f-place is TEXT, a title and summary field: as a view template it would show whatever f-place holds. */
let lookText = "";

/**
 * Every anonymous (and non-editor) read of one record of `shortName`: none may show the exact place.
 * `cell`: the place is GENERALISED, so a box finds the record anywhere in its 0.1° cell alike (not at the place only).
 */
async function expectNothingExact(shortName: string, id: number, cell = false): Promise<void> {
  const scope = `shortName=${shortName}&filterTemplate=${shortName}&viewTemplate=${shortName}`;
  const reads = [
    `${D}/${id}`,
    `${D}/search?${scope}&limit=100`,
    `${D}/list?${scope}`,
    `${D}/summary/${id}?viewTemplate=${shortName}`,
    `${D}/search/map?${scope}`,
    `${D}/map/info?${scope}`,
    `${D}/search?shortName=${shortName}&filterTemplate=${lookGeo}&viewTemplate=${lookText}`,
    `${D}/list?shortName=${shortName}&filterTemplate=${lookGeo}&viewTemplate=${lookText}`,
    `${D}/summary/${id}?viewTemplate=${lookText}`,
  ];
  for (const url of reads) {
    for (const who of [undefined, "other"] as const) {
      const res = await get(url, who);
      expect(res.status, url).toBe(200);
      for (const secret of SECRETS) expect(text(res), `${url} as ${who ?? "anonymous"} shows ${secret}`).not.toContain(secret);
    }
  }
  // A 0.002° box around the exact place, filtered through a template that still calls f-place GEOMETRY.
  const count = async (box: string) =>
    ((await get(`${D}/search?shortName=${shortName}&filterTemplate=${lookGeo}&viewTemplate=${shortName}&f-place=${box}`)).body as DataSearchResponse).totalCount;
  if (cell) {
    // Another 0.002° box of the same cell, far from the place, finds it just the same.
    expect(await count(NEAR)).toBe(1);
    expect(await count("91.79,25.40,91.792,25.402")).toBe(1);
    return;
  }
  expect(await count(NEAR), "a 0.002° box finds the record").toBe(0);
  const points = (await get(`${D}/search/map?shortName=${shortName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as MapInfo[];
  expect(points).toEqual([]);
}

async function exportText(shortName: string): Promise<string> {
  const res = await sendJson(api, "POST", `${D}/all/download?shortName=${shortName}&format=geojson`, { notes: "Location privacy check" }, { token: tokens.curator });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const log = res.body as ExportLog;
  await exportInProgress(log.id);
  const done = (await get(`user-api/api/v1/downloadLog/${log.id}`, "curator")).body as ExportLog;
  expect(done.status).toBe("success");
  const file = await get(done.filePath!, "curator");
  expect(file.status).toBe(200);
  return text(file);
}

async function expectEditorsSeeExact(id: number): Promise<void> {
  for (const who of ["owner", "dataCurator", "admin"] as const) {
    const record = (await get(`${D}/${id}`, who)).body as CCAData;
    expect(record.ccaFieldValues["f-place"]!.value, who).toEqual(square());
    expect(record.restrictedFields, who).toEqual({});
    expect(record.centroid[0], who).toBeCloseTo(91.728456, 6);
  }
}

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (user: { email: string | null; password: string }) => (await tokensOf(api, user.email!, user.password)).access_token;
  tokens.owner = await sign(SEED_USER_BY_ROLE.user);
  tokens.other = await sign(SEED_USER_BY_ROLE.extDataContributor);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  ownerId = (await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email!])).id;
  lookGeo = `lp-geo-${RUN}`;
  lookText = `lp-text-${RUN}`;
  await saveTemplate(lookGeo, [NAME, PLACE("EXACT")]);
  await saveTemplate(lookText, [NAME, { fieldId: "f-place", type: "TEXT", name: "Place", isTitleColumn: true, isSummaryField: true }]);
});

afterAll(async () => {
  await api?.close();
});

describe(`[PRIVACY] hidden and generalised places do not fail open (${TEST_DB})`, () => {
  it("a look-alike viewTemplate (f-place as TEXT) shows nothing of a HIDDEN place", async () => {
    const shortName = `lp-view-${RUN}`;
    await saveTemplate(shortName, [NAME, PLACE("HIDDEN")]);
    const id = await recordOf(shortName, "Grove seen through a look-alike");
    await expectNothingExact(shortName, id);
    const summary = (await get(`${D}/summary/${id}?viewTemplate=${lookText}`)).body as { values: Array<{ fieldId: string }>; titlesValues: Array<{ fieldId: string }> };
    expect([...summary.values, ...summary.titlesValues].map((v) => v.fieldId)).not.toContain("f-place");
    await expectEditorsSeeExact(id);
  });

  it("EXACT → HIDDEN: every public read, the map, a 0.002° box and an export lose the place; editors keep it", async () => {
    const shortName = `lp-hide-${RUN}`;
    const saved = await saveTemplate(shortName, [NAME, PLACE("EXACT")]);
    const id = await recordOf(shortName, "Grove made hidden");
    // Before: the place is public, and the box finds it.
    expect(text(await get(`${D}/${id}`))).toContain("91.723456");
    expect(((await get(`${D}/search?shortName=${shortName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as DataSearchResponse).totalCount).toBe(1);

    await updateTemplate(saved, [NAME, PLACE("HIDDEN")]);
    await expectNothingExact(shortName, id);
    const record = (await get(`${D}/${id}`)).body as CCAData;
    expect(record.restrictedFields).toEqual({ "f-place": "HIDDEN" });
    expect(record.ccaFieldValues["f-place"]!.value).toBeNull();
    expect(record.centroid).toEqual([]);
    // Like data/save of a hidden place: the state stays, no district or tahsil narrows it down.
    expect(record.location?.district ?? null).toBeNull();
    expect(record.location?.tahsil ?? null).toBeNull();
    const exported = await exportText(shortName);
    for (const secret of SECRETS) expect(exported, `export shows ${secret}`).not.toContain(secret);
    await expectEditorsSeeExact(id);
  });

  it("a template's default treatment of a number (issue 30): withheld from public reads and filters at once, lifted by removing it", async () => {
    const shortName = `lp-number-${RUN}`;
    const AREA = (restriction: unknown): Field => ({ fieldId: "f-area", type: "NUMBER", name: "Area", isSummaryField: true, isFilterable: true, restriction });
    const saved = await saveTemplate(shortName, [NAME, PLACE("EXACT"), AREA(null)]);
    const template = await loadRecordTemplate(api.db, { shortName });
    const id = await api.db.transaction((tx) =>
      createRecord(tx, { template, userId: ownerId, values: { "f-name": { type: "TEXT", value: "Grove with an area" }, "f-area": { type: "NUMBER", value: 4321.5 } }, location: null }),
    );
    const byArea = async () => ((await get(`${D}/search?shortName=${shortName}&filterTemplate=${shortName}&f-area=4321-4322`)).body as DataSearchResponse).totalCount;
    expect(await byArea()).toBe(1);
    await updateTemplate(saved, [NAME, PLACE("EXACT"), AREA({ treatment: "WITHHOLD", reason: "LEGAL" })]);
    const record = (await get(`${D}/${id}`)).body as CCAData;
    expect(record.ccaFieldValues["f-area"]!.value).toBeNull();
    expect(record.restrictions?.["f-area"]).toMatchObject({ treatment: "WITHHOLD", reason: "LEGAL", source: "TEMPLATE" });
    expect(record.informationWithheld).toBe("Area withheld (legal restriction)");
    expect(text(await get(`${D}/search?shortName=${shortName}`))).not.toContain("4321");
    expect(await byArea()).toBe(0);
    // Its editors still read it; a bad treatment is refused with its key.
    expect(((await get(`${D}/${id}`, "owner")).body as CCAData).ccaFieldValues["f-area"]!.value).toBe(4321.5);
    const { version: _version, ...body } = saved;
    const bad = await sendJson(api, "PUT", "cca-api/api/v1/template/update", { ...body, language: "en", fields: [NAME, AREA({ treatment: "EMBARGO", reason: "LEGAL" })] }, { token: tokens.curator });
    expect(bad.status).toBe(400);
    expect(Object.values((bad.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})).toContain("template:errors.embargo_until");
    await updateTemplate(saved, [NAME, PLACE("EXACT"), AREA(null)]);
    expect(((await get(`${D}/${id}`)).body as CCAData).ccaFieldValues["f-area"]!.value).toBe(4321.5);
    expect(await byArea()).toBe(1);
  });

  it("EXACT → GENERALISED: the public sees the 0.1° cell and its centre only", async () => {
    const shortName = `lp-cell-${RUN}`;
    const saved = await saveTemplate(shortName, [NAME, PLACE("EXACT")]);
    const id = await recordOf(shortName, "Grove made generalised");
    await updateTemplate(saved, [NAME, PLACE("GENERALISED")]);
    await expectNothingExact(shortName, id, true);
    const record = (await get(`${D}/${id}`)).body as CCAData;
    expect(record.restrictedFields).toEqual({ "f-place": "GENERALISED" });
    expect(record.centroid).toEqual([91.75, 25.45]);
    expect((await get(`${D}/search/map?shortName=${shortName}&filterTemplate=${shortName}`)).body).toEqual([{ id, lat: 25.45, lng: 91.75 }]);
    const box = await api.db.one<{ bbox: string }>("select bbox::text as bbox from cca_data_value where data_id = $1 and field_id = 'f-place'", [id]);
    expect(box.bbox.replace(/\s/g, "")).toBe("(91.8,25.5),(91.7,25.4)");
    await expectEditorsSeeExact(id);
    // Looser again: the exact place is public once more (the reverse direction follows too).
    await updateTemplate(saved, [NAME, PLACE("EXACT")]);
    expect(((await get(`${D}/search?shortName=${shortName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as DataSearchResponse).totalCount).toBe(1);
  });

  it("the field removed: its place is hidden from every public read and an export; editors keep it", async () => {
    const shortName = `lp-gone-${RUN}`;
    const saved = await saveTemplate(shortName, [NAME, PLACE("EXACT")]);
    const id = await recordOf(shortName, "Grove whose field went");
    await updateTemplate(saved, [NAME]);
    await expectNothingExact(shortName, id);
    const record = (await get(`${D}/${id}`)).body as CCAData;
    expect(record.ccaFieldValues["f-place"]?.value ?? null).toBeNull();
    expect(record.centroid).toEqual([]);
    const exported = await exportText(shortName);
    for (const secret of SECRETS) expect(exported, `export shows ${secret}`).not.toContain(secret);
    await expectEditorsSeeExact(id);
  });

  it("the field retyped to TEXT (a summary and title): the stored place is neither shown as text nor as a place", async () => {
    const shortName = `lp-text-field-${RUN}`;
    const saved = await saveTemplate(shortName, [NAME, PLACE("HIDDEN")]);
    const id = await recordOf(shortName, "Grove whose field became text");
    await updateTemplate(saved, [NAME, { fieldId: "f-place", type: "TEXT", name: "Place", isTitleColumn: true, isSummaryField: true }]);
    await expectNothingExact(shortName, id);
    const list = (await get(`${D}/list?shortName=${shortName}&filterTemplate=${shortName}&viewTemplate=${shortName}`)).body as CCADataListResponse;
    expect(list.ccaDataList[0]!.geometry).toBeNull();
    const exported = await exportText(shortName);
    for (const secret of SECRETS) expect(exported, `export shows ${secret}`).not.toContain(secret);
    await expectEditorsSeeExact(id);
  });

  it("a parent's field made HIDDEN: records of a child template (written with the parent's fields) lose the place too", async () => {
    const parentName = `lp-parent-${RUN}`;
    const childName = `lp-child-${RUN}`;
    const parent = await saveTemplate(parentName, [NAME, PLACE("EXACT")]);
    const res = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
      shortName: childName, parentName, name: `Privacy ${childName}`, description: "Child", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: [NAME],
    }, { token: tokens.curator });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // As data/save writes a child's record: the child's id, the parent's fields.
    const own = await loadRecordTemplate(api.db, { shortName: childName });
    const fields = (await loadRecordTemplate(api.db, { shortName: parentName })).fields;
    const id = await api.db.transaction((tx) =>
      createRecord(tx, { template: { ...own, fields }, userId: ownerId, values: { "f-name": { type: "TEXT", value: "Child grove" }, "f-place": { type: "GEOMETRY", value: square() } } }),
    );
    expect(((await get(`${D}/search?shortName=${childName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as DataSearchResponse).totalCount).toBe(1);
    await updateTemplate(parent, [NAME, PLACE("HIDDEN")]);
    await expectNothingExact(childName, id);
    expect(((await get(`${D}/${id}`)).body as CCAData).restrictedFields).toEqual({ "f-place": "HIDDEN" });
    await expectEditorsSeeExact(id);
  });

  it("the parent deleted: a child's records are judged by the child's own fields (no GEOMETRY field: hidden); restored: public again", async () => {
    const parentName = `lp-parent2-${RUN}`;
    const childName = `lp-child2-${RUN}`;
    await saveTemplate(parentName, [NAME, PLACE("EXACT")]);
    const res = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
      shortName: childName, parentName, name: `Privacy ${childName}`, description: "Child", platform: ["DESKTOP"], permissions: ["ROLE_USER"], fields: [NAME],
    }, { token: tokens.curator });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const own = await loadRecordTemplate(api.db, { shortName: childName });
    const fields = (await loadRecordTemplate(api.db, { shortName: parentName })).fields;
    const id = await api.db.transaction((tx) =>
      createRecord(tx, { template: { ...own, fields }, userId: ownerId, values: { "f-name": { type: "TEXT", value: "Orphan grove" }, "f-place": { type: "GEOMETRY", value: square() } } }),
    );
    expect(text(await get(`${D}/${id}`))).toContain("91.723456");
    expect((await sendJson(api, "DELETE", `cca-api/api/v1/template/delete/${parentName}`, undefined, { token: tokens.curator })).status).toBe(200);
    await expectNothingExact(childName, id);
    await expectEditorsSeeExact(id);
    expect((await sendJson(api, "PUT", `cca-api/api/v1/template/restore/${parentName}`, {}, { token: tokens.curator })).status).toBe(200);
    expect(((await get(`${D}/search?shortName=${childName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as DataSearchResponse).totalCount).toBe(1);
  });

  it("public places left stale by an older version are rewritten at start (migration 0019's queue), once", async () => {
    const shortName = `lp-stale-${RUN}`;
    await saveTemplate(shortName, [NAME, PLACE("EXACT")]);
    const id = await recordOf(shortName, "Grove hidden before the fix");
    // What a template change did before the fix: the field row only.
    await api.db.query("update cca_template_field set public_precision = 'HIDDEN' where field_id = 'f-place' and template_id = (select id from cca_template where short_name = $1)", [shortName]);
    expect(((await get(`${D}/search?shortName=${shortName}&filterTemplate=${lookGeo}&f-place=${NEAR}`)).body as DataSearchResponse).totalCount).toBe(1);
    // The migration's queue, filled again on this database (it ran on an empty one), then the start-up step.
    await api.db.exec(recomputePublicPlaces.replace("create table cca_public_place_pending (data_id integer primary key);", ""));
    expect(await api.db.query("select 1 from cca_public_place_pending where data_id = $1", [id])).toHaveLength(1);
    expect(await rederivePendingPublicPlaces(api.db)).toBeGreaterThanOrEqual(1);
    expect(await api.db.query("select 1 from cca_public_place_pending")).toEqual([]);
    expect(await rederivePendingPublicPlaces(api.db)).toBe(0);
    await expectNothingExact(shortName, id);
    await expectEditorsSeeExact(id);
  });
});
