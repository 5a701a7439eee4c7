import fs from "node:fs";
import { AppError } from "./app-error";
import { UNSAFE_KEYS } from "./body";
import { allowedOrigin, isPreflight, preflightResponse, withCorsHeaders } from "./cors";
import type { BodyPolicy, Handler, PlatformDeps, PlatformRequest, PlatformResponse, QueryValue, RequestContext } from "./types";

type Segment = { kind: "literal"; value: string } | { kind: "param"; name: string } | { kind: "rest"; name: string };

interface RoutePattern {
  service: string;
  pattern: string;
  segments: Segment[];
  handlers: Map<string, Handler>;
  /** Per method; a method without one takes DEFAULT_BODY_LIMIT. */
  bodies: Map<string, BodyPolicy>;
}

interface Match {
  route: RoutePattern;
  params: Record<string, string>;
  rest: string[];
  /** Literal 2, param 1, rest 0 per position: the most specific pattern wins. */
  score: number[];
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The body a route takes unless `limitBody` says otherwise: JSON and forms. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** 413 with the limit as its reason. */
export function bodyTooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is too large: this endpoint takes at most ${sizeText(maxBytes)} (${maxBytes} bytes)`);
}

/** The declared Content-Length: null when absent (a chunked body), 400 when it is not a byte count. */
function declaredLength(request: PlatformRequest): number | null {
  const raw = request.headers["content-length"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return null;
  if (!/^\s*\d{1,16}\s*$/.test(value)) throw new AppError("BAD_REQUEST", "Content-Length must be a number of bytes");
  return Number(value);
}

export function json(body: object, status = 200, headers: Record<string, string | string[]> = {}): PlatformResponse {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body };
}

/**
 * A JSON answer whose body is already JSON text (built by the database, say): sent as is, never parsed
 * and stringified again. The caller vouches that `text` is valid JSON of the endpoint's contract.
 */
export function jsonText(text: string, status = 200, headers: Record<string, string | string[]> = {}): PlatformResponse {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body: text };
}

function parsePattern(pattern: string): Segment[] {
  const parts = pattern.split("/").filter(Boolean);
  return parts.map((part, i) => {
    if (part.startsWith(":")) return { kind: "param", name: part.slice(1) };
    if (part.startsWith("*")) {
      if (i !== parts.length - 1) throw new Error(`A *rest segment must come last: ${pattern}`);
      return { kind: "rest", name: part.slice(1) };
    }
    return { kind: "literal", value: part };
  });
}

function splitPath(path: string): string[] {
  const raw = path.split("?")[0]!.split("/");
  if (raw[0] === "") raw.shift();
  if (raw.length > 0 && raw[raw.length - 1] === "") raw.pop();
  return raw.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw new AppError("BAD_REQUEST", "The request path is not valid percent-encoding");
    }
  });
}

function matchRoute(route: RoutePattern, segments: string[]): Match | null {
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i]!;
    if (seg.kind === "rest") {
      score.push(0);
      return { route, params, rest: segments.slice(i), score };
    }
    const value = segments[i];
    if (value === undefined) return null;
    if (seg.kind === "literal") {
      if (seg.value !== value) return null;
      score.push(2);
    } else {
      params[seg.name] = value;
      score.push(1);
    }
  }
  return segments.length === route.segments.length ? { route, params, rest: [], score } : null;
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? -1) - (a[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

function allowedMethods(route: RoutePattern): string {
  const methods = new Set(route.handlers.keys());
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].join(", ");
}

const NUL = "\u0000";

/**
 * The request every handler sees: NUL characters in the path or the query are refused with a reason
 * (PostgreSQL text cannot hold them); the query is rebuilt without a prototype, so `?toString=` or
 * `?__proto__=` (which Next's own query parsing turns into a list holding a function, or a new
 * prototype) reach handlers as nothing or as plain strings, and unsafe keys (`UNSAFE_KEYS`) are dropped.
 */
function checkedRequest(request: PlatformRequest): PlatformRequest {
  if (/%00/.test(request.path) || request.path.includes(NUL)) throw new AppError("BAD_REQUEST", "The path must not contain NUL characters");
  const query = Object.create(null) as Record<string, QueryValue>;
  for (const [key, value] of Object.entries(request.query)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const strings = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    if (key.includes(NUL) || strings.some((v) => v.includes(NUL))) {
      throw new AppError("BAD_REQUEST", `The query parameter ${JSON.stringify(key.replaceAll(NUL, ""))} must not contain NUL characters`);
    }
    if (strings.length === 1) query[key] = strings[0]!;
    else if (strings.length > 1) query[key] = strings;
  }
  return { ...request, query };
}

/**
 * The body, within the route's limit: a declared Content-Length past it is refused before anything is
 * read, then the route's check of the caller runs (uploads: 401/403 before the body), then the body is
 * read with the limit counted as it streams in (a chunked body is cut off past it).
 */
async function takeBody(ctx: RequestContext, policy: BodyPolicy | undefined): Promise<void> {
  const maxBytes = policy?.maxBytes ?? DEFAULT_BODY_LIMIT;
  const { request } = ctx;
  const declared = declaredLength(request);
  if ((declared !== null && declared > maxBytes) || (request.body !== undefined && request.body.length > maxBytes)) throw bodyTooLarge(maxBytes);
  if (policy?.beforeBody) await policy.beforeBody(ctx);
  if (request.readBody) {
    const read = request.readBody;
    delete request.readBody;
    let body: Buffer | null;
    try {
      body = await read(maxBytes);
    } catch (error) {
      throw new AppError("BAD_REQUEST", `The request body could not be read: ${(error as Error).message}`);
    }
    if (body === null) throw bodyTooLarge(maxBytes);
    request.body = body;
  }
}

export interface PlatformRouter {
  handle(request: PlatformRequest): Promise<PlatformResponse>;
}

/**
 * Routes registered per service with patterns like `/v1/page/:id` or `/get/raw/:directory/*path`.
 * The most specific matching pattern answers; a known pattern without the method answers 405 with Allow.
 */
export class Router implements PlatformRouter {
  private readonly routes: RoutePattern[] = [];

