/**
 * The WDPCA / ICCA Registry submission pack (issue 31, item 1) on both databases: the pack of the demo
 * data in both field sets and the three formats, read back with GDAL (`ogrinfo`, `ogr2ogr`; Debian
 * gdal-bin) — layer names, geometry types, every attribute present with an allowed value or empty,
 * record counts equal to the public records whose consent allows the registries, a withheld field
 * empty and a generalised area left out; golden files of both field sets (tests/integration/golden,
 * `UPDATE_GOLDEN=1` rewrites them); the mapping's validation errors as keys; coverage; refusals; a pack
 * superseded once a consent is narrowed; each format's writer leaves its file alone when done and nothing
 * when aborted.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportLog } from "@/contracts/download-log";
import { FIELD_SET_ATTRIBUTES, PACK_EXTENSIONS, PACK_LAYERS, STANDARD_VERSIONS, type FieldSetId, type PackFormat, type RecognitionCoverage, type RecognitionMappingView, type RecognitionPackInfo } from "@/contracts/recognition";
import { exportInProgress } from "@/server/modules/exports/export.service";
import { packFileWriter } from "@/server/modules/recognition/pack-files";
import { sourceRow } from "@/server/modules/recognition/recognition.service";
import type { PackSite } from "@/server/modules/recognition/pack-values";
import { getAs, sendJson, signInCast } from "./helpers/accounts";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const run = promisify(execFile);
const OGRINFO = process.env.OGRINFO ?? "ogrinfo";
const OGR2OGR = process.env.OGR2OGR ?? "ogr2ogr";
const R = "cca-api/api/v1/recognition";
const D = "cca-api/api/v1/data";
const GOLDEN = path.join(__dirname, "golden");
const SACRED = 1;
const NAGALAND = 2;

let api: TestPlatform;
let tokens: Record<"admin" | "founder" | "member" | "curator", string>;
let dir: string;
/** Public, published records whose consent allows the registries, by id. */
let consented: number[];
let consentedSacred: number[];
/** A registry record whose `community` (MANG_AUTH) is withheld by its curators. */
let withheldId: number;
/** The record whose area is generalised (issue 30's demo). */
let generalisedId: number;

const env = { ...process.env, LC_ALL: "C.UTF-8" };
async function ogr(bin: string, ...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(bin, args, { maxBuffer: 64 * 1024 * 1024, env });
  expect(stderr, `${bin} ${args.join(" ")} complained`).toBe("");
  return stdout;
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
    }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

type Table = Array<Record<string, string>>;
const tableOf = (text: string): Table => {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  return rows.filter((r) => r.length > 1 || r[0] !== "").map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
};

/** A layer (or table) of a GDAL dataset as rows of text. */
async function layerRows(file: string, layer: string): Promise<Table> {
  return tableOf(await ogr(OGR2OGR, "-f", "CSV", "/vsistdout/", file, layer, "-lco", "GEOMETRY=AS_WKT"));
}

/** `ogrinfo -so`: geometry type and feature count by layer. */
async function layerSummaries(file: string): Promise<Record<string, { geometry: string; count: number }>> {
  const out = await ogr(OGRINFO, "-ro", "-so", "-al", file);
  const layers: Record<string, { geometry: string; count: number }> = {};
  for (const block of out.split(/^Layer name: /m).slice(1)) {
    const name = block.split("\n")[0]!.trim();
    layers[name] = { geometry: /^Geometry: (.+)$/m.exec(block)?.[1]?.trim() ?? "", count: Number(/^Feature Count: (\d+)$/m.exec(block)?.[1] ?? -1) };
  }
  return layers;
}

