/**
 * The folder of resumable uploads while they arrive (PARTIAL_UPLOADS_DIR, `${DATA_DIR}/uploads-partial`;
 * never the public files store): `<id>` (the bytes so far) and `<id>.json` (length, metadata with the
 * owner, creation time) as @tus/file-store keeps them, and `completed/<id>.json` (the answer of a
 * completed upload, so that completing it again answers the same). Everything is removed
 * RESUMABLE_EXPIRY_MS after the upload's creation by the sweep.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import type { PlatformDeps } from "../../infra/http/types";
import { ownerOf, RESUMABLE_EXPIRY_MS, RESUMABLE_ID } from "./resumable-rules";

export function partialUploadsDir(deps: Pick<PlatformDeps, "cacheDir" | "partialUploadsDir">): string {
  return deps.partialUploadsDir ?? path.join(path.dirname(deps.cacheDir), "uploads-partial");
}

const stores = new Map<string, Promise<FileStore>>();

/** The tus data store on `dir` (one per folder and process), the folder made when missing. */
export function partialStore(dir: string): Promise<FileStore> {
  let store = stores.get(dir);
  if (!store) {
    store = (async () => {
      await fs.mkdir(path.join(dir, "completed"), { recursive: true });
      // ESM only: loaded when the first resumable upload needs it, not with the platform.
      const { FileStore } = await import("@tus/file-store");
      return new FileStore({ directory: dir, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS });
    })();
    stores.set(dir, store);
    store.catch(() => stores.delete(dir));
  }
  return store;
}

export interface PartialUpload {
  id: string;
  /** Declared length in bytes. */
  size: number;
  /** Bytes received so far. */
  offset: number;
  metadata: Record<string, string>;
  owner: number | null;
  createdAt: number;
  /** Where its bytes are. */
  file: string;
}

/** The upload `id` in `dir`, or null when there is none (never was, removed or swept). */
export async function findPartialUpload(dir: string, id: string): Promise<PartialUpload | null> {
  if (!RESUMABLE_ID.test(id)) return null;
  const store = await partialStore(dir);
  try {
    const upload = await store.getUpload(id);
    const metadata = Object.fromEntries(Object.entries(upload.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
    return {
      id,
      size: upload.size ?? 0,
      offset: upload.offset,
      metadata,
      owner: ownerOf(metadata),
      createdAt: upload.creation_date ? Date.parse(upload.creation_date) : 0,
      file: path.join(dir, id),
    };
  } catch {
    return null;
  }
}

/** Removes an upload's bytes and description (when there). */
export async function removePartialUpload(dir: string, id: string): Promise<void> {
  if (!RESUMABLE_ID.test(id)) return;
  await Promise.all([fs.rm(path.join(dir, id), { force: true }), fs.rm(path.join(dir, `${id}.json`), { force: true })]);
}

interface CompletedAnswer<T = unknown> {
  owner: number;
  answer: T;
}

const completedFile = (dir: string, id: string) => path.join(dir, "completed", `${id}.json`);

/** The answer a completed upload gave, with its owner; null when it was not completed (or was swept). */
export async function readCompleted<T>(dir: string, id: string): Promise<CompletedAnswer<T> | null> {
  if (!RESUMABLE_ID.test(id)) return null;
  try {
    const parsed = JSON.parse(await fs.readFile(completedFile(dir, id), "utf8")) as Partial<CompletedAnswer<T>>;
    return typeof parsed.owner === "number" && parsed.answer !== undefined ? { owner: parsed.owner, answer: parsed.answer } : null;
  } catch {
    return null;
  }
}

export async function saveCompleted<T>(dir: string, id: string, completed: CompletedAnswer<T>): Promise<void> {
  await fs.mkdir(path.join(dir, "completed"), { recursive: true });
  const target = completedFile(dir, id);
  await fs.writeFile(`${target}.tmp`, JSON.stringify(completed));
  await fs.rename(`${target}.tmp`, target);
}

async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Removes what is older than `expiryMs`: uploads by their creation time (what `Upload-Expires` told
 * the client), bytes without a description and completed answers by their last change. Answers how
 * many entries went.
 */
export async function sweepPartialUploads(dir: string, now = Date.now(), expiryMs = RESUMABLE_EXPIRY_MS): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const ids = new Set(names.map((name) => name.replace(/\.json$/, "")).filter((name) => RESUMABLE_ID.test(name)));
  for (const id of ids) {
    let created: number | null = null;
    try {
      const info = JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8")) as { creation_date?: string };
      created = info.creation_date ? Date.parse(info.creation_date) : null;
    } catch {
      // No description (a crash between the two writes): judged by its bytes' age.
    }
    const since = created ?? (await modifiedAt(path.join(dir, id))) ?? 0;
    if (now - since > expiryMs) {
      await removePartialUpload(dir, id);
      removed += 1;
    }
  }
  let answers: string[] = [];
  try {
    answers = await fs.readdir(path.join(dir, "completed"));
  } catch {
    // No completed uploads yet.
  }
  for (const name of answers) {
    const file = path.join(dir, "completed", name);
    const changed = await modifiedAt(file);
    if (changed !== null && now - changed > expiryMs) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
