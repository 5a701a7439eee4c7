import { AppError } from "./app-error";
import type { RequestContext } from "./types";

function mediaType(ctx: RequestContext): string {
  const raw = ctx.request.headers["content-type"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? "").split(";")[0]!.trim().toLowerCase();
}

function bodyText(ctx: RequestContext): string {
  return ctx.request.body?.toString("utf8") ?? "";
}

/**
 * Keys no body may set: they would shadow what every object inherits (`constructor`) or reach a
 * prototype when code copies fields. Dropped wherever a body or query is read.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const NUL = "\u0000";

/** PostgreSQL text cannot hold NUL characters: refused up front with a reason, not a failed query. */
function refuseNul(where: string): never {
  throw new AppError("BAD_REQUEST", `The ${where} must not contain NUL characters`);
}

/**
 * How deep a JSON body may nest objects and lists (issue 27 item 3). The deepest body a form sends (a
 * record's geometry) nests under ten; a body nested tens of thousands deep cost the parser's reviver
 * hundreds of milliseconds of the event loop per request, so it is refused by a linear scan first.
 */
export const JSON_MAX_DEPTH = 128;

/** Whether `text` nests objects and lists deeper than `max`, outside strings (a linear scan). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Any JSON value: unsafe keys dropped, strings with NUL characters refused (400 with a reason). */
export function parseJsonValue(text: string): unknown {
  if (jsonDeeperThan(text, JSON_MAX_DEPTH)) throw new AppError("BAD_REQUEST", `The request body nests objects and lists more than ${JSON_MAX_DEPTH} deep`);
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (UNSAFE_KEYS.has(key)) return undefined;
      if (key.includes(NUL) || (typeof value === "string" && value.includes(NUL))) refuseNul("request body");
      return value;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON");
  }
}

/** A JSON body of any shape (a list, for example); 415 for other media types. */
export function readJsonValueBody(ctx: RequestContext): unknown {
  const type = mediaType(ctx);
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the body as application/json (got ${type})`);
  }
  return parseJsonValue(bodyText(ctx));
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  const parsed = parseJsonValue(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("BAD_REQUEST", "The request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** A JSON object body (an empty body is `{}`); 400 for anything else, 415 for forms or multipart. */
export function readJsonBody(ctx: RequestContext): Record<string, unknown> {
  const type = mediaType(ctx);
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the body as application/json (got ${type})`);
  }
  return parseJsonObject(bodyText(ctx));
}

/**
 * The fields of a form post: application/x-www-form-urlencoded (what the reference UI sends), or a
 * JSON object. For a repeated form key the first value counts.
 */
export function readFormBody(ctx: RequestContext): Record<string, unknown> {
  const type = mediaType(ctx);
  if (type === "application/json" || type.endsWith("+json")) return parseJsonObject(bodyText(ctx));
  if (type === "multipart/form-data") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the form as application/x-www-form-urlencoded");
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(bodyText(ctx))) {
    if (key.includes(NUL) || value.includes(NUL)) refuseNul("form");
    if (!UNSAFE_KEYS.has(key) && !Object.hasOwn(fields, key)) fields[key] = value;
  }
  return fields;
}

/** A request header's first value. */
export function headerValue(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
