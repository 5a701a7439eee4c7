/**
 * Small GIS files made in the test (no downloads): Shapefile sets (the portal's own writer, in degrees or
 * in UTM zone 43N with its .prj), GeoJSON, KML, a GeoTIFF, and the multipart body of `layer/upload`.
 */
import { zipSync, strToU8 } from "fflate";
import type { Geometry } from "geojson";
import { writeShapefile, type ShapefileFeature } from "@/server/infra/geo/shapefile-write";

export interface Part {
  field: string;
  fileName?: string;
  data: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----layer${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName ? `form-data; name="${part.field}"; filename="${part.fileName}"` : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const square = (x: number, y: number, size: number): Geometry => ({
  type: "Polygon",
  coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]],
});

/** Three forest blocks near Bengaluru (77.5 E, 12.9 N), with a name, an area and a type. */
export const FOREST_BLOCKS: ShapefileFeature[] = [
  { geometry: square(77.5, 12.9, 0.1), properties: { name: "Devara Kadu", area_ha: 120.5, kind: "sacred grove" } },
  { geometry: square(77.7, 12.9, 0.1), properties: { name: "Kaan Forest", area_ha: 80, kind: "reserve" } },
  { geometry: square(77.9, 12.9, 0.1), properties: { name: "ಹಸಿರು ಬನ", area_ha: 15.25, kind: "sacred grove" } },
];

export const UTM_43N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_43N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",75.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** A square of 1 km in UTM 43N around (75.0 E, ~12.66 N): easting 500 km, northing 1,400 km. */
export const UTM_SQUARE: ShapefileFeature[] = [
  { geometry: square(500_000, 1_400_000, 1000), properties: { name: "Metric block", code: 7 } },
];

export function shapefileParts(features: ShapefileFeature[], prj: string | null, base = "blocks"): Record<string, Buffer> {
  const set = writeShapefile(features, Object.keys(features[0]!.properties));
  const parts: Record<string, Buffer> = { [`${base}.shp`]: set.shp, [`${base}.shx`]: set.shx, [`${base}.dbf`]: set.dbf, [`${base}.cpg`]: Buffer.from(set.cpg) };
  if (prj !== null) parts[`${base}.prj`] = Buffer.from(prj);
  return parts;
}

export function zipOf(files: Record<string, Buffer>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, new Uint8Array(data)]))));
}

export const geojsonOf = (features: ShapefileFeature[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "FeatureCollection", ...extra, features: features.map((f) => ({ type: "Feature", properties: f.properties, geometry: f.geometry })) });

export const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Chilika shore</name><ExtendedData><Data name="zone"><value>north</value></Data></ExtendedData>
<Polygon><outerBoundaryIs><LinearRing><coordinates>85.2,19.6 85.4,19.6 85.4,19.8 85.2,19.8 85.2,19.6</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
<Placemark><name>Jetty</name><Point><coordinates>85.3,19.7</coordinates></Point></Placemark>
</Document></kml>`;

/** A 4×2 one-band GeoTIFF over 77–78 E, 12–13 N (WGS 84), values 0–7. */
export async function tinyGeoTiff(): Promise<Buffer> {
  const { writeArrayBuffer } = await import("geotiff");
  const width = 4;
  const height = 2;
  const values = Array.from({ length: width * height }, (_, i) => i);
  const buffer = writeArrayBuffer(values, {
    width,
    height,
    ModelPixelScale: [0.25, 0.5, 0],
    ModelTiepoint: [0, 0, 0, 77, 13, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
  } as never);
  return Buffer.from(buffer);
}

export function metadataOf(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    layerName: "Forest blocks",
    layerDescription: "Forest blocks near Bengaluru",
    attribution: "Karnataka Forest Department",
    license: "CC-BY",
    tags: "forest,bengaluru",
    titleColumn: "name",
    summaryColumns: "area_ha,kind",
    colorBy: "kind",
    layerType: "Multi Polygon",
    downloadAccess: "ALL",
    layerFileDescription: { fileType: "shp", encoding: "UTF-8" },
    editAccess: "ALL",
    ...overrides,
  });
}

export { strToU8 };
