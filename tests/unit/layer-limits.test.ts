// @vitest-environment node
/**
 * Limits of the layer upload readers (issue 27 item 13), made in the test: a zip bomb (an entry of
 * 300 MB of zeros in a zip of some 300 KB, deflated by fflate), a zip whose header understates its entry, a
 * GeometryCollection nested 20,000 deep, and a GeoTIFF whose header declares a 60,000 × 60,000 window.
 */
import { Deflate, inflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { refusal } from "./helpers/app-error";
import { RASTER_MAX_PIXELS, readRaster } from "@/server/modules/maps/layer-raster";
import { GEOMETRY_MAX_NESTING, UNZIPPED_MAX_BYTES, readLayerFiles } from "@/server/modules/maps/layer-read";
import { FOREST_BLOCKS, geojsonOf, tinyGeoTiff, zipOf } from "../integration/helpers/layer-fixtures";

/** One megabyte of zeros as a deflate block ending on a byte boundary (not the last block). */
function zeroBlock(): Buffer {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  deflate.push(new Uint8Array(1024 * 1024), false);
  deflate.flush(true);
  return Buffer.concat(parts);
}

/**
 * A zip holding `name`: `megabytes` MB of zeros (the same deflate block repeated, then an empty last
 * block), about 1 KB a megabyte; `declared` is the size its headers state (the real one by default).
 * The test never holds the inflated bytes.
 */
function zeroZip(name: string, megabytes: number, declared = megabytes * 1024 * 1024): Buffer {
  const block = zeroBlock();
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

describe("zipped layer files", () => {
  it("makes its zip of zeros right", () => {
    const entry = zeroZip("z.bin", 3);
    const start = 30 + "z.bin".length;
    const inflated = inflateSync(entry.subarray(start, start + entry.readUInt32LE(18)));
    expect(inflated.length).toBe(3 * 1024 * 1024);
    expect(inflated.every((b) => b === 0)).toBe(true);
  });

  it("still reads a zipped GeoJSON", async () => {
    const data = await readLayerFiles([{ name: "blocks.zip", data: zipOf({ "blocks.geojson": Buffer.from(geojsonOf(FOREST_BLOCKS)) }) }]);
    expect(data.kind === "VECTOR" && data.features.length).toBe(3);
  });

  it(`refuses a zip bomb (${UNZIPPED_MAX_BYTES / 1024 / 1024} MB inflated at most) with 413 before inflating it`, async () => {
    const bomb = zeroZip("bomb.geojson", 300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const heapBefore = process.memoryUsage().arrayBuffers;
    const error = await refusal(readLayerFiles([{ name: "bomb.zip", data: bomb }]));
    expect(error.status).toBe(413);
    expect(error.fieldErrors?.files).toMatch(/^map:errors\.unzipped_too_large\|/);
    // What shows it was not inflated is the memory it did not take (time depends on the machine's load).
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("stops inflating an entry larger than its header says (400), without inflating the rest", async () => {
    // 300 MB of zeros that the headers say is 1 KB.
    const bomb = zeroZip("bomb.geojson", 300, 1024);
    const heapBefore = process.memoryUsage().arrayBuffers;
    const error = await refusal(readLayerFiles([{ name: "liar.zip", data: bomb }]));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/larger than its header says/);
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("nested geometry collections", () => {
  // As text: JSON.stringify itself overflows the stack on 20,000 levels.
  const nested = (depth: number) =>
    `${'{"type":"GeometryCollection","geometries":['.repeat(depth)}{"type":"Point","coordinates":[77.5,12.9]}${"]}".repeat(depth)}`;
  const file = (depth: number, extra: Record<string, unknown> = {}) => ({
    name: "deep.geojson",
    data: Buffer.from(`{"type":"FeatureCollection",${JSON.stringify(extra).slice(1, -1)}${Object.keys(extra).length ? "," : ""}"features":[{"type":"Feature","properties":{"name":"deep"},"geometry":${nested(depth)}}]}`),
  });

  it("reads collections nested a few deep", async () => {
    const data = await readLayerFiles([file(GEOMETRY_MAX_NESTING)]);
    expect(data.kind === "VECTOR" && data.features.length).toBe(1);
  });

  it("answers a GeometryCollection nested 20,000 deep with a 400 (was a 500), reprojected or not", async () => {
    for (const extra of [{}, { crs: { type: "name", properties: { name: "EPSG:3857" } } }]) {
      const error = await refusal(readLayerFiles([file(20_000, extra)]));
      expect(error.status).toBe(400);
      expect(error.fieldErrors?.files).toMatch(/^map:errors\.geometry_nesting\|/);
    }
  });

  it("answers an attribute nested 20,000 deep with a 400", async () => {
    const value = `${"[".repeat(20_000)}1${"]".repeat(20_000)}`;
    const data = Buffer.from(`{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"deep":${value}},"geometry":{"type":"Point","coordinates":[77.5,12.9]}}]}`);
    const error = await refusal(readLayerFiles([{ name: "deep.geojson", data }]));
    expect(error.status).toBe(400);
  });
});

/** Sets the ImageWidth and ImageLength tags of a TIFF's first directory. */
function declareSize(tif: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(tif);
  const little = out.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? out.readUInt16LE(at) : out.readUInt16BE(at));
  const u32 = (at: number) => (little ? out.readUInt32LE(at) : out.readUInt32BE(at));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const tag = u16(at);
    if (tag !== 256 && tag !== 257) continue;
    const value = tag === 256 ? width : height;
    if (u16(at + 2) === 3) {
      if (little) out.writeUInt16LE(value, at + 8);
      else out.writeUInt16BE(value, at + 8);
    } else if (little) out.writeUInt32LE(value, at + 8);
    else out.writeUInt32BE(value, at + 8);
  }
  return out;
}

describe("GeoTIFF size", () => {
  it("reads a small GeoTIFF", async () => {
    const raster = await readRaster(await tinyGeoTiff());
    expect([raster.width, raster.height]).toEqual([4, 2]);
  });

  it(`refuses a header declaring 60,000 × 60,000 pixels (over ${RASTER_MAX_PIXELS / 1e6} megapixels) with 413 before decoding`, async () => {
    const huge = declareSize(await tinyGeoTiff(), 60_000, 60_000);
    const before = process.memoryUsage().arrayBuffers;
    const error = await refusal(readRaster(huge));
    expect(error.status).toBe(413);
    expect(error.fieldErrors?.files).toBe(`map:errors.raster_too_large|{"max":${RASTER_MAX_PIXELS / 1e6}}`);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });
});
