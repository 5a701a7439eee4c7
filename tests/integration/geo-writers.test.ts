/**
 * The geospatial file writers (src/server/infra/geo), read back as a GIS user's tools read them: GDAL's
 * `ogrinfo` (Debian gdal-bin; CI installs it in .ci/run) and GDAL's GeoPackage validator
 * (validate_gpkg.py of python3-gdal, which gdal-bin depends on). Layer names, geometry types, feature
 * counts, field types and values (Devanagari included), and no warning from GDAL. The streaming
 * Shapefile writer (the WDPCA pack's) writes the in-memory writer's bytes.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import type { Geometry } from "geojson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeoPackage, type GeoLayer, type GeoRow } from "@/server/infra/geo/geopackage-write";
import { createDbfStream, createShapefileStream, zipShapefilesToFile } from "@/server/infra/geo/shapefile-stream";
import { writeDbf, writeShapefile, zipShapefiles, type DbfColumn, type ShapefileFeature } from "@/server/infra/geo/shapefile-write";

const run = promisify(execFile);
const OGRINFO = process.env.OGRINFO ?? "ogrinfo";
const PYTHON = "/usr/bin/python3";

async function ogrinfo(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(OGRINFO, args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LC_ALL: "C.UTF-8" } });
  // GDAL prints what it finds wrong with a file (a bad application_id, a table missing from
  // gpkg_contents, a field it cannot read) as "Warning 1: …" or "ERROR 1: …" on stderr.
  expect(stderr, `ogrinfo ${args.join(" ")} complained`).toBe("");
  return stdout;
}

interface LayerSummary {
  geometry: string;
  count: number;
  fields: Record<string, string>;
  extent?: string;
}

/** `ogrinfo -so` output by layer: geometry type, feature count, "field: Type (width.precision)". */
function summaries(out: string): Record<string, LayerSummary> {
  const layers: Record<string, LayerSummary> = {};
  for (const block of out.split(/^Layer name: /m).slice(1)) {
    const [name = "", ...lines] = block.split("\n");
    const summary: LayerSummary = { geometry: "", count: -1, fields: {} };
    for (const line of lines) {
      const geometry = /^Geometry: (.+)$/.exec(line);
      const count = /^Feature Count: (\d+)$/.exec(line);
      const extent = /^Extent: (.+)$/.exec(line);
      const field = /^([A-Za-z_][A-Za-z0-9_]*): (String|Integer|Integer64|Real|Date|DateTime) \(([\d.]+)\)$/.exec(line);
      if (geometry) summary.geometry = geometry[1]!;
      if (count) summary.count = Number(count[1]);
      if (extent) summary.extent = extent[1];
      if (field) summary.fields[field[1]!] = `${field[2]} (${field[3]})`;
    }
    layers[name.trim()] = summary;
  }
  return layers;
}

/** A WKT as GDAL prints it, with "20.0" read as "20" (GDAL pads a coordinate when its neighbours have decimals). */
const wktOf = (line: string) => line.trim().replace(/(\d)\.0(?!\d)/g, "$1");

