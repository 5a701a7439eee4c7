/**
 * Issue 27 item 8: request bodies are limited per route and refused before they are read. Driven over a
 * real socket through the Next adapter of the platform API (src/pages/api/platform/[...path].ts) on a
 * seeded platform, so what is measured is what a client sees: when the answer comes, and whether the
 * server waited for (or buffered) a body it was going to refuse.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { NextApiRequest, NextApiResponse } from "next";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { DEFAULT_BODY_LIMIT, json, type PlatformRouter } from "@/server/infra/http/router";
import { tokensOf } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
/** A router standing in for the platform's (one test looks at what the adapter hands over). */
let routerOverride: PlatformRouter | null = null;
vi.mock("@/server/app/boot", () => ({ getPlatform: async () => ({ router: routerOverride ?? api.router, deps: api.deps, env: undefined }) }));
const { default: platformApi } = await import("@/pages/api/platform/[...path]");

let server: http.Server;
let port = 0;
let adminToken = "";
let memberToken = "";

/** What Next hands the API route: the catch-all path and the query parsed, `res.status()`. */
function nextLike(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://localhost");
  const match = /^\/([^/]+)-api\/api\/(.*)$/.exec(url.pathname);
  const query: Record<string, string | string[]> = Object.fromEntries(url.searchParams);
  query.path = match ? [match[1]!, ...match[2]!.split("/").map(decodeURIComponent)] : [];
  Object.assign(req, { query });
  Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return res;
    },
  });
  void platformApi(req as NextApiRequest, res as unknown as NextApiResponse);
}

beforeAll(async () => {
  api = await createTestPlatform();
  adminToken = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  memberToken = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
  server = http.createServer(nextLike);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

interface RawAnswer {
  head: string;
  status: number;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
  /** Body bytes the client had handed to its socket when the answer arrived. */
  sentWhenAnswered: number;
  ms: number;
}

/**
 * Sends the request head, then `initial`, then — with `chunked` — 64 KB chunks until the answer comes
 * (at most `chunkLimit` bytes); without it nothing more, whatever Content-Length announced. Resolves
 * once the answer is complete and the server closed the connection (or after `waitMs`).
 */
function rawRequest(head: string, initial: Buffer, options: { chunked?: boolean; chunkLimit?: number; waitMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let sent = 0;
    let answeredAt: number | null = null;
    let sentWhenAnswered = 0;
    let finished = false;
    const finish = (closed: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const text = received.toString("latin1");
      const [rawHead = "", body = ""] = text.split("\r\n\r\n");
      socket.destroy();
      resolve({ head: rawHead, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(rawHead)?.[1] ?? 0), body, closed, sentWhenAnswered, ms: (answeredAt ?? Date.now()) - started });
    };
    const timer = setTimeout(() => finish(false), options.waitMs ?? 10_000);
    socket.on("data", (chunk: Buffer) => {
      if (answeredAt === null) {
        answeredAt = Date.now();
        sentWhenAnswered = sent;
      }
      received = Buffer.concat([received, chunk]);
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close while the client still writes: the answer was read before that.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") finish(true);
      else reject(error);
    });
    socket.write(head);
    if (initial.length > 0) {
      socket.write(options.chunked ? `${initial.length.toString(16)}\r\n` : "");
      socket.write(initial);
      if (options.chunked) socket.write("\r\n");
      sent += initial.length;
    }
    if (options.chunked) {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!finished && answeredAt === null && sent < (options.chunkLimit ?? 64 * 1024 * 1024)) {
          sent += chunk.length;
          socket.write(`${chunk.length.toString(16)}\r\n`);
          socket.write(chunk);
          if (!socket.write("\r\n")) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      pump();
    }
  });
}

