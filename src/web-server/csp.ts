/**
 * The Content-Security-Policy of every screen (issue 18), applied by the portal server
 * (scripts/serve.mjs) around the anonymous page cache and Next.
 *
 * Nonces: the document renders a fixed slot (`CSP_NONCE_SLOT`, src/shared/csp-nonce.ts) into
 * Next's script tags. For every HTML answer, fresh or from the page cache or prerendered at build
 * time, this module draws 16 random bytes, puts them in place of the slot in the body and into the
 * `script-src` of the header, and only then compresses. So the cache keeps one uncompressed copy with
 * the slot, and no two visitors ever see the same nonce. To make that possible, page requests reach
 * Next (and the cache) with `Accept-Encoding: identity`; this module gzips for the client.
 *
 * A 304 carries no policy: the browser keeps the page it has and that page's own header (a new nonce
 * there would not match the kept body's scripts).
 *
 * Strict-Transport-Security goes on every answer served over https: a TLS socket, or — only with
 * TRUST_PROXY, as for client addresses (src/server/app/adapter.ts) — `X-Forwarded-Proto: https`
 * from the proxy in front.
 *
 * Loaded by the portal server outside the Next bundles; unit-tested in tests/unit/csp.test.ts.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { EMBED_HOSTS } from "../shared/html/sanitize-page-html";
import { CSP_NONCE_SLOT } from "../shared/csp-nonce";

export const CSP_HEADER = "content-security-policy";
export const CSP_REPORT_ONLY_HEADER = "content-security-policy-report-only";
export const HSTS_HEADER = "strict-transport-security";
/** One year, the value HSTS preload lists ask for; without includeSubDomains (group domains may be subdomains served otherwise). */
export const HSTS_VALUE = "max-age=31536000";
/** Headers that belong to one answer (its nonce, its scheme): the page cache never keeps them. */
export const PER_ANSWER_HEADERS = [CSP_HEADER, CSP_REPORT_ONLY_HEADER, HSTS_HEADER];
/** Smaller answers are sent uncompressed (as Next does). */
const MIN_COMPRESS_BYTES = 1024;

export type CspMode = "enforce" | "report-only" | "off";

export interface SecurityOptions {
  mode: CspMode;
  trustProxy: boolean;
  /** Origins (scheme://host[:port], `*.` wildcards allowed) the browser may fetch data from and show images of: configured map tiles and styles, the main site, CSP_EXTRA_ORIGINS. */
  extraOrigins: string[];
}

const parseBool = (raw: string | undefined): boolean | null => {
  if (raw === undefined || raw === "") return false;
  if (["1", "true", "on", "yes"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "off", "no"].includes(raw.toLowerCase())) return false;
  return null;
};

/**
 * The origin of a configured URL, usable as a CSP source; URL templates (`{z}`, `{s}`) are allowed,
 * a template in the host name becomes a `*.` wildcard. Null when it is not an http(s) URL.
 */
export function originOf(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  let host = match[2]!.toLowerCase();
  if (host.includes("@")) return null;
  if (host.includes("{")) {
    const labels = host.split(".");
    if (!labels[0]!.includes("{") || labels.slice(1).some((l) => l.includes("{")) || labels.length < 3) return null;
    host = `*.${labels.slice(1).join(".")}`;
  }
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host)) return null;
  return `${scheme}://${host}`;
}

/**
 * The options from the environment: CSP (enforce | report-only | off), TRUST_PROXY, and the origins
 * the configuration already names (SITE_URL, NEXT_PUBLIC_MAP_STYLE_URL, NEXT_PUBLIC_MAP_TILE_URL) plus
 * CSP_EXTRA_ORIGINS (comma-separated), e.g. the tile and glyph hosts a configured map style uses.
 */