/** `ogrinfo -al` features of a layer: each as its "name (Type) = value" lines and its geometry's WKT. */
function features(out: string, layer: string): { fields: Record<string, string>; wkt?: string }[] {
  const found: { fields: Record<string, string>; wkt?: string }[] = [];
  let current: { fields: Record<string, string>; wkt?: string } | null = null;
  for (const line of out.split("\n")) {
    if (line.startsWith("OGRFeature(")) {
      current = line.startsWith(`OGRFeature(${layer}):`) ? { fields: {} } : null;
      if (current) found.push(current);
      continue;
    }
    if (!current) continue;
    if (line.trim() === "") {
      current = null; // a feature ends with an empty line
      continue;
    }
    const field = /^ {2}([A-Za-z_][A-Za-z0-9_]*) \([A-Za-z0-9]+\) = (.*)$/.exec(line);
    if (field) current.fields[field[1]!] = field[2]!;
    else if (/^ {2}[A-Z]+ ?\(/.test(line)) current.wkt = wktOf(line);
  }
  return found;
}

let dir: string;
beforeAll(async () => {
  try {
    await run(OGRINFO, ["--version"]);
  } catch {
    throw new Error("GDAL's ogrinfo is missing: install it with `apt-get install gdal-bin` (CI does, in .ci/run).");
  }
  dir = mkdtempSync(path.join(tmpdir(), "geo-writers-"));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SQUARE: Geometry = { type: "Polygon", coordinates: [[[73.8, 18.5], [73.9, 18.5], [73.9, 18.6], [73.8, 18.6], [73.8, 18.5]]] };
const TWO_GROVES: Geometry = {
  type: "MultiPolygon",
  coordinates: [
    [[[74, 19], [74.1, 19], [74.1, 19.1], [74, 19]]],
    [
      [[75, 20], [75.2, 20], [75.2, 20.2], [75, 20.2], [75, 20]],
      [[75.05, 20.05], [75.1, 20.05], [75.1, 20.1], [75.05, 20.05]],
    ],
  ],
};

const POLYGONS: GeoLayer = {
  name: "wdpca_polygons",
  title: "WDPCA polygons",
  description: "Sites with a boundary",
  geometry: "MULTIPOLYGON",
  columns: [
    { name: "SITE_PID", type: "TEXT" },
    { name: "NAME", type: "TEXT" },
    { name: "NAME_ENG", type: "TEXT" },
    { name: "REP_AREA", type: "REAL" },
    { name: "STATUS_YR", type: "INTEGER" },
    { name: "VERIF_DATE", type: "DATE" },
  ],
};
const POLYGON_ROWS: GeoRow[] = [
  { geometry: SQUARE, properties: { SITE_PID: "cca-1", NAME: "देवराई", NAME_ENG: "Sacred grove", REP_AREA: 1.25, STATUS_YR: 2019, VERIF_DATE: "2024-03-15" } },
  // Values that do not fit their column are written empty; a year given as text is still a year.
  { geometry: TWO_GROVES, properties: { SITE_PID: "cca-2", NAME: null, NAME_ENG: "Two groves", REP_AREA: "unknown", STATUS_YR: "2021", VERIF_DATE: "2024-02-30" } },
];
const POINTS: GeoLayer = {
  name: "wdpca_points",
  geometry: "POINT",
  columns: [
    { name: "SITE_PID", type: "TEXT" },
    { name: "NAME", type: "TEXT" },
    { name: "REP_AREA", type: "REAL" },
  ],
};
const POINT_ROWS: GeoRow[] = [
  { geometry: { type: "Point", coordinates: [77.2, 28.6] }, properties: { SITE_PID: "cca-3", NAME: "ओरण", REP_AREA: 0.5 } },
  { geometry: { type: "Point", coordinates: [78.5, 17.4] }, properties: { SITE_PID: "cca-4", NAME: "Kovil kaadu", REP_AREA: null } },
  { geometry: { type: "Point", coordinates: [80, 13] }, properties: { SITE_PID: "cca-5", NAME: "", REP_AREA: 12 } },
];
const SOURCE: GeoLayer = {
  name: "wdpca_source",
  title: "WDPCA source",
  geometry: null,
  columns: [
    { name: "METADATAID", type: "INTEGER" },
    { name: "DATA_TITLE", type: "TEXT" },
    { name: "RESP_PARTY", type: "TEXT" },
    { name: "UPDATE_YR", type: "INTEGER" },
  ],
};
const SOURCE_ROWS: GeoRow[] = [{ properties: { METADATAID: 1, DATA_TITLE: "सामुदायिक संरक्षित क्षेत्र", RESP_PARTY: "CCA portal", UPDATE_YR: 2026 } }];

describe("GeoPackage writer", () => {
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, "pack.gpkg");
    const gpkg = await createGeoPackage(file);
    gpkg.addLayer(POLYGONS);
    gpkg.addLayer(POINTS);
    gpkg.addLayer(SOURCE);
    gpkg.insert("wdpca_polygons", POLYGON_ROWS);
    gpkg.insert("wdpca_points", POINT_ROWS.slice(0, 2));
    gpkg.insert("wdpca_points", POINT_ROWS.slice(2)); // a second batch
    gpkg.insert("wdpca_source", SOURCE_ROWS);
    gpkg.finish();
  });

  it("leaves only the finished file (no lock folder, no journal)", () => {
    expect(readdirSync(dir).filter((name) => name.startsWith("pack.gpkg"))).toEqual(["pack.gpkg"]);
  });

  it("is a GeoPackage 1.3 by its SQLite header ('GPKG' application id, user_version 10300)", () => {
    const head = readFileSync(file).subarray(0, 100);
    expect(head.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
    expect(head.subarray(68, 72).toString("latin1")).toBe("GPKG");
    expect(head.readUInt32BE(60)).toBe(10300);
  });

  it("passes GDAL's GeoPackage validator", async () => {
    try {
      await run(PYTHON, ["-c", "import osgeo_utils.samples.validate_gpkg"]);
    } catch {
      throw new Error("GDAL's validate_gpkg.py is missing: install python3-gdal (`apt-get install gdal-bin` brings it).");
    }
    const { stdout, stderr } = await run(PYTHON, ["-m", "osgeo_utils.samples.validate_gpkg", file]);
    expect(stdout + stderr).toBe("");
  });

  it("lists the three layers with their geometry types, counts, fields and extent", async () => {
    const layers = summaries(await ogrinfo("-ro", "-al", "-so", file));
    expect(Object.keys(layers)).toEqual(["wdpca_polygons", "wdpca_points", "wdpca_source"]);
    expect(layers.wdpca_polygons).toEqual({
      geometry: "Multi Polygon",
      count: 2,
      extent: "(73.800000, 18.500000) - (75.200000, 20.200000)",
      fields: { SITE_PID: "String (0.0)", NAME: "String (0.0)", NAME_ENG: "String (0.0)", REP_AREA: "Real (0.0)", STATUS_YR: "Integer64 (0.0)", VERIF_DATE: "Date (0.0)" },
    });
    expect(layers.wdpca_points).toMatchObject({ geometry: "Point", count: 3, extent: "(77.200000, 13.000000) - (80.000000, 28.600000)" });
    expect(Object.keys(layers.wdpca_points!.fields)).toEqual(["SITE_PID", "NAME", "REP_AREA"]);
    expect(layers.wdpca_source).toEqual({
      geometry: "None",
      count: 1,
      fields: { METADATAID: "Integer64 (0.0)", DATA_TITLE: "String (0.0)", RESP_PARTY: "String (0.0)", UPDATE_YR: "Integer64 (0.0)" },
    });
  });

  it("names the layers as given (the title is the identifier QGIS shows)", async () => {
    const out = await ogrinfo("-ro", "-so", file, "wdpca_polygons");
    expect(out).toContain("IDENTIFIER=WDPCA polygons");
    expect(out).toContain("DESCRIPTION=Sites with a boundary");
    expect(out).toMatch(/ID\["EPSG",4326\]/);
  });

  it("reads back every value: Devanagari, numbers, dates, nulls, and values that did not fit as null", async () => {
    const out = await ogrinfo("-ro", "-al", file);
    const polygons = features(out, "wdpca_polygons");
    expect(polygons).toHaveLength(2);
    expect(polygons[0]).toEqual({
      fields: { SITE_PID: "cca-1", NAME: "देवराई", NAME_ENG: "Sacred grove", REP_AREA: "1.25", STATUS_YR: "2019", VERIF_DATE: "2024/03/15" },
      wkt: "MULTIPOLYGON (((73.8 18.5,73.9 18.5,73.9 18.6,73.8 18.6,73.8 18.5)))",
    });
    expect(polygons[1]).toEqual({
      fields: { SITE_PID: "cca-2", NAME: "(null)", NAME_ENG: "Two groves", REP_AREA: "(null)", STATUS_YR: "2021", VERIF_DATE: "(null)" },
      wkt: "MULTIPOLYGON (((74 19,74.1 19,74.1 19.1,74 19)),((75 20,75.2 20,75.2 20.2,75 20.2,75 20),(75.05 20.05,75.1 20.05,75.1 20.1,75.05 20.05)))",
    });
    const points = features(out, "wdpca_points");
    expect(points.map((p) => p.fields)).toEqual([
      { SITE_PID: "cca-3", NAME: "ओरण", REP_AREA: "0.5" },
      { SITE_PID: "cca-4", NAME: "Kovil kaadu", REP_AREA: "(null)" },
      { SITE_PID: "cca-5", NAME: "", REP_AREA: "12" },
    ]);
    expect(points.map((p) => p.wkt)).toEqual(["POINT (77.2 28.6)", "POINT (78.5 17.4)", "POINT (80 13)"]);
    expect(features(out, "wdpca_source")).toEqual([
      { fields: { METADATAID: "1", DATA_TITLE: "सामुदायिक संरक्षित क्षेत्र", RESP_PARTY: "CCA portal", UPDATE_YR: "2026" }, wkt: undefined },
    ]);
  });

  it("writes a geometry that does not fit the layer as a null geometry, and closes open rings", async () => {
    const mixed = path.join(dir, "mixed.gpkg");
    const gpkg = await createGeoPackage(mixed);
    gpkg.addLayer({ name: "mixed", geometry: "MULTIPOLYGON", columns: [{ name: "n", type: "INTEGER" }] });
    gpkg.insert("mixed", [
      { geometry: { type: "LineString", coordinates: [[70, 10], [71, 11]] }, properties: { n: 1 } },
      { geometry: { type: "Polygon", coordinates: [[[70, 10], [71, 10], [71, 11]]] }, properties: { n: 2 } },
      { geometry: null, properties: { n: 3 } },
    ]);
    gpkg.finish();
    const rows = features(await ogrinfo("-ro", "-al", mixed), "mixed");
    expect(rows.map((r) => [r.fields.n, r.wkt])).toEqual([
      ["1", undefined],
      ["2", "MULTIPOLYGON (((70 10,71 10,71 11,70 10)))"],
      ["3", undefined],
    ]);
  });

  it("takes 20,000 rows in batches and counts them all", async () => {
    const many = path.join(dir, "many.gpkg");
    const gpkg = await createGeoPackage(many);
    gpkg.addLayer({ name: "many", geometry: "POINT", columns: [{ name: "NAME", type: "TEXT" }, { name: "N", type: "INTEGER" }] });
    for (let batch = 0; batch < 4; batch++) {
      gpkg.insert(
        "many",
        Array.from({ length: 5000 }, (_, i) => ({ geometry: { type: "Point", coordinates: [70 + (batch * 5000 + i) / 10000, 20] }, properties: { NAME: `स्थल ${i}`, N: batch * 5000 + i } })),
      );
    }
    gpkg.finish();
    expect(() => gpkg.insert("many", [{ properties: {} }])).toThrow(/closed/);
    expect(summaries(await ogrinfo("-ro", "-al", "-so", many)).many).toMatchObject({ geometry: "Point", count: 20000, extent: "(70.000000, 20.000000) - (71.999900, 20.000000)" });
    const last = features(await ogrinfo("-ro", "-al", "-where", "N = 19999", many), "many");
    expect(last).toEqual([{ fields: { NAME: "स्थल 4999", N: "19999" }, wkt: "POINT (71.9999 20)" }]);
  });

  it("refuses a layer name that is not a plain table name and an unknown layer", async () => {
    const refused = path.join(dir, "refused.gpkg");
    const gpkg = await createGeoPackage(refused);
    expect(() => gpkg.addLayer({ name: "gpkg_contents", geometry: null, columns: [] })).toThrow(/not a plain table name/);
    expect(() => gpkg.addLayer({ name: "a b", geometry: null, columns: [] })).toThrow(/not a plain table name/);
    expect(() => gpkg.addLayer({ name: "x", geometry: "POINT", columns: [{ name: "geom", type: "TEXT" }] })).toThrow(/reserved/);
    expect(() => gpkg.insert("nowhere", [{ properties: {} }])).toThrow(/was not added/);
    gpkg.abort();
    // An aborted file is removed, with the lock folder SQLite keeps beside it.
    expect(readdirSync(dir).filter((name) => name.startsWith("refused.gpkg"))).toEqual([]);
  });
});

describe("Shapefile writer and its zip", () => {
  let out: string;
  let names: string[];
  beforeAll(() => {
    const columns = [...POLYGONS.columns, { name: "PARENT_ISO3", type: "TEXT" as const }];
    const polygons = writeShapefile(
      POLYGON_ROWS.map((r) => ({ geometry: r.geometry!, properties: { ...r.properties, PARENT_ISO3: "IND" } })),
      columns,
      { family: "polygon" },
    );
    const points = writeShapefile(
      POINT_ROWS.map((r) => ({ geometry: r.geometry!, properties: r.properties })),
      POINTS.columns,
      { family: "point" },
    );
    const source = writeDbf(
      SOURCE_ROWS.map((r) => r.properties),
      SOURCE.columns,
    );
    const zip = zipShapefiles(
      [
        { baseName: "wdpca_polygons", set: polygons },
        { baseName: "wdpca_points", set: points },
        { baseName: "wdpca_source", dbfOnly: source },
      ],
      { "README.txt": "WDPCA pack" },
    );
    out = path.join(dir, "shp");
    mkdirSync(out);
    const files = unzipSync(zip);
    names = Object.keys(files).sort();
    for (const [name, data] of Object.entries(files)) writeFileSync(path.join(out, name), data);
  });

  it("zips each set's parts (the source table as a .dbf with its .cpg) and the extra files", () => {
    expect(names).toEqual(
      [
        "README.txt",
        ...["shp", "shx", "dbf", "prj", "cpg"].flatMap((e) => [`wdpca_polygons.${e}`, `wdpca_points.${e}`]),
        "wdpca_source.dbf",
        "wdpca_source.cpg",
      ].sort(),
    );
    expect(readdirSync(out)).toEqual(expect.arrayContaining(names));
  });

  it("reads the polygons: type, count, fields cut to 10 characters, values in Devanagari", async () => {
    const file = path.join(out, "wdpca_polygons.shp");
    const summary = summaries(await ogrinfo("-ro", "-al", "-so", file)).wdpca_polygons!;
    expect(summary).toMatchObject({ geometry: "Polygon", count: 2, extent: "(73.800000, 18.500000) - (75.200000, 20.200000)" });
    expect(summary.fields).toEqual({
      SITE_PID: "String (5.0)",
      NAME: "String (18.0)", // "देवराई" is 18 bytes of UTF-8
      NAME_ENG: "String (12.0)",
      REP_AREA: "Real (19.2)",
      STATUS_YR: "Integer64 (18.0)",
      VERIF_DATE: "Date (10.0)",
      PARENT_ISO: "String (3.0)",
    });
    const rows = features(await ogrinfo("-ro", "-al", file), "wdpca_polygons");
    expect(rows.map((r) => r.fields)).toEqual([
      { SITE_PID: "cca-1", NAME: "देवराई", NAME_ENG: "Sacred grove", REP_AREA: "1.25", STATUS_YR: "2019", VERIF_DATE: "2024/03/15", PARENT_ISO: "IND" },
      // An empty date of a .dbf is "unset" for GDAL: ogrinfo leaves the line out (QGIS shows an empty cell).
      { SITE_PID: "cca-2", NAME: "(null)", NAME_ENG: "Two groves", REP_AREA: "(null)", STATUS_YR: "2021", PARENT_ISO: "IND" },
    ]);
    expect(rows[0]!.wkt).toBe("POLYGON ((73.8 18.5,73.8 18.6,73.9 18.6,73.9 18.5,73.8 18.5))");
    expect(rows[1]!.wkt).toMatch(/^MULTIPOLYGON \(\(\(74 19,.*\)\),\(\(75 20,.*\),\(75\.05 20\.05,.*\)\)\)$/);
  });

  it("reads the points and the source table", async () => {
    const points = path.join(out, "wdpca_points.shp");
    expect(summaries(await ogrinfo("-ro", "-al", "-so", points)).wdpca_points).toMatchObject({ geometry: "Point", count: 3 });
    expect(features(await ogrinfo("-ro", "-al", points), "wdpca_points").map((r) => [r.fields.NAME, r.wkt])).toEqual([
      ["ओरण", "POINT (77.2 28.6)"],
      ["Kovil kaadu", "POINT (78.5 17.4)"],
      ["(null)", "POINT (80 13)"], // a .dbf has no empty text apart from null
    ]);
    const source = path.join(out, "wdpca_source.dbf");
    const summary = summaries(await ogrinfo("-ro", "-al", "-so", source)).wdpca_source!;
    expect(summary).toMatchObject({ geometry: "None", count: 1 });
    expect(Object.keys(summary.fields)).toEqual(["METADATAID", "DATA_TITLE", "RESP_PARTY", "UPDATE_YR"]);
    expect(features(await ogrinfo("-ro", "-al", source), "wdpca_source").map((r) => r.fields)).toEqual([
      { METADATAID: "1", DATA_TITLE: "सामुदायिक संरक्षित क्षेत्र", RESP_PARTY: "CCA portal", UPDATE_YR: "2026" },
    ]);
  });

  it("keeps a lone .dbf's field names unique when cut to 10 characters", async () => {
    const dbf = writeDbf([{ GOVERNANCE_TYPE: "C", GOVERNANCE_TYPE_2: "D" }], ["GOVERNANCE_TYPE", "GOVERNANCE_TYPE_2"]);
    const file = path.join(dir, "cut.dbf");
    writeFileSync(file, dbf);
    writeFileSync(path.join(dir, "cut.cpg"), "UTF-8");
    expect(features(await ogrinfo("-ro", "-al", file), "cut").map((r) => r.fields)).toEqual([{ GOVERNANCE: "C", GOVERNANC1: "D" }]);
  });
});

describe("streaming Shapefile writer", () => {
  const COLUMNS: DbfColumn[] = [...POLYGONS.columns, { name: "PARENT_ISO3", type: "TEXT" }, "UNTYPED", "FLAG"];
  // Enough features for several write chunks of every file, widths set late (a long name near the end),
  // holes, multipolygons, features of another family, empty shapes, untyped and boolean columns.
  const MANY: ShapefileFeature[] = Array.from({ length: 12_000 }, (_, i) => {
    const x = 70 + (i % 100) / 10;
    const y = 10 + Math.floor(i / 100) / 10;
    const square = [[x, y], [x + 0.05, y], [x + 0.05, y + 0.05], [x, y + 0.05], [x, y]];
    const geometry: Geometry =
      i % 97 === 0 ? { type: "Point", coordinates: [x, y] }
      : i % 89 === 0 ? { type: "MultiPolygon", coordinates: [] }
      : i % 3 === 0 ? { type: "MultiPolygon", coordinates: [[square], [square.map(([a, b]) => [a! + 0.06, b!])]] }
      : { type: "Polygon", coordinates: [[...square].reverse(), [[x + 0.01, y + 0.01], [x + 0.02, y + 0.01], [x + 0.02, y + 0.02], [x + 0.01, y + 0.01]]] };
    return {
      geometry,
      properties: {
        SITE_PID: `cca-${i}`,
        NAME: i === 11_990 ? "देवराई ".repeat(40) : i % 5 === 0 ? null : `स्थल ${i}`,
        NAME_ENG: `Site ${i}`,
        REP_AREA: i % 7 === 0 ? "unknown" : i / 8,
        STATUS_YR: 1990 + (i % 30),
        VERIF_DATE: i % 11 === 0 ? "2024-02-30" : "2024-03-15",
        PARENT_ISO3: "IND",
        UNTYPED: i % 13 === 0 ? true : i,
        FLAG: i % 2 === 0,
      },
    };
  });

  async function streamed(target: string, features: ShapefileFeature[], points: ShapefileFeature[]): Promise<string> {
    mkdirSync(target);
    const polygonSet = await createShapefileStream(path.join(target, "wdpca_polygons"), COLUMNS, { family: "polygon" });
    const pointSet = await createShapefileStream(path.join(target, "wdpca_points"), POINTS.columns, { family: "point" });
    const source = await createDbfStream(path.join(target, "wdpca_source.dbf"), SOURCE.columns);
    for (const f of features) await polygonSet.add(f);
    for (const f of points) await pointSet.add(f);
    for (const r of SOURCE_ROWS) await source.add(r.properties);
    const zip = path.join(target, "pack.zip");
    await zipShapefilesToFile(
      zip,
      [
        { baseName: "wdpca_polygons", set: await polygonSet.finish() },
        { baseName: "wdpca_points", set: await pointSet.finish() },
        { baseName: "wdpca_source", dbfOnly: { path: await source.finish() } },
      ],
      { "README.txt": "WDPCA pack" },
    );
    return zip;
  }

  function inMemory(features: ShapefileFeature[], points: ShapefileFeature[]): Uint8Array {
    return zipShapefiles(
      [
        { baseName: "wdpca_polygons", set: writeShapefile(features, COLUMNS, { family: "polygon" }) },
        { baseName: "wdpca_points", set: writeShapefile(points, POINTS.columns, { family: "point" }) },
        { baseName: "wdpca_source", dbfOnly: writeDbf(SOURCE_ROWS.map((r) => r.properties), SOURCE.columns) },
      ],
      { "README.txt": "WDPCA pack" },
    );
  }

  const POINT_FEATURES = POINT_ROWS.map((r) => ({ geometry: r.geometry!, properties: r.properties }));

  it.each([
    ["the small pack", () => POLYGON_ROWS.map((r) => ({ geometry: r.geometry!, properties: { ...r.properties, PARENT_ISO3: "IND" } }))],
    ["12,000 features", () => MANY],
    ["no feature at all", () => []],
    // A spooled row longer than the read and write buffers (256 KiB): both grow for it.
    ["a value of 600,000 bytes", () => [{ geometry: SQUARE, properties: { SITE_PID: "cca-long", NAME: "स्थल ".repeat(40_000), NAME_ENG: "x".repeat(600_000) } }, ...MANY.slice(0, 10)]],
  ])("writes the in-memory writer's bytes, part by part, in the same order: %s", async (name, make) => {
    const features = make();
    const target = path.join(dir, `stream-${name.replace(/\W+/g, "-")}`);
    const zip = await streamed(target, features, POINT_FEATURES);
    const fromStream = unzipSync(readFileSync(zip));
    const fromMemory = unzipSync(inMemory(features, POINT_FEATURES));
    expect(Object.keys(fromStream)).toEqual(Object.keys(fromMemory));
    for (const [part, bytes] of Object.entries(fromMemory)) expect(Buffer.from(fromStream[part]!).equals(Buffer.from(bytes)), part).toBe(true);
    // What the zip was made from is still there for the caller to remove: no spool is left.
    expect(readdirSync(target).sort()).toEqual(["pack.zip", "wdpca_points.dbf", "wdpca_points.shp", "wdpca_points.shx", "wdpca_polygons.dbf", "wdpca_polygons.shp", "wdpca_polygons.shx", "wdpca_source.dbf"]);
  });

  it("reads back with GDAL: 12,000 features less those left out, the widths the last rows asked for", async () => {
    const target = path.join(dir, "stream-read");
    const zip = await streamed(target, MANY, POINT_FEATURES);
    const shp = path.join(target, "unzipped");
    mkdirSync(shp);
    for (const [name, data] of Object.entries(unzipSync(readFileSync(zip)))) writeFileSync(path.join(shp, name), data);
    const left = MANY.filter((_, i) => i % 97 !== 0 && i % 89 !== 0).length; // points and empty shapes are left out
    const summary = summaries(await ogrinfo("-ro", "-al", "-so", path.join(shp, "wdpca_polygons.shp"))).wdpca_polygons!;
    expect(summary).toMatchObject({ geometry: "Polygon", count: left });
    expect(summary.fields).toMatchObject({ NAME: "String (254.0)", UNTYPED: "String (5.0)", FLAG: "String (1.0)", REP_AREA: "Real (19.3)" });
    const last = features(await ogrinfo("-ro", "-al", "-where", "SITE_PID = 'cca-11998'", path.join(shp, "wdpca_polygons.shp")), "wdpca_polygons");
    expect(last).toHaveLength(1);
    expect(last[0]!.fields).toMatchObject({ SITE_PID: "cca-11998", NAME: "स्थल 11998", UNTYPED: "11998", FLAG: "T" });
  });

  it("abort removes every file written, the .dbf spool included", async () => {
    const target = path.join(dir, "stream-abort");
    mkdirSync(target);
    const set = await createShapefileStream(path.join(target, "x"), COLUMNS, { family: "polygon" });
    for (const f of MANY.slice(0, 3000)) await set.add(f);
    expect(readdirSync(target).sort()).toEqual(["x.dbf.ndjson", "x.shp", "x.shx"]);
    set.abort();
    expect(readdirSync(target)).toEqual([]);
  });
});
