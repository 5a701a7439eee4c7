/**
 * Issue 32 item 4: resumable uploads over the tus 1.0 protocol, driven over real HTTP through the two
 * Next API routes that answer them in the portal (`src/pages/api/platform/files/upload/tus/[[...id]].ts`
 * for the protocol, the platform's catch-all for `upload/tus-complete/{id}`), reached by their public
 * addresses as the portal server maps them (src/web-server/public-paths.ts). A 20 MB upload cut off
 * midway resumes from the offset HEAD gives and arrives byte-identical; the refusals; the answers are
 * those of the multipart endpoints. On PGlite, then PostgreSQL with TEST_DB=postgres.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { NextApiRequest, NextApiResponse } from "next";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { MyUpload } from "@/contracts/document";
import { simplePdf } from "@/server/modules/documents/simple-pdf";
import { createApiClient } from "@/lib/api/client";
import { resumableUpload } from "@/lib/api/resumable-upload";
import { ACCESS_COOKIE } from "@/lib/auth/cookies";
import { partialUploadsDir, sweepPartialUploads } from "@/server/modules/uploads/partial-uploads";
import { RESUMABLE_EXPIRY_MS } from "@/server/modules/uploads/resumable-rules";
import type { UploadAnswer } from "@/server/modules/uploads/upload.service";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { internalUrlOf } from "@/web-server/public-paths";
import { tokensOf } from "./helpers/accounts";
import { FOREST_BLOCKS, metadataOf, shapefileParts } from "./helpers/layer-fixtures";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
vi.mock("@/server/app/boot", () => ({ getPlatform: async () => ({ router: api.router, deps: api.deps, env: undefined }) }));
const { default: platformApi } = await import("@/pages/api/platform/[...path]");
const { default: tusApi } = await import("@/pages/api/platform/files/upload/tus/[[...id]]");

const MB = 1024 * 1024;
const TUS = "/files-api/api/upload/tus";
const COMPLETE = "/files-api/api/upload/tus-complete";

let server: http.Server;
let base = "";
let admin = "";
let member = "";
let founder = "";

/** The PATCH requests the server saw: the offset each began at. */
const patchOffsets: number[] = [];

/** What the portal server and Next do with a request: the public path mapped, then the most specific API route. */
function portalLike(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method === "PATCH") patchOffsets.push(Number(req.headers["upload-offset"]));
  const internal = internalUrlOf(req.url ?? "/") ?? req.url ?? "/";
  req.url = internal;
  const url = new URL(internal, "http://localhost");
  const query: Record<string, string | string[]> = Object.fromEntries(url.searchParams);
  Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return res;
    },
  });
  const tus = /^\/api\/platform\/files\/upload\/tus(?:\/(.*))?$/.exec(url.pathname);
  if (tus) {
    Object.assign(req, { query: { ...query, id: tus[1] ? tus[1].split("/") : [] } });
    void tusApi(req as NextApiRequest, res as unknown as NextApiResponse);
    return;
  }
  const platform = /^\/api\/platform\/(.*)$/.exec(url.pathname);
  Object.assign(req, { query: { ...query, path: platform ? platform[1]!.split("/").map(decodeURIComponent) : [] } });
  void platformApi(req as NextApiRequest, res as unknown as NextApiResponse);
}

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
  founder = (await tokensOf(api, SEED_USER_BY_ROLE.groupFounder.email!, SEED_USER_BY_ROLE.groupFounder.password)).access_token;
  server = http.createServer(portalLike);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

// The protocol ------------------------------------------------------------------------------------

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");
const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

