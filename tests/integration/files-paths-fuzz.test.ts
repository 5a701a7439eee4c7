/**
 * Whatever path a client asks the files service for, it answers without a server error and never with
 * a file from outside the store: overlong names and segments, percent-encoding (once and twice),
 * `..` traversal, separators, control characters, NUL and unicode, on get/raw and get/crop (and HEAD),
 * plus uploads whose original file name is overlong or hostile.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { UploadAnswer } from "@/server/modules/uploads/upload.service";
import { tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const SECRET = `outside-the-store-${crypto.randomUUID()}`;
let api: TestPlatform;
let member = "";
/** sha256 of every file in the store: a 200 answer must be one of them. */
let storeDigests = new Set<string>();

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

beforeAll(async () => {
  api = await createTestPlatform();
  member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
  // Bait beside and above the store: a sibling whose name starts like a store directory, the cache, the data folder.
  for (const place of ["pagesX/secret.txt", "../cache/secret.txt", "../secret.txt", "../pages/secret.txt"]) {
    const file = path.join(api.filesDir, place);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, SECRET);
  }
  storeDigests = new Set(filesUnder(api.filesDir).filter((f) => !f.includes(`${path.sep}pagesX${path.sep}`)).map((f) => sha256(fs.readFileSync(f))));
});

afterAll(async () => {
  await api?.close();
});

/** A small deterministic generator, so a failing case can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "..", ".", "%2e%2e", "%2E%2e", "%252e%252e", ".%2e", "%2f", "%2F", "%5c", "\\", "..\\..\\", "%00", "\u0000", "%0a", "\n", "\r", "\t",
  "%01", "\u001f", "\u007f", "%ff", "%c0%af", "%e0%80%ae", "%", "%%", "%zz", "~", "$HOME", "*", "%3f", "%23", ";", ":", "secret.txt", "seed",
  "gallery", "sacred-grove.jpg", "cca-landscape.svg", "etc", "passwd", "jwt-secret", "pagesX", "cache", "वन", "🌳", "\u202e", "\ufeff",
  "ｐａｇｅｓ", "a".repeat(255), "b".repeat(256), "é".repeat(128), "x".repeat(5000), "%41".repeat(2000), " ", "+", "CON", "aux.txt",
];
const DIRECTORIES = ["pages", "userGroups", "site", "pagesX", "..", "%2e%2e", "", "PAGES", "pages%2f..", "x".repeat(5000)];

/** Files the seed stores: generated paths start from one of them about half of the time. */
const REAL_FILES = ["pages/seed/gallery/sacred-grove.jpg", "pages/seed/cca-landscape.svg", "userGroups/logos/chilika.svg"];

/** A random path, or a real file's path with 0–3 hostile changes (a piece inserted, replacing a segment or stuck to one). */
function randomPath(next: () => number): string {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const piece = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(PIECES)).join("");
  if (next() < 0.5) {
    const segments = pick(REAL_FILES).split("/");
    for (let changes = Math.floor(next() * 4); changes > 0; changes--) {
      const at = Math.floor(next() * segments.length);
      const how = next();
      if (how < 0.4) segments.splice(at, 0, piece());
      else if (how < 0.7) segments[at] = piece();
      else segments[at] = next() < 0.5 ? `${segments[at]}${piece()}` : `${piece()}${segments[at]}`;
    }
    return segments.join("/");
  }
  const segments = Array.from({ length: 1 + Math.floor(next() * 6) }, piece);
  return `${pick(DIRECTORIES)}/${segments.join(next() < 0.2 ? "//" : "/")}`;
}

const HAND_WRITTEN = [
  `pages/${"a".repeat(5000)}`,
  `pages/${"a".repeat(5000)}.jpg`,
  `pages/seed/${"a".repeat(256)}.svg`,
  `pages/seed/${"a".repeat(255)}`,
  `pages/${Array.from({ length: 40 }, () => "d".repeat(200)).join("/")}/x.jpg`,
  `pages/${"%61".repeat(5000)}`,
  `pages/${"वन".repeat(100)}.jpg`,
  `pages/${"🌳".repeat(70)}.png`,
  "pages/../secret.txt",
  "pages/../../secret.txt",
  "pages/%2e%2e/%2e%2e/secret.txt",
  "pages/%2e%2e%2f%2e%2e%2fsecret.txt",
  "pages/%252e%252e/%252e%252e/secret.txt",
  "pages/..%5c..%5csecret.txt",
  "pages/..\\..\\secret.txt",
  "pagesX/secret.txt",
  "pages/../pagesX/secret.txt",
  "pages/seed/%00/../../secret.txt",
  "pages/seed/cca-landscape.svg%00.jpg",
  "pages/seed/cca-landscape.svg\u0000.jpg",
  "pages/seed/\u0001\u0002\u0003",
  "pages/seed/a\nb\r\tc",
  "pages/seed/%0d%0aSet-Cookie:%20x=1",
  "pages/%c0%ae%c0%ae/secret.txt",
  "pages/%",
  "pages/%zz",
  "pages/seed/%ff%fe",
  "pages/\u202egpj.txt",
  "pages/seed/gallery/sacred-grove.jpg",
  "pages/seed/cca-landscape.svg",
];

