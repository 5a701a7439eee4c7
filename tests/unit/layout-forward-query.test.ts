import { describe, expect, it } from "vitest";
import { forwardQuery, isNoForwardPath, routePath } from "@/components/layout/forward-query";

describe("[LAYOUT] login and logout links carry the page to come back to", () => {
  it("encodes the whole current path, query included", () => {
    expect(forwardQuery("/data/list?f=1&g=2")).toBe(`?forward=${encodeURIComponent("/data/list?f=1&g=2")}`);
    expect(forwardQuery("/group/forest/page/show/45")).toBe("?forward=%2Fgroup%2Fforest%2Fpage%2Fshow%2F45");
  });

  it("leaves forward out on the sign-in and register screens, also inside a group or in Hindi", () => {
    for (const p of ["/login", "/login?forward=%2Fx", "/register", "/register/forgotPassword", "/group/forest/login", "/hi/register#top"]) {
      expect(forwardQuery(p), p).toBe("");
    }
  });

  it("matches whole path segments at the start only, not substrings", () => {
    expect(isNoForwardPath("/page/show/login-help")).toBe(false);
    expect(isNoForwardPath("/user/list?q=register")).toBe(false);
    expect(isNoForwardPath("/loginx")).toBe(false);
    expect(isNoForwardPath("/group/login")).toBe(false); // a group's home named "login"
  });

  it("strips query, hash, locale and group prefixes to find the route", () => {
    expect(routePath("/hi/group/forest/chart?x=1#a")).toBe("/chart");
    expect(routePath("/")).toBe("/");
    expect(routePath("/history")).toBe("/history");
  });
});
