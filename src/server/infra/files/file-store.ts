/**
 * The files store: one interface, two backends. Keys are `/`-separated relative paths
 * (`pages/<hash>/<uuid>.jpg`, `exports/12-….csv`, `naksha-rasters/<layer>.png`).
 *
 * - `directoryFileStore(FILES_DIR)` (default): files under one folder, which several instances may
 *   share by mounting it. Writes are atomic (written aside, then renamed).
 * - `s3FileStore(settings)` (`FILE_STORE=s3`): objects in an S3-compatible bucket.
 *
 * Every key is checked here too (`assertKey`): no empty, `.` or `..` segment, no `\` or NUL, so no key
 * can leave the store whatever the caller did before.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "@/config/env";
import { AppError } from "../http/app-error";
import { contentTypeFor, MAX_FILE_KEY_BYTES, MAX_FILE_NAME_BYTES } from "./file-storage";

export interface StoredObject {
  key: string;
  size: number;
  mtimeMs: number;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly kind: "directory" | "s3";
  /** Writes the whole object; readers see the old content or the new, never half of it. */
  put(key: string, data: Buffer | string | Readable): Promise<void>;
  /** Moves a local file into the store (the local file is gone afterwards, whether this succeeds or not). */
  putFile(key: string, localFile: string): Promise<void>;
  /** Size and modification time; null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object (or a range of it) in memory; null when missing. Use `stream` for large objects. */
  read(key: string, range?: ByteRange): Promise<Buffer | null>;
  /** The object (or a range of it) as a stream; null when missing. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** The object's path on this machine (directory backend), or null (a bucket). */
  localPath(key: string): string | null;
  /**
   * Whether the store can be used at all (the folder is writable, the bucket exists and the keys are
   * accepted): the platform checks at start-up, so a misconfigured store stops the start with a
   * message instead of failing the first upload with a 500. Throws FileStoreUnusableError.
   */
  check(): Promise<void>;
}

/** A files store that cannot be used, said as an operator should read it (which setting, what went wrong). */
export class FileStoreUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileStoreUnusableError";
  }
}


/** The key's segments; a key that could leave the store (or is not a path at all) is refused with 400. */
export function assertKey(key: string): string[] {
  const segments = typeof key === "string" ? key.split("/") : [];
  const bad =
    segments.length === 0 ||
    Buffer.byteLength(key) > MAX_FILE_KEY_BYTES ||
    segments.some((s) => s === "" || s === "." || s === ".." || /[\\\0]/.test(s) || Buffer.byteLength(s) > MAX_FILE_NAME_BYTES);
  if (bad) throw new AppError("BAD_REQUEST", "Invalid file path");
  return segments;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG" || code === "EISDIR";
}

const tempName = (target: string) => `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;

// ── Directory backend ────────────────────────────────────────────────────────────────────────────

export function directoryFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => path.join(base, ...assertKey(key));

  /** The real path when it is a regular file inside the store (a link out of it counts as missing). */
  async function located(key: string): Promise<{ file: string; stat: fs.Stats } | null> {
    const file = pathOf(key);
    try {
      const [real, realRoot] = await Promise.all([fsp.realpath(file), fsp.realpath(base)]);
      if (!real.startsWith(realRoot + path.sep)) return null;
      const stat = await fsp.stat(real);
      return stat.isFile() ? { file: real, stat } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function check(): Promise<void> {
    try {
      await fsp.mkdir(base, { recursive: true });
      await fsp.access(base, fs.constants.W_OK);
      const probe = tempName(path.join(base, ".write-check"));
      await fsp.writeFile(probe, "");
      await fsp.rm(probe, { force: true });
    } catch (error) {
      throw new FileStoreUnusableError(`The files folder ${base} (FILES_DIR, default DATA_DIR/files) cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
    }
  }

  return {
    check,
    kind: "directory",
    async put(key, data) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = tempName(target);
      try {
        if (data instanceof Readable) await pipeline(data, fs.createWriteStream(tmp, { flags: "wx" }));
        else await fsp.writeFile(tmp, data, { flag: "wx" });
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
    },
    async putFile(key, localFile) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(localFile, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") {
          await fsp.rm(localFile, { force: true });
          throw error;
        }
        // Another file system: copy aside, then rename.
        const tmp = tempName(target);
        try {
          await fsp.copyFile(localFile, tmp);
          await fsp.rename(tmp, target);
        } finally {
          await fsp.rm(tmp, { force: true });
          await fsp.rm(localFile, { force: true });
        }
      }
    },
    async stat(key) {
      const found = await located(key);
      return found ? { key, size: found.stat.size, mtimeMs: found.stat.mtimeMs } : null;
    },
    async read(key, range) {
      const found = await located(key);
      if (!found) return null;
      if (!range) return fsp.readFile(found.file);
      const length = Math.max(0, Math.min(range.end, found.stat.size - 1) - range.start + 1);
      const handle = await fsp.open(found.file, "r");
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, range.start);
        return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async stream(key, range) {
      const found = await located(key);
      if (!found) return null;
      return fs.createReadStream(found.file, range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    localPath: pathOf,
  };
}

