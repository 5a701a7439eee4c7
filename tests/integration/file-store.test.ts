/**
 * The files store's contract (src/server/infra/files/file-store.ts), run against both backends: a folder
 * (FILE_STORE=directory, the default) and an S3-compatible bucket (FILE_STORE=s3) served by a real
 * S3 server (s3rver, started here on a free port). Then the files service itself on a bucket: an upload
 * through the platform is read back whole, by range and resized, and an export is downloaded.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/config/env";
import { describeBootError, startPlatform } from "@/server/app/boot";
import { directoryFileStore, fileStoreFromEnv, FileStoreUnusableError, s3FileStore, type FileStore } from "@/server/infra/files/file-store";
import { AppError } from "@/server/infra/http/app-error";
import { makeTempDir, removeDir } from "./helpers/test-database";
import { startS3Server, type TestS3Server } from "./helpers/s3-server";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";
import { sendJson, tokensOf } from "./helpers/accounts";
import type { ExportLog } from "@/contracts/download-log";
import { exportInProgress } from "@/server/modules/exports/export.service";
import { DEMO_RECORDS, SEED_USER_BY_ROLE } from "@/server/seed/demo";

let s3: TestS3Server;
let tempDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  tempDir = makeTempDir("cca-store-");
}, 60_000);

afterAll(async () => {
  await s3?.close();
  if (tempDir) removeDir(tempDir);
});

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A deterministic stream of `size` bytes, made in 64 KiB pieces (never whole in memory). */
function generated(size: number, seed: string): { stream: Readable; digest: string } {
  const hash = crypto.createHash("sha256");
  const pieces: Buffer[] = [];
  let counter = 0;
  let left = size;
  while (left > 0) {
    const piece = crypto.createHash("sha512").update(`${seed}-${counter++}`).digest();
    const block = Buffer.alloc(Math.min(65_536, left));
    for (let i = 0; i < block.length; i += piece.length) piece.copy(block, i);
    pieces.push(block);
    hash.update(block);
    left -= block.length;
  }
  return { stream: Readable.from(pieces), digest: hash.digest("hex") };
}

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

const backends: Array<[string, () => FileStore]> = [
  ["directory", () => directoryFileStore(path.join(tempDir, "files"))],
  ["s3", () => s3FileStore(s3.settings, { tempDir: path.join(tempDir, "s3-tmp") })],
];

