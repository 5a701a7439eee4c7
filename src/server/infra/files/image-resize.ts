import crypto from "node:crypto";
import path from "node:path";
import { wholeNumberRangeError } from "@/contracts/field-errors";
import { CROP_SIZES, snapCropSize } from "@/shared/files";
import { AppError } from "../http/app-error";
import { parseChoice, queryValue } from "../http/params";
import type { QueryValue } from "../http/types";
import type { StoredFile } from "./file-storage";
import type { FileStore } from "./file-store";
import { CropDiskCache, cropCacheMaxBytes } from "./crop-cache";
import { CROP_MAX_PIXELS } from "./image-limits";

export const MAX_DIMENSION = CROP_SIZES[CROP_SIZES.length - 1]!;

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

/**
 * Reads `w`, `h`, `fit` and `fm` (other parameters such as `crop` and `preserve` are accepted and
 * ignored). Sizes are snapped up to the crop sizes (`CROP_SIZES`); with one side given every fit gives
 * the same image, so it is `inside`: an image has a bounded number of variants, whatever is asked.
 */
export function parseResizeOptions(query: Record<string, QueryValue>): ResizeOptions {
  const requestedWidth = parseDimension(queryValue(query, "w"), "w");
  const requestedHeight = parseDimension(queryValue(query, "h"), "h");
  const width = requestedWidth === null ? null : snapCropSize(requestedWidth);
  const height = requestedHeight === null ? null : snapCropSize(requestedHeight);
  const fitParam = queryValue(query, "fit");
  const asked = fitParam === undefined ? (width && height ? "cover" : "inside") : parseChoice(fitParam, "fit", FITS, "cover");
  const fit = width && height ? asked : "inside";
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

// One bounded disk cache per cache folder (tests run several platforms in one process).
const diskCaches = new Map<string, CropDiskCache>();

/** The disk cache of resized images under `cacheDir/crop`, bounded by CROP_CACHE_MAX_MB. */
export function cropDiskCache(cacheDir: string): CropDiskCache {
  const dir = path.join(cacheDir, "crop");
  let cache = diskCaches.get(dir);
  if (!cache) diskCaches.set(dir, (cache = new CropDiskCache(dir, cropCacheMaxBytes())));
  return cache;
}

/**
 * Resizes a raster (never enlarging it; at most CROP_MAX_PIXELS read), caching each variant on this
 * machine's disk under `cacheDir/crop` (whatever the store; least recently used deleted past
 * CROP_CACHE_MAX_MB), keyed by the source's key, size and modification time, so a replaced file gets
 * fresh variants.
 */
export function resizeImage(store: FileStore, file: StoredFile, options: ResizeOptions, cacheDir: string): Promise<ResizedImage> {
  const sourceFormat = SOURCE_FORMATS[path.extname(file.key).toLowerCase()] ?? "jpeg";
  const format = options.format ?? sourceFormat;
  const contentType = `image/${format}`;
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([file.key, file.size, file.mtimeMs, options.width, options.height, options.fit, format]))
    .digest("hex");
  const cached = path.join(key.slice(0, 2), `${key}.${format}`);
  const disk = cropDiskCache(cacheDir);

  const existing = inFlight.get(key);
  if (existing) return existing;
  const work = (async (): Promise<ResizedImage> => {
    const hit = await disk.read(cached);
    if (hit) return { data: hit, contentType };
    const { default: sharp } = await import("sharp");
    // A folder store hands sharp the path; a bucket's object is read into memory (images are ≤ 10 MB).
    const source = store.localPath(file.key) ?? (await store.read(file.key));
    if (!source) throw new AppError("NOT_FOUND", "File not found");
    let pipeline = sharp(source, { animated: format === "gif" || format === "webp", limitInputPixels: CROP_MAX_PIXELS })
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
      if (/pixel limit/i.test((error as Error).message)) {
        throw new AppError("UNPROCESSABLE_CONTENT", `The image is too large to resize: at most ${CROP_MAX_PIXELS / 1_000_000} megapixels`);
      }
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file is not a readable image (${(error as Error).message})`);
    }
    await disk.write(cached, data);
    return { data, contentType };
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
