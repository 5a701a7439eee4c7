import fs from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import { DEFAULT_GROUP_ICON, type GroupListItem } from "@/contracts/group";
import type { PageShowFull, PageShowMinimal, PageTreeNode } from "@/contracts/page";
import { SEED_GROUPS, SEED_PAGE_IDS, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { optionalUser, requireAccess, requireUser } from "@/server/infra/http/auth-context";
import { json, Router } from "@/server/infra/http/router";
import { createGroup } from "@/server/modules/groups/group.service";
import { TEST_DB } from "./helpers/test-database";
import { callRouter, capturingLogger, createTestPlatform, TEST_JWT_SECRET, type TestPlatform } from "./helpers/test-platform";
import { allIds, findNode, ids } from "./helpers/page-tree";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const GROUP_LIST_KEYS = ["displayOrder", "groupId", "icon", "id", "isParticipatory", "name", "nameLocal", "slug", "webAddress"];
// The reference's PageTree and `url` (a Redirect page's target, null otherwise: menus mark links that leave the site).
const TREE_KEYS = ["children", "id", "pageIndex", "pageType", "parentId", "showInFooter", "showInMenu", "title", "url"];
const MINIMAL_KEYS = ["allowComments", "content", "description", "galleryData", "id", "pageType", "socialPreview", "title", "url"];
const FULL_KEYS = [...MINIMAL_KEYS, "date", "languageId", "pageIndex", "parentId", "showInFooter", "showInMenu", "sticky", "userGroupId", "userIbp", "version"].sort();

const find = findNode;

describe(`[GROUPS] the group list and group details (${TEST_DB})`, () => {
  it("a visitor gets every group ordered by display order then id, with the fields the portal reads", async () => {
    const res = await api.get("userGroup-api/api/v1/group/all");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const groups = res.body as GroupListItem[];
    expect(ids(groups)).toEqual([2, 1, 3, 4]);
    for (const group of groups) expect(Object.keys(group).sort()).toEqual(GROUP_LIST_KEYS);
    expect(groups[1]).toEqual({
      id: 1,
      groupId: 1,
      name: "Sacred Groves of the Western Ghats",
      nameLocal: "पश्चिमी घाट के पवित्र उपवन",
      icon: "/logos/sacred-groves.svg",
      webAddress: "/group/sacred-groves",
      slug: "sacred-groves",
      displayOrder: 2,
      isParticipatory: true,
    });
    expect(groups.find((g) => g.id === 2)?.isParticipatory).toBe(false);
  });

  it("a group with its own domain is addressed by that domain and still names its slug (for its old /group/{slug} address)", async () => {
    const groups = (await api.get("userGroup-api/api/v1/group/all")).body as GroupListItem[];
    const chilika = SEED_GROUPS.find((g) => g.slug === "chilika")!;
    expect(groups.find((g) => g.id === chilika.id)).toMatchObject({ webAddress: "http://chilika.localhost:3000", slug: "chilika" });
    expect(groups.filter((g) => g.webAddress.startsWith("/group/"))).toHaveLength(3);
  });

  it("names come in Hindi for languageId 206 and the local name stays the same", async () => {
    const en = (await api.get("userGroup-api/api/v1/group/all?languageId=205")).body as GroupListItem[];
    const hi = (await api.get("userGroup-api/api/v1/group/all?languageId=206")).body as GroupListItem[];
    expect(ids(hi)).toEqual(ids(en));
    expect(hi.find((g) => g.id === 3)?.name).toBe("बन्नी घास के मैदान");
    expect(hi.map((g) => g.nameLocal)).toEqual(en.map((g) => g.nameLocal));
    expect(en.find((g) => g.id === 3)?.name).toBe("Banni Grassland Commons");
  });

  it("a group without a Hindi translation is listed under its English name; a deleted group disappears", async () => {
    const id = await createGroup(api.db, {
      slug: "test-fallback",
      name: "Fallback Forest Collective",
      nameLocal: null,
      description: "Only in English.",
      icon: null,
      domainName: null,
      allowUserToJoin: true,
      displayOrder: 99,
    });
    const hi = (await api.get("userGroup-api/api/v1/group/all?languageId=206")).body as GroupListItem[];
    // No logo: the default one (issue 34), never null.
    expect(hi[hi.length - 1]).toMatchObject({ id, name: "Fallback Forest Collective", nameLocal: null, icon: DEFAULT_GROUP_ICON });

    await api.db.query("update user_group set is_deleted = true where id = $1", [id]);
    const after = (await api.get("userGroup-api/api/v1/group/all")).body as GroupListItem[];
    expect(ids(after)).not.toContain(id);
    expect((await api.get(`userGroup-api/api/v1/group/${id}/205`)).status).toBe(404);
  });

  it.each(["207", "hi", "0", "205.5"])("languageId=%s is refused with 400 and a reason", async (languageId) => {
    const res = await api.get(`userGroup-api/api/v1/group/all?languageId=${languageId}`);
    expect(res.status).toBe(400);
    const body = res.body as ApiErrorBody;
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.message).toContain("languageId");
  });

  it("an empty languageId means English", async () => {
    const res = await api.get("userGroup-api/api/v1/group/all?languageId=");
    expect(res.status).toBe(200);
    expect((res.body as GroupListItem[])[0]?.name).toBe("Nagaland Community Forests");
  });

  it("a group's details come in the requested language", async () => {
    const res = await api.get("userGroup-api/api/v1/group/4/206");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 4,
      groupId: 4,
      languageId: 206,
      name: "चिलिका मछुआरा समुदाय",
      nameLocal: "चिलिका मछुआरा समुदाय",
      description: SEED_GROUPS[3]!.hi.description,
      icon: "/logos/chilika.svg",
      webAddress: "http://chilika.localhost:3000",
      domainName: "http://chilika.localhost:3000",
      allowUserToJoin: true,
      displayOrder: 3,
    });
    const en = (await api.get("userGroup-api/api/v1/group/1/205")).body as { description: string; domainName: null; webAddress: string };
    expect(en.description).toBe(SEED_GROUPS[0]!.description);
    expect(en.domainName).toBeNull();
    expect(en.webAddress).toBe("/group/sacred-groves");
  });

  it("a missing group is 404; a bad id or language is 400", async () => {
    expect((await api.get("userGroup-api/api/v1/group/999/205")).status).toBe(404);
    expect((await api.get("userGroup-api/api/v1/group/abc/205")).status).toBe(400);
    expect((await api.get("userGroup-api/api/v1/group/1/999")).status).toBe(400);
  });
});