  constructor(private readonly deps: PlatformDeps) {}

  get(service: string, pattern: string, handler: Handler): this {
    return this.add("GET", service, pattern, handler);
  }
  post(service: string, pattern: string, handler: Handler): this {
    return this.add("POST", service, pattern, handler);
  }
  put(service: string, pattern: string, handler: Handler): this {
    return this.add("PUT", service, pattern, handler);
  }
  delete(service: string, pattern: string, handler: Handler): this {
    return this.add("DELETE", service, pattern, handler);
  }

  add(method: string, service: string, pattern: string, handler: Handler): this {
    let route = this.routes.find((r) => r.service === service && r.pattern === pattern);
    if (!route) {
      route = { service, pattern, segments: parsePattern(pattern), handlers: new Map(), bodies: new Map() };
      this.routes.push(route);
    }
    if (route.handlers.has(method)) throw new Error(`Route registered twice: ${method} ${service} ${pattern}`);
    route.handlers.set(method, handler);
    return this;
  }

  /**
   * How much body `method` on a registered route takes, and who may send it (checked before the body is
   * read). Throws for a route that is not registered, so a renamed route cannot lose its limit quietly.
   */
  limitBody(method: string, service: string, pattern: string, policy: BodyPolicy): this {
    const route = this.routes.find((r) => r.service === service && r.pattern === pattern);
    if (!route?.handlers.has(method)) throw new Error(`No route to limit: ${method} ${service} ${pattern}`);
    route.bodies.set(method, policy);
    return this;
  }

  /** Every registered method and pattern with its body limit (the fuzz run and the authorisation matrix walk them). */
  describeRoutes(): { method: string; service: string; pattern: string; maxBodyBytes: number }[] {
    return this.routes.flatMap((r) =>
      [...r.handlers.keys()].map((method) => ({ method, service: r.service, pattern: r.pattern, maxBodyBytes: r.bodies.get(method)?.maxBytes ?? DEFAULT_BODY_LIMIT })),
    );
  }

  async handle(request: PlatformRequest): Promise<PlatformResponse> {
    // Tests may build a router on partial deps: no settings, no allow-list.
    const allowList = (this.deps.settings as PlatformDeps["settings"] | undefined)?.corsOrigins ?? [];
    const origin = allowedOrigin(request, allowList);
    if (isPreflight(request)) {
      if (origin) return preflightResponse(origin);
      const refused = new AppError("FORBIDDEN", "Cross-origin requests from this origin are not allowed (see CORS_ORIGINS)");
      return withCorsHeaders(json(refused.toBody(), refused.status), null, allowList);
    }
    let response: PlatformResponse;
    try {
      response = await this.dispatch(request);
    } catch (error) {
      response = this.errorResponse(request, error);
    }
    return withCorsHeaders(response, origin, allowList);
  }

  private async dispatch(raw: PlatformRequest): Promise<PlatformResponse> {
    const request = checkedRequest(raw);
    const method = request.method.toUpperCase();
    const segments = splitPath(request.path);
    const matches = this.routes
      .filter((r) => r.service === request.service)
      .map((r) => matchRoute(r, segments))
      .filter((m): m is Match => m !== null)
      .sort((a, b) => compareScores(a.score, b.score));

    const best = matches[0];
    if (!best) {
      throw new AppError("NOT_FOUND", `No such endpoint: ${request.service}-api/api${request.path.split("?")[0]}`);
    }
    if (method === "OPTIONS") return { status: 204, headers: { allow: allowedMethods(best.route) }, body: "" };

    const handler = best.route.handlers.get(method) ?? (method === "HEAD" ? best.route.handlers.get("GET") : undefined);
    if (!handler) {
      throw new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed here`, undefined, {
        allow: allowedMethods(best.route),
      });
    }
    const ctx: RequestContext = { request, params: best.params, rest: best.rest, deps: this.deps };
    if (method !== "GET" && method !== "HEAD") await takeBody(ctx, best.route.bodies.get(method));
    const response = await handler(ctx);
    return method === "HEAD" ? { ...response, body: "", file: undefined, stream: undefined } : response;
  }

  private errorResponse(request: PlatformRequest, error: unknown): PlatformResponse {
    if (error instanceof AppError) return json(error.toBody(), error.status, error.headers);
    const requestId = request.headers["x-request-id"];
    this.deps.logger.error(`[platform] ${request.method} ${request.service}-api/api${request.path} failed:`, error, { requestId: typeof requestId === "string" ? requestId : undefined });
    return json({ message: "Internal error", code: "INTERNAL" }, 500);
  }
}

/** The wire form of a response body (a `stream` body: use `collectBody`). */
export function serializeBody(response: PlatformResponse): Buffer | string {
  const { body } = response;
  if (response.stream !== undefined) throw new Error("A streamed body is read with collectBody");
  if (response.file !== undefined) return fs.readFileSync(response.file);
  if (typeof body === "string" || Buffer.isBuffer(body)) return body;
  return JSON.stringify(body);
}

/** The wire form of a response body, a streamed one read whole (in-process calls and tests). */
export async function collectBody(response: PlatformResponse): Promise<Buffer | string> {
  if (response.stream === undefined) return serializeBody(response);
  const chunks: Buffer[] = [];
  for await (const chunk of await response.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
