// @vitest-environment node
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CSP_NONCE_SLOT } from "@/shared/csp-nonce";
import {
  buildContentSecurityPolicy,
  createContentSecurity,
  fillNonce,
  gzipWithNonce,
  isHttps,
  isPagePath,
  newNonce,
  originOf,
  preparePage,
  readSecurityOptions,
  type SecurityOptions,
} from "@/web-server/csp";
import { CACHE_STATUS_HEADER, createHtmlCache } from "@/web-server/html-cache";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);

describe("[CSP] the policy", () => {
  it("allows scripts only by nonce (and what they load), never inline or eval", () => {
    const nonce = newNonce();
    const d = directives(buildContentSecurityPolicy(nonce));
    expect(d.get("script-src")).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"]);
    expect(buildContentSecurityPolicy(nonce)).not.toMatch(/unsafe-eval/);
    expect(d.get("script-src")).not.toContain("'unsafe-inline'");
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(d.get("frame-ancestors")).toEqual(["'self'"]);
    expect(d.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(d.get("connect-src")).toContain("'self'");
    // Video embeds that page content may carry.
    expect(d.get("frame-src")).toContain("https://www.youtube-nocookie.com");
    // Styles keep 'unsafe-inline' and so must not carry a nonce (it would switch 'unsafe-inline' off).
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("draws a new 24-character nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(CSP_NONCE_SLOT).toHaveLength(24);
  });

  it("adds the configured map tiles and styles, the main site and extra origins to img-src and connect-src", () => {
    const { options, problems } = readSecurityOptions({
      SITE_URL: "https://cca.example.org/",
      NEXT_PUBLIC_MAP_TILE_URL: "https://{s}.tiles.example.net/{z}/{x}/{y}.png",
      NEXT_PUBLIC_MAP_STYLE_URL: "https://styles.example.com:8443/style.json",
      CSP_EXTRA_ORIGINS: "https://glyphs.example.com, http://10.0.0.5:8080",
    });
    expect(problems).toEqual([]);
    expect(options.extraOrigins).toEqual(["https://cca.example.org", "https://styles.example.com:8443", "https://*.tiles.example.net", "https://glyphs.example.com", "http://10.0.0.5:8080"]);
    const d = directives(buildContentSecurityPolicy(newNonce(), options.extraOrigins));
    for (const name of ["img-src", "connect-src"]) expect(d.get(name)).toEqual(expect.arrayContaining(options.extraOrigins));
    expect(d.get("script-src")).not.toContain("https://*.tiles.example.net");
  });

  it("refuses a bad CSP mode, TRUST_PROXY or extra origin with a reason", () => {
    expect(readSecurityOptions({ CSP: "maybe", TRUST_PROXY: "sometimes", CSP_EXTRA_ORIGINS: "tiles.example.net, javascript:alert(1)" }).problems).toEqual([
      'CSP must be enforce, report-only or off (got "maybe")',
      'TRUST_PROXY must be true or false (got "sometimes")',
      'CSP_EXTRA_ORIGINS must list http(s) origins separated by commas (got "tiles.example.net")',
      'CSP_EXTRA_ORIGINS must list http(s) origins separated by commas (got "javascript:alert(1)")',
    ]);
    // Only the origin of a URL ever reaches the header: nothing can smuggle in a directive.
    expect(originOf("https://a.example/x'; script-src *")).toBe("https://a.example");
    expect(originOf("https://a.example;script-src")).toBeNull();
    expect(originOf("https://user@a.example/")).toBeNull();
    expect(readSecurityOptions({}).options).toEqual({ mode: "enforce", trustProxy: false, extraOrigins: [] });
  });

  it("takes https from the proxy only with TRUST_PROXY", () => {
    const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;
    expect(isHttps(req({ "x-forwarded-proto": "https" }), false)).toBe(false);
    expect(isHttps(req({ "x-forwarded-proto": "https" }), true)).toBe(true);
    expect(isHttps(req({ "x-forwarded-proto": "http, https" }), true)).toBe(false);
    expect(isHttps(req({}, true), false)).toBe(true);
  });

  it("fills every nonce slot and nothing else", () => {
    const page = `<script nonce="${CSP_NONCE_SLOT}" src="/a.js"></script><p>${CSP_NONCE_SLOT}</p><script id="__NEXT_DATA__" type="application/json">{"x":"nonce=\\"${CSP_NONCE_SLOT}\\""}</script><script nonce="${CSP_NONCE_SLOT}">1</script>`;
    const nonce = newNonce();
    const filled = fillNonce(Buffer.from(page), nonce).toString();
    expect(scriptNonces(filled)).toEqual([nonce, nonce]);
    // Text and JSON that merely mention the slot (quotes escaped) are left alone.
    expect(filled).toContain(`<p>${CSP_NONCE_SLOT}</p>`);
    expect(filled).toContain(`nonce=\\"${CSP_NONCE_SLOT}\\"`);
    expect(filled.length).toBe(page.length);
  });

  it("compresses a page once and answers gzip for any nonce from that copy", async () => {
    const body = Buffer.from(page("Compressed once"));
    const prepared = await preparePage(body);
    for (let i = 0; i < 3; i++) {
      const nonce = newNonce();
      const gz = gzipWithNonce(prepared, nonce);
      expect(gunzipSync(gz).equals(fillNonce(body, nonce))).toBe(true);
      // Hardly larger than compressing the whole page at once (each stretch refers back to the page
      // before it): each nonce costs its own bytes and a block boundary.
      expect(gz.length).toBeLessThan(gzipSync(body).length + 2 * 40);
    }
    const noSlot = Buffer.from("<p>no scripts here</p>".repeat(100));
    expect(gunzipSync(gzipWithNonce(await preparePage(noSlot), newNonce())).equals(noSlot)).toBe(true);
  });

  it("treats rendered pages as pages, not assets, data, files or the platform API", () => {
    for (const path of ["/", "/hi/page/show/45", "/data/list?x=1.5", "/group/chilika/about"]) expect(isPagePath(path), path).toBe(true);
    for (const path of ["/_next/static/chunks/a.js", "/_next/data/b/en/index.json", "/api/health", "/files-api/api/get/x", "/logo.svg"]) expect(isPagePath(path), path).toBe(false);
  });
});

const page = (title: string) =>
  `<!DOCTYPE html><html><head><script nonce="${CSP_NONCE_SLOT}" src="/_next/static/chunks/main.js" defer></script></head><body><h1>${title}</h1>${"<p>words</p>".repeat(200)}<script nonce="${CSP_NONCE_SLOT}" src="/_next/static/chunks/page.js" defer></script></body></html>`;

interface Served {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** The portal server's layering: the policy around the page cache around a renderer that compresses like Next. */
async function portal(options: Partial<SecurityOptions> = {}, renderer?: (req: IncomingMessage, res: ServerResponse) => void) {
  const cache = createHtmlCache({ maxBytes: 1024 * 1024 });
  const security = createContentSecurity({ mode: "enforce", trustProxy: false, extraOrigins: [], ...options });
  const seenEncodings: string[] = [];
  let renders = 0;
  const render =
    renderer ??
    ((req: IncomingMessage, res: ServerResponse) => {
      const accept = String(req.headers["accept-encoding"] ?? "");
      seenEncodings.push(accept);
      const body = Buffer.from(page("Home"));
      if (req.headers["if-none-match"] === '"v1"') {
        res.statusCode = 304;
        return res.end();
      }
      res.statusCode = req.url?.startsWith("/missing") ? 404 : 200;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("cache-control", "public, s-maxage=60");
      res.setHeader("etag", '"v1"');
      if (/gzip/.test(accept)) {
        res.setHeader("content-encoding", "gzip");
        return res.end(gzipSync(body));
      }
      res.write(body.subarray(0, 100));
      res.end(body.subarray(100));
    });
  const server = http.createServer((req, res) =>
    security.serve(req, res, () =>
      cache.serve(req, res, () => {
        renders += 1;
        render(req, res);
      }),
    ),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Node's client: the body exactly as sent (gunzipped when it says gzip). */
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Served>((resolve, reject) => {
      http
        .request(base + path, { headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            if (res.headers["content-length"] !== undefined) expect(Number(res.headers["content-length"])).toBe(method === "HEAD" ? Number(res.headers["content-length"]) : raw.length);
            const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode!, body: body.toString(), headers: res.headers });
          });
        })
        .on("error", reject)
        .end();
    });
  return { get, renders: () => renders, seenEncodings, cache, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("[CSP] fresh nonces through the page cache", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  async function setUp(...args: Parameters<typeof portal>) {
    const p = await portal(...args);
    cleanups.push(p.close, p.cache.close);
    return p;
  }

  it("gives every visitor of a cached page a new nonce that matches the page's scripts", async () => {
    const p = await setUp();
    const seen = new Set<string>();
    for (const expected of ["miss", "hit", "hit"]) {
      const res = await p.get("/page/show/1", { "accept-encoding": "gzip, deflate, br" });
      expect(res.headers[CACHE_STATUS_HEADER]).toBe(expected);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      const nonce = nonceOf(res.headers["content-security-policy"] as string)!;
      expect(nonce).toBeTruthy();
      expect(scriptNonces(res.body)).toEqual([nonce, nonce]);
      expect(res.body).not.toContain(CSP_NONCE_SLOT);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
    expect(p.renders()).toBe(1);
    // Next and the cache saw an uncompressed page; the client still got gzip.
    expect(p.seenEncodings).toEqual(["identity"]);
    // A client without gzip gets the same cached entry, uncompressed, with its own nonce.
    const plain = await p.get("/page/show/1");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(scriptNonces(plain.body)).toEqual(Array(2).fill(nonceOf(plain.headers["content-security-policy"] as string)));
    expect(p.renders()).toBe(1);
  });

  it("answers If-None-Match with 304 from the cache, without a policy the kept page's scripts would not match", async () => {
    const p = await setUp();
    const first = await p.get("/page/show/1");
    expect(first.headers.etag).toBe('"v1"');
    const again = await p.get("/page/show/1", { "if-none-match": '"v1"' });
    expect(again.status).toBe(304);
    expect(again.headers[CACHE_STATUS_HEADER]).toBe("hit");
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(again.body).toBe("");
    expect(p.renders()).toBe(1);
  });

  it("fills the nonce of an HTML page Next compressed itself (a 404 at a file-like path)", async () => {
    const p = await setUp();
    const res = await p.get("/missing.png", { "accept-encoding": "gzip" });
    expect(res.status).toBe(404);
    expect(p.seenEncodings).toEqual(["gzip"]);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(scriptNonces(res.body)).toEqual(Array(2).fill(nonceOf(res.headers["content-security-policy"] as string)));
  });

  it("passes other answers through untouched, and HEAD gets a policy without a body", async () => {
    const p = await setUp({}, (req, res) => {
      if (req.url === "/api/thing") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"a":');
        return res.end("1}");
      }
      res.setHeader("content-type", "text/html");
      res.setHeader("content-length", "11");
      res.end(req.method === "HEAD" ? undefined : "<p>page</p>");
    });
    const json = await p.get("/api/thing", { "accept-encoding": "gzip" });
    expect(json).toMatchObject({ status: 200, body: '{"a":1}' });
    expect(json.headers["content-security-policy"]).toBeUndefined();
    const head = await p.get("/page/show/1", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-security-policy"]).toMatch(/'nonce-/);
  });

  it("sends HSTS over https behind a trusted proxy only, and never caches it for http visitors", async () => {
    const trusted = await setUp({ trustProxy: true });
    const https = await trusted.get("/page/show/1", { "x-forwarded-proto": "https" });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
    const http = await trusted.get("/page/show/1", { "x-forwarded-proto": "http" });
    expect(http.headers[CACHE_STATUS_HEADER]).toBe("hit");
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    const untrusted = await setUp({ trustProxy: false });
    expect((await untrusted.get("/page/show/1", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
  });

  it("report-only sends the policy under its report-only name; off sends none", async () => {
    const report = await setUp({ mode: "report-only" });
    const res = await report.get("/page/show/1");
    expect(res.headers["content-security-policy"]).toBeUndefined();
    expect(scriptNonces(res.body)).toEqual(Array(2).fill(nonceOf(res.headers["content-security-policy-report-only"] as string)));
    const off = await setUp({ mode: "off" });
    expect((await off.get("/page/show/1")).headers["content-security-policy"]).toBeUndefined();
  });
});