describe.each(backends)("file store contract: %s", (kind, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it("puts, stats, reads, streams, overwrites and deletes an object", async () => {
    expect(store.kind).toBe(kind);
    const key = `pages/contract/${kind}-a.txt`;
    await store.put(key, "hello, grove");
    const stat = await store.stat(key);
    expect(stat).toMatchObject({ key, size: 12 });
    expect(stat!.mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    expect((await store.read(key))!.toString()).toBe("hello, grove");
    expect((await bytesOf(await store.stream(key)))!.toString()).toBe("hello, grove");
    // Byte ranges, both ends included, as HTTP asks for them.
    expect((await store.read(key, { start: 7, end: 11 }))!.toString()).toBe("grove");
    expect((await bytesOf(await store.stream(key, { start: 0, end: 4 })))!.toString()).toBe("hello");

    await store.put(key, Buffer.from("replaced"));
    expect((await store.read(key))!.toString()).toBe("replaced");
    expect((await store.stat(key))!.size).toBe(8);

    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
  });

  it("keeps unicode names (Hindi, spaces, emoji) as given", async () => {
    const key = "documents/हिन्दी फ़ाइलें/वन पंचायत 🌳 रिपोर्ट.pdf";
    await store.put(key, "%PDF-1.4 वन");
    expect((await store.stat(key))!.size).toBe(Buffer.byteLength("%PDF-1.4 वन"));
    expect((await store.read(key))!.toString()).toBe("%PDF-1.4 वन");
    expect(await store.stat("documents/हिन्दी फ़ाइलें/वन पंचायत रिपोर्ट.pdf")).toBeNull();
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it("streams a large-ish file in and out unchanged (24 MB)", async () => {
    const size = 24 * 1024 * 1024 + 123;
    const { stream, digest } = generated(size, kind);
    const key = `myUploads/big/${kind}.mp4`;
    await store.put(key, stream);
    expect((await store.stat(key))!.size).toBe(size);
    const hash = crypto.createHash("sha256");
    let length = 0;
    for await (const chunk of (await store.stream(key))!) {
      hash.update(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    expect(length).toBe(size);
    expect(hash.digest("hex")).toBe(digest);
    // The last bytes by range, as a video player asks for them.
    const tail = await store.read(key, { start: size - 100, end: size - 1 });
    expect(tail!.length).toBe(100);
    await store.delete(key);
  }, 120_000);

  it("moves a local file in (putFile): the store has it, the local file is gone", async () => {
    const local = path.join(tempDir, `${kind}-export.csv`);
    fs.writeFileSync(local, "\ufeffname,state\nSacred grove,Meghalaya\n");
    const expected = sha(fs.readFileSync(local));
    await store.putFile(`exports/1-${kind}.csv`, local);
    expect(fs.existsSync(local)).toBe(false);
    expect(sha((await store.read(`exports/1-${kind}.csv`))!)).toBe(expected);
  });

  it("answers a missing key with not found (null), and deleting it is no error", async () => {
    const key = `pages/nowhere/${kind}-missing.png`;
    expect(await store.stat(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    expect(await store.read(key, { start: 0, end: 10 })).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("refuses keys that could leave the store (400), whatever the operation", async () => {
    const bad = ["../secret.txt", "pages/../../secret.txt", "pages/./x", "/etc/passwd", "pages//x", "pages\\..\\x", "pages/x\0.png", "pages/", ""];
    for (const key of bad) {
      for (const op of [() => store.put(key, "x"), () => store.stat(key), () => store.read(key), () => store.stream(key), () => store.delete(key)]) {
        const error = await op().then(() => null, (e: unknown) => e);
        expect(error, JSON.stringify(key)).toBeInstanceOf(AppError);
        expect((error as AppError).status, JSON.stringify(key)).toBe(400);
      }
    }
    // Nothing was written beside the store.
    if (kind === "directory") expect(fs.existsSync(path.join(tempDir, "secret.txt"))).toBe(false);
  });
});

describe("directory backend specifics", () => {
  it("a link out of the folder reads as missing", async () => {
    const root = path.join(tempDir, "linked");
    const store = directoryFileStore(root);
    await store.put("pages/inside.txt", "in");
    fs.writeFileSync(path.join(tempDir, "outside.txt"), "secret");
    fs.symlinkSync(path.join(tempDir, "outside.txt"), path.join(root, "pages", "escape.txt"));
    expect(await store.stat("pages/escape.txt")).toBeNull();
    expect(await store.read("pages/escape.txt")).toBeNull();
  });
});

describe("FILE_STORE from the environment", () => {
  it("defaults to the folder; s3 needs its bucket and keys, each missing one named", () => {
    const plain = parseEnv({ DATA_DIR: tempDir });
    expect(plain.fileStore).toBe("directory");
    expect(fileStoreFromEnv(plain).kind).toBe("directory");
    expect(() => parseEnv({ DATA_DIR: tempDir, FILE_STORE: "s3" })).toThrow(/S3_BUCKET is required[\s\S]*S3_ACCESS_KEY_ID is required[\s\S]*S3_SECRET_ACCESS_KEY is required/);
    expect(() => parseEnv({ DATA_DIR: tempDir, FILE_STORE: "ftp" })).toThrow(/FILE_STORE must be directory or s3/);
    const env = parseEnv({
      DATA_DIR: tempDir,
      FILE_STORE: "s3",
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env.s3).toEqual({ ...s3.settings, region: "us-east-1" });
    expect(fileStoreFromEnv(env).kind).toBe("s3");
  });
});

describe("a files store that cannot be used stops the start, saying why", () => {
  it("names a missing bucket and a files folder that cannot be written; a usable store passes", async () => {
    await expect(s3FileStore(s3.settings).check()).resolves.toBeUndefined();
    await expect(s3FileStore({ ...s3.settings, bucket: "no-such-bucket-cca" }).check()).rejects.toThrow(/S3 bucket "no-such-bucket-cca" at .* does not exist/);
    const aFile = path.join(tempDir, "not-a-folder");
    fs.writeFileSync(aFile, "x");
    await expect(directoryFileStore(path.join(aFile, "files")).check()).rejects.toThrow(/files folder .* cannot be written: (ENOTDIR|EEXIST)/);
    await expect(directoryFileStore(path.join(tempDir, "fresh-files")).check()).resolves.toBeUndefined();
  });

  it("the platform refuses to start on a missing bucket with that message, not a stack trace", async () => {
    const env = parseEnv({
      DATA_DIR: path.join(tempDir, "boot-missing-bucket"),
      FILE_STORE: "s3",
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_BUCKET: "no-such-bucket-cca",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    });
    const failure = await startPlatform(env, { info: () => undefined, warn: () => undefined, error: () => undefined }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FileStoreUnusableError);
    expect(describeBootError(failure)).toMatch(/^The S3 bucket "no-such-bucket-cca" .* does not exist\.$/);
  });
});

// A PNG of 40×20 px, made by sharp.
async function png(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
}

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer; type: string }): { body: Buffer; type: string } {
  const boundary = `----cca${crypto.randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="upload"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe("the files service on a bucket", () => {
  let api: TestPlatform;
  let store: FileStore;
  beforeAll(async () => {
    store = s3FileStore(s3.settings, { tempDir: path.join(tempDir, "platform-tmp") });
    api = await createTestPlatform({ fileStore: store });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("serves the demo files written into the bucket by the seed", async () => {
    const stat = await store.stat("userGroups/logos/sacred-groves.svg");
    expect(stat).not.toBeNull();
    const res = await api.get("files-api/api/get/raw/userGroups/logos/sacred-groves.svg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.raw.equals((await store.read("userGroups/logos/sacred-groves.svg"))!)).toBe(true);
  });

  it("an upload lands in the bucket and is read back whole, by range and resized; a missing file is 404", async () => {
    const token = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
    const authorization = `Bearer ${token}`;
    const form = multipart({ hash: "s3test", directory: "pages" }, { name: "grove.png", data: await png(), type: "image/png" });
    const up = await api.request("POST", "files-api/api/upload/resource-upload", { headers: { authorization, "content-type": form.type }, body: form.body });
    expect(up.status).toBe(200);
    const { uri } = up.body as { uri: string };
    // Nothing in the platform's local folder: the bucket has it.
    expect(fs.existsSync(path.join(api.filesDir, "pages", uri))).toBe(false);
    const stored = await store.read(`pages${uri}`);
    expect(stored).not.toBeNull();

    const whole = await api.get(`files-api/api/get/raw/pages${uri}`);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("image/png");
    expect(whole.raw.equals(stored!)).toBe(true);

    const range = await api.get(`files-api/api/get/raw/pages${uri}`, { headers: { range: "bytes=0-7" } });
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 0-7/${stored!.length}`);
    expect([...range.raw]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const again = await api.get(`files-api/api/get/raw/pages${uri}`, { headers: { "if-none-match": String(whole.headers.etag) } });
    expect(again.status).toBe(304);

    const small = await api.get(`files-api/api/get/crop/pages${uri}?w=10&fm=webp`);
    expect(small.status).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    const { default: sharp } = await import("sharp");
    expect((await sharp(small.raw).metadata()).width).toBe(10);

    expect((await api.get("files-api/api/get/raw/pages/s3test/none.png")).status).toBe(404);
    expect((await api.get("files-api/api/get/raw/pages/..%2F..%2Fsecret")).status).toBe(400);
  });

  it("a data export is written into the bucket and downloaded from it", async () => {
    const admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
    const shortName = DEMO_RECORDS[0]!.shortName;
    const queued = await sendJson(api, "POST", `cca-api/api/v1/data/all/download?shortName=${shortName}&format=csv`, { notes: "Bucket export check" }, { token: admin });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const { id } = queued.body as ExportLog;
    await exportInProgress(id);
    const row = await api.db.one<{ status: string; file_name: string; file_size: string | number }>("select status, file_name, file_size from download_log where id = $1", [id]);
    expect(row.status).toBe("success");
    const inBucket = await store.read(`exports/${row.file_name}`);
    expect(inBucket!.length).toBe(Number(row.file_size));
    // Nothing left on this machine: neither in the folder store nor among the temp files.
    expect(fs.existsSync(path.join(api.filesDir, "exports", row.file_name))).toBe(false);
    expect(fs.readdirSync(path.join(api.dataDir, "cache", "tmp"))).toEqual([]);
    const file = await api.get(`cca-api/api/v1/data/all/download/${id}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^text\/csv/);
    expect(file.raw.equals(inBucket!)).toBe(true);
    expect([...file.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
