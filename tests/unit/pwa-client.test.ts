import { afterEach, describe, expect, it, vi } from "vitest";

/** The page's side of the service worker must never throw into the page (issue 32). */
describe("registerServiceWorker", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const withWorkerApi = (register: () => Promise<unknown>) => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubGlobal("navigator", { ...navigator, serviceWorker: { register, controller: null } });
  };

  it("answers null, without an error, when the browser answers a registration of nothing (workers refused)", async () => {
    withWorkerApi(async () => undefined);
    const { registerServiceWorker, pwaState } = await import("@/lib/offline/pwa-client");
    await expect(registerServiceWorker()).resolves.toBeNull();
    expect(pwaState().registered).toBe(false);
  });

  it("answers null when registering fails", async () => {
    withWorkerApi(async () => {
      throw new Error("SecurityError");
    });
    const { registerServiceWorker } = await import("@/lib/offline/pwa-client");
    await expect(registerServiceWorker()).resolves.toBeNull();
  });

  it("reports a version waiting behind the controlling one", async () => {
    const reg = { waiting: {}, installing: null, addEventListener: vi.fn() };
    vi.stubEnv("NODE_ENV", "production");
    vi.stubGlobal("navigator", { ...navigator, serviceWorker: { register: async () => reg, controller: {} } });
    const { registerServiceWorker, pwaState } = await import("@/lib/offline/pwa-client");
    await expect(registerServiceWorker()).resolves.toBe(reg);
    expect(pwaState()).toMatchObject({ registered: true, updateWaiting: true });
  });
});
