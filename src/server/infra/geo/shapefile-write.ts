/**
 * Writes features as an ESRI Shapefile set in memory (.shp, .shx, .dbf in UTF-8 with its .cpg, .prj of
 * WGS 84): the Shapefile download of a map layer, and tests. A table without shapes is a lone .dbf
 * (`writeDbf`); `zipShapefiles` packs sets. The WDPCA pack, which may hold 100,000 records, streams the
 * same bytes to files instead (`shapefile-stream.ts`); both use the encoders of `shapefile-encode.ts`,
 * where the format's rules (shape types, column types and widths, names cut to 10 characters) are.
 */
import { strToU8, zipSync } from "fflate";
import {
  DBF_END,
  DbfTable,
  ShapeEncoder,
  WGS84_PRJ,
  dbfHeader,
  dbfRecordLength,
  familyOf,
  writeDbfRecord,
  zipEntries,
  type DbfColumn,
  type ShapeFamily,
  type ShapefileFeature,
  type ShapefileParts,
  type ShapefileValue,
  type ShapefileZipItem,
} from "./shapefile-encode";

export { WGS84_PRJ, type DbfColumn, type ShapeFamily, type ShapefileFeature, type ShapefileValue } from "./shapefile-encode";

export type ShapefileSet = ShapefileParts<Buffer>;

function dbfBytes(table: DbfTable, rows: ShapefileValue[][]): Buffer {
  const fields = table.fields();
  const header = dbfHeader(fields, rows.length);
  const out = Buffer.alloc(header.length + dbfRecordLength(fields) * rows.length + 1);
  header.copy(out, 0);
  let at = header.length;
  for (const values of rows) at = writeDbfRecord(fields, values, out, at);
  out.writeUInt8(DBF_END, at);
  return out;
}

/** A lone .dbf (UTF-8; pair it with a .cpg of "UTF-8", as `zipShapefiles` does): a table without shapes. */
export function writeDbf(rows: Record<string, ShapefileValue>[], columns: DbfColumn[]): Buffer {
  const table = new DbfTable(columns);
  return dbfBytes(table, rows.map((row) => table.observe(row)));
}

/**
 * A Shapefile set of `features`. The set holds one shape family: `options.family`, or the first
 * feature's; features of another family (and empty shapes) are left out.
 */
export function writeShapefile(all: ShapefileFeature[], columns: DbfColumn[], options: { family?: ShapeFamily } = {}): ShapefileSet {
  const shapes = new ShapeEncoder(options.family ?? (all[0] ? familyOf(all[0].geometry) : "point"));
  const table = new DbfTable(columns);
  const shp: Buffer[] = [];
  const shx: Buffer[] = [];
  const rows: ShapefileValue[][] = [];
  for (const f of all) {
    const encoded = shapes.encode(f.geometry);
    if (!encoded) continue;
    shp.push(Buffer.from(encoded.shp)); // copies: the encoder reuses its buffers
    shx.push(Buffer.from(encoded.shx));
    rows.push(table.observe(f.properties));
  }
  const headers = shapes.headers();
  return { shp: Buffer.concat([headers.shp, ...shp]), shx: Buffer.concat([headers.shx, ...shx]), dbf: dbfBytes(table, rows), prj: WGS84_PRJ, cpg: "UTF-8" };
}

export type ZippedShapefile = ShapefileZipItem<Buffer>;

/** One zip of Shapefile sets and lone .dbf tables, plus `extra` files (a README, a CSV; texts as UTF-8). */
export function zipShapefiles(sets: ZippedShapefile[], extra: Record<string, Uint8Array | string> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of zipEntries<Uint8Array>(sets, extra)) files[name] = typeof data === "string" ? strToU8(data) : new Uint8Array(data);
  return zipSync(files);
}
