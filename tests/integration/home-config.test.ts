/**
 * The configurable homes (issue 15 item 1): utility-api `services/homePage…` for the site and
 * userGroup-api `group/homePage/…` for a group; every write with the role matrix, texts per language,
 * sanitised HTML, images from the files service.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { GallerySlide, HomePageData, MiniGallery } from "@/contracts/home";
import { DEMO_SITE_SLIDES } from "@/server/seed/demo";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";
import { BANNI, call, EVERYONE, GROUP, makeCast, SACRED_GROVES, tokenOf, type Cast, type Who } from "./helpers/groups";

const SITE = "utility-api/api/v1/services/homePage";
const GH = `${GROUP}/homePage`;
let api: TestPlatform;
let cast: Cast;
let image = "";

/** Uploads a small PNG into the files service's homePage directory as `who`; answers its path. */
async function uploadImage(token: string): Promise<string> {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const boundary = `----home${Math.random().toString(16).slice(2)}`;
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part("hash", "homeslides") + part("directory", "homePage")),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="slide.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await api.request("POST", "files-api/api/upload/resource-upload", {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { uri: string }).uri;
}

beforeAll(async () => {
  api = await createTestPlatform();
  cast = await makeCast(api);
  image = await uploadImage(cast.admin.token);
});

afterAll(async () => {
  await api?.close();
});

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const slideBody = (title = "Sacred groves of Meghalaya", extra: Record<string, unknown> = {}) => ({
  fileName: image,
  moreLinks: "/data/list",
  translations: [
    { languageId: 205, title, description: "<p>Forests kept by <b>villages</b></p><script>alert(1)</script>", readMoreText: "Explore" },
    { languageId: 206, title: "मेघालय के पवित्र उपवन", description: "<p>गाँवों द्वारा रक्षित वन</p>", readMoreText: "देखें" },
  ],
  ...extra,
});
const siteHome = async (languageId = 205, token?: string, adminList = false) =>
  (await call(api, "GET", `${SITE}?languageId=${languageId}${adminList ? "&adminList=true" : ""}`, token)).body as HomePageData;
const groupHome = async (groupId: number, languageId = 205, token?: string, adminList = false) =>
  (await call(api, "GET", `${GH}/${groupId}/${languageId}${adminList ? "?adminList=true" : ""}`, token)).body as HomePageData;

