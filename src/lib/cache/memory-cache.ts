/**
 * A small in-process TTL cache shared by server-side rendering and the platform back end
 * (which invalidates it on writes). Kept on globalThis so every bundle of this process sees one copy.
 */
interface Entry {
  value: unknown;
  expiresAt: number;
}

const KEY = Symbol.for("cca.memoryCache");
const GENERATION_KEY = Symbol.for("cca.memoryCache.generation");
type Store = Map<string, Entry>;
const g = globalThis as unknown as Record<symbol, Store | undefined>;
const store: Store = (g[KEY] ??= new Map());
/** Bumped by every invalidation; shared like the store. */
const generation = ((globalThis as unknown as Record<symbol, { value: number } | undefined>)[GENERATION_KEY] ??= { value: 0 });

export const CACHE_KEYS = {
  groupList: "groups:",
  /** Everything derived from pages (trees, featured pages): invalidated on any page write. */
  pages: "pages:",
} as const;

/**
 * Returns the cached value for `key`, or loads, stores and returns it. Failed loads are not cached,
 * and neither is a load that an invalidation overtook (it may hold data from before the write).
 */
export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = store.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as T;
  const startedAt = generation.value;
  const value = await load();
  if (generation.value === startedAt) store.set(key, { value, expiresAt: Date.now() + ttlMs });
  return value;
}

/** Drops every entry whose key starts with `prefix` (all entries when omitted). */
export function invalidateCache(prefix = ""): void {
  generation.value += 1;
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
