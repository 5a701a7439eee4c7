/**
 * A GeoTIFF layer, read with geotiff.js: its extent in WGS 84 (from its geographic or projected CRS:
 * WGS 84, web mercator or UTM on WGS 84) and a PNG of it (at most 2048 px a side; RGB(A) bands as they
 * are, one band stretched to grey between its minimum and maximum, no-data transparent), which the map
 * draws as an image over that extent.
 */
import { AppError } from "../../infra/http/app-error";
import { fileError } from "./layer-read";

export const RASTER_MAX_SIDE = 2048;
/**
 * The largest GeoTIFF read (issue 27 item 13): geotiff.js decodes the whole image at its own size
 * before scaling it down, so the size its header declares is checked before anything is decoded.
 */
export const RASTER_MAX_PIXELS = 50_000_000;
/** The bytes the decoded bands read (at most four) may take, and the bytes of one decoded tile or strip. */
export const RASTER_MAX_DECODED_BYTES = 256 * 1024 * 1024;

export interface RasterData {
  png: Buffer;
  bbox: [number, number, number, number];
  width: number;
  height: number;
}

/** The files-store key of a raster layer's PNG (outside the directories files-api serves). */
export function rasterKey(layerName: string): string {
  return `naksha-rasters/${layerName.replace(/[^a-z0-9_]/g, "_")}.png`;
}

/** A proj4 definition for an EPSG code of a projected CRS the reader supports, or null. */
function projectedDefinition(code: number): string | null {
  if (code === 3857 || code === 900913) return "EPSG:3857";
  if (code >= 32601 && code <= 32660) return `+proj=utm +zone=${code - 32600} +datum=WGS84 +units=m +no_defs`;
  if (code >= 32701 && code <= 32760) return `+proj=utm +zone=${code - 32700} +south +datum=WGS84 +units=m +no_defs`;
  return null;
}