// ── S3-compatible backend ────────────────────────────────────────────────────────────────────────

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function s3Missing(error: unknown): boolean {
  const name = (error as Error).name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

export function s3FileStore(settings: S3Settings, options: { tempDir?: string } = {}): FileStore {
  const tempDir = options.tempDir ?? os.tmpdir();
  let client: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  // Loaded on first use, so a directory-backed process never loads the SDK.
  const sdk = () =>
    (client ??= import("@aws-sdk/client-s3").then((mod) => ({
      sdk: mod,
      client: new mod.S3Client({
        endpoint: settings.endpoint ?? undefined,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: many S3-compatible servers (older MinIO, Ceph, s3rver)
        // store the aws-chunked framing of a checksummed stream as part of the object.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  const Bucket = settings.bucket;
  const rangeHeader = (range?: ByteRange) => (range ? `bytes=${range.start}-${range.end}` : undefined);

  async function putBody(key: string, body: Buffer | Readable, length: number): Promise<void> {
    const { client, sdk: s3 } = await sdk();
    await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: length, ContentType: contentTypeFor(key) }));
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertKey(key);
    const { client, sdk: s3 } = await sdk();
    try {
      const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: key, Range: rangeHeader(range) }));
      return answer.Body as Readable;
    } catch (error) {
      if (s3Missing(error)) return null;
      // A range past the end of the object: as much as there is (nothing).
      if (statusOf(error) === 416) return Readable.from([]);
      throw error;
    }
  }

  const store: FileStore = {
    kind: "s3",
    async put(key, data) {
      assertKey(key);
      if (!(data instanceof Readable)) {
        const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data);
        return putBody(key, buffer, buffer.length);
      }
      // A stream of unknown length: spooled to a temp file, so the request can say its length.
      await fsp.mkdir(tempDir, { recursive: true });
      const tmp = path.join(tempDir, `s3-put-${crypto.randomUUID()}`);
      await pipeline(data, fs.createWriteStream(tmp, { flags: "wx" })).catch(async (error: unknown) => {
        await fsp.rm(tmp, { force: true });
        throw error;
      });
      return store.putFile(key, tmp);
    },
    async putFile(key, localFile) {
      try {
        assertKey(key);
        const { size } = await fsp.stat(localFile);
        await putBody(key, fs.createReadStream(localFile), size);
      } finally {
        await fsp.rm(localFile, { force: true });
      }
    },
    async stat(key) {
      assertKey(key);
      const { client, sdk: s3 } = await sdk();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return { key, size: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0 };
      } catch (error) {
        if (s3Missing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const body = await get(key, range);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: get,
    async delete(key) {
      assertKey(key);
      const { client, sdk: s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    localPath: () => null,
    async check() {
      const where = `bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ""} (S3_BUCKET, S3_ENDPOINT)`;
      try {
        const { client, sdk: s3 } = await sdk();
        await client.send(new s3.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || (error as Error).name === "NotFound" || (error as Error).name === "NoSuchBucket") throw new FileStoreUnusableError(`The S3 ${where} does not exist.`);
        if (status === 401 || status === 403) throw new FileStoreUnusableError(`The S3 ${where} refused the keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): HTTP ${status}.`);
        throw new FileStoreUnusableError(`The S3 ${where} cannot be reached: ${(error as Error).message || (error as Error).name}.`);
      }
    },
  };
  return store;
}

/** The store the environment names (FILE_STORE); temp files of the S3 backend go to `tempDir`. */
export function fileStoreFromEnv(env: { fileStore: "directory" | "s3"; filesDir: string; s3: S3Settings | null }, tempDir?: string): FileStore {
  if (env.fileStore === "s3" && env.s3) return s3FileStore(env.s3, { tempDir });
  return directoryFileStore(env.filesDir);
}
