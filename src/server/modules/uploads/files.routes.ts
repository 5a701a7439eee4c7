import { Readable } from "node:stream";
import { AppError } from "../../infra/http/app-error";
import type { Router } from "../../infra/http/router";
import type { PlatformResponse, RequestContext } from "../../infra/http/types";
import { builtInFile } from "../../infra/files/built-in-files";
import { contentTypeFor, statStoredFile, storedFileKey, type StoredFile } from "../../infra/files/file-storage";
import { isRaster, parseResizeOptions, resizeImage } from "../../infra/files/image-resize";

// Stored files keep their name for good (uploads get fresh names), so clients may cache them long.
const CACHE_CONTROL = "public, max-age=2592000";
const MAX_CHUNK = 8 * 1024 * 1024;

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function baseHeaders(contentType: string, etag: string): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": contentType,
    "cache-control": CACHE_CONTROL,
    etag,
    "x-content-type-options": "nosniff",
  };
  // An SVG opened on its own must not run scripts in the portal's origin.
  if (contentType.startsWith("image/svg")) headers["content-security-policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  return headers;
}

function etagOf(file: StoredFile, variant = ""): string {
  return `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${variant ? `-${variant}` : ""}"`;
}

function isNotModified(ctx: RequestContext, etag: string): boolean {
  const ifNoneMatch = header(ctx, "if-none-match");
  return !!ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

/**
 * Home gallery pictures: the portal uploads and shows them in `homePage`, the original front end in
 * `userGroups` (its slides read `${FILES}/get/crop/userGroups${fileName}`). A picture missing from one is
 * looked up in the other, so either client shows the slides the other made (both are public images).
 */
const HOME_IMAGE_TWINS: Readonly<Record<string, string>> = { homePage: "userGroups", userGroups: "homePage" };

/**
 * The stored file a `get/raw|crop/<directory>/<path>` address names. Empty segments (doubled slashes:
 * the original front end joins `userGroups` and an icon that starts with "/") are skipped, as the web
 * server does before (src/web-server/public-paths.ts); `.` and `..` stay refused by the store.
 */
async function locate(ctx: RequestContext): Promise<StoredFile> {
  const [directory = "", ...path] = [ctx.params.directory ?? "", ...ctx.rest].filter((segment) => segment !== "");
  try {
    return await statStoredFile(ctx.deps.fileStore, storedFileKey(directory, path));
  } catch (error) {
    const twin = HOME_IMAGE_TWINS[directory];
    if (!twin || !(error instanceof AppError) || error.code !== "NOT_FOUND") throw error;
    return statStoredFile(ctx.deps.fileStore, storedFileKey(twin, path));
  }
}

/** A built-in image (the default group logo) when the store has no file of that address; else the error. */
function builtInOr(ctx: RequestContext, error: unknown): PlatformResponse {
  const [directory = "", ...path] = [ctx.params.directory ?? "", ...ctx.rest].filter((segment) => segment !== "");
  const file = error instanceof AppError && error.code === "NOT_FOUND" ? builtInFile([directory, ...path].join("/")) : null;
  if (!file) throw error;
  return { status: 200, headers: { ...baseHeaders(file.contentType, `W/"built-in-${file.body.length.toString(16)}"`), "content-length": String(file.body.length) }, body: file.body };
}

/** The whole file, or the byte range asked for (video players need ranges). */
async function sendFile(ctx: RequestContext, file: StoredFile): Promise<PlatformResponse> {
  const etag = etagOf(file);
  const headers = { ...baseHeaders(contentTypeFor(file.key), etag), "accept-ranges": "bytes" };
  if (isNotModified(ctx, etag)) return { status: 304, headers, body: "" };

  // One range per request; anything else (several ranges, other units) gets the whole file.
  const match = /^bytes=(\d*)-(\d*)$/.exec(header(ctx, "range")?.trim() ?? "");
  if (match && (match[1] || match[2])) {
    const [, from, to] = match;
    const start = from ? Number(from) : Math.max(0, file.size - Number(to));
    // An open range (`bytes=0-`, what media players send) is answered in chunks to bound memory.
    const end = Math.min(from && to ? Number(to) : file.size - 1, file.size - 1, from ? start + MAX_CHUNK - 1 : Infinity);
    if (start >= file.size || start > end || (!from && Number(to) === 0)) {
      throw new AppError("RANGE_NOT_SATISFIABLE", "Requested range not satisfiable", undefined, {
        "content-range": `bytes */${file.size}`,
      });
    }
    return {
      status: 206,
      headers: { ...headers, "content-range": `bytes ${start}-${end}/${file.size}` },
      body: (await ctx.deps.fileStore.read(file.key, { start, end })) ?? Buffer.alloc(0),
    };
  }
  // The whole file is streamed from the store (a video may be 100 MB).
  const store = ctx.deps.fileStore;
  const stream = async () => (await store.stream(file.key)) ?? Readable.from([]);
  return { status: 200, headers: { ...headers, "content-length": String(file.size) }, body: "", stream };
}

/** files-api/api/get/... (reference §3.4): originals and resized images from `${DATA_DIR}/files`. */
export function registerFileRoutes(router: Router): void {
  router.get("files", "/get/raw/:directory/*path", async (ctx) => {
    const file = await locate(ctx).catch((error: unknown) => error);
    return file instanceof Error ? builtInOr(ctx, file) : sendFile(ctx, file as StoredFile);
  });

  router.get("files", "/get/crop/:directory/*path", async (ctx) => {
    const options = parseResizeOptions(ctx.request.query);
    const found = await locate(ctx).catch((error: unknown) => error);
    if (found instanceof Error) return builtInOr(ctx, found);
    const file = found as StoredFile;
    // SVG scales by itself; other non-rasters (video, PDF) are sent unchanged as well.
    if (!isRaster(file.key) || (options.width === null && options.height === null && options.format === null)) {
      return sendFile(ctx, file);
    }
    const etag = etagOf(file, `${options.width ?? ""}x${options.height ?? ""}-${options.fit}-${options.format ?? ""}`);
    if (isNotModified(ctx, etag)) return { status: 304, headers: baseHeaders(contentTypeFor(file.key), etag), body: "" };
    const image = await resizeImage(ctx.deps.fileStore, file, options, ctx.deps.cacheDir);
    return { status: 200, headers: baseHeaders(image.contentType, etag), body: image.data };
  });
}
