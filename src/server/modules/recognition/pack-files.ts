/**
 * The files of a WDPCA / ICCA Registry pack (issue 31, item 1), fed site by site (no SQL), each streamed
 * to its file so a pack of 100,000 records stays in bounded memory:
 * - `gpkg`: a GeoPackage with `wdpca_polygons` (MULTIPOLYGON), `wdpca_points` (POINT: sites without a
 *   boundary; a site with no public place at all has a null geometry here) and `wdpca_source` (the
 *   source table, one row, METADATAID 1), written by SQLite straight to the file, sites in batches.
 * - `shp`: a zip of `wdpca_polygons.*` and `wdpca_points.*` Shapefile sets, `wdpca_source.dbf`,
 *   `wdpca_unlocated.dbf` (sites with no public place: a Shapefile has no null shape) and README.txt.
 *   The sets are streamed to a folder beside the pack's file (`<file>.parts-…`; the .dbf rows spooled
 *   until their column widths are known), then zipped into the file part by part; the folder goes when
 *   the zip is done, or on abort.
 * - `csv`: one row per site (UTF-8 with BOM): the attributes, then LAYER (polygons | points | empty),
 *   WKT (the MULTIPOLYGON or POINT as the pack shows it) and LONGITUDE/LATITUDE (the point, or the
 *   record's public centroid for a polygon), so a spreadsheet and a GIS both read it. The source
 *   record is in the GeoPackage and the Shapefile packs and in the module README.
 * `abort()` removes what a writer had written (the pack's file and any part).
 */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import type { Geometry } from "geojson";
import { PACK_LAYERS, SOURCE_COLUMNS, type AttributeDef } from "@/contracts/recognition";
import { createGeoPackage, type GeoColumn, type GeoPackageWriter } from "../../infra/geo/geopackage-write";
import { writeDbf } from "../../infra/geo/shapefile-write";
import { createDbfStream, createShapefileStream, zipShapefilesToFile, type DbfStream, type ShapefileStream } from "../../infra/geo/shapefile-stream";
import { CSV_BOM, csvLine, toWkt } from "../exports/export-format";
import type { AttributeValue, PackSite } from "./pack-values";

export type SourceRow = Record<(typeof SOURCE_COLUMNS)[number], string | number>;

export interface PackFileWriter {
  add(site: PackSite, centroid: [number, number] | null): Promise<void>;
  /** Writes what is held and ends the file. */
  finish(source: SourceRow): Promise<void>;
  abort(): void;
}

const columnsOf = (attributes: readonly AttributeDef[]): GeoColumn[] => attributes.map((x) => ({ name: x.name, type: x.type }));
const SOURCE_GEO_COLUMNS: GeoColumn[] = SOURCE_COLUMNS.map((name) => ({ name, type: name === "METADATAID" || name === "YEAR" ? "INTEGER" : "TEXT" }));

function readme(source: SourceRow, counts: { polygons: number; points: number; unlocated: number }): string {
  return [
    `${source.DATA_TITLE}`,
    "",
    `Data standard followed: ${source.STANDARD}`,
    `Sites: ${counts.polygons} with a boundary (wdpca_polygons), ${counts.points} as points (wdpca_points), ${counts.unlocated} without a public place (wdpca_unlocated.dbf).`,
    "The source (metadata) table is wdpca_source.dbf, joined to the sites on METADATAID.",
    `Lineage: ${source.LINEAGE}`,
    `Citation: ${source.CITATION}`,
    `Disclaimer: ${source.DISCLAIMER}`,
    "Attribute names are cut to 10 characters by the Shapefile format; texts are UTF-8 (see the .cpg files).",
    "",
  ].join("\r\n");
}

/**
 * Sites given to the GeoPackage per insert (one transaction each). Small on purpose: the sites held
 * until an insert keep their records' values alive across several young-generation collections, so they
 * are promoted and pile up as old-generation garbage; at 500 a pack of 97,000 records grew the heap by
 * ~100 MB (RSS +147 MB), at 100 by ~17 MB (RSS +50 MB), in the same time. Forced collections showed no
 * retention either way (live heap +2–4 MB).
 */
const GPKG_BATCH = 100;

async function geoPackageWriter(file: string, attributes: readonly AttributeDef[]): Promise<PackFileWriter> {
  const gpkg: GeoPackageWriter = await createGeoPackage(file);
  let polygons: Array<{ geometry: Geometry | null; properties: Record<string, AttributeValue> }> = [];
  let points: typeof polygons = [];
  const flush = () => {
    if (polygons.length > 0) gpkg.insert(PACK_LAYERS.polygons, polygons);
    if (points.length > 0) gpkg.insert(PACK_LAYERS.points, points);
    polygons = [];
    points = [];
  };
  try {
    const columns = columnsOf(attributes);
    gpkg.addLayer({ name: PACK_LAYERS.polygons, title: "WDPCA sites (polygons)", description: "Sites with a boundary", geometry: "MULTIPOLYGON", columns });
    gpkg.addLayer({ name: PACK_LAYERS.points, title: "WDPCA sites (points)", description: "Sites without a boundary", geometry: "POINT", columns });
    gpkg.addLayer({ name: PACK_LAYERS.source, title: "WDPCA source", description: "The source (metadata) table, joined on METADATAID", geometry: null, columns: SOURCE_GEO_COLUMNS });
  } catch (e) {
    gpkg.abort();
    throw e;
  }
  return {
    async add(site) {
      if (site.geometry.kind === "polygon") polygons.push({ geometry: site.geometry.geometry, properties: site.values });
      else points.push({ geometry: site.geometry.kind === "point" ? site.geometry.geometry : null, properties: site.values });
      if (polygons.length + points.length >= GPKG_BATCH) flush();
    },
    async finish(source) {
      flush();
      gpkg.insert(PACK_LAYERS.source, [{ geometry: null, properties: source }]);
      gpkg.finish();
    },
    abort: () => {
      polygons = [];
      points = [];
      gpkg.abort();
    },
  };
}

