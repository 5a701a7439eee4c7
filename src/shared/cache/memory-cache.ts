/**
 * A small in-process TTL cache shared by server-side rendering and the platform back end. Kept on
 * globalThis so every bundle of this process sees one copy. Writes never touch it directly: they
 * publish through `invalidateCache` (`invalidation.ts`), and this cache is one of its subscribers.
 *
 * Bounded by bytes (DATA_CACHE_MAX_MB, default 64): each entry's size is estimated once when it is
 * stored (its key and its JSON text, two bytes a character), the least recently used entries go first
 * when the total passes the bound, an entry larger than an eighth of the bound is not kept, and expired
 * entries are dropped when read and by a sweep at most once a minute. Keys built from request
 * parameters (filters of the data list, say) therefore cannot grow the process without limit.
 */
import { onInvalidation } from "./invalidation";

interface Entry {
  value: unknown;
  expiresAt: number;
  bytes: number;
}

interface Shared {
  /** In order of last use: the first entry is the least recently used. */
  store: Map<string, Entry>;
  /** Bumped by every invalidation. */
  generation: number;
  bytes: number;
  maxBytes: number;
  sweptAt: number;
}

const MB = 1024 * 1024;
export const DEFAULT_DATA_CACHE_MAX_MB = 64;
const SWEEP_EVERY_MS = 60_000;
/** What a Map entry and its objects cost beyond the key and the value's text. */
const ENTRY_OVERHEAD = 128;

/** DATA_CACHE_MAX_MB as bytes; the default for an unset or invalid value. */
export function dataCacheMaxBytes(raw: string | undefined = process.env.DATA_CACHE_MAX_MB): number {
  const mb = raw === undefined || raw.trim() === "" ? DEFAULT_DATA_CACHE_MAX_MB : Number(raw);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_DATA_CACHE_MAX_MB) * MB);
}

const KEY = Symbol.for("cca.memoryCache.v2");
const g = globalThis as unknown as Record<symbol, Shared | undefined>;
const shared: Shared =
  g[KEY] ??
  (g[KEY] = (() => {
    const created: Shared = { store: new Map(), generation: 0, bytes: 0, maxBytes: dataCacheMaxBytes(), sweptAt: Date.now() };
    // Subscribed once per process, however many bundles load this module.
    onInvalidation(({ prefix }) => {
      created.generation += 1;
      for (const key of created.store.keys()) if (key.startsWith(prefix)) drop(created, key);
    });
    return created;
  })());

function drop(cache: Shared, key: string): void {
  const entry = cache.store.get(key);
  if (!entry) return;
  cache.store.delete(key);
  cache.bytes -= entry.bytes;
}

/** The estimated size of an entry, or null when its value has no JSON form (then it is not kept). */
function sizeOf(key: string, value: unknown): number | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return null;
  }
  return ENTRY_OVERHEAD + 2 * (key.length + (text?.length ?? 0));
}

function sweep(cache: Shared, now: number): void {
  cache.sweptAt = now;
  for (const [key, entry] of cache.store) if (entry.expiresAt <= now) drop(cache, key);
}

function store(cache: Shared, key: string, value: unknown, ttlMs: number): void {
  const now = Date.now();
  if (now - cache.sweptAt >= SWEEP_EVERY_MS) sweep(cache, now);
  drop(cache, key);
  const bytes = sizeOf(key, value);
  if (bytes === null || bytes > cache.maxBytes / 8) return;
  cache.store.set(key, { value, expiresAt: now + ttlMs, bytes });
  cache.bytes += bytes;
  for (const oldest of cache.store.keys()) {
    if (cache.bytes <= cache.maxBytes) break;
    drop(cache, oldest);
  }
}

/**
 * Returns the cached value for `key`, or loads, stores and returns it. Failed loads are not cached,
 * and neither is a load that an invalidation overtook (it may hold data from before the write).
 */
export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = shared.store.get(key);
  if (hit) {
    if (hit.expiresAt > Date.now()) {
      // Most recently used: moved to the end of the order.
      shared.store.delete(key);
      shared.store.set(key, hit);
      return hit.value as T;
    }
    drop(shared, key);
  }
  const startedAt = shared.generation;
  const value = await load();
  if (shared.generation === startedAt) store(shared, key, value, ttlMs);
  return value;
}

/** What the cache holds now (tests, metrics). */
export function memoryCacheStats(): { entries: number; bytes: number; maxBytes: number } {
  return { entries: shared.store.size, bytes: shared.bytes, maxBytes: shared.maxBytes };
}

/** Sets the bound (tests); entries past it go at once, least recently used first. */
export function setMemoryCacheMaxBytes(maxBytes: number): void {
  shared.maxBytes = maxBytes;
  for (const oldest of shared.store.keys()) {
    if (shared.bytes <= shared.maxBytes) break;
    drop(shared, oldest);
  }
}