describe(`[HOME] the site's home configuration (${TEST_DB})`, () => {
  it("an unconfigured home answers its defaults: the demo's gallery (issue 34), no mini galleries", async () => {
    const home = await siteHome();
    expect(home).toMatchObject({ ugId: null, showGallery: true, showStats: true, miniGallery: [] });
    expect(home.gallerySlider.map((s) => s.title)).toEqual(DEMO_SITE_SLIDES.map((s) => s.en.title));
  });

  it("only an administrator writes it: 401 anonymous, 403 for members, founders and moderators", async () => {
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, founder: 403, otherFounder: 403, admin: 200 };
    for (const who of EVERYONE) {
      const res = await call(api, "PUT", `${SITE}/insert`, tokenOf(cast, who), { showStats: true, description: `set by ${who}` });
      expect(res.status, who).toBe(expected[who]);
    }
    const writes: [string, string, unknown][] = [
      ["PUT", `${SITE}/create`, slideBody()],
      ["PUT", `${SITE}/reorder`, []],
      ["POST", `${SITE}/miniGallery/create`, { slidesPerView: 2, translations: [{ languageId: 205, title: "x" }] }],
      ["DELETE", `${SITE}/remove/1`, undefined],
      ["DELETE", `${SITE}/miniGallery/remove/1`, undefined],
      ["PUT", `${SITE}/insert/miniSlider`, slideBody()],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(api, method, url, undefined, body)).status, `${method} ${url} anonymous`).toBe(401);
      expect((await call(api, method, url, cast.member.token, body)).status, `${method} ${url} member`).toBe(403);
      expect((await call(api, method, url, cast.founder.token, body)).status, `${method} ${url} founder`).toBe(403);
    }
    expect((await siteHome()).description).toBe("set by admin");
  });

  it("a slide keeps its texts per language, its HTML sanitised, and visitors read their language (English as fallback)", async () => {
    const res = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody("Groves"));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = (res.body as HomePageData).gallerySlider.find((s) => s.translations?.some((t) => t.title === "Groves"))!;
    expect(created.fileName).toBe(image);
    expect(created.translations).toHaveLength(2);
    expect(created.translations![0]!.description).not.toContain("<script");

    const en = (await siteHome(205)).gallerySlider.find((s) => s.id === created.id)!;
    expect(en).toMatchObject({ title: "Groves", readMoreText: "Explore", languageId: 205, moreLinks: "/data/list" });
    expect(en.customDescripition).toContain("<b>villages</b>");
    expect(en.customDescripition).not.toMatch(/script|alert/);
    expect(en.translations).toBeUndefined();
    const hi = (await siteHome(206)).gallerySlider.find((s) => s.id === created.id)!;
    expect(hi).toMatchObject({ title: "मेघालय के पवित्र उपवन", languageId: 206 });

    // English only → Hindi visitors read English.
    const edit = await call(api, "PUT", `${SITE}/edit/${created.id}`, cast.admin.token, { ...slideBody("Groves only"), translations: [slideBody("Groves only").translations[0]] });
    expect(edit.status).toBe(200);
    expect((await siteHome(206)).gallerySlider.find((s) => s.id === created.id)).toMatchObject({ title: "Groves only", languageId: 205 });
  });

  it("refuses bad slides with field errors: no English, a foreign file, a script link, a bad colour", async () => {
    const noEnglish = await call(api, "PUT", `${SITE}/create`, cast.admin.token, { ...slideBody(), translations: [slideBody().translations[1]] });
    expect(noEnglish.status).toBe(400);
    expect(errorOf(noEnglish).fieldErrors).toMatchObject({ translations: "admin:errors.english_required" });

    const missingFile = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody("x", { fileName: "/nohash/none.png" }));
    expect(missingFile.status).toBe(400);
    expect(errorOf(missingFile).fieldErrors).toMatchObject({ fileName: "admin:errors.file_missing" });

    const escape = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody("x", { fileName: "/../../etc/passwd" }));
    expect(escape.status).toBe(400);
    expect(errorOf(escape).fieldErrors).toMatchObject({ fileName: "form:invalid_file" });

    const script = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody("x", { moreLinks: "javascript:alert(1)", color: "reddish" }));
    expect(script.status).toBe(400);
    expect(errorOf(script).fieldErrors).toMatchObject({ moreLinks: "admin:errors.link", color: "admin:errors.color" });

    const long = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody("y".repeat(201)));
    expect(errorOf(long).fieldErrors).toMatchObject({ "translations.0.title": 'form:max_length|{"max":200}' });

    expect((await call(api, "PUT", `${SITE}/edit/999999`, cast.admin.token, slideBody())).status).toBe(404);
  });

  it("reorders, hides and removes slides; hidden ones stay in the admin view only", async () => {
    const make = async (title: string) => {
      const res = await call(api, "PUT", `${SITE}/create`, cast.admin.token, slideBody(title));
      return (res.body as HomePageData).gallerySlider.find((s) => s.translations?.[0]?.title === title)!.id;
    };
    const a = await make("Order A");
    const b = await make("Order B");
    const order = async () => (await siteHome()).gallerySlider.map((s) => s.id).filter((id) => id === a || id === b);
    expect(await order()).toEqual([a, b]);
    const reorder = await call(api, "PUT", `${SITE}/reorder`, cast.admin.token, [
      { galleryId: b, displayOrder: 0 },
      { galleryId: a, displayOrder: 1 },
    ]);
    expect(reorder.status).toBe(200);
    expect(await order()).toEqual([b, a]);
    const foreign = await call(api, "PUT", `${SITE}/reorder`, cast.admin.token, [{ galleryId: 987654, displayOrder: 0 }]);
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign).fieldErrors).toMatchObject({ body: "admin:errors.reorder" });

    expect((await call(api, "PUT", `${SITE}/edit/${a}`, cast.admin.token, slideBody("Order A", { isActive: false }))).status).toBe(200);
    expect(await order()).toEqual([b]);
    // adminList is honoured for admins only.
    expect((await siteHome(205, cast.admin.token, true)).gallerySlider.some((s) => s.id === a && !s.isActive)).toBe(true);
    expect((await siteHome(205, cast.member.token, true)).gallerySlider.some((s) => s.id === a)).toBe(false);

    expect((await call(api, "DELETE", `${SITE}/remove/${b}`, cast.admin.token)).status).toBe(200);
    expect((await call(api, "DELETE", `${SITE}/remove/${b}`, cast.admin.token)).status).toBe(404);
    expect(await order()).toEqual([]);
  });

  it("mini galleries: create with titles per language, add slides (text cards too), edit, reorder, remove with their slides", async () => {
    const created = await call(api, "POST", `${SITE}/miniGallery/create`, cast.admin.token, {
      slidesPerView: 3,
      isVertical: false,
      translations: [
        { languageId: 205, title: "Highlights" },
        { languageId: 206, title: "मुख्य बातें" },
      ],
    });
    expect(created.status).toBe(201);
    const mini = created.body as MiniGallery;
    expect(mini).toMatchObject({ slidesPerView: 3, title: "Highlights", gallerySlider: [] });

    const card = { translations: [{ languageId: 205, title: "A text card", description: "<p>No image</p>" }], galleryId: mini.id };
    const inserted = await call(api, "PUT", `${SITE}/insert/miniSlider`, cast.admin.token, card);
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    const withImage = await call(api, "PUT", `${SITE}/insert/miniSlider`, cast.admin.token, { ...slideBody("Image card"), galleryId: mini.id });
    expect(withImage.status).toBe(200);
    const slides = (withImage.body as HomePageData).miniGallery.find((m) => m.id === mini.id)!.gallerySlider;
    expect(slides.map((s) => s.title)).toEqual(["A text card", "Image card"]);
    expect(slides[0]!.fileName).toBeNull();

    const hi = (await siteHome(206)).miniGallery.find((m) => m.id === mini.id)!;
    expect(hi.title).toBe("मुख्य बातें");
    expect(hi.gallerySlider[1]!.title).toBe("मेघालय के पवित्र उपवन");

    // A mini slide is not a main-gallery slide and the other way round.
    expect((await call(api, "DELETE", `${SITE}/remove/${slides[0]!.id}`, cast.admin.token)).status).toBe(404);
    expect((await call(api, "PUT", `${SITE}/miniSlider/reorder`, cast.admin.token, [{ galleryId: slides[1]!.id, displayOrder: 0 }, { galleryId: slides[0]!.id, displayOrder: 1 }])).status).toBe(200);
    expect((await siteHome()).miniGallery.find((m) => m.id === mini.id)!.gallerySlider.map((s) => s.title)).toEqual(["Image card", "A text card"]);
    const edited = await call(api, "PUT", `${SITE}/edit/miniSlider/${slides[0]!.id}`, cast.admin.token, { translations: [{ languageId: 205, title: "Edited card" }] });
    expect(edited.status).toBe(200);
    expect((edited.body as HomePageData).miniGallery.find((m) => m.id === mini.id)!.gallerySlider.some((s) => s.title === "Edited card")).toBe(true);

    const edit = await call(api, "PUT", `${SITE}/miniGallery/edit/${mini.id}`, cast.admin.token, { slidesPerView: 9, translations: [] });
    expect(edit.status).toBe(400);
    expect(errorOf(edit).fieldErrors).toMatchObject({ slidesPerView: 'form:whole_number_range|{"min":1,"max":6}', translations: "admin:errors.english_required" });
    expect((await call(api, "PUT", `${SITE}/miniGallery/edit/${mini.id}`, cast.admin.token, { slidesPerView: 1, isActive: false, translations: [{ languageId: 205, title: "Hidden" }] })).status).toBe(200);
    expect((await siteHome()).miniGallery.some((m) => m.id === mini.id)).toBe(false);

    expect((await call(api, "DELETE", `${SITE}/miniGallery/remove/${mini.id}`, cast.admin.token)).status).toBe(200);
    const left = await api.db.one<{ n: number }>("select count(*)::int as n from home_slide where mini_gallery_id = $1", [mini.id]);
    expect(left.n).toBe(0);
  });
});

