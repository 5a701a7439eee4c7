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

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON");
  }
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

/** A JSON body of any shape (an array for reorder lists); 400 when it is not JSON, 415 for other media. */
export function readJsonValue(ctx: RequestContext): unknown {
  const type = mediaType(ctx);
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the body as application/json (got ${type})`);
  }
  try {
    return JSON.parse(bodyText(ctx));
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON");
  }
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
  for (const [key, value] of new URLSearchParams(bodyText(ctx))) if (!(key in fields)) fields[key] = value;
  return fields;
}

/** A request header's first value. */
export function headerValue(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