async function makePack(fieldSet: FieldSetId, format: PackFormat, groupId: number | null, token = tokens.admin): Promise<{ log: ExportLog; file: string }> {
  const res = await sendJson(api, "POST", `${R}/pack`, { fieldSet, format, groupId }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const log = res.body as ExportLog;
  await exportInProgress(log.id);
  const entry = (await getAs(api, `user-api/api/v1/downloadLog/${log.id}`, token)).body as ExportLog;
  expect(entry.status, JSON.stringify(entry)).toBe("success");
  const download = await getAs(api, `${R}/pack/${log.id}`, token);
  expect(download.status).toBe(200);
  const file = path.join(dir, `${fieldSet}-${format}-${groupId ?? "site"}-${log.id}.${format === "shp" ? "zip" : format}`);
  fs.writeFileSync(file, download.raw);
  return { log: entry, file };
}

/** The Shapefile pack unzipped: its files by name. */
function unzipTo(file: string): string {
  const target = `${file}.d`;
  fs.mkdirSync(target, { recursive: true });
  for (const [name, data] of Object.entries(unzipSync(fs.readFileSync(file)))) fs.writeFileSync(path.join(target, name), data);
  return target;
}

/** Every value allowed (or empty), every attribute present (Shapefile names cut to 10 characters). */
function checkValues(fieldSet: FieldSetId, rows: Table, cut = false) {
  for (const attribute of FIELD_SET_ATTRIBUTES[fieldSet]) {
    const column = cut ? attribute.name.slice(0, 10) : attribute.name;
    for (const row of rows) {
      expect(row, `${column} missing`).toHaveProperty(column);
      const value = row[column]!;
      if (value !== "" && attribute.allowed) expect(attribute.allowed, `${column} = ${value}`).toContain(value);
      if (value !== "" && attribute.type !== "TEXT") expect(Number.isFinite(Number(value)), `${column} = ${value}`).toBe(true);
    }
  }
}

const idColumn = (fieldSet: FieldSetId) => (fieldSet === "wdpca2025" ? "SITE_ID" : "WDPAID");

beforeAll(async () => {
  api = await createTestPlatform();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wdpca-pack-"));
  tokens = await signInCast(api, { admin: "admin", founder: "groupFounder", member: "user", curator: "dataCurator" });
  const ids = async (where: string, params: unknown[] = []) =>
    (await api.db.query<{ id: number }>(`select d.id from cca_data d where not d.is_deleted and not d.is_template_deleted and d.is_public and d.consent_registries ${where} order by d.id`, params as never[])).map((r) => r.id);
  consented = await ids("");
  consentedSacred = await ids("and exists (select 1 from cca_data_user_group g where g.data_id = d.id and g.user_group_id = $1)", [SACRED]);
  const byName = async (name: string) => (await api.db.one<{ id: number }>(`select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1`, [name])).id;
  withheldId = await byName("Mawphlang sacred forest").catch(async () => consentedSacred[0]!);
  generalisedId = await byName("Oran of Kolu Pabuji (area generalised)");
  // The demo has records that may go to the registries, and public records that may not.
  expect(consented.length).toBeGreaterThanOrEqual(5);
  const publicCount = (await api.db.one<{ n: number }>("select count(*)::integer as n from cca_data where is_public and not is_deleted")).n;
  expect(publicCount).toBeGreaterThan(consented.length);
  expect(consented).toContain(generalisedId);
  // Its curators withhold the community's name (MANG_AUTH in the default mapping).
  const put = await sendJson(api, "PUT", `${D}/restrictions/${withheldId}`, { record: null, fields: { community: { treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } } }, { token: tokens.admin });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(["wdpca2025", "wdpa16"] as const)("the %s pack of the whole site", (fieldSet) => {
  let csvRows: Table;

  it("CSV: one row per consented record, every attribute allowed or empty, withheld and generalised values empty", async () => {
    const { file, log } = await makePack(fieldSet, "csv", null);
    expect(log.total).toBe(consented.length);
    csvRows = tableOf(fs.readFileSync(file, "utf8"));
    expect(csvRows.map((r) => Number(r[idColumn(fieldSet)])).sort((a, b) => a - b)).toEqual(consented);
    checkValues(fieldSet, csvRows);
    const withheld = csvRows.find((r) => Number(r[idColumn(fieldSet)]) === withheldId)!;
    expect(withheld.MANG_AUTH).toBe("");
    const generalised = csvRows.find((r) => Number(r[idColumn(fieldSet)]) === generalisedId)!;
    expect(generalised.REP_AREA).toBe("");
    for (const row of csvRows) {
      if (row.LAYER === "polygons") expect(row.WKT).toMatch(/^MULTIPOLYGON \(/);
      if (row.LAYER === "points") expect(row.WKT).toMatch(/^POINT \(/);
      expect(row.ISO3).toBe("IND");
    }
    // Golden file: the attribute list and the demo records' values (ids are stable in a fresh database).
    const golden = { fieldSet, version: STANDARD_VERSIONS[fieldSet], attributes: FIELD_SET_ATTRIBUTES[fieldSet].map((x) => x.name), sites: csvRows.map((r) => ({ ...r, WKT: r.WKT ? r.WKT.split(" (")[0] : "" })) };
    const goldenFile = path.join(GOLDEN, `wdpca-pack-${fieldSet}.json`);
    if (process.env.UPDATE_GOLDEN === "1" || !fs.existsSync(goldenFile)) {
      fs.mkdirSync(GOLDEN, { recursive: true });
      fs.writeFileSync(goldenFile, `${JSON.stringify(golden, null, 2)}\n`);
    }
    expect(golden).toEqual(JSON.parse(fs.readFileSync(goldenFile, "utf8")));
  });

  it("GeoPackage: the polygon and point layers and the source table, as GDAL reads them", async () => {
    const { file } = await makePack(fieldSet, "gpkg", null);
    const layers = await layerSummaries(file);
    expect(Object.keys(layers).sort()).toEqual([PACK_LAYERS.points, PACK_LAYERS.polygons, PACK_LAYERS.source].sort());
    expect(layers[PACK_LAYERS.polygons]!.geometry).toBe("Multi Polygon");
    expect(layers[PACK_LAYERS.points]!.geometry).toBe("Point");
    expect(layers[PACK_LAYERS.source]!.count).toBe(1);
    expect(layers[PACK_LAYERS.polygons]!.count + layers[PACK_LAYERS.points]!.count).toBe(consented.length);
    const sites = [...(await layerRows(file, PACK_LAYERS.polygons)), ...(await layerRows(file, PACK_LAYERS.points))];
    checkValues(fieldSet, sites);
    expect(sites.map((r) => Number(r[idColumn(fieldSet)])).sort((a, b) => a - b)).toEqual(consented);
    expect(sites.find((r) => Number(r[idColumn(fieldSet)]) === withheldId)!.MANG_AUTH).toBe("");
    const [source] = await layerRows(file, PACK_LAYERS.source);
    expect(source).toMatchObject({ METADATAID: "1", STANDARD: STANDARD_VERSIONS[fieldSet], CHAR_SET: "UTF-8" });
    expect(new Set(sites.map((r) => r.METADATAID))).toEqual(new Set(["1"]));
  });

  it("Shapefile: a zip of the two sets, the source table and a README naming the standard", async () => {
    const { file } = await makePack(fieldSet, "shp", null);
    const unzipped = unzipTo(file);
    const names = fs.readdirSync(unzipped);
    for (const layer of [PACK_LAYERS.polygons, PACK_LAYERS.points]) for (const ext of ["shp", "shx", "dbf", "prj", "cpg"]) expect(names).toContain(`${layer}.${ext}`);
    expect(names).toContain(`${PACK_LAYERS.source}.dbf`);
    expect(fs.readFileSync(path.join(unzipped, "README.txt"), "utf8")).toContain(STANDARD_VERSIONS[fieldSet]);
    const polygons = await layerSummaries(path.join(unzipped, `${PACK_LAYERS.polygons}.shp`));
    const points = await layerSummaries(path.join(unzipped, `${PACK_LAYERS.points}.shp`));
    expect(Object.values(polygons)[0]!.geometry).toBe("Polygon");
    expect(Object.values(points)[0]!.geometry).toBe("Point");
    const rows = [
      ...(await layerRows(path.join(unzipped, `${PACK_LAYERS.polygons}.shp`), PACK_LAYERS.polygons)),
      ...(await layerRows(path.join(unzipped, `${PACK_LAYERS.points}.shp`), PACK_LAYERS.points)),
      ...(names.includes("wdpca_unlocated.dbf") ? await layerRows(path.join(unzipped, "wdpca_unlocated.dbf"), "wdpca_unlocated") : []),
    ];
    checkValues(fieldSet, rows, true);
    expect(rows.map((r) => Number(r[idColumn(fieldSet)])).sort((a, b) => a - b)).toEqual(consented);
  });
});

describe("a group's pack, coverage and who may make them", () => {
  it("the group's founder makes the group's pack: its consented records only", async () => {
    const info = await getAs(api, `${R}/pack?groupId=${SACRED}`, tokens.founder);
    expect(info.status).toBe(200);
    expect((info.body as RecognitionPackInfo).records).toBe(consentedSacred.length);
    const { file } = await makePack("wdpca2025", "csv", SACRED, tokens.founder);
    expect(tableOf(fs.readFileSync(file, "utf8")).map((r) => Number(r.SITE_ID)).sort((a, b) => a - b)).toEqual(consentedSacred);
  });

  it("refuses a member, another group's founder-less caller and anonymous callers; the site's pack is administrators' only", async () => {
    const body = { fieldSet: "wdpca2025", format: "gpkg", groupId: SACRED };
    expect((await sendJson(api, "POST", `${R}/pack`, body, {})).status).toBe(401);
    const member = await sendJson(api, "POST", `${R}/pack`, body, { token: tokens.member });
    expect(member.status).toBe(403);
    expect((member.body as { fieldErrors?: Record<string, string> }).fieldErrors).toEqual({ form: "recognition:errors.forbidden" });
    expect((await sendJson(api, "POST", `${R}/pack`, { ...body, groupId: null }, { token: tokens.founder })).status).toBe(403);
    expect((await sendJson(api, "POST", `${R}/pack`, { ...body, groupId: 3 }, { token: tokens.founder })).status).toBe(403);
    expect((await sendJson(api, "POST", `${R}/pack`, { ...body, groupId: NAGALAND }, { token: tokens.founder })).status).toBe(202);
    expect((await getAs(api, `${R}/coverage?groupId=${SACRED}`, tokens.member)).status).toBe(403);
    expect((await getAs(api, `${R}/coverage`, tokens.founder)).status).toBe(403);
    expect((await getAs(api, `${R}/mapping`, tokens.member)).status).toBe(403);
    expect((await getAs(api, `${R}/mapping`, tokens.curator)).status).toBe(403);
    const bad = await sendJson(api, "POST", `${R}/pack`, { fieldSet: "wdpa2", format: "kml" }, { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ fieldSet: "recognition:errors.field_set", format: "recognition:errors.format" });
  });

  it("coverage lists, per consented record, the mandatory attributes it lacks, paged", async () => {
    const first = (await getAs(api, `${R}/coverage?groupId=${SACRED}&limit=2`, tokens.founder)).body as RecognitionCoverage;
    expect(first.total).toBe(consentedSacred.length);
    expect(first.rows.map((r) => r.id)).toEqual(consentedSacred.slice(0, 2));
    const all = (await getAs(api, `${R}/coverage?limit=100&fieldSet=wdpa16`, tokens.admin)).body as RecognitionCoverage;
    expect(all.rows.map((r) => r.id)).toEqual(consented);
    const mandatory = new Set(FIELD_SET_ATTRIBUTES.wdpa16.filter((x) => x.mandatory).map((x) => x.name));
    for (const row of all.rows) for (const name of row.missing) expect(name === "geometry" || mandatory.has(name)).toBe(true);
    // The withheld community leaves MANG_AUTH missing; the generalised area leaves REP_AREA missing.
    expect(all.rows.find((r) => r.id === withheldId)!.missing).toContain("MANG_AUTH");
    expect(all.rows.find((r) => r.id === generalisedId)!.missing).toContain("REP_AREA");
  });
});

describe("the mapping", () => {
  it("founders read it, administrators change it; errors are translation keys per attribute", async () => {
    const read = await getAs(api, `${R}/mapping?fieldSet=wdpca2025&language=hi`, tokens.founder);
    expect(read.status).toBe(200);
    const view = read.body as RecognitionMappingView;
    expect(view.canEdit).toBe(false);
    expect(view.version).toBe(STANDARD_VERSIONS.wdpca2025);
    expect(view.mapping.GOV_TYPE).toMatchObject({ source: "field", fieldId: "governance" });
    expect(view.fields.find((f) => f.fieldId === "governance")!.options.find((o) => o.value === "Gram Sabha")!.label).toBe("ग्राम सभा");
    expect((await sendJson(api, "PUT", `${R}/mapping`, { fieldSet: "wdpca2025", mapping: view.mapping }, { token: tokens.founder })).status).toBe(403);

    const bad = await sendJson(api, "PUT", `${R}/mapping`, {
      fieldSet: "wdpca2025",
      mapping: { ...view.mapping, GOV_TYPE: { source: "constant", value: "Somebody" }, NOPE: { source: "none" }, REP_AREA: { source: "field", fieldId: "area-ha", factor: -1 } },
    }, { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      "mapping.GOV_TYPE": "recognition:errors.value",
      "mapping.NOPE": "recognition:errors.attribute",
      "mapping.REP_AREA": "recognition:errors.factor",
    });
    const unknownField = await sendJson(api, "PUT", `${R}/mapping`, { fieldSet: "wdpca2025", mapping: { ...view.mapping, OWN_TYPE: { source: "field", fieldId: "no-such-field" } } }, { token: tokens.admin });
    expect((unknownField.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ "mapping.OWN_TYPE": "recognition:errors.field" });
    expect((await sendJson(api, "PUT", `${R}/mapping`, { fieldSet: "wdpca2026", mapping: {} }, { token: tokens.admin })).body).toMatchObject({ fieldErrors: { fieldSet: "recognition:errors.field_set" } });

    // A change applies to the next pack: SITE_TYPE PA for every site.
    const saved = await sendJson(api, "PUT", `${R}/mapping`, { fieldSet: "wdpca2025", mapping: { ...view.mapping, SITE_TYPE: { source: "constant", value: "PA" } } }, { token: tokens.admin });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { file } = await makePack("wdpca2025", "csv", SACRED);
    expect(new Set(tableOf(fs.readFileSync(file, "utf8")).map((r) => r.SITE_TYPE))).toEqual(new Set(["PA"]));
    await sendJson(api, "PUT", `${R}/mapping`, { fieldSet: "wdpca2025", mapping: view.mapping }, { token: tokens.admin });
  });
});

describe("consent", () => {
  it("a narrowed consent supersedes the packs made before (410), and the next pack leaves the record out", async () => {
    const { log } = await makePack("wdpca2025", "csv", SACRED);
    const record = consentedSacred[consentedSacred.length - 1]!;
    const narrowed = await sendJson(api, "PUT", `${D}/consent/${record}`, { ...PUBLIC_CONSENT, registries: false, givenBy: "COMMUNITY", method: "MEETING" }, { token: tokens.admin });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect((await getAs(api, `${R}/pack/${log.id}`, tokens.admin)).status).toBe(410);
    const { file } = await makePack("wdpca2025", "csv", SACRED);
    expect(tableOf(fs.readFileSync(file, "utf8")).map((r) => Number(r.SITE_ID))).not.toContain(record);
  });
});

describe("the pack's file writers", () => {
  const SITES: PackSite[] = [
    { values: { SITE_ID: 1, NAME: "देवराई", NAME_ENG: "Sacred grove", REP_AREA: 1.5 }, geometry: { kind: "polygon", geometry: { type: "MultiPolygon", coordinates: [[[[73.8, 18.5], [73.9, 18.5], [73.9, 18.6], [73.8, 18.5]]]] }, generalised: false, exactAreaKm2: 1.5 }, missing: [] },
    { values: { SITE_ID: 2, NAME: "ओरण" }, geometry: { kind: "point", geometry: { type: "Point", coordinates: [77.2, 28.6] }, generalised: false }, missing: [] },
    { values: { SITE_ID: 3, NAME: "Kovil kaadu" }, geometry: { kind: "none" }, missing: ["geometry"] },
  ];
  const attributes = FIELD_SET_ATTRIBUTES.wdpca2025;

  it.each(["gpkg", "shp", "csv"] as const)("%s: finish leaves the pack's file alone (no part, spool or lock folder); abort leaves nothing", async (format) => {
    const folder = fs.mkdtempSync(path.join(dir, `writer-${format}-`));
    const file = path.join(folder, `pack.${PACK_EXTENSIONS[format]}`);
    const done = await packFileWriter(format, file, attributes);
    for (const site of SITES) await done.add(site, [73.85, 18.55]);
    await done.finish(sourceRow({ fieldSet: "wdpca2025", scopeName: "a test" }, "http://localhost"));
    expect(fs.readdirSync(folder)).toEqual([`pack.${PACK_EXTENSIONS[format]}`]);
    if (format !== "csv") {
      const layers = format === "gpkg" ? await layerSummaries(file) : await layerSummaries(`/vsizip/${file}/${PACK_LAYERS.polygons}.shp`);
      expect(Object.values(layers)[0]!.count).toBe(1);
    }
    fs.rmSync(file);

    const aborted = await packFileWriter(format, file, attributes);
    for (const site of SITES) await aborted.add(site, [73.85, 18.55]);
    aborted.abort();
    // A stream's handle closes in the background (later on a busy machine): the folder empties by itself.
    await expect.poll(() => fs.readdirSync(folder), { timeout: 10_000 }).toEqual([]);
  });
});
