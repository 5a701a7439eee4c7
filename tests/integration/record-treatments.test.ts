/**
 * Restricted-data treatments (issue 30, item 2), on both databases: a restricting label withholds a
 * record's places ("Secret / Sacred") or the whole record ("Community Use Only") from everyone outside its
 * community and curators; curators override per record (generalise a number to a range, withhold, embargo
 * until a day, lift) through `PUT data/restrictions/{id}`; public reads say what was withheld and why
 * (`informationWithheld`, `dataGeneralizations`, `restrictions`), and no list, map, search, filter,
 * facet or export carries the value; an embargo that ended is lifted by the sweep.
 */
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CCAData, CCADataListResponse, DataSearchResponse } from "@/contracts/cca-data";
import type { ActivityEntryList } from "@/contracts/activity";
import type { DataChart } from "@/contracts/chart";
import type { RecordRestrictionsView } from "@/contracts/restrictions";
import { findDownloadLog, insertExport } from "@/server/modules/exports/download-log.repository";
import { runExport } from "@/server/modules/exports/export.service";
import { exportColumns, exportRecord } from "@/server/modules/exports/export-format";
import { parseDataQuery } from "@/server/modules/records/data-query";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import { exportRows } from "@/server/modules/records/data.repository";
import { sweepEndedEmbargoes } from "@/server/modules/records/embargo-sweep";
import { viewTemplateByName } from "@/server/modules/templates/template-loader.service";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, GOVERNANCE_CAST, sendJson, signInCast } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";

let api: TestPlatform;
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", admin: "" };
type Who = keyof typeof tokens | "anonymous";
const ids = { sacred: 0, generalised: 0, embargoed: 0, communityUse: 0 };

