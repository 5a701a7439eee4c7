// Next's own emitter: handlers receive every argument (url, { shallow }), unlike the mitt package.
import mitt from "next/dist/shared/lib/mitt";
import type { NextRouter } from "next/router";
import { vi } from "vitest";

export type MockRouter = NextRouter & { push: ReturnType<typeof vi.fn> };

/** A minimal pages-router stand-in: plain fields, spy navigation, a real event emitter. */
export function createMockRouter(overrides: Partial<NextRouter> = {}): MockRouter {
  const asPath = overrides.asPath ?? "/";
  const router = {
    route: overrides.pathname ?? "/",
    pathname: "/",
    query: {},
    asPath,
    basePath: "",
    locale: "en",
    locales: ["en", "hi"],
    defaultLocale: "en",
    domainLocales: undefined,
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    reload: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(async () => undefined),
    beforePopState: vi.fn(),
    events: mitt(),
    ...overrides,
  };
  return router as unknown as MockRouter;
}

/** The router `useRouter()` returns in tests; replace it per test with `setMockRouter`. */
export const routerHolder: { current: MockRouter } = { current: createMockRouter() };

export function setMockRouter(overrides: Partial<NextRouter> = {}): MockRouter {
  routerHolder.current = createMockRouter(overrides);
  return routerHolder.current;
}

/** Module body for `vi.mock("next/router", …)`. */
export const nextRouterModule = {
  useRouter: () => routerHolder.current,
  default: new Proxy({}, { get: (_target, key) => routerHolder.current[key as keyof MockRouter] }),
};
