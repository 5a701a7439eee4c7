/**
 * The anonymous page cache: rendered HTML (and the `/_next/data` JSON of client-side navigation)
 * kept in memory for visitors without a session, so a crowd arriving from one shared link is served
 * without rendering the page again for each of them.
 *
 * - Only GET requests without a session (no BAToken/BRToken cookie, no Authorization header) are
 *   looked up or stored; a signed-in visitor always gets a fresh render.
 * - The page decides: only a 200 whose Cache-Control says `public` (withLayout says so for anonymous
 *   views) and which sets no cookie is stored, for its `s-maxage` at most.
 * - The key is everything the render depends on: host, path and query, the response encoding, and
 *   on the root path (where Next picks the language from the NEXT_LOCALE cookie or Accept-Language)
 *   those two headers. Hindi and English, the main site and each group domain never share an entry.
 * - Every invalidation event (`invalidateCache`, the one mechanism of every cache) empties it: every
 *   page shows the chrome (groups, page trees), so any visible write may change any page. A render
 *   that an invalidation overtook is not stored.
 *
 * Loaded by the portal server (scripts/serve.mjs), outside the Next bundles; it shares the
 * invalidation listeners with them through globalThis.
 */
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import SITE_CONFIG from "../../site-config";
import { onInvalidation } from "../shared/cache/invalidation";
import { PER_ANSWER_HEADERS } from "./csp";
import { REQUEST_ID_HEADER } from "./operations";

const SESSION_COOKIES = [SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME, SITE_CONFIG.COOKIES.REFRESH_TOKEN.NAME];
const LOCALE_COOKIE = SITE_CONFIG.COOKIES.LOCALE.NAME;
/** The header every answer of the portal server carries: hit, miss or bypass. */
export const CACHE_STATUS_HEADER = "x-portal-cache";
const DEFAULT_TTL_SECONDS = 60;
const MAX_TTL_SECONDS = 300;
/** Larger answers are never kept (a page is ~150 kB raw). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Headers that describe one connection or one moment, not the page. */
const UNSTORED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "set-cookie", CACHE_STATUS_HEADER, REQUEST_ID_HEADER, ...PER_ANSWER_HEADERS]);

export interface RequestLike {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
}

/** The cookies of a request, by name (first occurrence wins). */
export function cookiesOf(headers: IncomingHttpHeaders): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header(headers, "cookie").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

interface Coding {
  name: string;
  q: number;
}

