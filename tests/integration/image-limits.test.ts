/**
 * Issue 27 item 7: uploads refuse images with more pixels than UPLOAD_MAX_PIXELS (a 10 MB PNG can
 * declare 16000 × 16000), crops read at most CROP_MAX_PIXELS, and crops are rendered at a fixed set
 * of sizes, so many different widths leave one file in the disk cache.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
let member = "";

beforeAll(async () => {
  api = await createTestPlatform();
  member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG whose header declares `width` × `height` (what an attacker uploads: 200 KB, 256 megapixels). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  const data = zlib.deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
}

function upload(file: Buffer): Promise<ApiResult> {
  const boundary = "----pixels";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="hash"\r\n\r\npixels\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api.request("POST", "files-api/api/upload/resource-upload", {
    headers: { authorization: `Bearer ${member}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

describe(`[IMAGES] pixel limits and crop sizes (${TEST_DB})`, () => {
  it("an upload declaring 16000 × 16000 pixels is refused at once with 413 and a translated reason", async () => {
    const started = performance.now();
    const res = await upload(pngDeclaring(16000, 16000));
    expect(res.status).toBe(413);
    const body = res.body as ApiErrorBody;
    expect(body.message).toContain("16000 × 16000 pixels");
    expect(body.fieldErrors).toEqual({ upload: 'editor:upload.too_many_pixels|{"max":40}' });
    expect(performance.now() - started).toBeLessThan(2000);
    // Nothing was stored.
    expect(fs.existsSync(path.join(api.filesDir, "pages", "pixels"))).toBe(false);
  });

  it("just past 40 megapixels is refused; an ordinary photo is stored", async () => {
    expect((await upload(pngDeclaring(8000, 5001))).status).toBe(413);
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2a6" } }).png().toBuffer();
    expect((await upload(photo)).status).toBe(200);
  });

  it("a stored image above the crop pixel limit is 422, not 2.7 s and 330 MB of decoding", async () => {
    await api.deps.fileStore.put("pages/legacy/huge.png", pngDeclaring(12000, 10000));
    const res = await api.get("files-api/api/get/crop/pages/legacy/huge.png?w=300");
    expect(res.status).toBe(422);
    expect((res.body as ApiErrorBody).message).toContain("100 megapixels");
  });

  it("64 different widths and fits make one variant on disk, at the next allowed size", async () => {
    const base = "files-api/api/get/crop/pages/seed/gallery/sacred-grove.jpg";
    const cropDir = path.join(api.dataDir, "cache", "crop");
    const countFiles = () => (fs.existsSync(cropDir) ? fs.readdirSync(cropDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
    const before = countFiles();
    const etags = new Set<string>();
    for (let w = 961; w <= 1024; w++) {
      const res = await api.get(`${base}?w=${w}&fit=${w % 2 ? "cover" : "fill"}`);
      expect(res.status).toBe(200);
      etags.add(String(res.headers.etag));
      if (w === 961) expect(await sharp(res.raw).metadata()).toMatchObject({ width: 1024 });
    }
    expect(etags.size).toBe(1);
    expect(countFiles() - before).toBe(1);
    // The banner keeps its exact size.
    const banner = await api.get(`${base}?w=1440&h=300&crop=fit&preserve=true&fit=center`);
    expect(await sharp(banner.raw).metadata()).toMatchObject({ width: 1440, height: 300 });
  });
});