async function shapefileWriter(file: string, attributes: readonly AttributeDef[]): Promise<PackFileWriter> {
  const columns = columnsOf(attributes);
  const parts = await fs.promises.mkdtemp(path.join(path.dirname(file), `${path.basename(file)}.parts-`));
  let polygons: ShapefileStream | null = null;
  let points: ShapefileStream | null = null;
  let unlocated: DbfStream | null = null;
  const abort = () => {
    for (const part of [polygons, points, unlocated]) {
      try {
        part?.abort();
      } catch {
        // the folder goes below
      }
    }
    fs.rmSync(parts, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
  };
  try {
    polygons = await createShapefileStream(path.join(parts, PACK_LAYERS.polygons), columns, { family: "polygon" });
    points = await createShapefileStream(path.join(parts, PACK_LAYERS.points), columns, { family: "point" });
    unlocated = await createDbfStream(path.join(parts, "wdpca_unlocated.dbf"), columns);
  } catch (e) {
    abort();
    throw e;
  }
  const sets = { polygons, points, unlocated };
  return {
    async add(site) {
      if (site.geometry.kind === "polygon") await sets.polygons.add({ geometry: site.geometry.geometry, properties: site.values });
      else if (site.geometry.kind === "point") await sets.points.add({ geometry: site.geometry.geometry, properties: site.values });
      else await sets.unlocated.add(site.values);
    },
    async finish(source) {
      const counts = { polygons: sets.polygons.count, points: sets.points.count, unlocated: sets.unlocated.count };
      const polygonFiles = await sets.polygons.finish();
      const pointFiles = await sets.points.finish();
      let unlocatedFile: { path: string } | null = null;
      if (counts.unlocated > 0) unlocatedFile = { path: await sets.unlocated.finish() };
      else sets.unlocated.abort(); // no such file in the zip
      await zipShapefilesToFile(
        file,
        [
          { baseName: PACK_LAYERS.polygons, set: polygonFiles },
          { baseName: PACK_LAYERS.points, set: pointFiles },
          { baseName: PACK_LAYERS.source, dbfOnly: { path: await writeSourceDbf(parts, source) } },
          ...(unlocatedFile ? [{ baseName: "wdpca_unlocated", dbfOnly: unlocatedFile }] : []),
        ],
        { "README.txt": readme(source, counts) },
      );
      fs.rmSync(parts, { recursive: true, force: true });
    },
    abort,
  };
}

/** The source table (one row) as a .dbf among the parts. */
async function writeSourceDbf(parts: string, source: SourceRow): Promise<string> {
  const file = path.join(parts, `${PACK_LAYERS.source}.dbf`);
  await fs.promises.writeFile(file, writeDbf([source], SOURCE_GEO_COLUMNS));
  return file;
}

export const CSV_GEOMETRY_COLUMNS = ["LAYER", "WKT", "LONGITUDE", "LATITUDE"] as const;

function csvWriter(file: string, attributes: readonly AttributeDef[]): PackFileWriter {
  const stream = fs.createWriteStream(file, { encoding: "utf8" });
  const failed = new Promise<never>((_, reject) => stream.once("error", reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!stream.write(text)) await Promise.race([once(stream, "drain"), failed]);
  };
  let started = false;
  return {
    async add(site, centroid) {
      if (!started) {
        await write(CSV_BOM + csvLine([...attributes.map((x) => x.name), ...CSV_GEOMETRY_COLUMNS]));
        started = true;
      }
      const g = site.geometry;
      const wkt = g.kind === "none" ? null : toWkt({ type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: g.geometry }] } as never);
      const at = g.kind === "point" ? (g.geometry.coordinates as [number, number]) : g.kind === "polygon" ? centroid : null;
      await write(csvLine([...attributes.map((x) => site.values[x.name] ?? null), g.kind === "none" ? null : g.kind === "polygon" ? "polygons" : "points", wkt, at?.[0] ?? null, at?.[1] ?? null]));
    },
    async finish() {
      if (!started) await write(CSV_BOM + csvLine([...attributes.map((x) => x.name), ...CSV_GEOMETRY_COLUMNS]));
      stream.end();
      await Promise.race([once(stream, "finish"), failed]);
    },
    abort: () => {
      // Removed once closed: a stream still opening would otherwise make the file after it was removed.
      stream.once("close", () => fs.rm(file, { force: true }, () => undefined));
      stream.destroy();
      fs.rmSync(file, { force: true });
    },
  };
}

export async function packFileWriter(format: "gpkg" | "shp" | "csv", file: string, attributes: readonly AttributeDef[]): Promise<PackFileWriter> {
  if (format === "gpkg") return geoPackageWriter(file, attributes);
  if (format === "shp") return shapefileWriter(file, attributes);
  return csvWriter(file, attributes);
}
