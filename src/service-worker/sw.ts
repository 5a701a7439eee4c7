/// <reference lib="webworker" />
/**
 * The portal's service worker (issue 32, item 2), built with Serwist (`serwist`, the maintained
 * successor of Workbox) by scripts/build-sw.mjs into public/sw.js after `next build`: precaches the app
 * shell (the offline screens in both languages, the base map, the chunks every screen runs), and routes
 * requests as routing.ts says. Messages from pages:
 * - `{ type: "SKIP_WAITING" }`: a new version takes over (the page then navigates);
 * - `{ type: "signed-out" }`: forget every signed-in visitor's pages;
 * - `{ type: "cache-pages", urls, follow? }` on a MessageChannel: fetch those screens for this visitor
 *   (and the forms a `/participate` screen links to when `follow`), with their assets; answers
 *   `{ type: "progress", done, total }` and `{ type: "done", failed }`;
 * - `{ type: "cache-urls", cache, urls }` on a MessageChannel: keep those URLs in that cache (offline map
 *   packs); same answers;
 * - `{ type: "cache-assets" }` on a MessageChannel: keep every build asset (a member's forms need the map
 *   and image chunks they load on use); same answers.
 * Background Sync (`sync` tag `cca-outbox`): asks an open page to send the submission queue (the page
 * holds the session); with no page open the queue is sent on the next visit.
 * No inline scripts anywhere (the CSP): this file is a script of its own.
 */
import { CacheFirst, ExpirationPlugin, Serwist, type PrecacheEntry } from "serwist";
import {
  assetsOfHtml,
  cachesToPurge,
  classify,
  formLinksOfHtml,
  isSignOut,
  MEDIA_CACHE,
  MEDIA_MAX,
  NETWORK_TIMEOUT_MS,
  offlinePathFor,
  PAGES_CACHE_PREFIX,
  PAGES_MAX,
  pagesCacheOf,
  STATIC_CACHE,
  VIEWER_HEADER,
  viewerOf,
} from "./routing";

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[];
  /** Every build asset (scripts, styles, map worker), injected by scripts/build-sw.mjs. */
  __CCA_ASSETS: string[];
};

const META_CACHE = "meta-v1";
const VIEWER_KEY = "/__cca/viewer";

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request }) => classify(request, self.location.origin) === "static",
      handler: new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 1500, purgeOnQuotaError: true })] }),
    },
    {
      matcher: ({ request }) => classify(request, self.location.origin) === "media",
      handler: new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [new ExpirationPlugin({ maxEntries: MEDIA_MAX, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
    },
    {
      matcher: ({ request }) => classify(request, self.location.origin) === "map-tile",
      handler: async ({ request }) => (await caches.match(request)) ?? fetch(request),
    },
    {
      matcher: ({ request }) => classify(request, self.location.origin) === "map-points",
      handler: async ({ request }) => {
        try {
          return await fetch(request);
        } catch (error) {
          const kept = await caches.match(request, { ignoreVary: true });
          if (kept) return kept;
          throw error;
        }
      },
    },
    {
      matcher: ({ request }) => classify(request, self.location.origin) === "page",
      handler: ({ request, event }) => pageResponse(request, event as ExtendableEvent),
    },
  ],
});

let currentViewer: string | null = null;

async function readViewer(): Promise<string | null> {
  if (currentViewer) return currentViewer;
  const hit = await (await caches.open(META_CACHE)).match(VIEWER_KEY);
  currentViewer = viewerOf(hit ? await hit.text() : null);
  return currentViewer;
}

/** The visitor using this browser now; another signed-in visitor's pages are deleted. */
async function setViewer(viewer: string): Promise<void> {
  if (viewer === (await readViewer())) return;
  currentViewer = viewer;
  await (await caches.open(META_CACHE)).put(VIEWER_KEY, new Response(viewer));
  await Promise.all(cachesToPurge(await caches.keys(), viewer).map((name) => caches.delete(name)));
}

async function forgetSignedIn(): Promise<void> {
  await setViewer("anon");
  await Promise.all((await caches.keys()).filter((n) => n.startsWith(`${PAGES_CACHE_PREFIX}u`)).map((n) => caches.delete(n)));
}

const cacheKeyOf = (url: string) => url.split("#")[0]!;

/**
 * Keeps a copy of a page answer in its visitor's cache (a plain, unredirected copy), oldest dropped past
 * PAGES_MAX. A navigation's answer says who uses the browser now (`setViewer`); a page fetched in the
 * background (`fromNavigation` false) is kept only for that same visitor (or names the first one): one fetched
 * before a sign-out and answered after it must not bring the signed-in visitor back.
 */
async function keepPage(url: string, response: Response, fromNavigation: boolean): Promise<void> {
  const viewer = viewerOf(response.headers.get(VIEWER_HEADER));
  // A redirected answer (a form that sent the visitor to sign in) is another screen: not kept under this address.
  if (!viewer || response.status !== 200 || response.type !== "basic" || response.redirected) return;
  const current = await readViewer();
  // The first page this worker sees may come from a background fetch (the page loaded before the worker took over).
  if (fromNavigation || current === null) await setViewer(viewer);
  else if (viewer !== current) return;
  const cache = await caches.open(pagesCacheOf(viewer));
  const copy = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
  await cache.put(cacheKeyOf(url), copy);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_MAX)).map((k) => cache.delete(k)));
}

