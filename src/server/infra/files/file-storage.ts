import path from "node:path";
import { AppError } from "../http/app-error";
import type { FileStore, StoredObject } from "./file-store";

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

/** The longest file or folder name (bytes) and key (bytes) the store holds (Linux NAME_MAX; S3's key limit). */
export const MAX_FILE_NAME_BYTES = 255;
export const MAX_FILE_KEY_BYTES = 1024;

/** Such a path cannot exist in the store, so there is no such file. */
function tooLong(what: string): AppError {
  return new AppError("NOT_FOUND", `File not found: ${what}`);
}

/** 400 for a directory the store does not have (a long name is shortened in the message). */
export function unknownDirectory(directory: string, fieldErrors?: Record<string, string>): AppError {
  const shown = directory.length > 40 ? `${directory.slice(0, 40)}…` : directory;
  return new AppError("BAD_REQUEST", `Unknown files directory "${shown}"`, fieldErrors);
}

/**
 * The store key of `directory/segments…` (files-api paths). Refuses unknown directories and any
 * segment that could leave the directory: `..`, `.`, empty, separators, NUL, or leftover
 * percent-encoding (the path was decoded once already; a `%` means it was encoded twice). A name or
 * key longer than the store holds is a file that cannot exist: 404.
 */
export function storedFileKey(directory: string, segments: readonly string[]): string {
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
  const key = [directory, ...segments].join("/");
  if (Buffer.byteLength(key) > MAX_FILE_KEY_BYTES) throw tooLong(`a path in the store is at most ${MAX_FILE_KEY_BYTES} bytes long`);
  return key;
}

export type StoredFile = StoredObject;

/** The file's facts, or 404 when it is missing or is not a regular file of the store. */
export async function statStoredFile(store: FileStore, key: string): Promise<StoredFile> {
  const found = await store.stat(key);
  if (!found) throw new AppError("NOT_FOUND", "File not found");
  return found;
}
