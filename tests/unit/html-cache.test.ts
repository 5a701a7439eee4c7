// @vitest-environment node
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "@/shared/cache/invalidation";
import { CACHE_STATUS_HEADER, cacheKeyOf, createHtmlCache, storableFor, type HtmlCache } from "@/web-server/html-cache";

const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers: { host: "portal.example", ...headers } });

describe("[CACHE] the anonymous page cache key", () => {
  it("keys by host, path and query, and the response encoding", () => {
    const key = cacheKeyOf(req("/page/show/45?x=1", { "accept-encoding": "gzip, deflate, br" }));
    expect(key).not.toBeNull();
    expect(cacheKeyOf(req("/page/show/45?x=1", { "accept-encoding": "gzip" }))).toBe(key);
    expect(cacheKeyOf(req("/page/show/45?x=2", { "accept-encoding": "gzip" }))).not.toBe(key);
    expect(cacheKeyOf(req("/page/show/46?x=1", { "accept-encoding": "gzip" }))).not.toBe(key);
    expect(cacheKeyOf(req("/page/show/45?x=1"))).not.toBe(key); // identity
    expect(cacheKeyOf({ ...req("/page/show/45?x=1", { "accept-encoding": "gzip" }), headers: { host: "chilika.example", "accept-encoding": "gzip" } })).not.toBe(key);
  });

  it("never shares an entry between Hindi and English", () => {
    expect(cacheKeyOf(req("/hi/page/show/45"))).not.toBe(cacheKeyOf(req("/page/show/45")));
    // At the root the language comes from the cookie or the browser's languages (Next redirects).
    expect(cacheKeyOf(req("/", { cookie: "NEXT_LOCALE=hi" }))).not.toBe(cacheKeyOf(req("/", { cookie: "NEXT_LOCALE=en" })));
    expect(cacheKeyOf(req("/", { "accept-language": "hi-IN,hi;q=0.9" }))).not.toBe(cacheKeyOf(req("/")));
    // Elsewhere the path decides, so the cookie does not split entries.
    expect(cacheKeyOf(req("/page/show/45", { cookie: "NEXT_LOCALE=hi" }))).toBe(cacheKeyOf(req("/page/show/45", { cookie: "NEXT_LOCALE=en" })));
  });

  it("bypasses sessions, writes, files, the platform API and Next's assets", () => {
    expect(cacheKeyOf(req("/page/show/45", { cookie: "NEXT_LOCALE=en; BAToken=abc" }))).toBeNull();
    expect(cacheKeyOf(req("/page/show/45", { cookie: "BRToken=abc" }))).toBeNull();
    expect(cacheKeyOf(req("/page/show/45", { authorization: "Bearer abc" }))).toBeNull();
    expect(cacheKeyOf(req("/page/show/45", {}, "POST"))).toBeNull();
    expect(cacheKeyOf(req("/page/show/45", {}, "HEAD"))).toBeNull();
    expect(cacheKeyOf(req("/pages-api/api/v1/page/45"))).toBeNull();
    expect(cacheKeyOf(req("/cca-integrator-api/api/v1/services/read/profile/7"))).toBeNull();
    expect(cacheKeyOf(req("/api/health"))).toBeNull();
    expect(cacheKeyOf(req("/_next/static/chunks/app.js"))).toBeNull();
    expect(cacheKeyOf(req("/logo.svg"))).toBeNull();
    expect(cacheKeyOf(req("/_next/data/build/en/page/show/45.json"))).not.toBeNull();
  });

  it("keeps only public 200 answers without cookies, for their s-maxage", () => {
    const html = { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60" };
    expect(storableFor(200, html)).toBe(60);
    expect(storableFor(404, html)).toBe(0);
    expect(storableFor(200, { ...html, "set-cookie": ["NEXT_LOCALE=en"] })).toBe(0);
    expect(storableFor(200, { ...html, "cache-control": "private, no-store" })).toBe(0);
    expect(storableFor(200, { ...html, "cache-control": undefined })).toBe(0);
    expect(storableFor(200, { ...html, "content-type": "image/png" })).toBe(0);
  });
});

interface Page {
  status?: number;
  body: string | Buffer;
  headers?: Record<string, string | string[] | undefined>;
  delayMs?: number;
  /** Render without an ETag (as Next does with generateEtags: false). */
  noEtag?: boolean;
}

/** A real HTTP server: the cache in front of a renderer that answers what the test says. */
async function serverWith(cache: HtmlCache, pageFor: (req: IncomingMessage) => Page) {
  let renders = 0;
  const server = http.createServer((req, res: ServerResponse) =>
    cache.serve(req, res, async () => {
      renders += 1;
      const page = pageFor(req);
      if (page.delayMs) await new Promise((r) => setTimeout(r, page.delayMs));
      res.statusCode = page.status ?? 200;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("cache-control", "public, s-maxage=60");
      if (!page.noEtag) res.setHeader("etag", `"${page.body.length}"`);
      for (const [name, value] of Object.entries(page.headers ?? {})) if (value !== undefined) res.setHeader(name, value);
      const bytes = Buffer.isBuffer(page.body) ? page.body : Buffer.from(page.body);
      res.write(bytes.subarray(0, 5));
      res.end(bytes.subarray(5));
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers });
    return { status: res.status, body: await res.text(), cache: res.headers.get(CACHE_STATUS_HEADER), headers: res.headers };
  };
  /** Node's own client: sends no Accept-Encoding unless told to. */
  const rawGet = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ cache: string | undefined; encoding: string | undefined; body: string }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ cache: res.headers[CACHE_STATUS_HEADER] as string | undefined, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks).toString("latin1") }),
          );
        })
        .on("error", reject);
    });
  return { get, rawGet, renders: () => renders, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("[CACHE] the anonymous page cache in front of the renderer", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  async function setUp(pageFor: (req: IncomingMessage) => Page, maxBytes = 1024 * 1024) {
    const cache = createHtmlCache({ maxBytes });
    const server = await serverWith(cache, pageFor);
    cleanups.push(server.close, cache.close);
    return { cache, ...server };
  }

  it("renders once for many anonymous visitors, and again right after a write", async () => {
    let title = "Before";
    const s = await setUp(() => ({ body: `<h1>${title}</h1>` }));
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<h1>Before</h1>", cache: "miss" });
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<h1>Before</h1>", cache: "hit" });
    expect(s.renders()).toBe(1);
    title = "After";
    invalidateCache("pages:");
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<h1>After</h1>", cache: "miss" });
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<h1>After</h1>", cache: "hit" });
  });

  it("never replays another answer's request id: a hit carries the caller's own", async () => {
    // As the portal server does (src/web-server/serve.ts): the request id is set before the cache answers.
    const cache = createHtmlCache({ maxBytes: 1024 * 1024 });
    const server = http.createServer((req, res) => {
      res.setHeader("x-request-id", String(req.headers["x-request-id"]));
      void cache.serve(req, res, async () => {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("cache-control", "public, s-maxage=60");
        res.end("<h1>Page</h1>");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())), cache.close);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const first = await fetch(`${base}/data/show/1`, { headers: { "x-request-id": "lb-1" } });
    expect([first.headers.get(CACHE_STATUS_HEADER), first.headers.get("x-request-id")]).toEqual(["miss", "lb-1"]);
    const second = await fetch(`${base}/data/show/1`, { headers: { "x-request-id": "lb-2" } });
    expect([second.headers.get(CACHE_STATUS_HEADER), second.headers.get("x-request-id")]).toEqual(["hit", "lb-2"]);
  });

  it("gives every signed-in visitor their own render", async () => {
    const s = await setUp((r) => ({ body: `<p>${/BAToken=(\w+)/.exec(r.headers.cookie ?? "")?.[1] ?? "anonymous"}</p>` }));
    await s.get("/page/show/1");
    expect(await s.get("/page/show/1", { cookie: "BAToken=asha" })).toMatchObject({ body: "<p>asha</p>", cache: "bypass" });
    expect(await s.get("/page/show/1", { cookie: "BAToken=ravi" })).toMatchObject({ body: "<p>ravi</p>", cache: "bypass" });
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<p>anonymous</p>", cache: "hit" });
  });

  it("never keeps an answer that sets a cookie, fails or is private", async () => {
    const s = await setUp((r) => {
      if (r.url === "/cookie") return { body: "cookie", headers: { "set-cookie": ["BAToken=; Max-Age=0"] } };
      if (r.url === "/private") return { body: "private", headers: { "cache-control": "private, no-store" } };
      return { body: "missing", status: 404 };
    });
    for (const path of ["/cookie", "/private", "/missing"]) {
      await s.get(path);
      expect((await s.get(path)).cache).toBe("miss");
    }
    expect(s.renders()).toBe(6);
    expect(s.cache.stats().entries).toBe(0);
  });

  it("does not keep a render that a write overtook", async () => {
    let title = "Before";
    const s = await setUp(() => ({ body: `<h1>${title}</h1>`, delayMs: 100 }));
    const slow = s.get("/page/show/1");
    await new Promise((r) => setTimeout(r, 30));
    title = "After";
    invalidateCache("pages:");
    expect((await slow).body).toBe("<h1>Before</h1>");
    expect(await s.get("/page/show/1")).toMatchObject({ body: "<h1>After</h1>", cache: "miss" });
  });

  it("answers a matching If-None-Match with 304 and serves compressed entries only to clients that accept them", async () => {
    // The renderer compresses like Next does, when the client accepts gzip.
    const s = await setUp((r) => {
      const gzip = /gzip/.test(String(r.headers["accept-encoding"]));
      return { body: gzip ? gzipSync("<h1>Page</h1>") : "<h1>Page</h1>", headers: gzip ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {} };
    });
    await s.rawGet("/page/show/1", { "accept-encoding": "gzip" });
    expect(await s.rawGet("/page/show/1", { "accept-encoding": "gzip, br" })).toMatchObject({ cache: "hit", encoding: "gzip" });
    // A client that does not accept gzip never gets the compressed entry.
    expect(await s.rawGet("/page/show/1")).toMatchObject({ cache: "miss", encoding: undefined, body: "<h1>Page</h1>" });
    expect(await s.rawGet("/page/show/1")).toMatchObject({ cache: "hit", encoding: undefined, body: "<h1>Page</h1>" });
    expect(s.renders()).toBe(2);

    const hit = await s.get("/page/show/1");
    expect(hit).toMatchObject({ cache: "hit", body: "<h1>Page</h1>" });
    const revalidated = await s.get("/page/show/1", { "if-none-match": hit.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(s.renders()).toBe(2);
  });

  it("gives an entry rendered without an ETag its own, so a browser's revalidation gets 304 for the same page only", async () => {
    let version = "One";
    const s = await setUp(() => ({ body: `<h1>${version}</h1>`, noEtag: true }));
    expect((await s.get("/page/show/1")).cache).toBe("miss");
    const hit = await s.get("/page/show/1");
    const etag = hit.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect((await s.get("/page/show/1", { "if-none-match": etag! })).status).toBe(304);
    // After an edit the page changes, and so does its ETag: the old one no longer matches.
    version = "Two";
    invalidateCache("pages:");
    await s.get("/page/show/1");
    const changed = await s.get("/page/show/1", { "if-none-match": etag! });
    expect(changed).toMatchObject({ status: 200, body: "<h1>Two</h1>", cache: "hit" });
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("drops the least recently used entries beyond its memory budget", async () => {
    const s = await setUp((r) => ({ body: `${r.url}:${"x".repeat(400)}` }), 1000);
    await s.get("/a");
    await s.get("/b");
    await s.get("/a"); // a is now the most recent
    await s.get("/c"); // over budget: b goes
    expect(s.cache.stats().entries).toBe(2);
    expect((await s.get("/a")).cache).toBe("hit");
    expect((await s.get("/b")).cache).toBe("miss");
  });
});
