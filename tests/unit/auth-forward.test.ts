import { describe, expect, it } from "vitest";
import type { GetServerSidePropsContext } from "next";
import { safeForwardPath } from "@/lib/auth/forward";
import { appendSetCookies, expiredSessionCookies, sessionCookies } from "@/lib/auth/cookie-headers";
import { forbidden, localizedPath, requireRole, requireSignIn } from "@/lib/ssr/guards";
import { FOREST_GROUP, layoutData, user } from "./helpers/fixtures";

describe("[AUTH] after sign-in the visitor only ever goes to a path on this site", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeForwardPath("/data/list?f=1&g=2")).toBe("/data/list?f=1&g=2");
    expect(safeForwardPath("/group/forest/page/show/45")).toBe("/group/forest/page/show/45");
    expect(safeForwardPath(["/user/list", "/other"])).toBe("/user/list");
  });

  it.each([
    "//evil.com",
    "//evil.com/path",
    "https://evil.com",
    "http://evil.com/",
    "/\\evil.com",
    "/\\/evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "/\t/evil.com",
    "/\n/evil.com",
    "data:text/html,x",
    "evil.com",
    "",
  ])("%j falls back to /", (raw) => {
    expect(safeForwardPath(raw)).toBe("/");
  });

  it("falls back for anything that is not text, and to the caller's fallback when given", () => {
    expect(safeForwardPath(undefined)).toBe("/");
    expect(safeForwardPath(42)).toBe("/");
    expect(safeForwardPath({ toString: () => "/x" })).toBe("/");
    expect(safeForwardPath("//evil.com", "")).toBe("");
  });
});

function ctx(overrides: Partial<GetServerSidePropsContext> = {}) {
  return { locale: "en", defaultLocale: "en", resolvedUrl: "/user/edit/7?tab=password", ...overrides } as GetServerSidePropsContext;
}

describe("[AUTH] page guards", () => {
  it("send an anonymous visitor to sign in and back, keeping the group and the language", () => {
    expect(requireSignIn({ ctx: ctx(), layout: layoutData() })).toEqual({
      redirect: { destination: `/login?forward=${encodeURIComponent("/user/edit/7?tab=password")}`, permanent: false },
    });
    const inGroup = requireSignIn({ ctx: ctx({ locale: "hi", resolvedUrl: "/group/forest-commons/user/edit/7" }), layout: layoutData({ currentGroup: FOREST_GROUP }) });
    expect(inGroup?.redirect.destination).toBe(`/hi/group/forest-commons/login?forward=${encodeURIComponent("/group/forest-commons/user/edit/7")}`);
  });

  it("let a signed-in user through, and refuse a missing role with 403 rather than the login page", () => {
    expect(requireSignIn({ ctx: ctx(), layout: layoutData({ user: user() }) })).toBeNull();
    expect(requireRole({ ctx: ctx(), layout: layoutData({ user: user(["ROLE_USER"]) }) }, ["ROLE_ADMIN"])).toEqual(forbidden());
    expect(requireRole({ ctx: ctx(), layout: layoutData({ user: user(["ROLE_ADMIN"]) }) }, ["ROLE_ADMIN"])).toBeNull();
    expect(requireRole({ ctx: ctx(), layout: layoutData() }, ["ROLE_ADMIN"])).toHaveProperty("redirect");
  });

  it("prefix redirects with the locale except the default one", () => {
    expect(localizedPath({ locale: "hi", defaultLocale: "en" }, "/")).toBe("/hi");
    expect(localizedPath({ locale: "hi", defaultLocale: "en" }, "/group/x")).toBe("/hi/group/x");
    expect(localizedPath({ locale: "en", defaultLocale: "en" }, "/group/x")).toBe("/group/x");
  });
});

describe("[AUTH] session cookies written by server-side code", () => {
  it("BRToken is HttpOnly, both are Lax on path /, Secure on https", () => {
    const [access, refresh] = sessionCookies({ access_token: "a.b.c", refresh_token: "r" }, true);
    expect(access).toBe("BAToken=a.b.c; Max-Age=604800; Path=/; SameSite=Lax; Secure");
    expect(refresh).toBe("BRToken=r; Max-Age=604800; HttpOnly; Path=/; SameSite=Lax; Secure");
    expect(expiredSessionCookies(false)).toEqual(["BAToken=; Max-Age=0; Path=/; SameSite=Lax", "BRToken=; Max-Age=0; HttpOnly; Path=/; SameSite=Lax"]);
  });

  it("later values of a cookie replace earlier ones on the same response", () => {
    const headers: Record<string, string[]> = {};
    const res = { getHeader: (n: string) => headers[n], setHeader: (n: string, v: unknown) => void (headers[n] = v as string[]) };
    appendSetCookies(res, ["NEXT_LOCALE=hi; Path=/", ...sessionCookies({ access_token: "new", refresh_token: "r" }, false)]);
    appendSetCookies(res, expiredSessionCookies(false));
    expect(headers["Set-Cookie"]).toEqual(["NEXT_LOCALE=hi; Path=/", ...expiredSessionCookies(false)]);
  });
});