function acceptedCodings(headers: IncomingHttpHeaders): Coding[] {
  return header(headers, "accept-encoding")
    .toLowerCase()
    .split(",")
    .map((part) => {
      const [name = "", ...params] = part.split(";").map((s) => s.trim());
      const q = params.find((p) => p.startsWith("q="));
      return { name, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((c) => c.name !== "");
}

/** Whether a client accepts a response body in `encoding` ("identity" always, unless refused). */
export function acceptsEncoding(headers: IncomingHttpHeaders, encoding: string): boolean {
  if (encoding === "identity") return true;
  return acceptedCodings(headers).some((c) => (c.name === encoding || c.name === "*") && c.q > 0);
}

/** The encoding a compressing server would choose: gzip, then deflate, else identity. */
export function encodingClassOf(headers: IncomingHttpHeaders): "gzip" | "deflate" | "identity" {
  if (acceptsEncoding(headers, "gzip")) return "gzip";
  if (acceptsEncoding(headers, "deflate")) return "deflate";
  return "identity";
}

/** Files, the platform API, health and Next's own assets are never cached here. */
function isPageLike(pathname: string): boolean {
  if (pathname.startsWith("/_next/data/")) return pathname.endsWith(".json");
  if (pathname.startsWith("/_next/") || pathname.startsWith("/api/")) return false;
  if (/^\/[A-Za-z-]+-api(\/|$)/.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}

/**
 * The cache key of a request, or null when it must not be served from or stored in the cache
 * (not a GET, a session, not a page).
 */
export function cacheKeyOf(req: RequestLike): string | null {
  if ((req.method ?? "GET").toUpperCase() !== "GET") return null;
  const url = req.url ?? "/";
  if (!url.startsWith("/")) return null;
  if (req.headers.authorization) return null;
  const cookies = cookiesOf(req.headers);
  if (SESSION_COOKIES.some((name) => cookies.has(name))) return null;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!isPageLike(pathname)) return null;
  const host = header(req.headers, "host").toLowerCase();
  // Only the root path is redirected by language (Next's locale detection): there the language
  // cookie and Accept-Language decide what is sent; elsewhere the path carries the language.
  const language = pathname === "/" ? `${(cookies.get(LOCALE_COOKIE) ?? "").toLowerCase()}|${header(req.headers, "accept-language").toLowerCase()}` : "";
  const data = req.headers["x-nextjs-data"] ? "data" : "";
  return [encodingClassOf(req.headers), host, language, data, url].join("\n");
}

/** How long a response may be kept (seconds), or 0 when it must not be stored. */
export function storableFor(statusCode: number, headers: OutgoingHttpHeaders): number {
  if (statusCode !== 200) return 0;
  if (headers["set-cookie"] !== undefined) return 0;
  const type = String(headers["content-type"] ?? "");
  if (!type.startsWith("text/html") && !type.startsWith("application/json")) return 0;
  const control = String(headers["cache-control"] ?? "").toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(control) || /private|no-store|no-cache/.test(control)) return 0;
  const maxAge = /s-maxage=(\d+)/.exec(control) ?? /max-age=(\d+)/.exec(control);
  const seconds = maxAge ? Number(maxAge[1]) : DEFAULT_TTL_SECONDS;
  return Math.min(seconds, MAX_TTL_SECONDS);
}

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

export interface HtmlCacheOptions {
  /** Memory for all entries together; the least recently used go first. */
  maxBytes: number;
  now?: () => number;
}

export interface HtmlCache {
  /** Answers from the cache, or lets `render` answer and keeps what may be kept. */
  serve(req: IncomingMessage, res: ServerResponse, render: () => unknown): unknown;
  /** Entries and bytes held (for the bench and tests). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Stops following invalidations. */
  close(): void;
}

function matchesEtag(req: IncomingMessage, etag: unknown): boolean {
  if (typeof etag !== "string") return false;
  const sent = header(req.headers, "if-none-match");
  return sent !== "" && sent.split(",").some((t) => t.trim() === etag || t.trim() === "*");
}

/** Records what a response writes, passing everything on unchanged. */
function capture(res: ServerResponse, onFinish: (body: Buffer | null, headers: OutgoingHttpHeaders) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const explicit: OutgoingHttpHeaders = {};
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : chunk instanceof Uint8Array ? Buffer.from(chunk) : null;
    if (!buffer) return;
    size += buffer.length;
    if (size > MAX_ENTRY_BYTES) {
      tooBig = true;
      chunks.length = 0;
    } else chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  const writeHead = res.writeHead;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    snapshot();
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    snapshot();
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse["end"];
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = rest.find((r) => typeof r === "object" && r !== null) as OutgoingHttpHeaders | undefined;
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) explicit[name.toLowerCase()] = value;
    snapshot();
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse["writeHead"];
  // The headers as the render sent them: a layer outside this one (the Content-Security-Policy of
  // src/web-server/csp.ts) may add its own per-answer headers before the answer leaves.
  let sent: OutgoingHttpHeaders | null = null;
  const snapshot = () => {
    sent ??= { ...res.getHeaders(), ...explicit };
  };
  res.once("finish", () => onFinish(tooBig ? null : Buffer.concat(chunks), sent ?? { ...res.getHeaders(), ...explicit }));
}

export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  const unsubscribe = onInvalidation(() => {
    generation += 1;
    entries.clear();
    bytes = 0;
  });

  function store(key: string, body: Buffer, headers: OutgoingHttpHeaders, ttlSeconds: number): void {
    if (body.length > options.maxBytes) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !UNSTORED_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
    // Next renders pages without an ETag (generateEtags: false: it hashed every page in JavaScript, 2 %
    // of an uncached render); an entry gets one here, once, so hits still answer If-None-Match with 304.
    kept.etag ??= `"${createHash("sha1").update(body).digest("base64url")}"`;
    remove(key);
    const storedAt = now();
    entries.set(key, { headers: kept, body, storedAt, expiresAt: storedAt + ttlSeconds * 1000 });
    bytes += body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const age = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    const headers: OutgoingHttpHeaders = { ...entry.headers, age: String(age), [CACHE_STATUS_HEADER]: "hit" };
    if (matchesEtag(req, entry.headers.etag)) {
      delete headers["content-type"];
      delete headers["content-encoding"];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, "content-length": String(entry.body.length) });
    res.end(entry.body);
  }

  return {
    serve(req, res, render) {
      const key = cacheKeyOf(req);
      if (key === null) {
        res.setHeader(CACHE_STATUS_HEADER, "bypass");
        return render();
      }
      const entry = entries.get(key);
      const encoding = String(entry?.headers["content-encoding"] ?? "identity");
      if (entry && entry.expiresAt > now() && acceptsEncoding(req.headers, encoding)) {
        hits += 1;
        // Most recently used last: eviction takes the oldest first.
        entries.delete(key);
        entries.set(key, entry);
        answer(req, res, entry);
        return undefined;
      }
      misses += 1;
      const startedAt = generation;
      res.setHeader(CACHE_STATUS_HEADER, "miss");
      capture(res, (body, headers) => {
        if (!body || generation !== startedAt) return;
        const ttl = storableFor(res.statusCode, headers);
        if (ttl > 0) store(key, body, headers, ttl);
      });
      return render();
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    close: unsubscribe,
  };
}
