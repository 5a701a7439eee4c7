/**
 * The response table and exports of CCA records (issue 14) on both databases: table paging, sorting
 * and filters; CSV (BOM, a row per record, Hindi headers), GeoJSON (a polygon round-trips), Excel;
 * role refusals; the export log and who sees which entries and files.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { DataAllResponse, DataTableResponse } from "@/contracts/cca-export";
import type { DownloadLogList, ExportLog } from "@/contracts/download-log";
import os from "node:os";
import path from "node:path";
import { enqueueExport, exportInProgress } from "@/server/modules/exports/export.service";
import { referenceTable } from "@/server/modules/exports/data-table.service";
import { parseDataQuery } from "@/server/modules/records/data-query";
import { findDownloadLog, insertExport, toExportLog } from "@/server/modules/exports/download-log.repository";
import { createRecord } from "@/server/modules/records/record-write.service";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import type { StoredFieldValue } from "@/server/modules/records/record-values";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { getAs, sendJson, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const D = "cca-api/api/v1/data";
const TPL = `it-exp-${Math.random().toString(36).slice(2, 7)}`;
let api: TestPlatform;
const tokens = { user: "", dataCurator: "", curator: "", admin: "" };
const ids: number[] = [];
const POLYGON = [[[85.1234567, 19.8812345], [85.2, 19.88], [85.21, 19.95], [85.1234567, 19.8812345]]];
const opt = (valueId: string, value: string) => ({ valueId, value, label: value });

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (u: { email: string | null; password: string }) => (await tokensOf(api, u.email!, u.password)).access_token;
  tokens.user = await sign(SEED_USER_BY_ROLE.user);
  tokens.dataCurator = await sign(SEED_USER_BY_ROLE.dataCurator);
  tokens.curator = await sign(SEED_USER_BY_ROLE.templateCurator);
  tokens.admin = await sign(SEED_USER_BY_ROLE.admin);
  const created = await sendJson(api, "POST", "cca-api/api/v1/template/save", {
    shortName: TPL,
    name: "Export test",
    description: "Records of the export tests",
    platform: ["DESKTOP"],
    permissions: ["ROLE_USER"],
    fields: [
      { fieldId: "x-name", type: "TEXT", name: "Name", isTitleColumn: true, isSummaryField: true },
      { fieldId: "x-kind", type: "SINGLE_SELECT_RADIO", name: "Kind", isSummaryField: true, isFilterable: true, valueOptions: [{ valueId: "k-lake", value: "Lake", label: "Lake" }, { valueId: "k-grove", value: "Grove", label: "Grove" }] },
      { fieldId: "x-area", type: "NUMBER", name: "Area", isSummaryField: true, isFilterable: true },
      { fieldId: "x-notes", type: "RICHTEXT", name: "Notes" },
      { fieldId: "x-shape", type: "GEOMETRY", name: "Boundary" },
    ],
  }, { token: tokens.curator });
  expect(created.status).toBe(201);
  const hi = await sendJson(api, "PUT", "cca-api/api/v1/template/update", {
    ...(created.body as Record<string, unknown>), language: "hi",
    fields: [
      { fieldId: "x-name", type: "TEXT", name: "नाम" },
      { fieldId: "x-kind", type: "SINGLE_SELECT_RADIO", name: "प्रकार", valueOptions: [{ valueId: "k-lake", value: "Lake", label: "झील" }] },
      { fieldId: "x-area", type: "NUMBER", name: "क्षेत्रफल" },
    ],
  }, { token: tokens.curator });
  expect(hi.status).toBe(200);
  const template = await loadRecordTemplate(api.db, { shortName: TPL });
  const owner = (await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email])).id;
  await api.db.transaction(async (tx) => {
    for (let i = 0; i < 25; i++) {
      const values: Record<string, StoredFieldValue> = {
        "x-name": { type: "TEXT", value: i === 3 ? "देववन, \"quoted\"" : `Record ${String(i).padStart(2, "0")}` },
        "x-kind": { type: "SINGLE_SELECT_RADIO", value: i % 2 === 0 ? opt("k-lake", "Lake") : opt("k-grove", "Grove") },
        "x-area": { type: "NUMBER", value: (i * 7) % 25 },
        "x-notes": { type: "RICHTEXT", value: "<p>Old <b>trees</b></p>" },
      };
      if (i === 0) values["x-shape"] = { type: "GEOMETRY", value: { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: POLYGON } }] } };
      ids.push(await createRecord(tx, { template, userId: owner, values, userGroupIds: [], location: { state: "Odisha", district: null, tahsil: null } }));
    }
  });
});

afterAll(async () => {
  await api?.close();
});

const get = (url: string, who?: keyof typeof tokens) => getAs(api, url, who ? tokens[who] : undefined);
const post = (url: string, who: keyof typeof tokens | null, body?: unknown) => sendJson(api, "POST", url, body ?? {}, { token: who ? tokens[who] : undefined });

async function exportAs(who: keyof typeof tokens, query: string, notes = "Research on community forests"): Promise<{ log: ExportLog; file: ApiResult }> {
  const res = await post(`${D}/all/download?shortName=${TPL}&${query}`, who, { notes });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const log = res.body as ExportLog;
  await exportInProgress(log.id);
  const done = (await get(`user-api/api/v1/downloadLog/${log.id}`, who)).body as ExportLog;
  expect(done.status).toBe("success");
  const file = await get(done.filePath!, who);
  expect(file.status).toBe(200);
  return { log: done, file };
}

/** A CSV parsed by RFC 4180 (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe(`[EXPORT] response table and exports (${TEST_DB})`, () => {
  it("table: admins and both curators only; a visitor 401, a member 403, an unknown template 404", async () => {
    expect((await get(`${D}/table?shortName=${TPL}`)).status).toBe(401);
    const member = await get(`${D}/table?shortName=${TPL}`, "user");
    expect(member.status).toBe(403);
    expect((member.body as ApiErrorBody).message).toMatch(/curators/);
    for (const who of ["admin", "dataCurator", "curator"] as const) expect((await get(`${D}/table?shortName=${TPL}`, who)).status).toBe(200);
    expect((await get(`${D}/table?shortName=nope-${TPL}`, "admin")).status).toBe(404);
    expect((await get(`${D}/table`, "admin")).status).toBe(400);
  });

  it("table: one column per summary field, paged on the server, newest first by default", async () => {
    const res = await get(`${D}/table?shortName=${TPL}&limit=10&offset=10`, "curator");
    const body = res.body as DataTableResponse;
    expect(body.columns.map((c) => c.fieldId)).toEqual(["x-name", "x-kind", "x-area"]);
    expect(body.totalCount).toBe(25);
    expect(body.data.map((r) => r.id)).toEqual([...ids].reverse().slice(10, 20));
    expect(body.data[0]!.values.map((v) => v.fieldId)).toEqual(["x-name", "x-kind", "x-area"]);
  });

  it("table: sorts by a summary field (numbers, text) both ways, ties by id; bad sort keys are 400", async () => {
    const areaAsc = (await get(`${D}/table?shortName=${TPL}&sort=x-area&order=asc&limit=100`, "curator")).body as DataTableResponse;
    const areas = areaAsc.data.map((r) => r.values.find((v) => v.fieldId === "x-area")!.value as number);
    expect(areas).toEqual([...areas].sort((a, b) => a - b));
    const nameDesc = (await get(`${D}/table?shortName=${TPL}&sort=x-name&order=desc&limit=3`, "curator")).body as DataTableResponse;
    expect(nameDesc.data.map((r) => r.values[0]!.value)).toEqual(["देववन, \"quoted\"", "Record 24", "Record 23"]);
    const oldest = (await get(`${D}/table?shortName=${TPL}&sort=createdOn&order=asc&limit=2`, "curator")).body as DataTableResponse;
    expect(oldest.data.map((r) => r.id)).toEqual(ids.slice(0, 2));
    const bad = await get(`${D}/table?shortName=${TPL}&sort=x-notes`, "curator");
    expect(bad.status).toBe(400);
    expect((bad.body as ApiErrorBody).fieldErrors).toEqual({ sort: expect.any(String) });
  });

  it("table: the list screen's filters apply (option and range grammar), Hindi labels with language=hi", async () => {
    const lakes = (await get(`${D}/table?shortName=${TPL}&filterTemplate=${TPL}&x-kind=Lake&limit=100&language=hi`, "admin")).body as DataTableResponse;
    expect(lakes.totalCount).toBe(13);
    expect(lakes.columns.map((c) => c.name)).toEqual(["नाम", "प्रकार", "क्षेत्रफल"]);
    expect(lakes.data[0]!.values.find((v) => v.fieldId === "x-kind")!.value).toMatchObject({ value: "Lake", label: "झील" });
    const small = (await get(`${D}/table?shortName=${TPL}&filterTemplate=${TPL}&x-area=0-4&limit=100`, "admin")).body as DataTableResponse;
    expect(small.totalCount).toBe(5);
  });

  it("data/all (the original's table): a bare array of CCAData, newest first, summary and FILE values only; projectAll=true every value", async () => {
    expect((await get(`${D}/all?shortName=${TPL}&projectAll=false`)).status).toBe(401);
    expect((await get(`${D}/all?shortName=${TPL}&projectAll=false`, "user")).status).toBe(403);
    expect((await get(`${D}/all?shortName=nope-${TPL}&projectAll=false`, "admin")).status).toBe(404);
    const res = await get(`${D}/all?shortName=${TPL}&projectAll=false`, "dataCurator");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const all = res.body as DataAllResponse;
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((r) => r.id)).toEqual([...ids].reverse());
    const first = all.at(-1)!;
    expect(first).toMatchObject({ id: ids[0], shortName: TPL, userId: expect.any(String), createdOn: expect.any(Number), usergroups: [] });
    expect(Object.keys(first.ccaFieldValues).sort()).toEqual(["x-area", "x-kind", "x-name"]);
    expect(first.ccaFieldValues["x-name"]).toEqual({ fieldId: "x-name", name: "Name", type: "TEXT", value: "Record 00" });
    const full = (await get(`${D}/all?shortName=${TPL}&projectAll=true&language=hi`, "curator")).body as DataAllResponse;
    const firstFull = full.find((r) => r.id === ids[0])!;
    expect(Object.keys(firstFull.ccaFieldValues).sort()).toEqual(["x-area", "x-kind", "x-name", "x-notes", "x-shape"]);
    expect(firstFull.ccaFieldValues["x-kind"]).toMatchObject({ name: "प्रकार", value: { value: "Lake", label: "झील" } });
    // The list screen's filters apply.
    const lakes = (await get(`${D}/all?shortName=${TPL}&filterTemplate=${TPL}&x-kind=Lake`, "admin")).body as DataAllResponse;
    expect(lakes).toHaveLength(13);
  });

  it("data/all streams the array page by page: the pieces join to the same JSON whatever the page size", async () => {
    const q = parseDataQuery({ shortName: TPL }, {});
    const text = async (pageSize: number) => {
      let out = "";
      for await (const piece of await referenceTable(api.db, q, false, pageSize)) out += piece;
      return out;
    };
    const whole = await text(500);
    expect(await text(4)).toBe(whole);
    expect(JSON.parse(whole)).toHaveLength(25);
    const none = parseDataQuery({ shortName: TPL, id: "999999" }, {});
    let empty = "";
    for await (const piece of await referenceTable(api.db, none, false, 4)) empty += piece;
    expect(empty).toBe("[]");
  });

  it("CSV: starts with the BOM, a row per record, Hindi headers and labels with language=hi, rich text without tags", async () => {
    const { file, log } = await exportAs("curator", "format=csv&language=hi");
    expect(file.headers["content-type"]).toMatch(/^text\/csv/);
    expect(file.headers["content-disposition"]).toMatch(/attachment; filename=".*\.csv"/);
    expect([...file.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(file.raw.toString("utf8").slice(1));
    expect(rows).toHaveLength(26);
    expect(rows[0]).toEqual(expect.arrayContaining(["रिकॉर्ड आईडी", "नाम", "प्रकार", "क्षेत्रफल", "Notes", "Boundary (WKT)"]));
    const col = (name: string) => rows[0]!.indexOf(name);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(byId.get(ids[0]!)![col("प्रकार")]).toBe("झील");
    expect(byId.get(ids[1]!)![col("प्रकार")]).toBe("Grove");
    expect(byId.get(ids[3]!)![col("नाम")]).toBe("देववन, \"quoted\"");
    expect(byId.get(ids[0]!)![col("Notes")]).toBe("Old trees");
    expect(byId.get(ids[0]!)![col("Boundary (WKT)")]).toBe("POLYGON ((85.1234567 19.8812345, 85.2 19.88, 85.21 19.95, 85.1234567 19.8812345))");
    expect(log).toMatchObject({ type: "csv", total: 25, done: 25, notes: "Research on community forests", params: { shortName: TPL, language: "hi" } });
  });

  it("GeoJSON: a feature per record, the polygon round-trips exactly, properties hold every field", async () => {
    const { file } = await exportAs("dataCurator", "format=geojson");
    expect(file.headers["content-type"]).toMatch(/^application\/geo\+json/);
    const fc = JSON.parse(file.raw.toString("utf8")) as { type: string; features: Array<{ id: number; geometry: unknown; properties: Record<string, unknown> }> };
    expect(fc.type).toBe("FeatureCollection");
    expect(fc.features).toHaveLength(25);
    const first = fc.features.find((f) => f.id === ids[0])!;
    expect(first.geometry).toEqual({ type: "Polygon", coordinates: POLYGON });
    expect(first.properties).toMatchObject({ Name: "Record 00", Kind: "Lake", Area: 0, Notes: "Old trees" });
    expect(fc.features.find((f) => f.id === ids[1])!.geometry).toBeNull();
  });

  it("Excel: one sheet, a header row and a row per matching record (filters apply)", async () => {
    const { file } = await exportAs("admin", `format=xlsx&filterTemplate=${TPL}&x-kind=Grove`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(13);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(["Record id", "Name", "Kind", "Area"]));
    expect(sheet.getRow(2).getCell(header.indexOf("Kind") + 1).value).toBe("Grove");
    expect(typeof sheet.getRow(2).getCell(header.indexOf("Area") + 1).value).toBe("number");
  });

  it("refuses an export without a purpose note, with a note over 200 characters, in an unknown format, and for members and visitors", async () => {
    const empty = await post(`${D}/all/download?shortName=${TPL}`, "curator", { notes: "  " });
    expect(empty.status).toBe(400);
    expect((empty.body as ApiErrorBody).fieldErrors).toEqual({ notes: "data:export.errors.notes_required" });
    const long = await post(`${D}/all/download?shortName=${TPL}`, "curator", { notes: "x".repeat(201) });
    expect((long.body as ApiErrorBody).fieldErrors?.notes).toMatch(/^data:export\.errors\.notes_too_long\|/);
    expect((await post(`${D}/all/download?shortName=${TPL}&format=pdf`, "curator", { notes: "x" })).status).toBe(400);
    expect((await post(`${D}/all/download?shortName=${TPL}`, "user", { notes: "x" })).status).toBe(403);
    expect((await post(`${D}/all/download?shortName=${TPL}`, null, { notes: "x" })).status).toBe(401);
    expect((await post(`${D}/all/download?shortName=nope-${TPL}`, "curator", { notes: "x" })).status).toBe(404);
  });

  it("the log: each exporter sees their own exports, admins see all; files only for their exporter or an admin", async () => {
    const { log } = await exportAs("curator", "format=csv", "For the state report");
    const own = (await get("user-api/api/v1/downloadLog/list?limit=100", "curator")).body as DownloadLogList;
    expect(own.downloadLogList.every((l) => l.user.name === own.downloadLogList[0]!.user.name)).toBe(true);
    expect(own.downloadLogList[0]).toMatchObject({ id: log.id, notes: "For the state report", status: "success", sourceType: "ccaData", filterUrl: `/data/table/${TPL}` });
    // The source reads as the template's title (added `params.title`), in the language asked for.
    expect(own.downloadLogList[0]!.params).toMatchObject({ shortName: TPL, title: "Export test" });
    const inHindi = (await get("user-api/api/v1/downloadLog/list?limit=100&language=hi", "curator")).body as DownloadLogList;
    expect(inHindi.downloadLogList[0]!.params).toMatchObject({ shortName: TPL, title: "Export test" });
    expect((await get("user-api/api/v1/downloadLog/list?language=fr", "curator")).status).toBe(400);
    const curatorsOther = (await get("user-api/api/v1/downloadLog/list?limit=100", "dataCurator")).body as DownloadLogList;
    expect(curatorsOther.downloadLogList.map((l) => l.id)).not.toContain(log.id);
    const all = (await get("user-api/api/v1/downloadLog/list?limit=100", "admin")).body as DownloadLogList;
    expect(all.downloadLogList.map((l) => l.id)).toEqual(expect.arrayContaining([log.id, ...curatorsOther.downloadLogList.map((l) => l.id)]));
    expect(all.count).toBeGreaterThanOrEqual(own.count + curatorsOther.count);
    const paged = (await get("user-api/api/v1/downloadLog/list?limit=1&offset=1", "admin")).body as DownloadLogList;
    expect(paged.downloadLogList).toHaveLength(1);
    expect(paged.downloadLogList[0]!.id).toBe(all.downloadLogList[1]!.id);
    // Another curator may neither read the entry nor fetch its file; an admin may.
    expect((await get(`user-api/api/v1/downloadLog/${log.id}`, "dataCurator")).status).toBe(403);
    expect((await get(`${D}/all/download/${log.id}`, "dataCurator")).status).toBe(403);
    expect((await get(`${D}/all/download/${log.id}`, "admin")).status).toBe(200);
    expect((await get(`${D}/all/download/${log.id}`)).status).toBe(401);
    // A visitor sees no entry (issue 34: an empty list, not a refusal).
    expect(((await get("user-api/api/v1/downloadLog/list")).body as DownloadLogList).count).toBe(0);
    expect((await get(`user-api/api/v1/downloadLog/999999`, "admin")).status).toBe(404);
  });

  it("an export waiting in one instance's queue never reads as failed on another instance", async () => {
    const owner = (await api.db.one<{ id: number }>("select id from app_user where email = $1", [SEED_USER_BY_ROLE.user.email])).id;
    const template = await loadRecordTemplate(api.db, { shortName: TPL });
    const newLog = () => insertExport(api.db, { userId: owner, format: "csv", shortName: TPL, templateId: template.id, language: "en", notes: "Queue test", filterUrl: `/data/table/${TPL}`, filters: {} });
    const job = (logId: number) => ({ logId, format: "csv" as const, query: parseDataQuery({ shortName: TPL }), language: "en" as const, exact: false });
    // The first export holds the queue at its very end (storing its file) until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = api.deps.fileStore;
    const slowStore = { ...store, putFile: async (key: string, file: string) => (await gate, store.putFile(key, file)) };
    const env = { db: api.db, tempDir: path.join(os.tmpdir(), "cca-export-queue"), siteUrl: "http://localhost", logger: api.deps.logger, heartbeatMs: 50 };
    const first = await newLog();
    const second = await newLog();
    const running = enqueueExport({ ...env, fileStore: slowStore }, job(first));
    const queued = enqueueExport({ ...env, fileStore: store }, job(second));
    // Its row last touched ten minutes ago, as another instance would find a dead export's.
    await api.db.query("update download_log set updated_on = now() - interval '10 minutes' where id = $1", [second]);
    await new Promise((r) => setTimeout(r, 300));
    const seenElsewhere = toExportLog((await findDownloadLog(api.db, second))!, { id: owner, isAdmin: false }, false);
    expect(seenElsewhere.status).toBe("pending");
    release();
    await Promise.all([running, queued]);
    expect((await findDownloadLog(api.db, second))!.status).toBe("success");
    // A dead export (no process holds it, its row untouched for long) does read as failed.
    const dead = await newLog();
    await api.db.query("update download_log set updated_on = now() - interval '10 minutes' where id = $1", [dead]);
    expect(toExportLog((await findDownloadLog(api.db, dead))!, { id: owner, isAdmin: false }, false).status).toBe("failed");
  });
});
