/**
 * The "Offline map" dialog (issue 32, item 5): the area, zooms and sizes before anything is saved; saving
 * in this browser through the service worker (its `cache-urls` message, progress on a MessageChannel)
 * or, without one, by the page into the named cache; cancel; the MBTiles download; en and hi.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MapPackEstimate } from "@/contracts/map-pack";
import OfflineMapDialog, { sizeText } from "@/components/map-pack/offline-map-dialog";
import { keepUrls, savedPack } from "@/components/map-pack/keep-urls";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({ fetchMapPackEstimate: vi.fn() }));
vi.mock("@/lib/api/map-pack", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "mappack"];

const ESTIMATE: MapPackEstimate = {
  pack: "4",
  groupName: "Chilika",
  cacheName: "map-pack-chilika",
  version: "0123456789abcdef",
  bbox: [85.1, 19.5, 85.4994, 19.9483],
  minZoom: 10,
  maxZoom: 14,
  tiles: 603,
  bytes: 1_253_322,
  zooms: [],
  layers: [
    { name: "india_states", title: "States of India" },
    { name: "demo_protected_areas", title: "Protected areas (demo)" },
  ],
  points: 5,
  tileUrl: "/nakshaIntegrator-api/api/mappack/4/tiles/{z}/{x}/{y}.png?v=0123456789abcdef",
  mbtilesUrl: "/nakshaIntegrator-api/api/mappack/4/mbtiles",
  browser: {
    urls: ["/map/south-asia.json", "/cca-api/api/v1/data/search/map?language=en&query=&usergroups=4", "/nakshaIntegrator-api/api/mappack/4/tiles/10/754/460.png?v=0123456789abcdef"],
    bytes: 1_400_000,
  },
  limits: { maxTiles: 20_000, maxBytes: 52_428_800 },
};

/** A service worker that keeps URLs as the lead's worker does: progress per URL, then done. */
function fakeWorker(failed = 0) {
  const messages: unknown[] = [];
  const worker = {
    postMessage: vi.fn((message: { type: string; urls: string[] }, transfer: MessagePort[]) => {
      messages.push(message);
      const port = transfer[0]!;
      const total = message.urls.length;
      void (async () => {
        for (let done = 1; done <= total; done++) {
          await new Promise((r) => setTimeout(r, 5));
          port.postMessage({ type: "progress", done, total });
        }
        port.postMessage({ type: "done", failed, total });
      })();
    }),
  };
  Object.defineProperty(navigator, "serviceWorker", { value: { controller: worker }, configurable: true });
  return { worker, messages };
}

function noWorker() {
  Object.defineProperty(navigator, "serviceWorker", { value: undefined, configurable: true });
}

/** CacheStorage as the page sees it, in memory. */
function fakeCaches() {
  const stores = new Map<string, Map<string, unknown>>();
  const storage = {
    open: vi.fn(async (name: string) => {
      const store = stores.get(name) ?? new Map<string, unknown>();
      stores.set(name, store);
      return { match: async (url: string) => store.get(url), put: async (url: string, response: unknown) => void store.set(url, response) };
    }),
    delete: vi.fn(async (name: string) => stores.delete(name)),
  };
  vi.stubGlobal("caches", storage);
  return stores;
}

beforeEach(() => {
  api.fetchMapPackEstimate.mockReset();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  noWorker();
});

