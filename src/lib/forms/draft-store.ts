/**
 * Drafts of the participation form in the browser (localStorage), one per template and user, saved as
 * the member types. Uploaded files are kept by reference (their store paths): nothing binary is
 * stored. A draft older than `DRAFT_MAX_AGE_MS` is forgotten.
 */
export const DRAFT_VERSION = 1;
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface Draft<V> {
  version: number;
  savedAt: number;
  values: V;
}

/** The part of `Storage` drafts use (tests pass a Map-backed one). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const draftKey = (shortName: string, userId: number | string): string => `cca:participate:draft:v${DRAFT_VERSION}:${userId}:${shortName.toLowerCase()}`;

function storageOf(storage?: DraftStorage): DraftStorage | null {
  if (storage) return storage;
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function loadDraft<V>(key: string, storage?: DraftStorage, now = Date.now()): Draft<V> | null {
  const s = storageOf(storage);
  if (!s) return null;
  try {
    const raw = s.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft<V>;
    if (draft.version !== DRAFT_VERSION || typeof draft.savedAt !== "number" || typeof draft.values !== "object" || draft.values === null) return null;
    if (now - draft.savedAt > DRAFT_MAX_AGE_MS) {
      s.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

/** Saves the values; false when the browser refused (private mode, storage full). */
export function saveDraft<V>(key: string, values: V, storage?: DraftStorage, now = Date.now()): boolean {
  const s = storageOf(storage);
  if (!s) return false;
  try {
    s.setItem(key, JSON.stringify({ version: DRAFT_VERSION, savedAt: now, values } satisfies Draft<V>));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string, storage?: DraftStorage): void {
  try {
    storageOf(storage)?.removeItem(key);
  } catch {
    /* nothing to clear */
  }
}

/** Whether the values hold anything typed (an untouched form is not worth a draft). */
export function hasContent(values: Record<string, unknown>): boolean {
  return Object.values(values).some((v) => {
    if (v === null || v === undefined || v === "" || v === false) return false;
    if (Array.isArray(v)) return v.some((x) => x !== null && x !== undefined && x !== "");
    if (typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.type === "FeatureCollection") return Array.isArray(o.features) && o.features.length > 0;
      return Object.values(o).some((x) => x !== null && x !== undefined && x !== "");
    }
    return true;
  });
}

/**
 * The form's autosave: one pending write at a time, `delayMs` after the last change. Once `close`d (the
 * record was saved) a write already queued is dropped and the draft removed, so a timer that fires
 * between the save and the next render cannot bring the draft back.
 */
export interface DraftAutosave<V> {
  /** Queues a write of `read()` (nothing when it returns null), replacing any queued one. */
  schedule(read: () => V | null): void;
  /** Drops the queued write (the form changed again or went away). */
  cancel(): void;
  /** The record was saved: drop the queued write, remove the draft, and write no more. */
  close(): void;
}

/** `onSaved` hears of each write the browser took (the form says "Draft saved" only then, never before a change). */
export function createDraftAutosave<V>(key: string, delayMs: number, storage?: DraftStorage, onSaved?: () => void): DraftAutosave<V> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(read) {
      cancel();
      if (closed) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (closed) return;
        const values = read();
        if (values !== null && saveDraft(key, values, storage)) onSaved?.();
      }, delayMs);
    },
    cancel,
    close() {
      closed = true;
      cancel();
      clearDraft(key, storage);
    },
  };
}
