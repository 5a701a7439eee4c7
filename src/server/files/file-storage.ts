import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/app-error";

/** Directories of the files store (reference §3.4); anything else is refused. */
export const FILE_DIRECTORIES = [
  "observations",
  "img",
  "species",
  "userGroups",
  "users",
  "pages",
  "signature",
  "traits",
  "myUploads",
  "thumbnails",
  "landscape",
  "documents",
  "temp",
  "datatables",
  "datasets",
  "curation",
  "homePage",
  "resources",
  "documentSocialPreview",
  "site",
] as const;

export type FileDirectory = (typeof FILE_DIRECTORIES)[number];

export function isFileDirectory(value: string): value is FileDirectory {
  return (FILE_DIRECTORIES as readonly string[]).includes(value);
}

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".json": "application/json",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".zip": "application/zip",
};

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The absolute path of `directory/segments…` inside the files store. Refuses unknown directories and
 * any segment that could leave the directory: `..`, `.`, empty, separators, NUL, or leftover
 * percent-encoding (the path was decoded once already; a `%` means it was encoded twice).
 */
export function resolveStoredFile(filesDir: string, directory: string, segments: readonly string[]): string {
  if (!isFileDirectory(directory)) throw new AppError("BAD_REQUEST", `Unknown files directory "${directory}"`);
  if (segments.length === 0) throw new AppError("BAD_REQUEST", "A file path is required");
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === ".." || /[\\/\0%]/.test(segment)) {
      throw new AppError("BAD_REQUEST", "Invalid file path");
    }
  }
  const base = path.resolve(filesDir, directory);
  const full = path.resolve(base, ...segments);
  if (!full.startsWith(base + path.sep)) throw new AppError("BAD_REQUEST", "Invalid file path");
  return full;
}

export interface StoredFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The file's facts, or 404 when it is missing, is not a regular file, or escapes the store through a link. */
export async function statStoredFile(filesDir: string, file: string): Promise<StoredFile> {
  try {
    const [real, root] = await Promise.all([fs.realpath(file), fs.realpath(filesDir)]);
    if (!real.startsWith(root + path.sep)) throw new AppError("NOT_FOUND", "File not found");
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new AppError("NOT_FOUND", "File not found");
    return { path: real, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") throw new AppError("NOT_FOUND", "File not found");
    throw error;
  }
}

/** Reads `length` bytes from `start`. */
export async function readRange(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