async function create(length: number, metadata: Record<string, string>, token?: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${TUS}`, {
    method: "POST",
    headers: { "tus-resumable": "1.0.0", "upload-length": String(length), "upload-metadata": metadataHeader(metadata), ...auth(token), ...extra },
  });
}

/** Creates an upload (201) and answers its address. */
async function created(length: number, metadata: Record<string, string>, token: string): Promise<string> {
  const res = await create(length, metadata, token);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get("location")!;
  expect(location).toMatch(/^\/files-api\/api\/upload\/tus\/[0-9a-f]{32}$/);
  return location;
}

function patch(location: string, offset: number, chunk: Buffer, token?: string): Promise<Response> {
  return fetch(`${base}${location}`, {
    method: "PATCH",
    headers: { "tus-resumable": "1.0.0", "upload-offset": String(offset), "content-type": "application/offset+octet-stream", ...auth(token) },
    body: new Uint8Array(chunk),
  });
}

function head(location: string, token?: string): Promise<Response> {
  return fetch(`${base}${location}`, { method: "HEAD", headers: { "tus-resumable": "1.0.0", ...auth(token) } });
}

/** Sends `data` from `offset` in chunks of `chunkSize`, each PATCH answered 204 with the new offset. */
async function sendFrom(location: string, data: Buffer, offset: number, token: string, chunkSize = 5 * MB): Promise<void> {
  for (let at = offset; at < data.length; at += chunkSize) {
    const res = await patch(location, at, data.subarray(at, Math.min(data.length, at + chunkSize)), token);
    expect(res.status, await res.clone().text()).toBe(204);
    expect(Number(res.headers.get("upload-offset"))).toBe(Math.min(data.length, at + chunkSize));
  }
}

async function complete(location: string, token?: string): Promise<{ status: number; body: unknown }> {
  const id = location.split("/").pop();
  const res = await fetch(`${base}${COMPLETE}/${id}`, { method: "POST", headers: auth(token) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * A PATCH whose connection is cut after `sendBytes` of its `chunk.length` announced bytes (a train into
 * a tunnel): resolves once the socket is gone.
 */
function cutPatch(location: string, offset: number, chunk: Buffer, sendBytes: number, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve() : reject(error)));
    socket.on("close", () => resolve());
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: ${offset}\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${chunk.length}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    let sent = 0;
    const piece = 256 * 1024;
    const pump = () => {
      while (sent < sendBytes) {
        const next = chunk.subarray(sent, Math.min(sendBytes, sent + piece));
        sent += next.length;
        if (!socket.write(next)) {
          socket.once("drain", pump);
          return;
        }
      }
      // Let the bytes reach the server, then the link drops.
      setTimeout(() => socket.destroy(), 300);
    };
    pump();
  });
}

/** An MP4 (by its first bytes) of `size` random bytes. */
function fakeVideo(size: number): Buffer {
  const data = crypto.randomBytes(size);
  Buffer.from([0, 0, 0, 0x20]).copy(data, 0);
  Buffer.from("ftypisom", "latin1").copy(data, 4);
  return data;
}

const storedFile = (directory: string, uri: string) => fs.readFileSync(path.join(api.filesDir, directory, ...uri.split("/").filter(Boolean)));

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe(`[UPLOADS] resumable uploads over tus (${TEST_DB})`, () => {
  it("a 20 MB video cut off midway resumes from the offset HEAD gives and arrives byte-identical, answered as resource-upload answers", async () => {
    const video = fakeVideo(20 * MB);
    const location = await created(video.length, { filename: "grove.mp4", filetype: "video/mp4", hash: "ibpmu-tus-test", directory: "pages" }, member);

    // The first 5 MB chunk arrives whole.
    await sendFrom(location, video.subarray(0, 5 * MB), 0, member);
    // The second is cut off after 2 MB of its 5.
    await cutPatch(location, 5 * MB, video.subarray(5 * MB, 10 * MB), 2 * MB, member);

    // HEAD tells how much arrived: what came before the cut is kept (not only whole chunks).
    const offsetNow = async () => {
      const res = await head(location, member);
      return res.status === 200 ? Number(res.headers.get("upload-offset")) : -res.status;
    };
    const offset = await eventually(offsetNow, (n) => n > 5 * MB);
    expect(offset).toBeGreaterThan(5 * MB);
    expect(offset).toBeLessThanOrEqual(7 * MB);
    const probe = await head(location, member);
    expect(probe.headers.get("upload-length")).toBe(String(20 * MB));
    expect(probe.headers.get("cache-control")).toBe("no-store");
    expect(probe.headers.get("upload-metadata")).toContain(`filename ${b64("grove.mp4")}`);

    // Nothing is stored yet: completing before the last byte says so.
    const early = await complete(location, member);
    expect(early.status).toBe(409);

    // Resumed from that offset, in chunks again.
    await sendFrom(location, video, offset, member);
    const done = await complete(location, member);
    expect(done.status).toBe(200);
    const answer = done.body as UploadAnswer;
    expect(answer).toMatchObject({ hashKey: "ibpmu-tus-test", type: "video", size: video.length, error: null, uploaded: true });
    expect(answer.uri).toBe(`/ibpmu-tus-test/${answer.fileName}`);
    expect(answer.fileName).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(sha256(storedFile("pages", answer.uri))).toBe(sha256(video));

    // The same shape as the multipart endpoint's answer.
    const form = new FormData();
    form.set("hash", "ibpmu-multipart");
    form.set("directory", "pages");
    form.set("upload", new Blob([new Uint8Array(video.subarray(0, 64 * 1024))]), "small.mp4");
    const multipart = await fetch(`${base}/files-api/api/upload/resource-upload`, { method: "POST", headers: auth(member), body: form });
    expect(multipart.status).toBe(200);
    expect(Object.keys(answer).sort()).toEqual(Object.keys((await multipart.json()) as object).sort());

    // Completing again (a lost answer) answers the same and stores nothing twice; the partial upload is gone.
    const again = await complete(location, member);
    expect(again).toEqual({ status: 200, body: answer });
    expect(fs.readdirSync(path.join(api.filesDir, "pages", "ibpmu-tus-test"))).toEqual([answer.fileName]);
    expect((await head(location, member)).status).toBe(404);
  }, 120_000);

  it("the browser's client (tus-js-client, its Node build here) sends a 50 MB video over a link that drops at 60 %: it resumes from there", async () => {
    const video = fakeVideo(50 * MB);
    // A link that drops once, after 60 % of the video went through it.
    let forwarded = 0;
    let cut = false;
    const link = net.createServer((client) => {
      const upstream = net.connect(Number(new URL(base).port), "127.0.0.1");
      client.on("data", (data: Buffer) => {
        forwarded += data.length;
        if (!cut && forwarded > 0.6 * video.length) {
          cut = true;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(data);
      });
      upstream.pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => link.listen(0, "127.0.0.1", resolve));
    try {
      const viaLink = `http://127.0.0.1:${(link.address() as AddressInfo).port}/`;
      const client = createApiClient({ baseURL: viaLink, cookies: { [ACCESS_COOKIE]: member } });
      patchOffsets.length = 0;
      const progress: number[] = [];
      const answer = await resumableUpload<UploadAnswer>(client, Object.assign(video, { type: "video/mp4" }) as unknown as Blob, { directory: "pages", hash: "ibpmu-flaky" }, { onProgress: (f) => progress.push(f) });
      expect(cut).toBe(true);
      // It went on from where the link dropped (past the last whole chunk), not from the start.
      const resumedAt = patchOffsets.find((offset) => offset % (5 * MB) !== 0);
      expect(resumedAt, `PATCH offsets ${patchOffsets.join(", ")}`).toBeGreaterThan(0.55 * video.length);
      expect(patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);
      expect(progress.at(-1)).toBe(1);
      expect(answer).toMatchObject({ hashKey: "ibpmu-flaky", type: "video", size: video.length, uploaded: true });
      expect(sha256(storedFile("pages", answer.uri))).toBe(sha256(video));
    } finally {
      link.close();
    }
  }, 120_000);

  it("a PDF for the member's documents completes as my-uploads answers, and is listed there", async () => {
    const pdf = simplePdf("Resumable", [["Page", "Text"]]);
    const location = await created(pdf.length, { filename: "minutes.pdf", filetype: "application/pdf", hash: "ibpmu-tus-doc", module: "document" }, member);
    await sendFrom(location, pdf, 0, member, 1024);
    const done = await complete(location, member);
    expect(done.status).toBe(200);
    const mine = done.body as MyUpload;
    expect(mine).toMatchObject({ hashKey: "ibpmu-tus-doc", type: "application/pdf", fileSize: pdf.length });
    expect(mine.path).toMatch(/^\/ibpmu-tus-doc\/[0-9a-f-]{36}\.pdf$/);
    expect(sha256(storedFile("myUploads", mine.path))).toBe(sha256(pdf));
    const listed = (await (await fetch(`${base}/files-api/api/upload/my-uploads?module=document`, { headers: auth(member) })).json()) as MyUpload[];
    expect(listed.map((u) => u.path)).toContain(mine.path);
    expect(Object.keys(mine).sort()).toEqual(Object.keys(listed[0]!).sort());
  });

  it("an image is re-encoded without its metadata when completed, as resource-upload does", async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 80, b: 20 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "tester" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 48/1 0/1" } })
      .toBuffer();
    const location = await created(jpeg.length, { filename: "photo.jpg", filetype: "image/jpeg", hash: "ibpmu-tus-img", directory: "myUploads" }, member);
    await sendFrom(location, jpeg, 0, member);
    const done = await complete(location, member);
    expect(done.status).toBe(200);
    const answer = done.body as UploadAnswer;
    expect(answer.type).toBe("image");
    const meta = await sharp(storedFile("myUploads", answer.uri)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("refuses an anonymous caller or a bad token with 401 and a reason, before anything is created", async () => {
    const metadata = { filename: "a.mp4", filetype: "video/mp4", hash: "h", directory: "pages" };
    const anonymous = await create(1000, metadata);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ApiErrorBody).message).toBe("Sign-in required");
    expect(anonymous.headers.get("tus-resumable")).toBe("1.0.0");
    // Even when the length is past every limit: who is asking comes first.
    expect((await create(500 * MB, metadata)).status).toBe(401);
    const forged = await create(1000, metadata, "not.a.token");
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as ApiErrorBody).message).toBe("Invalid JWT token");

    const location = await created(1000, metadata, member);
    expect((await head(location)).status).toBe(401);
    const res = await patch(location, 0, Buffer.alloc(1000), undefined);
    expect(res.status).toBe(401);
    expect((await complete(location)).status).toBe(401);
  });

  it("another member (an administrator too) can neither see, continue, complete nor delete someone's upload: 404", async () => {
    const video = fakeVideo(64 * 1024);
    const location = await created(video.length, { filename: "v.mp4", filetype: "video/mp4", hash: "ibpmu-theirs", directory: "pages" }, member);
    await sendFrom(location, video.subarray(0, 1024), 0, member);
    for (const other of [founder, admin]) {
      expect((await head(location, other)).status).toBe(404);
      const res = await patch(location, 1024, video.subarray(1024), other);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).code).toBe("NOT_FOUND");
      const del = await fetch(`${base}${location}`, { method: "DELETE", headers: { "tus-resumable": "1.0.0", ...auth(other) } });
      expect(del.status).toBe(404);
    }
    // Its owner finishes it; nobody else completes it.
    await sendFrom(location, video, 1024, member);
    expect((await complete(location, founder)).status).toBe(404);
    expect((await complete(location, admin)).status).toBe(404);
    expect((await complete(location, member)).status).toBe(200);
    // Completed: still nobody else's.
    expect((await complete(location, founder)).status).toBe(404);
  });

  it("refuses an upload over the limit of its declared kind with 413 and a reason (a 100 MB video fits)", async () => {
    const target = { hash: "ibpmu-big", directory: "pages" };
    const tooLarge = await create(100 * MB + 1, { ...target, filename: "long.mp4", filetype: "video/mp4" }, member);
    expect(tooLarge.status).toBe(413);
    const body = (await tooLarge.json()) as ApiErrorBody;
    expect(body.message).toMatch(/at most 100 MB/);
    expect(body.fieldErrors).toEqual({ upload: "editor:upload.too_large_server" });
    expect((await create(11 * MB, { ...target, filename: "big.jpg", filetype: "image/jpeg" }, member)).status).toBe(413);
    expect((await create(21 * MB, { ...target, filename: "long.mp3", filetype: "audio/mpeg" }, member)).status).toBe(413);
    expect((await create(51 * MB, { hash: "ibpmu-big", module: "document", filename: "big.pdf", filetype: "application/pdf" }, member)).status).toBe(413);
    // Exactly at the limits: accepted (nothing is sent here; the sweep removes them).
    for (const res of [
      await create(100 * MB, { ...target, filename: "long.mp4", filetype: "video/mp4" }, member),
      await create(100 * MB, { hash: "ibpmu-big", module: "document", filename: "talk.webm", filetype: "video/webm" }, member),
    ]) {
      expect(res.status).toBe(201);
      expect(res.headers.get("upload-expires")).toBeTruthy();
    }
  });

  it("a file that says it is an image but is larger when sniffed, or is not a kind accepted, is refused when completed (4xx with a translation key) and removed", async () => {
    const text = Buffer.from("This is no video at all, just text.\n".repeat(2000));
    const location = await created(text.length, { filename: "fake.mp4", filetype: "video/mp4", hash: "ibpmu-fake", directory: "pages" }, member);
    await sendFrom(location, text, 0, member);
    const refused = await complete(location, member);
    expect(refused.status).toBe(415);
    expect((refused.body as ApiErrorBody).fieldErrors).toEqual({ upload: "editor:upload.wrong_type_server" });
    expect((await head(location, member)).status).toBe(404);

    const notPdf = await created(text.length, { filename: "x.pdf", filetype: "application/pdf", hash: "ibpmu-fake", module: "document" }, member);
    await sendFrom(notPdf, text, 0, member);
    const refusedDocument = await complete(notPdf, member);
    expect(refusedDocument.status).toBe(415);
    expect((refusedDocument.body as ApiErrorBody).fieldErrors).toEqual({ upload: "document:errors.file_type" });

    // An image (by its bytes) past the image limit, declared as a video to get past creation.
    const image = Buffer.concat([await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer(), Buffer.alloc(10 * MB)]);
    const big = await created(image.length, { filename: "big.mp4", filetype: "video/mp4", hash: "ibpmu-fake", directory: "pages" }, member);
    await sendFrom(big, image, 0, member);
    const tooBig = await complete(big, member);
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as ApiErrorBody).fieldErrors).toEqual({ upload: "editor:upload.too_large_server" });
  });

  it("checks the target at creation with the multipart endpoints' contracts", async () => {
    const neither = await create(10, { filename: "a.mp4", hash: "h" }, member);
    expect(neither.status).toBe(400);
    expect(((await neither.json()) as ApiErrorBody).message).toMatch(/directory.*module/);
    expect((await create(10, { hash: "h", directory: "pages", module: "document" }, member)).status).toBe(400);
    const badDirectory = await create(10, { hash: "h", directory: "../etc" }, member);
    expect(badDirectory.status).toBe(400);
    expect(((await badDirectory.json()) as ApiErrorBody).fieldErrors).toEqual({ directory: "form:invalid" });
    expect((await create(10, { hash: "not a hash!", directory: "pages" }, member)).status).toBe(400);
    expect((await create(10, { hash: "h", directory: "site" }, member)).status).toBe(403);
    expect((await create(10, { hash: "h", directory: "site" }, admin)).status).toBe(201);
    expect((await create(0, { hash: "h", directory: "pages" }, member)).status).toBe(400);
    const deferred = await fetch(`${base}${TUS}`, {
      method: "POST",
      headers: { "tus-resumable": "1.0.0", "upload-defer-length": "1", "upload-metadata": metadataHeader({ hash: "h", directory: "pages" }), ...auth(member) },
    });
    expect(deferred.status).toBe(400);
    // A client cannot name another owner: the server keeps the caller's id.
    const location = await created(10, { hash: "h", directory: "pages", owner: "1" }, member);
    expect((await head(location, member)).status).toBe(200);
    expect((await head(location, admin)).status).toBe(404);
  });

  it("answers OPTIONS with what it supports, and lets the owner terminate an upload", async () => {
    const options = await fetch(`${base}${TUS}`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("tus-version")).toBe("1.0.0");
    expect(options.headers.get("tus-extension")).toMatch(/creation/);
    expect(options.headers.get("tus-extension")).toMatch(/termination/);
    expect(options.headers.get("tus-max-size")).toBe(String(100 * MB));
    // No CORS for other origins (the platform's allow-list is empty here).
    expect(options.headers.get("access-control-allow-origin")).toBeNull();

    const location = await created(10, { hash: "h", directory: "pages" }, member);
    const del = await fetch(`${base}${location}`, { method: "DELETE", headers: { "tus-resumable": "1.0.0", ...auth(member) } });
    expect(del.status).toBe(204);
    expect((await head(location, member)).status).toBe(404);
    expect((await fetch(`${base}${TUS}`, { headers: auth(member) })).status).toBe(405);
  });

  it("a map layer's files sent ahead over tus (administrators) are previewed, then stored as the layer by their ids", async () => {
    const parts = shapefileParts(FOREST_BLOCKS, null, "blocks");
    const ids: string[] = [];
    for (const [name, data] of Object.entries(parts)) {
      const location = await created(data.length, { filename: name, filetype: "", layer: "1" }, admin);
      await sendFrom(location, data, 0, admin, 64);
      ids.push(location.split("/").pop()!);
    }
    // Members may not send a layer's files; nobody completes one on its own.
    expect((await create(100, { filename: "a.geojson", layer: "1" }, member)).status).toBe(403);
    expect((await complete(`/x/${ids[0]}`, admin)).status).toBe(400);

    const post = (path: string, body: unknown, token: string) =>
      fetch(`${base}/nakshaIntegrator-api/api/layer/${path}`, { method: "POST", headers: { "content-type": "application/json", ...auth(token) }, body: JSON.stringify(body) });
    const preview = await post("preview", { uploads: ids }, admin);
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect(((await preview.json()) as { featureCount: number }).featureCount).toBe(FOREST_BLOCKS.length);
    // Still there for the upload; someone else's ids are no one's.
    const other = await fetch(`${base}${TUS}`, {
      method: "POST",
      headers: { "tus-resumable": "1.0.0", "upload-length": "10", "upload-metadata": metadataHeader({ filename: "x.geojson", layer: "1" }), ...auth(founder) },
    });
    expect(other.status).toBe(403);
    expect((await post("upload", { metadata: JSON.parse(metadataOf()) as unknown, uploads: [...ids, "f".repeat(32)] }, admin)).status).toBe(404);
    expect((await post("upload", { metadata: JSON.parse(metadataOf()) as unknown, uploads: "nope" }, admin)).status).toBe(400);

    const stored = await post("upload", { metadata: JSON.parse(metadataOf({ layerName: "Forest blocks over tus" })) as unknown, uploads: ids }, admin);
    expect(stored.status, await stored.clone().text()).toBe(201);
    expect(await stored.json()).toMatchObject({ name: expect.any(String) });
    // The files were used up.
    for (const id of ids) expect((await head(`${TUS}/${id}`, admin)).status).toBe(404);
  });

  it("sweeps partial uploads a day after their creation", async () => {
    const location = await created(1000, { hash: "h", directory: "pages" }, member);
    await sendFrom(location, Buffer.alloc(100), 0, member);
    const dir = partialUploadsDir(api.deps);
    expect(await sweepPartialUploads(dir)).toBe(0);
    expect((await head(location, member)).status).toBe(200);
    expect(await sweepPartialUploads(dir, Date.now() + RESUMABLE_EXPIRY_MS + 60_000)).toBeGreaterThan(0);
    expect((await head(location, member)).status).toBe(404);
    expect(fs.readdirSync(dir).filter((name) => name !== "completed")).toEqual([]);
  });
});