const get = (url: string, who: Who) => getAs(api, url, who === "anonymous" ? undefined : tokens[who]);
const putRestrictions = (id: number, body: unknown, who: Who) => sendJson(api, "PUT", `${D}/restrictions/${id}`, body, who === "anonymous" ? {} : { token: tokens[who] });
const fieldErrors = (res: ApiResult) => (res.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
const idOf = async (name: string) => (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1", [name])).id;
const all = (who: Who, extra = "") => get(`${D}/list?shortName=master&offset=0&limit=100${extra}`, who);
const listed = async (who: Who, id: number, extra = "") => ((await all(who, extra)).body as CCADataListResponse).ccaDataList.find((r) => r.id === id);
const mapped = async (who: Who, id: number) => (JSON.parse((await get(`${D}/search/map?shortName=master`, who)).raw.toString()) as Array<{ id: number }>).some((p) => p.id === id);

beforeAll(async () => {
  api = await createTestPlatform();
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
  ids.sacred = await idOf("Sacred forest of Nongkhlaw (Secret / Sacred)");
  ids.generalised = await idOf("Oran of Kolu Pabuji (area generalised)");
  ids.embargoed = await idOf("Turtle beach of Gahirmatha (embargoed)");
  ids.communityUse = await idOf("Sarpa kavu of Payyanur (community use only)");
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe(`[TREATMENTS] restricted-data treatments (${TEST_DB})`, () => {
  it("Secret / Sacred: the public sees the record with its label, no place, and why; its founder sees the place", async () => {
    const res = await get(`${D}/${ids.sacred}`, "anonymous");
    expect(res.status).toBe(200);
    const record = res.body as CCAData;
    expect(record.labels).toContain("tk-secret-sacred");
    expect(record.ccaFieldValues.boundary?.value ?? null).toBeNull();
    expect(record.restrictedFields.boundary).toBe("HIDDEN");
    expect(record.centroid).toEqual([]);
    expect(record.restrictions?.boundary).toMatchObject({ treatment: "WITHHOLD", reason: "SACRED_SITE", source: "LABEL", labelId: "tk-secret-sacred" });
    expect(record.informationWithheld).toMatch(/withheld \(sacred site\)/);
    // Its location keeps the state only (a district would narrow down the place).
    expect(record.location).toMatchObject({ state: "Meghalaya", district: null, tahsil: null });
    expect(res.raw.toString()).not.toContain("91.86");
    // Listed, with its label, and no geometry anywhere in the list or on the map.
    const item = await listed("anonymous", ids.sacred);
    expect(item?.labels).toContain("tk-secret-sacred");
    expect(item?.geometry).toBeNull();
    expect((await all("anonymous")).raw.toString()).not.toContain("91.86");
    expect(await mapped("anonymous", ids.sacred)).toBe(false);
    // A member of its group is not its editor: no place either. Its founder (the owner) sees it exactly.
    expect(((await get(`${D}/${ids.sacred}`, "member")).body as CCAData).ccaFieldValues.boundary?.value ?? null).toBeNull();
    const own = (await get(`${D}/${ids.sacred}`, "founder")).body as CCAData;
    expect(JSON.stringify(own.ccaFieldValues.boundary?.value)).toContain("91.86");
  });

  it("Community Use Only: withheld from the public and outsiders (404, not counted), seen by its group's members and curators", async () => {
    expect((await get(`${D}/${ids.communityUse}`, "anonymous")).status).toBe(404);
    expect((await get(`${D}/${ids.communityUse}`, "outsider")).status).toBe(404);
    expect(await listed("anonymous", ids.communityUse)).toBeUndefined();
    expect((await get(`${D}/search?shortName=master&query=Payyanur`, "anonymous")).body as DataSearchResponse).toMatchObject({ totalCount: 0 });
    expect((await get(`${D}/${ids.communityUse}`, "member")).status).toBe(200);
    expect((await get(`${D}/${ids.communityUse}`, "dataCurator")).status).toBe(200);
    const seen = (await get(`${D}/${ids.communityUse}`, "founder")).body as CCAData;
    expect(seen.recordRestriction).toMatchObject({ treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST", source: "LABEL" });
  });

  it("a generalised number reads as its range everywhere public: record, list, filters and facets never give the value", async () => {
    const record = (await get(`${D}/${ids.generalised}`, "anonymous")).body as CCAData;
    expect(record.ccaFieldValues["area-ha"]?.value).toEqual({ from: 300, to: 400 });
    expect(record.restrictedFields["area-ha"]).toBe("GENERALISED");
    expect(record.dataGeneralizations).toMatch(/generalised \(at the community's request\)/);
    expect((await all("anonymous")).raw.toString()).not.toContain("347.25");
    // A filter around the exact value finds it only as far as its range does.
    expect(await listed("anonymous", ids.generalised, "&area-ha=347.2-347.3")).toBeDefined();
    expect(await listed("anonymous", ids.generalised, "&area-ha=100-299")).toBeUndefined();
    // Its owner sees the value.
    expect(((await get(`${D}/${ids.generalised}`, "member")).body as CCAData).ccaFieldValues["area-ha"]?.value).toBe(347.25);
  });

  it("an embargoed record is not public until its day; when the day has come the sweep lifts it", async () => {
    expect((await get(`${D}/${ids.embargoed}`, "anonymous")).status).toBe(404);
    expect(await mapped("anonymous", ids.embargoed)).toBe(false);
    const view = (await get(`${D}/restrictions/${ids.embargoed}`, "founder")).body as RecordRestrictionsView;
    expect(view.effective.record).toMatchObject({ treatment: "EMBARGO", source: "RECORD" });
    // The embargo's day comes (its override moved to yesterday, as it will read then).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await api.db.query("update cca_data set restrictions = jsonb_set(restrictions, '{record,until}', to_jsonb($2::text)), treatments_due = current_date where id = $1", [ids.embargoed, yesterday]);
    expect(await sweepEndedEmbargoes(api.db)).toBeGreaterThanOrEqual(1);
    expect((await get(`${D}/${ids.embargoed}`, "anonymous")).status).toBe(200);
    expect(await mapped("anonymous", ids.embargoed)).toBe(true);
    expect(await sweepEndedEmbargoes(api.db)).toBe(0);
  });

  it("curators override per record: withhold a field, lift the label's, withhold the record; the public sees each on the next request", async () => {
    const id = ids.sacred;
    const res = await putRestrictions(
      id,
      { record: null, fields: { boundary: { treatment: "NONE" }, "community": { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } } },
      "founder",
    );
    expect(res.status, res.raw.toString()).toBe(200);
    const view = res.body as RecordRestrictionsView;
    expect(view.effective.fields.boundary).toBeUndefined();
    expect(view.fields.some((f) => f.fieldId === "area-ha")).toBe(true);
    const record = (await get(`${D}/${id}`, "anonymous")).body as CCAData;
    // The boundary is public again (at its template's generalised cell), the community's name withheld.
    expect(record.restrictedFields.boundary).toBe("GENERALISED");
    expect(record.ccaFieldValues["community"]?.value ?? null).toBeNull();
    expect(await mapped("anonymous", id)).toBe(true);
    expect((await get(`${D}/search?shortName=master&query=dorbar`, "anonymous")).body as DataSearchResponse).toMatchObject({ totalCount: 0 });
    // Withhold the whole record: gone from the public on the next request.
    expect((await putRestrictions(id, { record: { treatment: "WITHHOLD", reason: "LEGAL" }, fields: {} }, "dataCurator")).status).toBe(200);
    expect((await get(`${D}/${id}`, "anonymous")).status).toBe(404);
    expect(await listed("anonymous", id)).toBeUndefined();
    // Back to the labels' treatments.
    expect((await putRestrictions(id, { record: null, fields: {} }, "admin")).status).toBe(200);
    expect((await get(`${D}/${id}`, "anonymous")).status).toBe(200);
    expect(((await get(`${D}/${id}`, "anonymous")).body as CCAData).restrictedFields.boundary).toBe("HIDDEN");
  });

  it("refuses clearly: anonymous 401, a member or the contributor 403, bad treatments and unknown fields 400 with keys", async () => {
    const body = { record: null, fields: {} };
    expect((await putRestrictions(ids.generalised, body, "anonymous")).status).toBe(401);
    const member = await putRestrictions(ids.generalised, body, "member");
    expect(member.status).toBe(403);
    expect(fieldErrors(member)).toEqual({ restrictions: "governance:restrictions.errors.forbidden" });
    expect((await get(`${D}/restrictions/${ids.generalised}`, "member")).status).toBe(403);
    expect((await putRestrictions(ids.communityUse, body, "outsider")).status).toBe(404);
    const bad = await putRestrictions(ids.generalised, { record: { treatment: "EMBARGO", reason: "LEGAL" }, fields: { "area-ha": { treatment: "BLUR", reason: "LEGAL" } } }, "founder");
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({ "record.until": "governance:restrictions.errors.until" });
    const badField = await putRestrictions(ids.generalised, { record: null, fields: { "area-ha": { treatment: "BLUR", reason: "LEGAL" } } }, "founder");
    expect(fieldErrors(badField)).toMatchObject({ "fields.area-ha": "governance:restrictions.errors.invalid" });
    const unknown = await putRestrictions(ids.generalised, { record: null, fields: { "no-such-field": { treatment: "WITHHOLD", reason: "LEGAL" } } }, "founder");
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ "fields.no-such-field": "governance:restrictions.errors.unknown_field" });
  });

  it("exports carry the labels and the Darwin Core terms, and never the withheld value", async () => {
    // What the export worker writes for a reader who is not the records' curator (export.service.ts).
    const view = await viewTemplateByName(api.db, "master", "en");
    const columns = exportColumns(view, "en", true);
    const rows = (await exportRows(api.db, [ids.sacred, ids.generalised])).map((row) => {
      const { cells } = exportRecord(row, columns, { siteUrl: "http://portal.test", exact: false });
      return Object.fromEntries(columns.headers.map((h, i) => [h, cells[i]]));
    });
    const sacred = rows.find((r) => r["Record id"] === ids.sacred);
    expect(sacred?.["Local Contexts labels"]).toBe("Attribution; Secret / Sacred");
    expect(String(sacred?.informationWithheld)).toMatch(/sacred site/);
    expect(JSON.stringify(sacred)).not.toContain("91.86");
    const generalised = rows.find((r) => r["Record id"] === ids.generalised);
    expect(generalised?.["Area (hectares)"]).toBe("300–400");
    expect(String(generalised?.dataGeneralizations)).toMatch(/Area \(hectares\) generalised/);
  });

  it("the history tells readers without exact values that a restricted field changed, never its values", async () => {
    const res = await sendJson(api, "PUT", `${D}/update`, { id: ids.generalised, ccaFieldValues: { "area-ha": { fieldId: "area-ha", value: 351.5 } } }, { token: tokens.member });
    expect(res.status, res.raw.toString()).toBe(200);
    const history = (who: Who) => get(`activity-api/api/v1/service/ibp/ccaData/${ids.generalised}`, who);
    const anonymous = await history("anonymous");
    expect(anonymous.status).toBe(200);
    const entry = (anonymous.body as ActivityEntryList).activity.find((a) => (a.details as { fieldId?: string } | null)?.fieldId === "area-ha");
    expect(entry?.details).toMatchObject({ fieldId: "area-ha", old: null, new: null, withheld: true });
    expect(entry?.description).toBe("Area (hectares) changed (its value is withheld)");
    expect(anonymous.raw.toString()).not.toMatch(/347\.25|351\.5/);
    // Its owner reads the values.
    expect((await history("member")).raw.toString()).toContain("351.5");
    // Restore the seed's value for the other tests.
    expect((await sendJson(api, "PUT", `${D}/update`, { id: ids.generalised, ccaFieldValues: { "area-ha": { fieldId: "area-ha", value: 347.25 } } }, { token: tokens.member })).status).toBe(200);
  });

  it("a filtered statistic over fewer than three records gives counts only, never one record's numbers", async () => {
    const chart = async (query: string) => (await get(`${D}/chart?shortName=master&${query}`, "anonymous")).body as DataChart;
    const one = await chart("query=Pabuji");
    expect(one.total).toBe(1);
    expect(one.numericAggregation["area-ha"]).toEqual({ count: 1, sum: 0, min: null, max: null, buckets: [], suppressed: true });
    const site = await chart("isChart=true");
    expect(site.numericAggregation["area-ha"]!.suppressed).toBeUndefined();
    expect(site.numericAggregation["area-ha"]!.sum).toBeGreaterThan(0);
  });

  it("an export's file carries the terms of the labels of its records (GeoJSON member, Excel sheet), and no withheld place", async () => {
    const owner = (await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email])).id;
    const template = await loadRecordTemplate(api.db, { shortName: "master" });
    const env = { db: api.db, fileStore: api.deps.fileStore, tempDir: path.join(os.tmpdir(), "cca-export-labels"), siteUrl: "http://localhost", logger: api.deps.logger };
    const exportOf = async (format: "geojson" | "xlsx") => {
      const logId = await insertExport(api.db, { userId: owner, format, shortName: "master", templateId: template.id, language: "en", notes: "Labels", filterUrl: "/data/table/master", filters: {} });
      await runExport(env, { logId, format, query: parseDataQuery({ shortName: "master" }), language: "en", exact: false });
      const log = (await findDownloadLog(api.db, logId))!;
      expect(log.status).toBe("success");
      return (await getAs(api, `${D}/all/download/${logId}`, tokens.member)).raw;
    };
    const geojson = JSON.parse((await exportOf("geojson")).toString("utf8")) as { features: Array<{ id: number }>; localContextsLabels: Array<{ id: string; name: string; text: string }> };
    expect(geojson.features.some((f) => f.id === ids.sacred)).toBe(true);
    expect(geojson.localContextsLabels.map((l) => l.name)).toEqual(expect.arrayContaining(["Secret / Sacred", "Attribution"]));
    expect(JSON.stringify(geojson)).not.toContain("91.86");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportOf("xlsx")) as unknown as ArrayBuffer);
    const terms = workbook.getWorksheet("Local Contexts labels");
    expect(terms?.getRow(1).values).toEqual([undefined, "Label", "Kind", "What it asks of you", "Restricts who may see or use"]);
    expect(terms?.getColumn(1).values).toEqual(expect.arrayContaining(["Secret / Sacred"]));
  });
});