describe(`[HOME] a group's home configuration (${TEST_DB})`, () => {
  const G = SACRED_GROVES.id;

  it("writes: 401 anonymous, 403 member, moderator and another group's founder, 200 the founder and the admin; 404 an unknown group", async () => {
    const expected: Record<Who, number> = { anonymous: 401, member: 403, moderator: 403, otherFounder: 403, founder: 200, admin: 200 };
    for (const who of EVERYONE) {
      const res = await call(api, "PUT", `${GH}/update/${G}`, tokenOf(cast, who), { showGallery: true, description: `by ${who}` });
      expect(res.status, who).toBe(expected[who]);
      const mini = await call(api, "POST", `${GH}/miniGallery/create/${G}`, tokenOf(cast, who), { slidesPerView: 2, translations: [{ languageId: 205, title: `Mini of ${who}` }] });
      expect(mini.status, `mini ${who}`).toBe(expected[who] === 200 ? 201 : expected[who]);
    }
    expect((await call(api, "PUT", `${GH}/update/987654`, cast.admin.token, {})).status).toBe(404);
    expect((await groupHome(G)).description).toBe("by admin");
    // The site's home is another home.
    expect((await siteHome()).miniGallery.some((m) => m.title.startsWith("Mini of"))).toBe(false);
  });

  it("a founder adds, edits, reorders and removes their group's slides; another group's slide is not theirs", async () => {
    const founder = cast.founder.token;
    const image2 = await uploadImage(founder);
    const add = await call(api, "PUT", `${GH}/insert/${G}`, founder, slideBody("Grove slide", { fileName: image2 }));
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const slide = (add.body as HomePageData).gallerySlider.find((s) => s.translations?.[0]?.title === "Grove slide") as GallerySlide;
    expect(slide.ugId).toBe(G);
    expect((await groupHome(G, 206)).gallerySlider.find((s) => s.id === slide.id)?.title).toBe("मेघालय के पवित्र उपवन");

    expect((await call(api, "PUT", `${GH}/edit/${G}/${slide.id}`, founder, slideBody("Grove slide 2", { fileName: image2 }))).status).toBe(200);
    expect((await groupHome(G)).gallerySlider.find((s) => s.id === slide.id)?.title).toBe("Grove slide 2");
    // Through another group's path (its founder, or the admin): not found there.
    const banniFounder = cast.otherFounder.token;
    expect((await call(api, "PUT", `${GH}/edit/${BANNI.id}/${slide.id}`, banniFounder, slideBody())).status).toBe(404);
    expect((await call(api, "PUT", `${GH}/remove/${BANNI.id}/${slide.id}`, cast.admin.token)).status).toBe(404);
    expect((await call(api, "PUT", `${GH}/reordering/${G}`, founder, [{ galleryId: slide.id, displayOrder: 3 }])).status).toBe(200);
    // The founder sees the admin view of their group, a member does not.
    expect((await groupHome(G, 205, founder, true)).gallerySlider[0]!.translations).toBeDefined();
    expect((await groupHome(G, 205, cast.member.token, true)).gallerySlider[0]!.translations).toBeUndefined();

    const mini = (await call(api, "POST", `${GH}/miniGallery/create/${G}`, founder, { slidesPerView: 1, translations: [{ languageId: 205, title: "Grove news" }] })).body as MiniGallery;
    const inMini = await call(api, "PUT", `${GH}/miniSlider/insert/${G}`, founder, { galleryId: mini.id, translations: [{ languageId: 205, title: "News card" }] });
    expect(inMini.status).toBe(200);
    const card = (inMini.body as HomePageData).miniGallery.find((m) => m.id === mini.id)!.gallerySlider[0]!;
    expect((await call(api, "PUT", `${GH}/miniSlider/edit/${G}/${card.id}`, cast.member.token, { translations: [{ languageId: 205, title: "x" }] })).status).toBe(403);
    expect((await call(api, "PUT", `${GH}/miniSlider/edit/${G}/${card.id}`, founder, { translations: [{ languageId: 205, title: "News card 2" }] })).status).toBe(200);
    expect((await call(api, "PUT", `${GH}/miniSlider/reordering/${G}`, founder, [{ galleryId: card.id, displayOrder: 0 }])).status).toBe(200);
    expect((await call(api, "PUT", `${GH}/miniGallery/edit/${G}/${mini.id}`, founder, { slidesPerView: 2, translations: [{ languageId: 205, title: "Grove news 2" }] })).status).toBe(200);
    // A group's mini gallery cannot receive slides through the site's routes.
    expect((await call(api, "PUT", `${SITE}/insert/miniSlider`, cast.admin.token, { galleryId: mini.id, translations: [{ languageId: 205, title: "x" }] })).status).toBe(404);
    expect((await call(api, "PUT", `${GH}/miniSlider/remove/${G}/${card.id}`, founder)).status).toBe(200);
    expect((await call(api, "DELETE", `${GH}/miniGallery/remove/${G}/${mini.id}`, cast.otherFounder.token)).status).toBe(403);
    expect((await call(api, "DELETE", `${GH}/miniGallery/remove/${G}/${mini.id}`, founder)).status).toBe(200);
    expect((await call(api, "PUT", `${GH}/remove/${G}/${slide.id}`, founder)).status).toBe(200);
    expect((await groupHome(G)).gallerySlider.some((s) => s.id === slide.id)).toBe(false);
  });

  it("reads a group's home openly; 404 for an unknown group, 400 for an unknown language", async () => {
    expect((await call(api, "GET", `${GH}/${G}/205`)).status).toBe(200);
    expect((await call(api, "GET", `${GH}/987654/205`)).status).toBe(404);
    expect((await call(api, "GET", `${GH}/${G}/999`)).status).toBe(400);
  });
});
