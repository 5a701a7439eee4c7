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

/** The longest file name (bytes) and path (bytes, with the store's own folder) the store can hold (Linux NAME_MAX, PATH_MAX - 1). */
export const MAX_FILE_NAME_BYTES = 255;
export const MAX_FILE_PATH_BYTES = 4095;

/** Such a path cannot exist in the store, so there is no such file. */
function tooLong(what: string): AppError {
  return new AppError("NOT_FOUND", `File not found: ${what}`);
}

/**
 * The absolute path of `directory/segments…` inside the files store. Refuses unknown directories and
 * any segment that could leave the directory: `..`, `.`, empty, separators, NUL, or leftover
 * percent-encoding (the path was decoded once already; a `%` means it was encoded twice). A name or
 * path longer than the file system holds is a file that cannot exist: 404.
 */
/** 400 for a directory the store does not have (a long name is shortened in the message). */
export function unknownDirectory(directory: string, fieldErrors?: Record<string, string>): AppError {
  const shown = directory.length > 40 ? `${directory.slice(0, 40)}…` : directory;
  return new AppError("BAD_REQUEST", `Unknown files directory "${shown}"`, fieldErrors);
}

export function resolveStoredFile(filesDir: string, directory: string, segments: readonly string[]): string {
  if (!isFileDirectory(directory)) throw unknownDirectory(directory);
  if (segments.length === 0) throw new AppError("BAD_REQUEST", "A file path is required");
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === ".." || /[\\/\0%]/.test(segment)) {
      throw new AppError("BAD_REQUEST", "Invalid file path");
    }
  }
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_FILE_NAME_BYTES)) {
    throw tooLong(`a file or folder name in the store is at most ${MAX_FILE_NAME_BYTES} bytes long`);
  }
  const base = path.resolve(filesDir, directory);
  const full = path.resolve(base, ...segments);
  if (!full.startsWith(base + path.sep)) throw new AppError("BAD_REQUEST", "Invalid file path");
  if (Buffer.byteLength(full) > MAX_FILE_PATH_BYTES) throw tooLong(`a path in the store is at most ${MAX_FILE_PATH_BYTES} bytes long`);
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
    // ENAMETOOLONG: a name the file system cannot hold (e.g. a shorter limit than Linux's) is no file either.
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG") throw new AppError("NOT_FOUND", "File not found");
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
