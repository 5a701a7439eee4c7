/**
 * Where queued records and their photos wait (IndexedDB `cca-offline`, via `idb`): `outbox` holds an entry
 * per record (its save body, the form's values for a fix, its idempotency key and status), `files` the
 * photos picked while offline (Blobs, referenced from the form by a placeholder path, `localFilePath`).
 * Entries belong to their member (`userId`): a page shows and sends only its signed-in member's entries.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { localFileIdOf } from "@/lib/offline/local-files";
import { initialStatus, type OutboxStatus } from "./outbox-machine";

export interface OutboxEntry {
  /** The idempotency key too (a UUID). */
  id: string;
  userId: number;
  shortName: string;
  /** The template's title, for the list. */
  templateName: string;
  /** The record's title as the member typed it. */
  title: string;
  language: "en" | "hi";
  /** The `data/save` body (placeholder paths for local photos). */
  body: Record<string, unknown>;
  /** The form's own values (restored as a draft when the member fixes a refused record). */
  draft: unknown;
  /** Where the form is (`/participate/{shortName}` with the group prefix), to go back to it. */
  formPath: string;
  createdAt: number;
  status: OutboxStatus;
  /** Local photo id → the stored path once uploaded (so a retry does not upload it again). */
  uploaded: Record<string, string>;
}

export interface LocalFile {
  id: string;
  userId: number;
  name: string;
  type: string;
  blob: Blob;
  createdAt: number;
}

interface OfflineDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: number } };
  files: { key: string; value: LocalFile };
}

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  dbPromise ??= openDB<OfflineDb>("cca-offline", 1, {
    upgrade(database) {
      const outbox = database.createObjectStore("outbox", { keyPath: "id" });
      outbox.createIndex("byUser", "userId");
      database.createObjectStore("files", { keyPath: "id" });
    },
  });
  return dbPromise;
}

export async function addEntry(entry: Omit<OutboxEntry, "status" | "uploaded" | "createdAt">): Promise<OutboxEntry> {
  const full: OutboxEntry = { ...entry, createdAt: Date.now(), status: initialStatus(), uploaded: {} };
  await (await db()).put("outbox", full);
  return full;
}

export async function listEntries(userId: number): Promise<OutboxEntry[]> {
  const all = await (await db()).getAllFromIndex("outbox", "byUser", userId);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await db()).get("outbox", id);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await db()).put("outbox", entry);
}

/** Removes an entry and the photos only it refers to. */
export async function removeEntry(entry: OutboxEntry): Promise<void> {
  const database = await db();
  await database.delete("outbox", entry.id);
  for (const id of localFileIdsOf(entry.body)) await database.delete("files", id);
}

export async function putFile(file: LocalFile): Promise<void> {
  await (await db()).put("files", file);
}

export async function getFile(id: string): Promise<LocalFile | undefined> {
  return (await db()).get("files", id);
}

/** The local photo ids a save body refers to (in any field's file list). */
export function localFileIdsOf(body: Record<string, unknown>): string[] {
  const ids: string[] = [];
  const values = (body.ccaFieldValues ?? {}) as Record<string, { value?: unknown }>;
  for (const field of Object.values(values)) {
    if (!Array.isArray(field?.value)) continue;
    for (const item of field.value) {
      const id = localFileIdOf((item as { path?: unknown } | null)?.path);
      if (id) ids.push(id);
    }
  }
  return ids;
}

/** The body with each placeholder path replaced by `paths[id]` (ids without a path are left). */
export function withUploadedPaths(body: Record<string, unknown>, paths: Record<string, string>): Record<string, unknown> {
  const values = (body.ccaFieldValues ?? {}) as Record<string, { value?: unknown }>;
  const next: Record<string, unknown> = {};
  for (const [fieldId, field] of Object.entries(values)) {
    if (!Array.isArray(field?.value)) {
      next[fieldId] = field;
      continue;
    }
    next[fieldId] = {
      ...field,
      value: field.value.map((item: unknown) => {
        const id = localFileIdOf((item as { path?: unknown } | null)?.path);
        return id && paths[id] ? { ...(item as object), path: paths[id] } : item;
      }),
    };
  }
  return { ...body, ccaFieldValues: next };
}

/** How many records of this member are not sent yet (waiting, sending, needing a fix or a sign-in). */
export async function countUnsent(userId: number): Promise<number> {
  return (await listEntries(userId)).filter((e) => e.status.state !== "sent").length;
}