function fetchWithTimeout(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    fetch(request).then(
      (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

async function cachedPage(url: string): Promise<Response | undefined> {
  const viewer = await readViewer();
  if (viewer) {
    const own = await (await caches.open(pagesCacheOf(viewer))).match(cacheKeyOf(url));
    if (own) return own;
  }
  // Public screens kept for an anonymous visit are the same for everyone.
  return (await caches.open(pagesCacheOf("anon"))).match(cacheKeyOf(url));
}

async function pageResponse(request: Request, event: ExtendableEvent): Promise<Response> {
  try {
    const response = await fetchWithTimeout(request, NETWORK_TIMEOUT_MS);
    event.waitUntil(keepPage(request.url, response.clone(), request.mode === "navigate").catch(() => undefined));
    return response;
  } catch {
    const cached = await cachedPage(request.url);
    if (cached) return cached;
    if (request.mode === "navigate") {
      const offline = await serwist.matchPrecache(offlinePathFor(new URL(request.url).pathname));
      if (offline) return offline;
    }
    return Response.error();
  }
}

interface Progress {
  done: number;
  total: number;
  failed: number;
  /** The page said `{ type: "cancel" }` on the port: stop fetching. */
  cancelled?: boolean;
}

async function keepAll(urls: readonly string[], cacheName: string, port: MessagePort | undefined, progress: Progress): Promise<void> {
  const cache = await caches.open(cacheName);
  progress.total += urls.length;
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !progress.cancelled) {
      const url = urls[next++]!;
      try {
        if (!(await cache.match(url))) {
          const response = await fetch(url, { credentials: "same-origin" });
          if (!response.ok) throw new Error(String(response.status));
          await cache.put(url, response);
        }
      } catch {
        progress.failed++;
      }
      progress.done++;
      port?.postMessage({ type: "progress", done: progress.done, total: progress.total });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Fetches screens for the current visitor (kept as a navigation would keep them) with their assets. */
async function keepPages(urls: readonly string[], follow: boolean, port: MessagePort | undefined, progress: Progress): Promise<void> {
  progress.total += urls.length;
  const assets = new Set<string>();
  const forms = new Set<string>();
  for (const url of urls) {
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      const html = await response.clone().text();
      await keepPage(url, response, false);
      for (const a of assetsOfHtml(html, url)) assets.add(a);
      if (follow) for (const f of formLinksOfHtml(html, url)) if (!urls.includes(f)) forms.add(f);
    } catch {
      progress.failed++;
    }
    progress.done++;
    port?.postMessage({ type: "progress", done: progress.done, total: progress.total });
  }
  if (forms.size > 0) await keepPages([...forms], false, port, progress);
  await keepAll([...assets], STATIC_CACHE, port, progress);
}

type PageMessage =
  | { type: "SKIP_WAITING" }
  | { type: "signed-out" }
  | { type: "cache-pages"; urls: string[]; follow?: boolean }
  | { type: "cache-urls"; cache: string; urls: string[] }
  | { type: "cache-assets" };

const sameOrigin = (urls: unknown): string[] =>
  Array.isArray(urls)
    ? urls
        .filter((u): u is string => typeof u === "string")
        .map((u) => new URL(u, self.location.origin))
        .filter((u) => u.origin === self.location.origin)
        .map((u) => u.href)
        .slice(0, 25_000)
    : [];

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as PageMessage | null;
  if (!data || typeof data !== "object") return;
  const port = event.ports[0];
  const progress: Progress = { done: 0, total: 0, failed: 0 };
  if (port) {
    port.onmessage = (message: MessageEvent<{ type?: string } | null>) => {
      if (message.data?.type === "cancel") progress.cancelled = true;
    };
  }
  const finish = (work: Promise<void>) =>
    event.waitUntil(
      work.then(
        () => port?.postMessage({ type: "done", failed: progress.failed, total: progress.total }),
        () => port?.postMessage({ type: "done", failed: Math.max(1, progress.failed), total: progress.total }),
      ),
    );
  switch (data.type) {
    case "SKIP_WAITING":
      void self.skipWaiting();
      break;
    case "signed-out":
      event.waitUntil(forgetSignedIn());
      break;
    case "cache-pages":
      finish(keepPages(sameOrigin(data.urls), data.follow === true, port, progress));
      break;
    case "cache-urls": {
      const name = typeof data.cache === "string" && /^map-pack-[A-Za-z0-9_-]{1,80}$/.test(data.cache) ? data.cache : null;
      if (name) finish(keepAll(sameOrigin(data.urls), name, port, progress));
      else port?.postMessage({ type: "done", failed: 0, total: 0 });
      break;
    }
    case "cache-assets":
      finish(keepAll(sameOrigin(self.__CCA_ASSETS), STATIC_CACHE, port, progress));
      break;
  }
});

self.addEventListener("sync", (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== "cca-outbox") return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      windows[0]?.postMessage({ type: "outbox-flush" });
    }),
  );
});

// Signing out (the /logout screen, which is never cached): every signed-in visitor's pages go at once.
self.addEventListener("fetch", (event: FetchEvent) => {
  if (event.request.mode !== "navigate") return;
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && isSignOut(url.pathname)) event.waitUntil(forgetSignedIn());
});

serwist.addEventListeners();
