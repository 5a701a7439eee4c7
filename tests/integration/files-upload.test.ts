import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { UploadAnswer } from "@/server/modules/uploads/upload.service";
import { sniffMedia } from "@/server/modules/uploads/upload-media";
import { getAs, tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const UPLOAD = "files-api/api/upload/resource-upload";
let api: TestPlatform;
let admin = "";
let member = "";

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----it${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.fileName ? `Content-Type: ${p.type ?? "application/octet-stream"}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(file: Buffer | null, fields: Record<string, string>, token?: string, fileName = "photo.jpg", type = "image/jpeg"): Promise<ApiResult> {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: "upload", value: file, fileName, type });
  const { body, contentType } = multipart(parts);
  const headers: Record<string, string> = { "content-type": contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return api.request("POST", UPLOAD, { headers, body });
}

/** A 40×20 JPEG that says "rotate 90°" and carries GPS coordinates. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "tester" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 48/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "85/1 49/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const pngImage = () => sharp({ create: { width: 30, height: 30, channels: 4, background: "#00ff00" } }).png().toBuffer();
const mp4Header = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(12), Buffer.from("moov")]);
const wavHeader = () => Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.alloc(32)]);
const errorOf = (res: ApiResult) => res.body as ApiErrorBody;

describe(`[UPLOAD] POST ${UPLOAD} (${TEST_DB})`, () => {
  it("stores a JPEG without metadata (no GPS), auto-oriented, served raw and cropped", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await upload(original, { hash: "ibpmu-abc_123", directory: "pages" }, member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as UploadAnswer;
    expect(answer).toMatchObject({ type: "image", hashKey: "ibpmu-abc_123", uploaded: true });
    expect(answer.uri).toMatch(/^\/ibpmu-abc_123\/[0-9a-f-]{36}\.jpg$/);

    const raw = await getAs(api, `files-api/api/get/raw/pages${answer.uri}`);
    expect(raw.status).toBe(200);
    expect(raw.headers["content-type"]).toBe("image/jpeg");
    const stored = await sharp(raw.raw).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(raw.raw.includes(Buffer.from("tester"))).toBe(false);

    const crop = await getAs(api, `files-api/api/get/crop/pages${answer.uri}?w=10&fm=webp`);
    expect(crop.status).toBe(200);
    expect((await sharp(crop.raw).metadata()).width).toBe(10);
  });

  it("accepts PNG, MP4 and WAV by content (the name does not matter) and answers their type", async () => {
    const png = await upload(await pngImage(), { hash: "h1", directory: "userGroups" }, member, "whatever.bin", "application/octet-stream");
    expect(png.status).toBe(200);
    expect((png.body as UploadAnswer).uri).toMatch(/\.png$/);
    const mp4 = await upload(mp4Header(), { hash: "h2" }, member, "clip.mov", "video/quicktime");
    expect(mp4.status).toBe(200);
    expect(mp4.body).toMatchObject({ type: "video" });
    expect((mp4.body as UploadAnswer).uri).toMatch(/\.mp4$/);
    const wav = await upload(wavHeader(), { hash: "h3", directory: "pages" }, member, "a.wav", "audio/wav");
    expect(wav.body).toMatchObject({ type: "audio" });
    expect((await getAs(api, `files-api/api/get/raw/pages${(mp4.body as UploadAnswer).uri}`)).status).toBe(200);
  });

  it("refuses other content disguised by its name, and images that are not readable", async () => {
    for (const [content, name] of [
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "image.jpg"],
      [Buffer.from("<html><script>alert(1)</script></html>"), "photo.png"],
      [Buffer.from("%PDF-1.7\n"), "clip.mp4"],
      [Buffer.from("MZ\x90\x00 executable"), "song.mp3"],
    ] as const) {
      const res = await upload(content, { hash: "bad", directory: "pages" }, member, name, "image/jpeg");
      expect(res.status, name).toBe(415);
      expect(errorOf(res).message).toMatch(/checked by content/);
    }
    const broken = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), { hash: "bad" }, member);
    expect(broken.status).toBe(415);
  });

  it("refuses files over the limit of their kind with 413 and a clear message", async () => {
    const big = Buffer.concat([(await pngImage()), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(big, { hash: "big" }, member, "big.png", "image/png");
    expect(res.status).toBe(413);
    expect(errorOf(res).message).toMatch(/images may be at most 10 MB/);
    const audio = Buffer.concat([wavHeader(), Buffer.alloc(20 * 1024 * 1024)]);
    const res2 = await upload(audio, { hash: "big" }, member, "a.wav", "audio/wav");
    expect(res2.status).toBe(413);
    expect(errorOf(res2).message).toMatch(/audio may be at most 20 MB/);
  });

  it("needs a signed-in user, a safe hash, a known directory (site for administrators only) and a file", async () => {
    const png = await pngImage();
    expect((await upload(png, { hash: "h" })).status).toBe(401);
    for (const hash of ["../../etc", "..", "a/b", "a b", "", "x".repeat(65), "%2e%2e"]) {
      const res = await upload(png, { hash, directory: "pages" }, member);
      expect(res.status, hash).toBe(400);
      // Field errors are translation keys the forms show in the visitor's language.
      expect(errorOf(res).fieldErrors).toEqual({ hash: "form:invalid" });
    }
    for (const directory of ["../files", "secret", "pages/../users", "d".repeat(5000)]) {
      const res = await upload(png, { hash: "h", directory }, member);
      expect(res.status, directory).toBe(400);
      expect(errorOf(res).fieldErrors).toEqual({ directory: "form:invalid" });
      expect(errorOf(res).message.length).toBeLessThan(100);
    }
    expect((await upload(png, { hash: "h", directory: "site" }, member)).status).toBe(403);
    expect((await upload(png, { hash: "h", directory: "site" }, admin)).status).toBe(200);
    const noFile = await upload(null, { hash: "h", directory: "pages" }, member);
    expect(noFile.status).toBe(400);
    expect(errorOf(noFile).fieldErrors).toEqual({ upload: "form:required" });
    const notMultipart = await api.request("POST", UPLOAD, { headers: { authorization: `Bearer ${member}`, "content-type": "application/json" }, body: Buffer.from("{}") });
    expect(notMultipart.status).toBe(415);
  });

  it("sniffs by magic bytes", () => {
    expect(sniffMedia(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({ kind: "image", ext: "jpg" });
    expect(sniffMedia(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  ")]))).toEqual({ kind: "video", ext: "mov" });
    expect(sniffMedia(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypheic")]))).toBeNull();
    expect(sniffMedia(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from("webm")]))).toEqual({ kind: "video", ext: "webm" });
    expect(sniffMedia(Buffer.from("ID3\x04\x00"))).toEqual({ kind: "audio", ext: "mp3" });
    expect(sniffMedia(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toEqual({ kind: "audio", ext: "mp3" });
    expect(sniffMedia(Buffer.from("GIF89a"))).toBeNull();
  });
});
