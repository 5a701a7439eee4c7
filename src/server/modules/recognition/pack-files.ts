/**
 * The files of a WDPCA / ICCA Registry pack (issue 31, item 1), fed site by site (no SQL):
 * - `gpkg`: a GeoPackage with `wdpca_polygons` (MULTIPOLYGON), `wdpca_points` (POINT: sites without a
 *   boundary; a site with no public place at all has a null geometry here) and `wdpca_source` (the
 *   source table, one row, METADATAID 1). sql.js holds the database in memory: sites go in batch by batch.
 * - `shp`: a zip of `wdpca_polygons.*` and `wdpca_points.*` Shapefile sets, `wdpca_source.dbf`,
 *   `wdpca_unlocated.dbf` (sites with no public place: a Shapefile has no null shape) and README.txt.
 *   The writer needs every feature to size the .dbf columns, so a Shapefile pack holds its features
 *   until the end (the GeoPackage and the CSV do not).
 * - `csv`: one row per site (UTF-8 with BOM): the attributes, then LAYER (polygons | points | empty),
 *   WKT (the MULTIPOLYGON or POINT as the pack shows it) and LONGITUDE/LATITUDE (the point, or the
 *   record's public centroid for a polygon), so a spreadsheet and a GIS both read it. The source
 *   record is in the GeoPackage and the Shapefile packs and in the module README.
 */
import fs from "node:fs";
import { once } from "node:events";
import type { Geometry } from "geojson";
import { PACK_LAYERS, SOURCE_COLUMNS, type AttributeDef } from "@/contracts/recognition";
import { createGeoPackage, type GeoColumn, type GeoPackageWriter } from "../../infra/geo/geopackage-write";
import { writeDbf, writeShapefile, zipShapefiles, type ShapefileFeature } from "../../infra/geo/shapefile-write";
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

function geoPackageWriter(file: string, attributes: readonly AttributeDef[]): Promise<PackFileWriter> {
  return createGeoPackage().then((gpkg: GeoPackageWriter) => {
    const columns = columnsOf(attributes);
    gpkg.addLayer({ name: PACK_LAYERS.polygons, title: "WDPCA sites (polygons)", description: "Sites with a boundary", geometry: "MULTIPOLYGON", columns });
    gpkg.addLayer({ name: PACK_LAYERS.points, title: "WDPCA sites (points)", description: "Sites without a boundary", geometry: "POINT", columns });
    gpkg.addLayer({ name: PACK_LAYERS.source, title: "WDPCA source", description: "The source (metadata) table, joined on METADATAID", geometry: null, columns: SOURCE_GEO_COLUMNS });
    let polygons: Array<{ geometry: Geometry | null; properties: Record<string, AttributeValue> }> = [];
    let points: typeof polygons = [];
    const flush = () => {
      if (polygons.length > 0) gpkg.insert(PACK_LAYERS.polygons, polygons);
      if (points.length > 0) gpkg.insert(PACK_LAYERS.points, points);
      polygons = [];
      points = [];
    };
    return {
      async add(site) {
        if (site.geometry.kind === "polygon") polygons.push({ geometry: site.geometry.geometry, properties: site.values });
        else points.push({ geometry: site.geometry.kind === "point" ? site.geometry.geometry : null, properties: site.values });
        if (polygons.length + points.length >= 500) flush();
      },
      async finish(source) {
        flush();
        gpkg.insert(PACK_LAYERS.source, [{ geometry: null, properties: source }]);
        const bytes = gpkg.toBuffer();
        gpkg.close();
        await fs.promises.writeFile(file, bytes);
      },
      abort: () => {
        try {
          gpkg.close();
        } catch {
          // already closed
        }
      },
    };
  });
}

function shapefileWriter(file: string, attributes: readonly AttributeDef[]): PackFileWriter {
  const columns = columnsOf(attributes);
  const polygons: ShapefileFeature[] = [];
  const points: ShapefileFeature[] = [];
  const unlocated: Array<Record<string, AttributeValue>> = [];
  return {
    async add(site) {
      if (site.geometry.kind === "polygon") polygons.push({ geometry: site.geometry.geometry, properties: site.values });
      else if (site.geometry.kind === "point") points.push({ geometry: site.geometry.geometry, properties: site.values });
      else unlocated.push(site.values);
    },
    async finish(source) {
      const zip = zipShapefiles(
        [
          { baseName: PACK_LAYERS.polygons, set: writeShapefile(polygons, columns, { family: "polygon" }) },
          { baseName: PACK_LAYERS.points, set: writeShapefile(points, columns, { family: "point" }) },
          { baseName: PACK_LAYERS.source, dbfOnly: writeDbf([source], SOURCE_GEO_COLUMNS) },
          ...(unlocated.length > 0 ? [{ baseName: "wdpca_unlocated", dbfOnly: writeDbf(unlocated, columns) }] : []),
        ],
        { "README.txt": readme(source, { polygons: polygons.length, points: points.length, unlocated: unlocated.length }) },
      );
      await fs.promises.writeFile(file, zip);
    },
    abort: () => undefined,
  };
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
    abort: () => stream.destroy(),
  };
}

export async function packFileWriter(format: "gpkg" | "shp" | "csv", file: string, attributes: readonly AttributeDef[]): Promise<PackFileWriter> {
  if (format === "gpkg") return geoPackageWriter(file, attributes);
  if (format === "shp") return shapefileWriter(file, attributes);
  return csvWriter(file, attributes);
}
