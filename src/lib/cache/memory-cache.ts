/**
 * A small in-process TTL cache shared by server-side rendering and the platform back end. Kept on
 * globalThis so every bundle of this process sees one copy. Writes never touch it directly: they
 * publish through `invalidateCache` (`invalidation.ts`), and this cache is one of its subscribers.
 */
import { onInvalidation } from "./invalidation";

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface Shared {
  store: Map<string, Entry>;
  /** Bumped by every invalidation. */
  generation: number;
}

const KEY = Symbol.for("cca.memoryCache");
const g = globalThis as unknown as Record<symbol, Shared | undefined>;
const shared: Shared =
  g[KEY] ??
  (g[KEY] = (() => {
    const created: Shared = { store: new Map(), generation: 0 };
    // Subscribed once per process, however many bundles load this module.
    onInvalidation(({ prefix }) => {
      created.generation += 1;
      for (const key of created.store.keys()) if (key.startsWith(prefix)) created.store.delete(key);
    });
    return created;
  })());

/**
 * Returns the cached value for `key`, or loads, stores and returns it. Failed loads are not cached,
 * and neither is a load that an invalidation overtook (it may hold data from before the write).
 */
export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = shared.store.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as T;
  const startedAt = shared.generation;
  const value = await load();
  if (shared.generation === startedAt) shared.store.set(key, { value, expiresAt: Date.now() + ttlMs });
  return value;
}
