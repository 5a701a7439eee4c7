/** Announcements (issue 15 item 4): admin-only writes, the active list for everyone, texts per language, sanitised, contrast checked. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Announcement } from "@/contracts/announcement";
import type { ApiErrorBody } from "@/contracts/api-error";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";
import { call, EVERYONE, makeCast, tokenOf, type Cast, type Who } from "./helpers/groups";

const U = "utility-api/api/v1/services";
let api: TestPlatform;
let cast: Cast;

beforeAll(async () => {
  api = await createTestPlatform();
  cast = await makeCast(api);
});

afterAll(async () => {
  await api?.close();
});

const body = (text = "Portal maintenance on Sunday", extra: Record<string, unknown> = {}) => ({
  color: "#ffffff",
  bgColor: "#1d4044",
  enabled: true,
  translations: { "205": `<p>${text} <a href="/page/show/45" onclick="steal()">details</a></p><script>x()</script>`, "206": "<p>रविवार को रखरखाव</p>" },
  ...extra,
});
const active = async () => (await call(api, "GET", `${U}/announcement/active`)).body as Announcement[];

describe(`[ANNOUNCEMENTS] utility-api announcement (${TEST_DB})`, () => {
  it("only administrators create, edit, remove and list all; 401 anonymous, 403 others", async () => {
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 403, otherFounder: 403, admin: 201 };
    for (const who of EVERYONE) {
      const res = await call(api, "POST", `${U}/homePage/announcement/create`, tokenOf(cast, who), body(`by ${who}`));
      expect(res.status, who).toBe(expected[who]);
      expect((await call(api, "GET", `${U}/announcement/all`, tokenOf(cast, who))).status, `all ${who}`).toBe(who === "admin" ? 200 : expected[who]);
    }
    const id = (await active())[0]!.id;
    for (const who of ["anonymous", "member", "founder"] as const) {
      const status = who === "anonymous" ? 401 : 403;
      expect((await call(api, "PUT", `${U}/announcement/edit/${id}`, tokenOf(cast, who), body())).status).toBe(status);
      expect((await call(api, "DELETE", `${U}/announcement/remove/${id}`, tokenOf(cast, who))).status).toBe(status);
    }
  });

  it("shows the enabled ones to everyone with every language's sanitised HTML; disabled ones only in the admin list", async () => {
    const created = (await call(api, "POST", `${U}/homePage/announcement/create`, cast.admin.token, body("Visible one"))).body as Announcement;
    expect(created.translations["205"]).toContain('href="/page/show/45"');
    expect(created.translations["205"]).not.toMatch(/onclick|script/);
    expect(created.translations["206"]).toBe("<p>रविवार को रखरखाव</p>");
    expect(created.description).toBe(created.translations["205"]);
    expect((await active()).find((a) => a.id === created.id)).toMatchObject({ enabled: true, color: "#ffffff", bgColor: "#1d4044" });

    const edited = await call(api, "PUT", `${U}/announcement/edit/${created.id}`, cast.admin.token, body("Visible one", { enabled: false, translations: { "205": "<p>Only English now</p>" } }));
    expect(edited.status).toBe(200);
    expect((edited.body as Announcement).translations).toEqual({ "205": "<p>Only English now</p>" });
    expect((await active()).some((a) => a.id === created.id)).toBe(false);
    const all = (await call(api, "GET", `${U}/announcement/all`, cast.admin.token)).body as Announcement[];
    expect(all.find((a) => a.id === created.id)?.enabled).toBe(false);

    const removed = await call(api, "DELETE", `${U}/announcement/remove/${created.id}`, cast.admin.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(true);
    expect((await call(api, "DELETE", `${U}/announcement/remove/${created.id}`, cast.admin.token)).status).toBe(404);
    expect((await call(api, "PUT", `${U}/announcement/edit/${created.id}`, cast.admin.token, body())).status).toBe(404);
  });

  it("refuses unreadable colours, missing English and unknown languages with field errors", async () => {
    const low = await call(api, "POST", `${U}/homePage/announcement/create`, cast.admin.token, body("x", { color: "#777777", bgColor: "#888888" }));
    expect(low.status).toBe(400);
    expect((low.body as ApiErrorBody).fieldErrors).toMatchObject({ bgColor: "admin:errors.contrast" });
    const bad = await call(api, "POST", `${U}/homePage/announcement/create`, cast.admin.token, { color: "whiteish", translations: { "206": "<p>केवल हिंदी</p>", "999": "x" } });
    expect(bad.status).toBe(400);
    expect((bad.body as ApiErrorBody).fieldErrors).toMatchObject({
      color: "admin:errors.color",
      bgColor: "form:required",
      "translations.999": "form:language",
      "translations.205": "admin:errors.english_required",
    });
    // Any CSS colour syntax is read (issue 34), and stored as #rrggbb.
    const css = await call(api, "POST", `${U}/homePage/announcement/create`, cast.admin.token, body("css", { color: "white", bgColor: "rgb(29 64 68 / 100%)" }));
    expect(css.status, JSON.stringify(css.body)).toBe(201);
    expect(css.body).toMatchObject({ color: "#ffffff", bgColor: "#1d4044" });
    const empty = await call(api, "POST", `${U}/homePage/announcement/create`, cast.admin.token, body("x", { translations: { "205": "<p><script>x()</script></p>" } }));
    expect((empty.body as ApiErrorBody).fieldErrors).toMatchObject({ "translations.205": "admin:errors.english_required" });
  });
});
