/**
 * Photos picked while offline (issue 32): the form holds them by a placeholder path that the record rules
 * accept (`isStoredFilePath`), in a folder no upload ever gets (`offline-…`; real uploads are `ibpmu-…`);
 * the Blob waits in IndexedDB (src/features/offline/outbox-store.ts) and the submission queue uploads it
 * and puts the stored path in its place before the record is sent.
 */
import { FILE_PATH_PREFIX } from "@/contracts/record-rules";

export const LOCAL_FILE_FOLDER = "offline-";
/** Every placeholder path starts with this. */
export const LOCAL_FILE_MARKER = `${FILE_PATH_PREFIX}myUploads/${LOCAL_FILE_FOLDER}`;

/** The placeholder path of local photo `id` named `name`. */
export function localFilePath(id: string, name: string): string {
  const safe = name.replace(/[/\\%\s\u0000-\u001f]+/g, "_").replace(/^\.+/, "").slice(0, 120) || "file";
  return `${LOCAL_FILE_MARKER}${id}/${safe}`;
}

/** The local photo's id when `path` is a placeholder, else null. */
export function localFileIdOf(path: unknown): string | null {
  if (typeof path !== "string" || !path.startsWith(LOCAL_FILE_MARKER)) return null;
  const id = path.slice(LOCAL_FILE_MARKER.length).split("/")[0] ?? "";
  return /^[A-Za-z0-9-]{8,64}$/.test(id) ? id : null;
}
