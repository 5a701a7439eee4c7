/**
 * The one invalidation mechanism of the portal's caches. A write that changes what visitors see
 * publishes ONE event naming the prefix of what it changed (`CACHE_KEYS`); every cache of this
 * process subscribes once: the in-process data cache (`memory-cache.ts`) drops the entries under
 * that prefix, the anonymous page cache (`src/web-server/html-cache.ts`) drops every page that may
 * show it. Listeners live on globalThis, so the Next bundles and the portal server share them.
 *
 * Several instances: a transport (`src/server/infra/cache/invalidation-transport.ts`, started by the platform
 * boot when DATABASE_URL or REDIS_URL is set) subscribes here, forwards each local event to the other
 * instances (PostgreSQL NOTIFY or Redis), and publishes what arrives with `{ remote: true }`, which
 * the transport itself ignores — one event per write, one subscriber per instance.
 */

export const CACHE_KEYS = {
  groupList: "groups:",
  /** Everything derived from pages (trees, featured pages): invalidated on any page write. */
  pages: "pages:",
  /** People: profiles, the user list, roles (no data cache yet; pages that show them). */
  users: "users:",
  /** CCA templates: the fields lists, filters and forms show. */
  templates: "templates:",
  /** CCA records: facet counts and map points of the data list (every record write, template edit, delete and restore). */
  records: "records:",
  /** Documents: the document list, its counts and the show pages (every document write). */
  documents: "documents:",
  /** The configurable homes of the site and the groups (galleries, mini galleries, switches). */
  home: "home:",
  /** The announcement banner shown on every page. */
  announcements: "announcements:",
  /** Map layers (nakshaIntegrator-api): the layer list of /map and the data map (upload, publish, unpublish, delete). */
  layers: "layers:",
} as const;

export interface InvalidationEvent {
  /** What changed: a `CACHE_KEYS` prefix ("" for everything). */
  prefix: string;
  /** Arrived from another instance (never forwarded again). */
  remote: boolean;
}

export type InvalidationListener = (event: InvalidationEvent) => void;

const LISTENERS = Symbol.for("cca.invalidation.listeners");
const g = globalThis as unknown as Record<symbol, Set<InvalidationListener> | undefined>;
const listeners: Set<InvalidationListener> = (g[LISTENERS] ??= new Set());

/** Tells every cache that what lives under `prefix` changed (all of it when omitted). */
export function invalidateCache(prefix = "", options: { remote?: boolean } = {}): void {
  const event: InvalidationEvent = { prefix, remote: options.remote ?? false };
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("[cache] an invalidation listener failed:", error);
    }
  }
}

/** Subscribes to invalidations; returns the unsubscribe function. */
export function onInvalidation(listener: InvalidationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
