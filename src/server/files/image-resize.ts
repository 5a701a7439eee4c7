import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { wholeNumberRangeError } from "@/contracts/field-errors";
import { AppError } from "../http/app-error";
import { parseChoice, queryValue } from "../http/params";
import type { QueryValue } from "../http/types";
import type { StoredFile } from "./file-storage";
import type { FileStore } from "./file-store";

export const MAX_DIMENSION = 3000;

const RASTER_EXTENSIONS = new Set([".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif", ".tif", ".tiff"]);

export function isRaster(fileName: string): boolean {
  return RASTER_EXTENSIONS.has(path.extname(fileName).toLowerCase());
}

type SharpFit = "cover" | "contain" | "fill" | "inside" | "outside";
// `center` is what the portal sends (crop=fit&fit=center): fill the box, cropping around the centre.
const FITS = ["center", "cover", "contain", "fill", "inside", "outside"] as const;
const FORMATS = ["webp", "jpeg", "jpg", "png", "avif"] as const;
type OutputFormat = "webp" | "jpeg" | "png" | "avif";

export interface ResizeOptions {
  width: number | null;
  height: number | null;
  fit: SharpFit;
  /** null: keep the source format. */
  format: OutputFormat | null;
}

function parseDimension(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_DIMENSION)) {
    throw new AppError("BAD_REQUEST", `${name} must be a whole number from 1 to ${MAX_DIMENSION} (got "${value}")`, {
      [name]: wholeNumberRangeError(1, MAX_DIMENSION),
    });
  }
  return n;
}

/** Reads `w`, `h`, `fit` and `fm` (other parameters such as `crop` and `preserve` are accepted and ignored). */
export function parseResizeOptions(query: Record<string, QueryValue>): ResizeOptions {
  const width = parseDimension(queryValue(query, "w"), "w");
  const height = parseDimension(queryValue(query, "h"), "h");
  const fitParam = queryValue(query, "fit");
  const fit = fitParam === undefined ? (width && height ? "cover" : "inside") : parseChoice(fitParam, "fit", FITS, "cover");
  const fm = queryValue(query, "fm");
  const format = fm === undefined ? null : parseChoice(fm, "fm", FORMATS, "webp");
  return {
    width,
    height,
    fit: fit === "center" ? "cover" : fit,
    format: format === "jpg" ? "jpeg" : format,
  };
}

const SOURCE_FORMATS: Record<string, string> = {
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
  ".gif": "gif",
  ".avif": "avif",
  ".tif": "tiff",
  ".tiff": "tiff",
};

export interface ResizedImage {
  data: Buffer;
  contentType: string;
}

// Concurrent requests for the same variant share one resize.
const inFlight = new Map<string, Promise<ResizedImage>>();

/**
 * Resizes a raster (never enlarging it), caching each variant on this machine's disk under
 * `cacheDir/crop` (whatever the store), keyed by the source's key, size and modification time, so a
 * replaced file gets fresh variants.
 */
export function resizeImage(store: FileStore, file: StoredFile, options: ResizeOptions, cacheDir: string): Promise<ResizedImage> {
  const sourceFormat = SOURCE_FORMATS[path.extname(file.key).toLowerCase()] ?? "jpeg";
  const format = options.format ?? sourceFormat;
  const contentType = `image/${format}`;
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([file.key, file.size, file.mtimeMs, options.width, options.height, options.fit, format]))
    .digest("hex");
  const cached = path.join(cacheDir, "crop", key.slice(0, 2), `${key}.${format}`);

  const existing = inFlight.get(key);
  if (existing) return existing;
  const work = (async (): Promise<ResizedImage> => {
    try {
      return { data: await fs.readFile(cached), contentType };
    } catch {
      // not cached yet
    }
    const { default: sharp } = await import("sharp");
    // A folder store hands sharp the path; a bucket's object is read into memory (images are ≤ 10 MB).
    const source = store.localPath(file.key) ?? (await store.read(file.key));
    if (!source) throw new AppError("NOT_FOUND", "File not found");
    let pipeline = sharp(source, { animated: format === "gif" || format === "webp" })
      .rotate()
      .resize({
        width: options.width ?? undefined,
        height: options.height ?? undefined,
        fit: options.fit,
        position: "centre",
        withoutEnlargement: true,
      });
    if (format === "jpeg") pipeline = pipeline.jpeg({ quality: 82, mozjpeg: true });
    else if (format === "webp") pipeline = pipeline.webp({ quality: 80 });
    else if (format === "png") pipeline = pipeline.png();
    else if (format === "avif") pipeline = pipeline.avif({ quality: 55 });
    else pipeline = pipeline.toFormat(format as "gif" | "tiff");
    let data: Buffer;
    try {
      data = await pipeline.toBuffer();
    } catch (error) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`);
    }
    try {
      await fs.mkdir(path.dirname(cached), { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, cached);
    } catch {
      // a cache that cannot be written only costs time
    }
    return { data, contentType };
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
