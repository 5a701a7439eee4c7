/**
 * The page's side of the service worker (issue 32): registers /sw.js (production builds only), tells the
 * page when a new version waits and when the browser offers installing, and carries the page's requests
 * to the worker (keep pages, keep URLs, forget signed-in pages). Loaded after the page (OfflineChrome).
 */
export interface CacheProgress {
  done: number;
  total: number;
}

export interface CacheResult {
  failed: number;
  total: number;
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

type Listener = () => void;

let registration: ServiceWorkerRegistration | null = null;
let installPrompt: InstallPromptEvent | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

export interface PwaState {
  canInstall: boolean;
  updateWaiting: boolean;
  registered: boolean;
}

// One object per change (useSyncExternalStore compares snapshots by identity).
let snapshot: PwaState = { canInstall: false, updateWaiting: false, registered: false };
const emit = () => {
  snapshot = { canInstall: installPrompt !== null, updateWaiting, registered: registration !== null };
  listeners.forEach((l) => l());
};

export const pwaState = (): PwaState => snapshot;

export function onPwaChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const serviceWorkerSupported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator && process.env.NODE_ENV === "production";

function watchUpdates(reg: ServiceWorkerRegistration) {
  const check = () => {
    // A waiting worker while another one controls the page: a new version.
    if (reg.waiting && navigator.serviceWorker.controller) {
      updateWaiting = true;
      emit();
    }
  };
  check();
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    installing?.addEventListener("statechange", () => installing.state === "installed" && check());
  });
}

/** Registers the worker once per page; the install offer is listened for before registering. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return null;
  if (registration) return registration;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    emit();
  });
  let registered: ServiceWorkerRegistration | undefined;
  try {
    registered = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return null;
  }
  // A browser (or an automation tool) that refuses workers may answer nothing instead of throwing.
  if (!registered) return null;
  registration = registered;
  watchUpdates(registration);
  emit();
  return registration;
}

/** Shows the browser's install dialog; true when the visitor accepted. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (!prompt) return false;
  installPrompt = null;
  emit();
  await prompt.prompt();
  return (await prompt.userChoice).outcome === "accepted";
}

/** Lets the waiting version take over; `reload` reloads this page once it has. */
export function activateUpdate(reload: boolean): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  if (reload) navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: "SKIP_WAITING" });
  updateWaiting = false;
  emit();
}

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!serviceWorkerSupported()) return null;
  const reg = registration ?? (await navigator.serviceWorker.getRegistration("/")) ?? null;
  if (!reg) return null;
  if (reg.active) return reg.active;
  const ready = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  return ready?.active ?? null;
}

function ask(message: object, onProgress?: (p: CacheProgress) => void): Promise<CacheResult> {
  return activeWorker().then(
    (worker) =>
      new Promise<CacheResult>((resolve) => {
        if (!worker) return resolve({ failed: 1, total: 0 });
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ type: string; done?: number; total?: number; failed?: number }>) => {
          const data = event.data;
          if (data.type === "progress") onProgress?.({ done: data.done ?? 0, total: data.total ?? 0 });
          if (data.type === "done") {
            channel.port1.close();
            resolve({ failed: data.failed ?? 0, total: data.total ?? 0 });
          }
        };
        worker.postMessage(message, [channel.port2]);
      }),
  );
}

/** Keeps screens (and the forms a `/participate` screen lists, with `follow`) for offline use, with their assets. */
export const cachePages = (urls: string[], follow: boolean, onProgress?: (p: CacheProgress) => void) => ask({ type: "cache-pages", urls, follow }, onProgress);

/** Keeps every build asset (the map and image chunks forms load on use). */
export const cacheAssets = (onProgress?: (p: CacheProgress) => void) => ask({ type: "cache-assets" }, onProgress);

/** Keeps URLs in a named cache (`map-pack-…`); without a worker, the page fills the cache itself. */
export async function cacheUrls(cache: string, urls: string[], onProgress?: (p: CacheProgress) => void): Promise<CacheResult> {
  if (await activeWorker()) return ask({ type: "cache-urls", cache, urls }, onProgress);
  const store = await caches.open(cache);
  let failed = 0;
  for (let i = 0; i < urls.length; i++) {
    try {
      await store.add(urls[i]!);
    } catch {
      failed++;
    }
    onProgress?.({ done: i + 1, total: urls.length });
  }
  return { failed, total: urls.length };
}

/** Forgets every signed-in visitor's pages kept on this device (after a sign-out). */
export async function forgetSignedInPages(): Promise<void> {
  (await activeWorker())?.postMessage({ type: "signed-out" });
}

/** Asks for Background Sync of the submission queue where the browser has it (Chromium). */
export async function requestOutboxSync(): Promise<void> {
  const reg = registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
  try {
    await reg?.sync?.register("cca-outbox");
  } catch {
    // Not allowed here (no permission, not installed): the queue is sent when the page sees the network.
  }
}

/** Calls `listener` when the worker asks the page to send the queue (Background Sync). */
export function onWorkerFlushRequest(listener: () => void): () => void {
  if (!serviceWorkerSupported()) return () => undefined;
  const handler = (event: MessageEvent<{ type?: string }>) => event.data?.type === "outbox-flush" && listener();
  navigator.serviceWorker.addEventListener("message", handler);
  return () => navigator.serviceWorker.removeEventListener("message", handler);
}