export function readSecurityOptions(env: Record<string, string | undefined>): { options: SecurityOptions; problems: string[] } {
  const problems: string[] = [];
  const modeRaw = (env.CSP || "enforce").toLowerCase();
  if (!["enforce", "report-only", "off"].includes(modeRaw)) problems.push(`CSP must be enforce, report-only or off (got "${env.CSP}")`);
  const mode = (["enforce", "report-only", "off"].includes(modeRaw) ? modeRaw : "enforce") as CspMode;
  // A number of proxies (issue 27 item 6) trusts the forwarded scheme like true does.
  const trustProxy = /^\s*\d+\s*$/.test(env.TRUST_PROXY ?? "") ? Number(env.TRUST_PROXY) > 0 : parseBool(env.TRUST_PROXY);
  if (trustProxy === null) problems.push(`TRUST_PROXY must be true or false (got "${env.TRUST_PROXY}")`);
  const extraOrigins: string[] = [];
  for (const name of ["SITE_URL", "NEXT_PUBLIC_MAP_STYLE_URL", "NEXT_PUBLIC_MAP_TILE_URL"] as const) {
    const value = env[name];
    const origin = value ? originOf(value) : null;
    if (origin) extraOrigins.push(origin);
  }
  for (const part of (env.CSP_EXTRA_ORIGINS ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const origin = originOf(part);
    if (origin) extraOrigins.push(origin);
    else problems.push(`CSP_EXTRA_ORIGINS must list http(s) origins separated by commas (got "${part}")`);
  }
  return { options: { mode, trustProxy: trustProxy ?? false, extraOrigins: [...new Set(extraOrigins)] }, problems };
}

/** A fresh nonce: 16 random bytes in base64 (24 characters, the slot's length). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The policy of one HTML answer. */
export function buildContentSecurityPolicy(nonce: string, extraOrigins: readonly string[] = []): string {
  const extra = extraOrigins.join(" ");
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    // Next's own scripts carry the nonce; the chunks they load later (next/dynamic: maps, editors,
    // charts, the PDF viewer) are trusted through 'strict-dynamic'. 'self' only matters to browsers
    // without 'strict-dynamic' (they ignore it otherwise). No 'unsafe-inline', no 'unsafe-eval'.
    ["script-src", `'nonce-${nonce}' 'strict-dynamic' 'self'`],
    // Styles keep 'unsafe-inline' (and so carry no nonce, which would switch it off): Emotion writes
    // the screens' <style> tags into the server-rendered HTML and React renders style="" attributes
    // (Chakra props, the rich-text editors, MapLibre and pdf.js position elements the same way); page
    // content keeps text-align styles. CSS cannot run script; scripts stay nonce-only.
    ["style-src", "'self' 'unsafe-inline'"],
    // Images in page content and records may live on any https host (the sanitiser allows them);
    // data: and blob: for previews of uploads, the map's canvas exports and pdf.js.
    ["img-src", `'self' data: blob: https: ${extra}`.trim()],
    ["font-src", "'self' data:"],
    // The platform API is same-origin; blob: and data: for files read in the browser (uploads,
    // map layers); the configured map tiles and styles.
    ["connect-src", `'self' blob: data: ${extra}`.trim()],
    ["media-src", "'self' blob: https:"],
    // MapLibre's and pdf.js's workers are served by the portal (/api/map/..., /api/pdf/...); blob:
    // for workers a library builds in the browser.
    ["worker-src", "'self' blob:"],
    // Video embeds the page sanitiser allows.
    ["frame-src", ["'self'", ...EMBED_HOSTS.map((host) => `https://${host}`)].join(" ")],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** Whether the request reached the site over https (the proxy's word counts only with TRUST_PROXY). */
export function isHttps(req: Pick<IncomingMessage, "headers" | "socket">, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean } | undefined)?.encrypted) return true;
  if (!trustProxy) return false;
  const raw = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/** Paths Next answers with a rendered page (not its assets or data, not the platform API, not files). */
export function isPagePath(url: string | undefined): boolean {
  const pathname = String(url ?? "/").split("?")[0]!;
  if (!pathname.startsWith("/") || pathname.startsWith("/_next/") || pathname.startsWith("/api/")) return false;
  if (/^\/[A-Za-z-]+-api(\/|$)/.test(pathname)) return false;
  return !pathname.slice(pathname.lastIndexOf("/") + 1).includes(".");
}

const SLOT_ATTRIBUTE = `nonce="${CSP_NONCE_SLOT}"`;
const SLOT_BYTES = Buffer.from(SLOT_ATTRIBUTE);

/** The body with every `nonce="<slot>"` carrying `nonce` instead (the slot and a nonce have the same length). */
export function fillNonce(body: Buffer, nonce: string): Buffer {
  let at = body.indexOf(SLOT_BYTES);
  if (at === -1) return body;
  const out = Buffer.from(body);
  const replacement = Buffer.from(`nonce="${nonce}"`);
  if (replacement.length !== SLOT_BYTES.length) throw new Error("A nonce must have the slot's length");
  while (at !== -1) {
    replacement.copy(out, at);
    at = body.indexOf(SLOT_BYTES, at + SLOT_BYTES.length);
  }
  return out;
}

/** The coding a client accepts for an answer we compress: gzip, then deflate, else none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): "gzip" | "deflate" | null {
  const codings = (Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? ""))
    .toLowerCase()
    .split(",")
    .map((part) => {
      const [name = "", ...params] = part.split(";").map((s) => s.trim());
      const q = params.find((p) => p.startsWith("q="));
      return { name, q: q ? Number(q.slice(2)) : 1 };
    });
  const accepts = (name: string) => codings.some((c) => (c.name === name || c.name === "*") && c.q > 0);
  if (accepts("gzip")) return "gzip";
  if (accepts("deflate")) return "deflate";
  return null;
}

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const deflateRaw = promisify(zlib.deflateRaw) as (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

/**
 * A page compressed once, with holes where its nonces go. Each stretch between two nonces is deflated
 * on its own and ends with a full flush (byte-aligned, and no back-reference into a hole: see
 * preparePage), so a gzip answer for any nonce is the stretches with the nonce in stored blocks between
 * them, a CRC-32 and the length: a page-cache hit costs a checksum, not a compression.
 */
interface PreparedPage {
  /** The uncompressed stretches around the nonce values. */
  stretches: Buffer[];
  /** The same, each raw-deflated with a full flush. */
  deflated: Buffer[];
  length: number;
}

const NONCE_OFFSET = 'nonce="'.length;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last block of a deflate stream: empty, stored, final. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** Pages compressed with holes, by the Buffer the page cache answers with (dropped with the entry). */
const preparedPages = new WeakMap<Buffer, PreparedPage>();
const crc32 = (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32;

/** A byte value the page never contains (HTML is UTF-8: 0xF8–0xFF never occur), or null. */
function absentByte(body: Buffer): number | null {
  const seen = new Uint8Array(256);
  for (const byte of body) seen[byte] = 1;
  for (let b = 255; b >= 0; b--) if (!seen[b]) return b;
  return null;
}

export async function preparePage(body: Buffer): Promise<PreparedPage> {
  const stretches: Buffer[] = [];
  const starts: number[] = [];
  let from = 0;
  for (let at = body.indexOf(SLOT_BYTES); at !== -1; at = body.indexOf(SLOT_BYTES, at + SLOT_BYTES.length)) {
    stretches.push(body.subarray(from, at + NONCE_OFFSET));
    starts.push(from);
    from = at + NONCE_OFFSET + CSP_NONCE_SLOT.length;
  }
  stretches.push(body.subarray(from));
  starts.push(from);
  // Each stretch may refer back to the page before it (the HTML and __NEXT_DATA__ repeat much of the
  // same text): it is deflated with that text as its dictionary, the nonces in it replaced by a byte
  // the page never contains, so no match can reach into a nonce and every distance stays right
  // whatever nonce fills the hole.
  const filler = absentByte(body);
  let history: Buffer | null = null;
  if (filler !== null) {
    history = Buffer.from(body);
    for (const start of starts.slice(1)) history.fill(filler, start - CSP_NONCE_SLOT.length, start);
  }
  const deflated = await Promise.all(
    stretches.map((stretch, i) => {
      const start = starts[i]!;
      const dictionary = history && start > 0 ? history.subarray(Math.max(0, start - 32 * 1024), start) : undefined;
      return deflateRaw(stretch, { finishFlush: zlib.constants.Z_FULL_FLUSH, ...(dictionary ? { dictionary } : {}) });
    }),
  );
  return { stretches, deflated, length: body.length };
}

/** The gzip body of a prepared page with `nonce` in every hole (gunzips to `fillNonce(body, nonce)`). */
export function gzipWithNonce(page: PreparedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  const stored = Buffer.from([0, value.length & 0xff, value.length >> 8, ~value.length & 0xff, (~value.length >> 8) & 0xff]);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  page.stretches.forEach((stretch, i) => {
    if (i > 0) {
      pieces.push(stored, value);
      crc = crc32!(value, crc);
    }
    pieces.push(page.deflated[i]!);
    crc = crc32!(stretch, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(page.length % 2 ** 32, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/**
 * The page as gzip for this nonce: a page-cache hit from the prepared copy of its entry (prepared on
 * the first hit); a page rendered for this request alone compressed once, in the thread pool (preparing
 * it would cost the main thread a scan and a copy of the page for nothing).
 */
async function gzipPage(plain: Buffer, nonce: string, cachedBody: Buffer | null): Promise<Buffer> {
  if (!crc32 || !cachedBody) return gzip(fillNonce(plain, nonce));
  let page = preparedPages.get(cachedBody);
  if (!page) {
    page = await preparePage(cachedBody);
    preparedPages.set(cachedBody, page);
  }
  return gzipWithNonce(page, nonce);
}

function decode(body: Buffer, encoding: string): Buffer | null {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(body);
    if (encoding === "deflate") return zlib.inflateSync(body);
    if (encoding === "br") return zlib.brotliDecompressSync(body);
  } catch {
    return null;
  }
  return encoding === "" || encoding === "identity" ? body : null;
}

export interface ContentSecurity {
  /** Lets `next` answer, then sends its HTML with a fresh nonce, the policy and (over https) HSTS. */
  serve(req: IncomingMessage, res: ServerResponse, next: () => unknown): unknown;
}

type Head = { status: number; message?: string; headers?: OutgoingHttpHeaders };

export function createContentSecurity(options: SecurityOptions): ContentSecurity {
  const headerName = options.mode === "report-only" ? CSP_REPORT_ONLY_HEADER : CSP_HEADER;
  return {
    serve(req, res, next) {
      if (isHttps(req, options.trustProxy)) res.setHeader(HSTS_HEADER, HSTS_VALUE);
      if (options.mode === "off") return next();
      const clientEncoding = req.headers["accept-encoding"];
      // Next and the page cache see an uncompressed page; it is compressed here, after the nonce.
      if (isPagePath(req.url)) req.headers["accept-encoding"] = "identity";
      intercept(req, res, clientEncoding, (nonce) => ({ name: headerName, value: buildContentSecurityPolicy(nonce, options.extraOrigins) }));
      return next();
    },
  };
}

/**
 * Holds back an HTML answer until it is complete, then fills the nonce, adds the policy, compresses
 * and sends it. Other answers pass through untouched, streamed as they come.
 */
function intercept(req: IncomingMessage, res: ServerResponse, clientEncoding: string | string[] | undefined, policy: (nonce: string) => { name: string; value: string }): void {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let mode: "undecided" | "pass" | "hold" = "undecided";
  let head: Head | null = null;
  const chunks: Buffer[] = [];

  const decide = (explicitType?: unknown): void => {
    if (mode !== "undecided") return;
    const type = String(explicitType ?? res.getHeader("content-type") ?? "");
    mode = type.startsWith("text/html") ? "hold" : "pass";
  };
  const keep = (chunk: unknown, encoding?: unknown): void => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    else if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };

  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = rest.find((r) => typeof r === "object" && r !== null) as OutgoingHttpHeaders | undefined;
    const message = rest.find((r) => typeof r === "string") as string | undefined;
    if (mode === "undecided") {
      const explicitType = headers && !Array.isArray(headers) ? Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1] : undefined;
      decide(explicitType);
    }
    if (mode === "pass") return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    head = { status: statusCode, message, headers: headers && !Array.isArray(headers) ? headers : undefined };
    return this;
  } as ServerResponse["writeHead"];

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decide();
    if (mode === "pass") return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    keep(chunk, rest[0]);
    const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    decide();
    if (mode === "pass") return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    keep(chunk, rest[0]);
    const callback = [chunk, ...rest].find((r) => typeof r === "function") as (() => void) | undefined;
    finish()
      .catch((error: unknown) => {
        console.error("[csp] could not send the page:", error);
        if (!res.headersSent) {
          (writeHead as (...args: unknown[]) => ServerResponse).call(res, 500, { "content-type": "text/plain; charset=utf-8" });
        }
        (end as (...args: unknown[]) => ServerResponse).call(res, "Internal Server Error");
      })
      .finally(() => callback?.());
    return this;
  } as ServerResponse["end"];

  async function finish(): Promise<void> {
    const status = head?.status ?? res.statusCode;
    if (head?.headers) for (const [name, value] of Object.entries(head.headers)) if (value !== undefined) res.setHeader(name, value);
    const noBody = req.method === "HEAD" || status === 304 || status === 204;
    let body: Buffer = Buffer.concat(chunks);
    if (status !== 304) {
      const nonce = newNonce();
      const { name, value } = policy(nonce);
      res.setHeader(name, value);
      if (!noBody) {
        const coding = String(res.getHeader("content-encoding") ?? "").toLowerCase();
        const plain = decode(body, coding);
        if (plain) {
          res.removeHeader("content-encoding");
          const encoding = plain.length >= MIN_COMPRESS_BYTES ? chooseEncoding(clientEncoding) : null;
          // A page-cache hit sends its entry's Buffer, the same object every time (the page cache's
          // own status header; src/web-server/html-cache.ts imports this module, not the reverse).
          const cachedBody = res.getHeader("x-portal-cache") === "hit" && coding === "" && chunks.length === 1 ? chunks[0]! : null;
          if (encoding === "gzip") body = await gzipPage(plain, nonce, cachedBody);
          else if (encoding === "deflate") body = await deflate(fillNonce(plain, nonce));
          else body = fillNonce(plain, nonce);
          if (encoding) res.setHeader("content-encoding", encoding);
          const vary = String(res.getHeader("vary") ?? "");
          if (!/accept-encoding/i.test(vary)) res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
          res.setHeader("content-length", String(body.length));
        }
      }
    }
    if (head?.message !== undefined) (writeHead as (...args: unknown[]) => ServerResponse).call(res, status, head.message);
    else (writeHead as (...args: unknown[]) => ServerResponse).call(res, status);
    (end as (...args: unknown[]) => ServerResponse).call(res, noBody ? undefined : body);
  }
}