describe("[MAP PACK] the Offline map dialog", () => {
  it("shows the area, the zooms and the sizes before anything is saved (en)", async () => {
    api.fetchMapPackEstimate.mockResolvedValue(ESTIMATE);
    fakeCaches();
    renderWithProviders(<OfflineMapDialog pack="4" onClose={() => {}} />, { namespaces: NAMESPACES });
    const facts = await screen.findByTestId("map-pack-facts");
    expect(api.fetchMapPackEstimate).toHaveBeenCalledWith({}, "4");
    const text = facts.textContent ?? "";
    expect(text).toContain("19.50° N to 19.95° N, 85.10° E to 85.50° E");
    expect(text).toContain("10 to 14");
    expect(text).toContain("603");
    expect(text).toContain("about 1.3 MB");
    expect(text).toContain("about 1.2 MB");
    expect(text).toContain("5 public places; layers: States of India, Protected areas (demo)");
    expect(screen.getByRole("dialog", { name: "Offline map" })).toBeTruthy();
    const link = screen.getByRole("link", { name: "Download MBTiles (for ODK Collect, Mapeo)" });
    expect(link.getAttribute("href")).toBe("/nakshaIntegrator-api/api/mappack/4/mbtiles");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("saves through the service worker with progress, then says so and remembers the pack", async () => {
    api.fetchMapPackEstimate.mockResolvedValue(ESTIMATE);
    const { messages } = fakeWorker();
    renderWithProviders(<OfflineMapDialog pack="4" onClose={() => {}} />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Save in this browser" }));
    expect(await screen.findByRole("progressbar", { name: "Saving the map" })).toBeTruthy();
    expect(await screen.findByText("Saved. This map now opens without a network.")).toBeTruthy();
    expect(messages).toEqual([{ type: "cache-urls", cache: "map-pack-chilika", urls: ESTIMATE.browser.urls }]);
    expect(savedPack("4")).toMatchObject({ version: ESTIMATE.version, tileUrl: ESTIMATE.tileUrl, minZoom: 10, maxZoom: 14, bbox: ESTIMATE.bbox });
    expect(screen.getByRole("button", { name: "Remove from this browser" })).toBeTruthy();
  });

  it("tells a partial save, and removes a saved pack", async () => {
    api.fetchMapPackEstimate.mockResolvedValue(ESTIMATE);
    fakeWorker(1);
    const stores = fakeCaches();
    stores.set("map-pack-chilika", new Map());
    renderWithProviders(<OfflineMapDialog pack="4" onClose={() => {}} />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Save in this browser" }));
    expect(await screen.findByText("1 of 3 parts could not be saved; try again.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove from this browser" }));
    await waitFor(() => expect(savedPack("4")).toBeNull());
    expect(stores.has("map-pack-chilika")).toBe(false);
  });

  it("speaks Hindi (मानचित्र) and says why a group has no pack", async () => {
    api.fetchMapPackEstimate.mockResolvedValue(ESTIMATE);
    fakeCaches();
    renderWithProviders(<OfflineMapDialog pack="4" onClose={() => {}} />, { lang: "hi", namespaces: NAMESPACES });
    const facts = await screen.findByTestId("map-pack-facts");
    expect(screen.getByRole("dialog", { name: "ऑफ़लाइन मानचित्र" })).toBeTruthy();
    expect(facts.textContent).toContain("10 से 14");
    expect(facts.textContent).toContain("19.50° उत्तर से 19.95° उत्तर");
    expect(screen.getByRole("button", { name: "इस ब्राउज़र में सहेजें" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "MBTiles डाउनलोड करें (ODK Collect, Mapeo के लिए)" })).toBeTruthy();
    cleanup();

    api.fetchMapPackEstimate.mockRejectedValue(new ApiError(409, "CONFLICT", "no area", { pack: "mappack:errors.no_area" }));
    renderWithProviders(<OfflineMapDialog pack="99" onClose={() => {}} />, { lang: "hi", namespaces: NAMESPACES });
    expect((await screen.findByRole("alert")).textContent).toBe("इस समूह का मानचित्र पर अभी कोई सार्वजनिक स्थान नहीं है, इसलिए इसका ऑफ़लाइन मानचित्र नहीं है।");
  });

  it("says a failed load in English without showing keys", async () => {
    api.fetchMapPackEstimate.mockRejectedValue(new Error("offline"));
    renderWithProviders(<OfflineMapDialog pack="site" onClose={() => {}} />, { namespaces: NAMESPACES });
    expect((await screen.findByRole("alert")).textContent).toBe("The map pack could not be loaded; try again.");
  });

  it("is used with the keyboard: the actions are buttons and a link in order, Escape closes", async () => {
    api.fetchMapPackEstimate.mockResolvedValue(ESTIMATE);
    fakeCaches();
    const onClose = vi.fn();
    renderWithProviders(<OfflineMapDialog pack="4" onClose={onClose} />, { namespaces: NAMESPACES });
    const dialog = await screen.findByRole("dialog");
    await screen.findByTestId("map-pack-facts");
    const actions = [...dialog.querySelectorAll("button, a[href]")].map((el) => el.textContent);
    expect(actions.indexOf("Save in this browser")).toBeLessThan(actions.indexOf("Download MBTiles (for ODK Collect, Mapeo)"));
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe("[MAP PACK] keeping URLs without a service worker", () => {
  it("fills the named cache from the page, four at a time, counting failures", async () => {
    noWorker();
    const stores = fakeCaches();
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        fetched.push(url);
        return { ok: !url.includes("bad"), status: url.includes("bad") ? 404 : 200 };
      }),
    );
    const progress: number[] = [];
    const urls = ["/a", "/b", "/bad", "/c", "/d"];
    const result = await keepUrls("map-pack-site", urls, (p) => progress.push(p.done), new AbortController().signal);
    expect(result).toEqual({ failed: 1, total: 5, cancelled: false });
    expect([...stores.get("map-pack-site")!.keys()].sort()).toEqual(["/a", "/b", "/c", "/d"]);
    expect(progress.at(-1)).toBe(5);
    expect(fetched.sort()).toEqual([...urls].sort());
  });

  it("stops when cancelled", async () => {
    noWorker();
    fakeCaches();
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        controller.abort();
        return { ok: true, status: 200 };
      }),
    );
    const result = await keepUrls("map-pack-site", Array.from({ length: 50 }, (_, i) => `/t/${i}`), () => {}, controller.signal);
    expect(result.cancelled).toBe(true);
    expect((fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBeLessThanOrEqual(4);
  });

  it("writes sizes in the visitor's language", () => {
    expect(sizeText("en", 1_253_322)).toBe("1.2 MB");
    expect(sizeText("en", 5000)).toBe("5 kB");
  });
});
