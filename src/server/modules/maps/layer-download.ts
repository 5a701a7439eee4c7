/** A layer's features as a file: GeoJSON, a zipped Shapefile set, or CSV (attributes and the shape as WKT). */
import type { Geometry, Position } from "geojson";
import type { DownloadFormat } from "@/contracts/naksha-layer";
import type { FeatureRow, LayerRow } from "./layer.repository";
import { writeShapefile, zipShapefiles } from "../../infra/geo/shapefile-write";

export interface DownloadFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const pos = (p: Position) => `${p[0]} ${p[1]}`;
const ring = (r: Position[]) => `(${r.map(pos).join(", ")})`;

/** Well-known text of a geometry. */
export function toWkt(g: Geometry): string {
  switch (g.type) {
    case "Point":
      return `POINT (${pos(g.coordinates)})`;
    case "MultiPoint":
      return `MULTIPOINT (${g.coordinates.map((p) => `(${pos(p)})`).join(", ")})`;
    case "LineString":
      return `LINESTRING ${ring(g.coordinates)}`;
    case "MultiLineString":
      return `MULTILINESTRING (${g.coordinates.map(ring).join(", ")})`;
    case "Polygon":
      return `POLYGON (${g.coordinates.map(ring).join(", ")})`;
    case "MultiPolygon":
      return `MULTIPOLYGON (${g.coordinates.map((p) => `(${p.map(ring).join(", ")})`).join(", ")})`;
    case "GeometryCollection":
      return `GEOMETRYCOLLECTION (${g.geometries.map(toWkt).join(", ")})`;
  }
}

/** A CSV cell: quoted when needed; a text that a spreadsheet would run as a formula is prefixed with '. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function layerDownload(layer: LayerRow, rows: FeatureRow[], columns: string[], format: DownloadFormat): Promise<DownloadFile> {
  const pick = (p: FeatureRow["properties"]) => Object.fromEntries(columns.map((c) => [c, p[c] ?? null]));
  const base = layer.name;
  if (format === "csv") {
    const lines = [[...columns, "WKT"].map(cell).join(",")];
    for (const row of rows) lines.push([...columns.map((c) => cell(row.properties[c])), cell(toWkt(row.geometry))].join(","));
    // A BOM so spreadsheets read the UTF-8 names (Hindi) correctly.
    return { body: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`), contentType: "text/csv; charset=utf-8", fileName: `${base}.csv` };
  }
  if (format === "shp") {
    const set = writeShapefile(
      rows.map((r) => ({ geometry: r.geometry, properties: pick(r.properties) })),
      columns,
    );
    const zip = zipShapefiles([{ baseName: base, set }]);
    return { body: Buffer.from(zip), contentType: "application/zip", fileName: `${base}.zip` };
  }
  const collection = {
    type: "FeatureCollection",
    name: layer.title,
    features: rows.map((r) => ({ type: "Feature", id: r.feature_id, properties: pick(r.properties), geometry: r.geometry })),
  };
  return { body: Buffer.from(JSON.stringify(collection)), contentType: "application/geo+json; charset=utf-8", fileName: `${base}.geojson` };
}