export async function readRaster(tif: Buffer): Promise<RasterData> {
  const { fromArrayBuffer } = await import("geotiff");
  const broken = (reason: string) => fileError(`The GeoTIFF cannot be read (${reason})`, "map:errors.file_broken", { file: "tif" });
  let image;
  try {
    const arrayBuffer = tif.buffer.slice(tif.byteOffset, tif.byteOffset + tif.byteLength) as ArrayBuffer;
    image = await (await fromArrayBuffer(arrayBuffer)).getImage();
  } catch (error) {
    throw broken((error as Error).message);
  }
  const bands = image.getSamplesPerPixel();
  // RGB(A) reads the first three or four bands, anything else the first one.
  const samples = Array.from({ length: bands >= 3 ? Math.min(bands, 4) : 1 }, (_, i) => i);
  let decodedBytes: number;
  let blockBytes: number;
  try {
    decodedBytes = image.getWidth() * image.getHeight() * samples.reduce((sum, i) => sum + image.getSampleByteSize(i), 0);
    blockBytes = image.getTileWidth() * image.getTileHeight() * image.getBytesPerPixel();
  } catch (error) {
    throw broken((error as Error).message);
  }
  const pixels = image.getWidth() * image.getHeight();
  if (!(pixels <= RASTER_MAX_PIXELS && decodedBytes <= RASTER_MAX_DECODED_BYTES && blockBytes <= RASTER_MAX_DECODED_BYTES)) {
    const max = RASTER_MAX_PIXELS / 1_000_000;
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The GeoTIFF is ${image.getWidth()} × ${image.getHeight()} pixels with ${bands} band(s): at most ${max} megapixels (${RASTER_MAX_DECODED_BYTES / 1024 / 1024} MB decoded) are read; make a smaller copy (gdal_translate -outsize) first`,
      { files: `map:errors.raster_too_large|${JSON.stringify({ max })}` },
    );
  }
  const keys = image.getGeoKeys() ?? {};
  let box: number[];
  try {
    box = image.getBoundingBox();
  } catch {
    throw fileError("The TIFF has no georeference (no GeoTIFF tags): it cannot be placed on the map", "map:errors.projection_missing", { feature: "tif" });
  }
  const projected = Number(keys.ProjectedCSTypeGeoKey ?? 0);
  const geographic = Number(keys.GeographicTypeGeoKey ?? 0);
  let bbox: [number, number, number, number];
  if (projected && projected !== 32767) {
    const definition = projectedDefinition(projected);
    if (!definition) {
      throw fileError(`The GeoTIFF's projection EPSG:${projected} is not supported; use WGS 84 (EPSG:4326), web mercator (3857) or UTM on WGS 84`, "map:errors.projection_unsupported", { file: "tif" });
    }
    const { default: proj4 } = await import("proj4");
    const converter = proj4(definition, "EPSG:4326");
    const corners = [
      [box[0]!, box[1]!],
      [box[2]!, box[1]!],
      [box[2]!, box[3]!],
      [box[0]!, box[3]!],
    ].map((p) => converter.forward(p));
    bbox = [Math.min(...corners.map((c) => c[0]!)), Math.min(...corners.map((c) => c[1]!)), Math.max(...corners.map((c) => c[0]!)), Math.max(...corners.map((c) => c[1]!))];
  } else if (!geographic || geographic === 4326 || geographic === 32767) {
    bbox = [box[0]!, box[1]!, box[2]!, box[3]!];
  } else {
    throw fileError(`The GeoTIFF's coordinate system EPSG:${geographic} is not supported; use WGS 84 (EPSG:4326)`, "map:errors.projection_unsupported", { file: "tif" });
  }
  if (!bbox.every(Number.isFinite) || bbox[0] < -180 || bbox[2] > 180 || bbox[1] < -90 || bbox[3] > 90 || bbox[0] >= bbox[2] || bbox[1] >= bbox[3]) {
    throw fileError(`The GeoTIFF's extent (${bbox.join(", ")}) is not a place on Earth in degrees`, "map:errors.projection_unsupported", { file: "tif" });
  }

  const scale = Math.min(1, RASTER_MAX_SIDE / Math.max(image.getWidth(), image.getHeight()));
  const width = Math.max(1, Math.round(image.getWidth() * scale));
  const height = Math.max(1, Math.round(image.getHeight() * scale));
  const noData = image.getGDALNoData();
  let rasters;
  try {
    rasters = (await image.readRasters({ width, height, samples, resampleMethod: "nearest" })) as unknown as ArrayLike<number>[];
  } catch (error) {
    throw broken((error as Error).message);
  }
  const rgba = Buffer.alloc(width * height * 4);
  if (bands >= 3) {
    for (let i = 0; i < width * height; i++) {
      const r = rasters[0]![i]!;
      rgba[i * 4] = clamp(r);
      rgba[i * 4 + 1] = clamp(rasters[1]![i]!);
      rgba[i * 4 + 2] = clamp(rasters[2]![i]!);
      rgba[i * 4 + 3] = bands >= 4 ? clamp(rasters[3]![i]!) : noData !== null && r === noData ? 0 : 255;
    }
  } else {
    const band = rasters[0]!;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < band.length; i++) {
      const v = band[i]!;
      if (!Number.isFinite(v) || (noData !== null && v === noData)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const span = max > min ? max - min : 1;
    for (let i = 0; i < band.length; i++) {
      const v = band[i]!;
      const empty = !Number.isFinite(v) || (noData !== null && v === noData);
      const grey = empty ? 0 : Math.round(((v - min) / span) * 255);
      rgba[i * 4] = grey;
      rgba[i * 4 + 1] = grey;
      rgba[i * 4 + 2] = grey;
      rgba[i * 4 + 3] = empty ? 0 : 255;
    }
  }
  const { default: sharp } = await import("sharp");
  const png = await sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: RASTER_MAX_SIDE * RASTER_MAX_SIDE }).png().toBuffer();
  return { png, bbox, width, height };
}

const clamp = (v: number) => (Number.isFinite(v) ? Math.max(0, Math.min(255, Math.round(v))) : 0);
