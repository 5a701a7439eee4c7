import type { GetServerSidePropsContext } from "next";
import { describe, expect, it, vi } from "vitest";
import type { LayoutData } from "@/contracts/layout";
import type { ScreenContext, ScreenLoader } from "@/lib/ssr/with-layout";
import { layoutData, user } from "./helpers/fixtures";

// The routes' own decision, after the shared chrome is loaded: withLayout hands the loader the layout
// (its session, groups and page trees are covered elsewhere), so the loader is called as it is here.
vi.mock("@/lib/ssr/with-layout", () => ({ withLayout: (loader: ScreenLoader<unknown>) => loader }));

const routes = {
  "/map": () => import("@/pages/map/index"),
  "/map/create": () => import("@/pages/map/create"),
  "/group/{name}/map": () => import("@/pages/group/[groupName]/map/index"),
  "/group/{name}/map/create": () => import("@/pages/group/[groupName]/map/create"),
};

function screenOf(layout: LayoutData): ScreenContext {
  const ctx = { query: {}, res: { setHeader: vi.fn() }, resolvedUrl: "/map" } as unknown as GetServerSidePropsContext;
  // The layer list call fails (no platform here): /map still answers, with layers null.
  const client = { get: () => Promise.reject(new Error("offline")) } as unknown as ScreenContext["client"];
  return { ctx, client, layout, locale: "en", languageId: 205 };
}

async function answer(route: keyof typeof routes, layout: LayoutData) {
  const { getServerSideProps } = (await routes[route]()) as unknown as { getServerSideProps: ScreenLoader<unknown> };
  return getServerSideProps(screenOf(layout));
}

const flag = (mapsPage: boolean, extra: Partial<LayoutData> = {}) => layoutData({ ...extra, features: { ...layoutData().features, mapsPage } });

describe("[MAPS] the maps flag", () => {
  it.each(Object.keys(routes) as Array<keyof typeof routes>)("off: %s answers 404, even to an administrator", async (route) => {
    expect(await answer(route, flag(false, { user: user(["ROLE_ADMIN"]) }))).toEqual({ notFound: true });
  });

  it("on: /map answers every visitor, /map/create sends visitors to sign in, refuses users and opens for administrators", async () => {
    const map = await answer("/map", flag(true));
    expect(map).toMatchObject({ props: { layers: null } });
    expect(await answer("/map/create", flag(true))).toHaveProperty("redirect");
    expect(await answer("/map/create", flag(true, { user: user(["ROLE_USER"]) }))).toEqual({ forbidden: true });
    expect(await answer("/group/{name}/map/create", flag(true, { user: user(["ROLE_ADMIN"]) }))).toEqual({ props: {} });
  });
});
