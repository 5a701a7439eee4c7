/**
 * A small in-process TTL cache shared by server-side rendering and the platform back end
 * (which invalidates it on writes). Kept on globalThis so every bundle of this process sees one copy.
 */
interface Entry {
  value: unknown;
  expiresAt: number;
}

const KEY = Symbol.for("cca.memoryCache");
type Store = Map<string, Entry>;
const g = globalThis as unknown as Record<symbol, Store | undefined>;
const store: Store = (g[KEY] ??= new Map());

export const CACHE_KEYS = {
  groupList: "groups:",
  /** Everything derived from pages (trees, featured pages): invalidated on any page write. */
  pages: "pages:",
} as const;

/** Returns the cached value for `key`, or loads, stores and returns it. Failed loads are not cached. */
export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = store.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as T;
  const value = await load();
  store.set(key, { value, expiresAt: Date.now() + ttlMs });
  return value;
}

/** Drops every entry whose key starts with `prefix` (all entries when omitted). */
export function invalidateCache(prefix = ""): void {
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