function isFromTheStore(res: ApiResult): boolean {
  return Buffer.isBuffer(res.body) && storeDigests.has(sha256(res.raw));
}

async function expectSafe(method: "GET" | "HEAD", url: string): Promise<ApiResult> {
  const res = await api.request(method, url);
  const label = `${method} ${url.slice(0, 200)}${url.length > 200 ? `… (${url.length} chars)` : ""}`;
  expect(res.status, label).toBeLessThan(500);
  expect(res.raw.includes(Buffer.from(SECRET)), label).toBe(false);
  if (res.status >= 400) {
    // Every refusal says why.
    expect((res.body as ApiErrorBody).message, label).toMatch(/\S/);
  } else if (method === "GET" && res.status === 200 && !url.includes("?w=")) {
    expect(isFromTheStore(res), label).toBe(true);
  }
  return res;
}

describe(`[FILES] no path makes the files service fail or leave its store (${TEST_DB})`, () => {
  it("a client asking for a 5,000-character file name gets 404 with a message, not a server error", async () => {
    for (const route of ["raw", "crop"]) {
      const res = await api.get(`files-api/api/get/${route}/pages/${"a".repeat(5000)}.jpg?w=10`);
      expect(res.status, route).toBe(404);
      expect((res.body as ApiErrorBody).message).toMatch(/not found/i);
    }
    const deep = await api.get(`files-api/api/get/raw/pages/${Array.from({ length: 40 }, () => "d".repeat(200)).join("/")}/x.jpg`);
    expect(deep.status).toBe(404);
    expect(api.logged).toEqual([]);
  });

  it("hand-written hostile paths on raw and crop, with GET and HEAD, never answer 5xx or a file outside the store", async () => {
    for (const p of HAND_WRITTEN) {
      for (const route of ["raw", "crop"]) {
        await expectSafe("GET", `files-api/api/get/${route}/${p}`);
        await expectSafe("HEAD", `files-api/api/get/${route}/${p}`);
        await expectSafe("GET", `files-api/api/get/${route}/${p}?w=10&h=10&fm=webp`);
      }
    }
    // The two real files among them are served.
    expect((await api.get("files-api/api/get/raw/pages/seed/gallery/sacred-grove.jpg")).status).toBe(200);
    expect(api.logged).toEqual([]);
  });

  it("600 generated paths (seeded, reproducible) never answer 5xx or a file outside the store", async () => {
    const next = prng(20260509);
    let served = 0;
    for (let i = 0; i < 600; i++) {
      const route = next() < 0.5 ? "raw" : "crop";
      const query = route === "crop" && next() < 0.5 ? "?w=10" : "";
      const res = await expectSafe("GET", `files-api/api/get/${route}/${randomPath(next)}${query}`);
      if (res.status === 200) served++;
    }
    // Some unchanged real paths are served (so the "from the store" check ran); the rest is refused.
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(200);
    expect(api.logged).toEqual([]);
  });
});

describe(`[FILES] uploads ignore the original file name, however long or hostile (${TEST_DB})`, () => {
  function uploadNamed(file: Buffer, fileName: string): Promise<ApiResult> {
    const boundary = `----fuzz${crypto.randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="hash"\r\n\r\nfuzz\r\n--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return api.request("POST", "files-api/api/upload/resource-upload", {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${member}` },
      body,
    });
  }

  it("stores the file under a fresh name in the store, or refuses the body with a message, never 5xx", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } }).png().toBuffer();
    const loggedBefore = api.logged.length;
    const names = [
      `${"a".repeat(5000)}.png`,
      `${"वन".repeat(3000)}.png`,
      "../../../secret.txt",
      "..\\..\\secret.png",
      "%2e%2e%2fsecret.png",
      "a\u0001b\u007f.png",
      `${"x".repeat(200_000)}.png`,
    ];
    for (const name of names) {
      const res = await uploadNamed(png, name);
      const label = `${name.slice(0, 40)}… (${name.length} chars)`;
      expect(res.status, label).toBeLessThan(500);
      if (res.status === 200) {
        const answer = res.body as UploadAnswer;
        expect(answer.uri, label).toMatch(/^\/fuzz\/[0-9a-f-]{36}\.png$/);
        expect(fs.existsSync(path.join(api.filesDir, "pages", answer.uri)), label).toBe(true);
      } else {
        expect((res.body as ApiErrorBody).message, label).toMatch(/\S/);
      }
    }
    // Nothing was written beside the store (only the bait of beforeAll is there).
    expect(fs.readdirSync(path.dirname(api.filesDir)).sort()).toEqual(["cache", "files", "pages", "secret.txt"]);
    expect(fs.readdirSync(path.join(path.dirname(api.filesDir), "pages"))).toEqual(["secret.txt"]);
    expect(api.logged.slice(loggedBefore)).toEqual([]);
  });
});