const headOf = (method: string, path: string, headers: Record<string, string>) =>
  `${method} /${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

const MB = 1024 * 1024;

describe(`[LIMITS] request bodies are refused before they are read (${TEST_DB})`, () => {
  it("a Content-Length of 200 MB with a tiny body is refused at once with 413 and a reason, and the connection closes", async () => {
    const res = await rawRequest(
      headOf("POST", "user-api/api/v1/authenticate/login", { "content-type": "application/json", "content-length": String(200 * MB) }),
      Buffer.from('{"username":"a"'),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("at most 1 MB") });
    expect(res.head.toLowerCase()).toContain("connection: close");
    expect(res.closed).toBe(true);
    // Answered without waiting for the 200 MB that never come.
    expect(res.ms).toBeLessThan(3000);
  });

  it("the same for an upload route: 200 MB declared is past its 101 MB, refused before reading", async () => {
    const res = await rawRequest(
      headOf("POST", "files-api/api/upload/resource-upload", { authorization: `Bearer ${adminToken}`, "content-type": "multipart/form-data; boundary=XYZ", "content-length": String(200 * MB) }),
      Buffer.from("--XYZ\r\n"),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toContain("at most 101 MB");
    expect(res.closed).toBe(true);
  });

  it("a chunked body without Content-Length is cut off once past the limit: 413, the connection closed", async () => {
    const res = await rawRequest(
      headOf("POST", "pages-api/api/v1/page", { authorization: `Bearer ${adminToken}`, "content-type": "application/json", "transfer-encoding": "chunked" }),
      Buffer.from('{"title":"'),
      { chunked: true, chunkLimit: 200 * MB, waitMs: 30_000 },
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toContain("at most 6 MB");
    expect(res.closed).toBe(true);
    // The server stopped reading near the limit; the client could not push 200 MB into it.
    expect(res.sentWhenAnswered).toBeLessThan(6 * MB + 16 * MB);
  }, 60_000);

  it("a method the route does not take is 405 before the body is read", async () => {
    const res = await rawRequest(
      headOf("PUT", "files-api/api/upload/resource-upload", { "content-type": "application/octet-stream", "content-length": String(50 * MB) }),
      Buffer.from("abc"),
    );
    expect(res.status).toBe(405);
    expect(res.head.toLowerCase()).toMatch(/allow: post/);
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(3000);
  });

  it("an upload from an anonymous caller is 401 before its body is read; a layer upload from a member 403", async () => {
    const anonymous = await rawRequest(
      headOf("POST", "files-api/api/upload/resource-upload", { "content-type": "multipart/form-data; boundary=XYZ", "content-length": String(50 * MB) }),
      Buffer.from("--XYZ\r\n"),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.closed).toBe(true);
    expect(anonymous.ms).toBeLessThan(3000);
    const member = await rawRequest(
      headOf("POST", "nakshaIntegrator-api/api/layer/upload", { authorization: `Bearer ${memberToken}`, "content-type": "multipart/form-data; boundary=XYZ", "content-length": String(50 * MB) }),
      Buffer.from("--XYZ\r\n"),
    );
    expect(member.status).toBe(403);
    expect(member.closed).toBe(true);
  });

  it("bodies within their limits still arrive whole: a sign-in form, and an image upload over the socket", async () => {
    const login = await fetch(`http://127.0.0.1:${port}/user-api/api/v1/authenticate/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: SEED_USER_BY_ROLE.admin.email, password: SEED_USER_BY_ROLE.admin.password, mode: "manual" }),
    });
    expect(login.status).toBe(200);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } }).png().toBuffer();
    const form = new FormData();
    form.append("hash", "bodylimits");
    form.append("directory", "pages");
    form.append("upload", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
    const upload = await fetch(`http://127.0.0.1:${port}/files-api/api/upload/resource-upload`, { method: "POST", headers: { authorization: `Bearer ${adminToken}` }, body: form });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({ uploaded: true, type: "image" });
  });

  // In the built portal the API route and the platform are separate bundles, each with its own AppError
  // class: what the adapter hands the router must be plain values, or a 413 would become a 500.
  it("the adapter reports a body past the limit as null and an unreadable one as a plain rejection, never as an AppError", async () => {
    const seen: unknown[] = [];
    routerOverride = {
      handle: async (request) => {
        seen.push(await request.readBody!(1024).then((b) => (b === null ? null : b.length), (e: unknown) => ({ rejected: (e as Error).constructor.name })));
        return json({});
      },
    };
    try {
      await fetch(`http://127.0.0.1:${port}/user-api/api/v1/x`, { method: "POST", body: "a".repeat(1024) });
      await rawRequest(headOf("POST", "user-api/api/v1/x", { "transfer-encoding": "chunked" }), Buffer.alloc(0), { chunked: true, chunkLimit: 4 * MB });
    } finally {
      routerOverride = null;
    }
    expect(seen).toEqual([1024, null]);
  });

  it("JSON writes take 1 MB by default; pages, records and templates more; every limit is refused through the router too", async () => {
    expect(DEFAULT_BODY_LIMIT).toBe(MB);
    const limits = Object.fromEntries(api.router.describeRoutes().map((r) => [`${r.method} ${r.service} ${r.pattern}`, r.maxBodyBytes]));
    expect(limits["POST user /v1/authenticate/login"]).toBe(MB);
    expect(limits["PUT pages /v1/page"]).toBe(6 * MB);
    expect(limits["POST cca /v1/data/save"]).toBe(16 * MB);
    expect(limits["POST files /upload/resource-upload"]).toBe(101 * MB);
    const res = await api.request("POST", "user-api/api/v1/authenticate/login", { headers: { "content-type": "application/json" }, body: Buffer.alloc(MB + 1, 0x20) });
    expect(res.status).toBe(413);
  });
});
