/**
 * Keeping an offline map pack in this browser (issue 32, item 5), page side. With a service worker
 * controlling the page, the worker fetches and keeps the URLs:
 * `postMessage({ type: "cache-urls", cache, urls })` with a MessageChannel port, on which it answers
 * `{ type: "progress", done, total }` and finally `{ type: "done", failed }`; cancelling sends
 * `{ type: "cancel" }` on the same port. Without one (a first visit, a development build), the page
 * fills the same named cache itself (CacheStorage is open to pages too), four requests at a time.
 * A saved pack is remembered in localStorage, so the map screen can draw its tiles when offline.
 */
import type { MapPackBbox, MapPackEstimate } from "@/contracts/map-pack";

export interface KeepProgress {
  done: number;
  total: number;
}

export interface KeepResult {
  failed: number;
  total: number;
  cancelled: boolean;
}

/** The worker said nothing for this long: it is not one that keeps URLs. */
const SILENCE_MS = 60_000;
const PARALLEL = 4;

const controllingWorker = (): ServiceWorker | null => (typeof navigator !== "undefined" ? (navigator.serviceWorker?.controller ?? null) : null);

/** Whether this browser can keep a pack: a service worker keeps it, or the page has CacheStorage. */
export const browserCanKeep = (): boolean => controllingWorker() !== null || (typeof caches !== "undefined" && typeof fetch !== "undefined");

function keepWithWorker(worker: ServiceWorker, cache: string, urls: string[], onProgress: (p: KeepProgress) => void, signal: AbortSignal): Promise<KeepResult> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: KeepResult | Error) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", cancel);
      channel.port1.onmessage = null;
      channel.port1.close();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(new Error("The service worker did not answer")), SILENCE_MS);
    };
    const cancel = () => {
      channel.port1.postMessage({ type: "cancel" });
      finish({ failed: 0, total: urls.length, cancelled: true });
    };
    channel.port1.onmessage = (event: MessageEvent<{ type?: string; done?: number; total?: number; failed?: number }>) => {
      const data = event.data ?? {};
      watch();
      if (data.type === "progress") onProgress({ done: data.done ?? 0, total: data.total ?? urls.length });
      else if (data.type === "done") finish({ failed: data.failed ?? 0, total: data.total ?? urls.length, cancelled: false });
    };
    signal.addEventListener("abort", cancel, { once: true });
    watch();
    worker.postMessage({ type: "cache-urls", cache, urls }, [channel.port2]);
  });
}

async function keepInPage(cache: string, urls: string[], onProgress: (p: KeepProgress) => void, signal: AbortSignal): Promise<KeepResult> {
  const store = await caches.open(cache);
  let next = 0;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length && !signal.aborted) {
      const url = urls[next++]!;
      try {
        if (!(await store.match(url))) {
          const response = await fetch(url, { credentials: "same-origin", signal });
          if (!response.ok) throw new Error(String(response.status));
          await store.put(url, response);
        }
      } catch {
        if (!signal.aborted) failed++;
      }
      done++;
      if (!signal.aborted) onProgress({ done, total: urls.length });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { failed, total: urls.length, cancelled: signal.aborted };
}

/** Keeps `urls` in the cache named `cache`; progress as it goes; `signal` cancels. */
export function keepUrls(cache: string, urls: string[], onProgress: (p: KeepProgress) => void, signal: AbortSignal): Promise<KeepResult> {
  const worker = controllingWorker();
  if (worker) return keepWithWorker(worker, cache, urls, onProgress, signal);
  if (typeof caches === "undefined") return Promise.reject(new Error("This browser cannot keep files"));
  return keepInPage(cache, urls, onProgress, signal);
}

/** What the map screen needs to draw a saved pack's tiles offline. */
export interface SavedPack {
  version: string;
  cacheName: string;
  tileUrl: string;
  bbox: MapPackBbox;
  minZoom: number;
  maxZoom: number;
  savedOn: string;
}

const storageKey = (pack: string) => `cca.map-pack.${pack}`;

export function rememberPack(pack: string, estimate: MapPackEstimate, now = new Date()): void {
  const saved: SavedPack = {
    version: estimate.version,
    cacheName: estimate.cacheName,
    tileUrl: estimate.tileUrl,
    bbox: estimate.bbox,
    minZoom: estimate.minZoom,
    maxZoom: estimate.maxZoom,
    savedOn: now.toISOString(),
  };
  try {
    localStorage.setItem(storageKey(pack), JSON.stringify(saved));
  } catch {
    // Storage refused (private mode, full): the tiles are kept all the same.
  }
}

export function savedPack(pack: string): SavedPack | null {
  try {
    const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(storageKey(pack));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedPack>;
    const ok =
      typeof value.version === "string" &&
      typeof value.cacheName === "string" &&
      typeof value.tileUrl === "string" &&
      value.tileUrl.startsWith("/nakshaIntegrator-api/api/mappack/") &&
      Array.isArray(value.bbox) &&
      value.bbox.length === 4 &&
      value.bbox.every((v) => typeof v === "number" && Number.isFinite(v)) &&
      Number.isInteger(value.minZoom) &&
      Number.isInteger(value.maxZoom);
    return ok ? (value as SavedPack) : null;
  } catch {
    return null;
  }
}

/** Forgets a saved pack: its cache and its note. */
export async function forgetPack(pack: string): Promise<void> {
  const saved = savedPack(pack);
  try {
    localStorage.removeItem(storageKey(pack));
  } catch {
    // Nothing to forget.
  }
  if (saved && typeof caches !== "undefined") await caches.delete(saved.cacheName);
}