describe(`[PAGES] page trees (${TEST_DB})`, () => {
  it("the main English tree nests every level, sorted by pageIndex, with the tree fields only", async () => {
    const res = await api.get("pages-api/api/v1/page/tree?languageId=205");
    expect(res.status).toBe(200);
    const tree = res.body as PageTreeNode[];
    expect(ids(tree)).toEqual([45, 63, 204, 5965, 29]);
    const explore = find(tree, SEED_PAGE_IDS.navbar)!;
    expect(ids(explore.children)).toEqual([5967, 5966, 5968, 5969]);
    expect(ids(find(tree, 5967)!.children)).toEqual([5970, 5971]);
    expect(Object.keys(explore).sort()).toEqual(TREE_KEYS);
    expect(find(tree, SEED_PAGE_IDS.redirect)?.pageType).toBe("Redirect");
    expect(find(tree, 5970)).toMatchObject({ parentId: 5967, pageIndex: 1, children: [] });
    // A Redirect page says where it goes (the menus mark a link that leaves the site), a Content page has no url.
    expect(find(tree, 5969)).toMatchObject({ pageType: "Redirect", url: "https://www.iccaregistry.org/" });
    expect(find(tree, 5967)?.url).toBeNull();
  });

  it("without parameters it is the main site in English", async () => {
    const plain = await api.get("pages-api/api/v1/page/tree");
    const explicit = await api.get("pages-api/api/v1/page/tree?languageId=205");
    expect(plain.body).toEqual(explicit.body);
  });

  it("deleted pages and pages hidden from the sidebar are left out", async () => {
    const tree = (await api.get("pages-api/api/v1/page/tree")).body as PageTreeNode[];
    expect(allIds(tree)).not.toContain(SEED_PAGE_IDS.deleted);
    expect(allIds(tree)).not.toContain(SEED_PAGE_IDS.unlisted);
  });

  it("the footer pages carry showInFooter, including the one marked false", async () => {
    const tree = (await api.get("pages-api/api/v1/page/tree")).body as PageTreeNode[];
    const footer = find(tree, SEED_PAGE_IDS.footerEn)!;
    expect(footer.showInFooter).toBe(true);
    expect(footer.children.map((c) => [c.id, c.showInFooter])).toEqual([
      [30, true],
      [31, true],
      [32, true],
      [33, false],
    ]);
    expect(tree.filter((n) => n.showInMenu).map((n) => n.id)).toEqual([45, 63, 204]);
  });

  it("the Hindi tree holds the pages written in or translated into Hindi, with Hindi titles", async () => {
    const tree = (await api.get("pages-api/api/v1/page/tree?languageId=206")).body as PageTreeNode[];
    expect(ids(tree)).toEqual([45, 63, 204, 207, 5965]);
    expect(ids(find(tree, SEED_PAGE_IDS.footerHi)!.children)).toEqual([208, 209, 210, 211]);
    expect(find(tree, 45)?.title).toBe("सामुदायिक संरक्षित क्षेत्रों के बारे में");
    expect(allIds(tree)).not.toContain(SEED_PAGE_IDS.footerEn);
  });

  it("a group's tree holds exactly that group's pages in that language", async () => {
    const en = (await api.get("pages-api/api/v1/page/tree?userGroupId=1&languageId=205")).body as PageTreeNode[];
    expect(ids(en)).toEqual([1001, 1002]);
    expect(ids(en[1]!.children)).toEqual([1003]);
    expect(en[0]?.title).toBe("About the network");
    const hi = (await api.get("pages-api/api/v1/page/tree?userGroupId=4&languageId=206")).body as PageTreeNode[];
    expect(ids(hi)).toEqual([1031, 1032]);
    expect(hi[0]?.title).toBe("चिलिका के बारे में");
    expect((await api.get("pages-api/api/v1/page/tree?userGroupId=999")).body).toEqual([]);
  });

  it("bad parameters are 400, unknown ones are ignored", async () => {
    expect((await api.get("pages-api/api/v1/page/tree?userGroupId=abc")).status).toBe(400);
    expect((await api.get("pages-api/api/v1/page/tree?languageId=1")).status).toBe(400);
    const res = await api.get("pages-api/api/v1/page/tree?offset=0&limit=10&ctx=x");
    expect(res.status).toBe(200);
  });
});

describe(`[PAGES] reading a page (${TEST_DB})`, () => {
  it("the about page in minimal format has its content, gallery and only the minimal fields", async () => {
    const res = await api.get(`pages-api/api/v1/page/${SEED_PAGE_IDS.about}`);
    expect(res.status).toBe(200);
    const page = res.body as PageShowMinimal;
    expect(Object.keys(page).sort()).toEqual(MINIMAL_KEYS);
    expect(page).toMatchObject({ id: 45, title: "About Community Conserved Areas", pageType: "Content", url: null, allowComments: true });
    expect(page.content).toContain("<h2>");
    expect(page.content).toContain("<h3>");
    expect(page.content).toContain("<table>");
    expect(page.content).toContain('src="/files-api/api/get/raw/pages/seed/cca-landscape.svg"');
    expect(page.socialPreview).toBe("/seed/gallery/sacred-grove.jpg");
    expect(page.galleryData.map((g) => [g.displayOrder, g.fileName])).toEqual([
      [1, "/seed/gallery/sacred-grove.jpg"],
      [2, "/seed/gallery/grassland-dusk.jpg"],
    ]);
    expect(Object.keys(page.galleryData[0]!).sort()).toEqual(["attribution", "caption", "displayOrder", "fileName", "id", "licenseId"]);
  });

  it("the image inside the page content is served by the files service", async () => {
    const page = (await api.get("pages-api/api/v1/page/45")).body as PageShowMinimal;
    const src = /src="\/(files-api\/api\/get\/raw\/[^"]+)"/.exec(page.content)![1]!;
    const image = await api.get(src);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/svg+xml");
  });

  it("the full format adds the author, dates as ISO strings and the tree fields", async () => {
    const res = await api.get("pages-api/api/v1/page/45?format=full");
    const page = res.body as PageShowFull;
    expect(Object.keys(page).sort()).toEqual(FULL_KEYS);
    expect(page).toMatchObject({
      languageId: 205,
      userGroupId: null,
      parentId: 0,
      pageIndex: 1,
      date: "2024-06-05T09:30:00.000Z",
      sticky: true,
      showInFooter: true,
      showInMenu: true,
    });
    const admin = SEED_USER_BY_ROLE.admin;
    expect(page.userIbp).toEqual({ id: admin.id, name: admin.name, profilePic: null, isAdmin: true });
    const donate = (await api.get("pages-api/api/v1/page/63?format=full")).body as PageShowFull;
    expect(donate.userIbp).toMatchObject({ name: SEED_USER_BY_ROLE.pageEditor.name, isAdmin: false });
  });

  it("a page whose author is gone, or never had one, still reads", async () => {
    const orphan = await api.get(`pages-api/api/v1/page/${SEED_PAGE_IDS.orphanAuthor}?format=full`);
    expect(orphan.status).toBe(200);
    expect((orphan.body as PageShowFull).userIbp).toBeNull();
    const anonymous = await api.get("pages-api/api/v1/page/208?format=full");
    expect(anonymous.status).toBe(200);
    expect((anonymous.body as PageShowFull).userIbp).toBeNull();
  });

  it("a group page tells its group; a Redirect page its url; an unlisted page still reads", async () => {
    expect(((await api.get("pages-api/api/v1/page/1031?format=full")).body as PageShowFull).userGroupId).toBe(4);
    const redirect = (await api.get(`pages-api/api/v1/page/${SEED_PAGE_IDS.redirect}`)).body as PageShowMinimal;
    expect(redirect).toMatchObject({ pageType: "Redirect", url: "https://www.iccaregistry.org/" });
    const unlisted = await api.get(`pages-api/api/v1/page/${SEED_PAGE_IDS.unlisted}?format=full`);
    expect(unlisted.status).toBe(200);
    expect((unlisted.body as PageShowFull).sticky).toBe(false);
  });

  it("deleted and missing pages are 404 with a JSON error", async () => {
    for (const id of [SEED_PAGE_IDS.deleted, 424242]) {
      const res = await api.get(`pages-api/api/v1/page/${id}?format=full`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("page id %s is 400", async (id) => {
    const res = await api.get(`pages-api/api/v1/page/${id}`);
    expect(res.status).toBe(400);
    expect((res.body as ApiErrorBody).message).toContain("id");
  });

  it("an unknown format is 400; unknown parameters are ignored", async () => {
    const bad = await api.get("pages-api/api/v1/page/45?format=xml");
    expect(bad.status).toBe(400);
    expect((bad.body as ApiErrorBody).message).toContain("minimal, full");
    const ok = await api.get("pages-api/api/v1/page/45?format=full&skipRefresh=true&foo=bar");
    expect(ok.status).toBe(200);
  });
});

describe(`[API] routing and errors (${TEST_DB})`, () => {
  it("an unknown path or service is a 404 JSON error", async () => {
    for (const url of ["userGroup-api/api/v1/nothing/here", "pages-api/api/v2/page/45", "nope-api/api/v1/x"]) {
      const res = await api.get(url);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("a known path with the wrong method is 405 with Allow", async () => {
    const res = await api.request("POST", "userGroup-api/api/v1/group/all", { body: Buffer.from("{}") });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(res.body).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    expect((await api.request("DELETE", "pages-api/api/v1/page/tree")).status).toBe(405);
  });

  it("HEAD answers like GET without a body", async () => {
    const res = await api.request("HEAD", "pages-api/api/v1/page/45");
    expect(res.status).toBe(200);
    expect(res.raw.length).toBe(0);
  });

  it("a broken percent-encoding in the path is 400", async () => {
    expect((await api.get("pages-api/api/v1/page/%E0%A4")).status).toBe(400);
  });

  it("an unexpected failure is logged and answered 500 without internals", async () => {
    const logged: unknown[][] = [];
    const router = new Router({ ...api.deps, logger: capturingLogger(logged) });
    router.get("pages", "/boom", async () => {
      throw new Error("relation secret_table does not exist");
    });
    const res = await callRouter(router, "GET", "pages-api/api/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Internal error", code: "INTERNAL" });
    expect(res.raw.toString()).not.toContain("secret_table");
    expect(logged).toHaveLength(1);
  });
});

describe(`[FILES] serving stored files (${TEST_DB})`, () => {
  const logo = "files-api/api/get/raw/userGroups/logos/sacred-groves.svg";

  it("a group logo is served raw with its type, a long cache lifetime and an ETag", async () => {
    const res = await api.get(logo);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toMatch(/max-age=\d{6,}/);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.raw.equals(fs.readFileSync(path.join(api.filesDir, "userGroups/logos/sacred-groves.svg")))).toBe(true);
    expect(res.raw.toString()).toContain("<svg");

    const again = await api.get(logo, { headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it("every seeded group logo exists", async () => {
    const groups = (await api.get("userGroup-api/api/v1/group/all")).body as GroupListItem[];
    for (const group of groups.filter((g) => g.icon)) {
      expect((await api.get(`files-api/api/get/crop/userGroups${group.icon}?h=32`)).status).toBe(200);
    }
  });

  it("crop resizes a raster, keeps the aspect with one side, fills a box with both, never enlarges", async () => {
    const base = "files-api/api/get/crop/pages/seed/gallery/sacred-grove.jpg";
    const wide = await api.get(`${base}?w=300`);
    expect(wide.status).toBe(200);
    expect(wide.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(wide.raw).metadata()).toMatchObject({ width: 300, height: 113 });

    const box = await api.get(`${base}?w=1440&h=300&crop=fit&preserve=true&fit=center`);
    expect(await sharp(box.raw).metadata()).toMatchObject({ width: 1440, height: 300 });

    const huge = await api.get(`${base}?w=3000`);
    expect(await sharp(huge.raw).metadata()).toMatchObject({ width: 1600, height: 600 });

    const webp = await api.get(`${base}?h=100&fm=webp`);
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(await sharp(webp.raw).metadata()).toMatchObject({ format: "webp", height: 100 });

    const cached = await api.get(`${base}?w=300`);
    expect(cached.raw.equals(wide.raw)).toBe(true);
    expect(cached.headers.etag).toBe(wide.headers.etag);
  });

  it("crop passes SVG through unchanged", async () => {
    const raw = await api.get(logo);
    const cropped = await api.get("files-api/api/get/crop/userGroups/logos/sacred-groves.svg?w=40");
    expect(cropped.status).toBe(200);
    expect(cropped.headers["content-type"]).toBe("image/svg+xml");
    expect(cropped.raw.equals(raw.raw)).toBe(true);
  });

  it.each(["w=0", "w=abc", "w=3001", "h=-5", "fit=stretchy", "fm=bmp"])("crop with %s is 400", async (query) => {
    const res = await api.get(`files-api/api/get/crop/pages/seed/gallery/sacred-grove.jpg?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST" });
    // The field error is a translation key, as in every service.
    for (const reason of Object.values((res.body as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})) expect(reason).toMatch(/^[a-z_]+:[\w.]+(\|\{.*\})?$/);
  });

  it.each([
    "files-api/api/get/raw/pages/../../jwt-secret",
    "files-api/api/get/raw/pages/seed/../../../etc/passwd",
    "files-api/api/get/raw/pages/%2e%2e/%2e%2e/etc/passwd",
    "files-api/api/get/raw/pages/seed%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "files-api/api/get/raw/pages/%252e%252e/%252e%252e/etc/passwd",
    "files-api/api/get/raw/pages/..%5C..%5Cetc%5Cpasswd",
    "files-api/api/get/crop/pages/seed/%00.svg",
  ])("a path that tries to leave the store is 400: %s", async (url) => {
    const res = await api.get(url);
    expect(res.status).toBe(400);
  });

  it("a doubled slash is one (issue 34): pages//etc/passwd is pages/etc/passwd in the store, not found", async () => {
    expect((await api.get("files-api/api/get/raw/pages//etc/passwd")).status).toBe(404);
  });

  it("a link inside the store that points outside it is not followed", async () => {
    const outside = path.join(api.dataDir, "outside.txt");
    fs.writeFileSync(outside, "secret");
    fs.symlinkSync(outside, path.join(api.filesDir, "pages", "seed", "escape.txt"));
    expect((await api.get("files-api/api/get/raw/pages/seed/escape.txt")).status).toBe(404);
  });

  it("an unknown directory is 400, a missing file 404", async () => {
    expect((await api.get("files-api/api/get/raw/secrets/x.svg")).status).toBe(400);
    expect((await api.get("files-api/api/get/raw/pages/seed/missing.svg")).status).toBe(404);
    expect((await api.get("files-api/api/get/crop/pages/seed/missing.jpg?w=10")).status).toBe(404);
    expect((await api.get("files-api/api/get/raw/pages/seed")).status).toBe(404);
    expect((await api.get("files-api/api/get/raw/pages")).status).toBe(400);
  });

  it("a byte range is answered 206 with Content-Range", async () => {
    const full = await api.get(logo);
    const part = await api.get(logo, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${full.raw.length}`);
    expect(part.raw.equals(full.raw.subarray(0, 10))).toBe(true);
    const tail = await api.get(logo, { headers: { range: "bytes=-5" } });
    expect(tail.raw.equals(full.raw.subarray(full.raw.length - 5))).toBe(true);
    expect((await api.get(logo, { headers: { range: `bytes=${full.raw.length}-` } })).status).toBe(416);
  });
});

describe(`[AUTH] who is calling (${TEST_DB})`, () => {
  const probe = () => {
    const router = new Router(api.deps);
    router.get("user", "/me", async (ctx) => json(await requireUser(ctx)));
    router.get("user", "/maybe", async (ctx) => json({ user: await optionalUser(ctx) }));
    router.get("user", "/admin", async (ctx) => json(await requireAccess(ctx, ["ROLE_ADMIN"])));
    return (url: string, token?: string) =>
      callRouter(router, "GET", `user-api/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  const sign = (claims: Record<string, unknown>, expiresIn: string | number = "1h", secret = TEST_JWT_SECRET) =>
    new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(expiresIn).sign(secret);

  it("a valid token identifies the user, with the id given as a string as the reference does", async () => {
    const call = probe();
    const token = await sign({ sub: "7", id: "7", name: "Ramesh Oraon", roles: ["ROLE_USER"] });
    const res = await call("/me", token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 7, name: "Ramesh Oraon", roles: ["ROLE_USER"] });
    expect((await call("/maybe", token)).body).toEqual({ user: { id: 7, name: "Ramesh Oraon", roles: ["ROLE_USER"] } });
  });

  it("no token, an expired, forged or refresh token: 401 where sign-in is required, anonymous elsewhere", async () => {
    const call = probe();
    const expired = await sign({ id: 1, roles: ["ROLE_ADMIN"] }, Math.floor(Date.now() / 1000) - 60);
    const forged = await sign({ id: 1, roles: ["ROLE_ADMIN"] }, "1h", new TextEncoder().encode("another-secret-another-secret-1234"));
    const refresh = await sign({ id: 1, roles: ["ROLE_ADMIN"], typ: "refresh" });
    for (const token of [undefined, expired, forged, refresh, "not-a-jwt"]) {
      const res = await call("/me", token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "UNAUTHORIZED" });
      expect((await call("/maybe", token)).body).toEqual({ user: null });
    }
  });

  it("a role check answers 403 to a signed-in user without the role", async () => {
    const call = probe();
    expect((await call("/admin", await sign({ id: 7, roles: ["ROLE_USER"] }))).status).toBe(403);
    expect((await call("/admin", await sign({ id: 1, roles: ["ROLE_ADMIN"] }))).status).toBe(200);
    expect((await call("/admin")).status).toBe(401);
  });
});
