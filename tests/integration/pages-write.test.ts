import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { PageShowFull, PageTreeNode } from "@/contracts/page";
import { PAGE_MSG } from "@/contracts/page.schema";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { PageEntity } from "@/server/modules/pages/page-write.service";
import { getAs, sendJson, tokensOf, verifiedAccount } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const PAGE = "pages-api/api/v1/page";
const GROUP = 3; // banni-grasslands
const OTHER_GROUP = 2;
const EN = 205;
const HI = 206;

let api: TestPlatform;
const t: Record<"admin" | "editor" | "member" | "founder" | "moderator" | "otherFounder", string> = {
  admin: "",
  editor: "",
  member: "",
  founder: "",
  moderator: "",
  otherFounder: "",
};
type Who = keyof typeof t | "anonymous";
const tokenOf = (who: Who) => (who === "anonymous" ? undefined : t[who]);

async function groupRole(groupId: number, role: "founder" | "moderator"): Promise<string> {
  const account = await verifiedAccount(api);
  await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, $3)", [groupId, account.id, role]);
  return account.access;
}

beforeAll(async () => {
  api = await createTestPlatform();
  const sign = async (u: { email: string | null; password: string }) => (await tokensOf(api, u.email!, u.password)).access_token;
  t.admin = await sign(SEED_USER_BY_ROLE.admin);
  t.editor = await sign(SEED_USER_BY_ROLE.pageEditor);
  t.member = await sign(SEED_USER_BY_ROLE.user);
  t.founder = await groupRole(GROUP, "founder");
  t.moderator = await groupRole(GROUP, "moderator");
  t.otherFounder = await groupRole(OTHER_GROUP, "founder");
  // The demo member also belongs to this group, as a plain member.
  await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'member') on conflict do nothing", [GROUP, SEED_USER_BY_ROLE.user.id]);
});

afterAll(async () => {
  await api?.close();
});

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const entityOf = (res: ApiResult) => res.body as PageEntity;

let counter = 0;
function pageBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return { title: `Test page ${counter}`, content: `<p>Body ${counter}</p>`, pageType: "Content", languageId: EN, userGroupId: null, parentId: 0, ...extra };
}

const create = (body: Record<string, unknown>, who: Who = "admin") => sendJson(api, "POST", PAGE, body, { token: tokenOf(who) });
const update = (body: Record<string, unknown>, who: Who = "admin") => sendJson(api, "PUT", PAGE, body, { token: tokenOf(who) });
const remove = (id: number, who: Who = "admin") => sendJson(api, "DELETE", `${PAGE}/${id}`, undefined, { token: tokenOf(who) });
const updateTree = (body: unknown, who: Who = "admin") => sendJson(api, "PUT", `${PAGE}/updateTree`, body, { token: tokenOf(who) });
const removeGallery = (pageId: number, galleryId: number, who: Who = "admin") =>
  sendJson(api, "PUT", `${PAGE}/gallery/remove/${pageId}/${galleryId}`, undefined, { token: tokenOf(who) });
const full = async (id: number) => (await getAs(api, `${PAGE}/${id}?format=full`)).body as PageShowFull;
const tree = async (groupId: number | null, languageId = EN) =>
  (await getAs(api, `${PAGE}/tree?languageId=${languageId}${groupId === null ? "" : `&userGroupId=${groupId}`}`)).body as PageTreeNode[];

async function created(extra: Record<string, unknown> = {}): Promise<PageEntity> {
  const res = await create(pageBody(extra));
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return entityOf(res);
}

const WHO: readonly Who[] = ["anonymous", "member", "editor", "founder", "moderator", "otherFounder", "admin"];
const MAIN_SITE_EXPECTED: Record<Who, number> = { anonymous: 401, member: 403, editor: 200, founder: 403, moderator: 403, otherFounder: 403, admin: 200 };
const GROUP_EXPECTED: Record<Who, number> = { anonymous: 401, member: 403, editor: 200, founder: 200, moderator: 200, otherFounder: 403, admin: 200 };

describe(`[PAGES] authorisation matrix (${TEST_DB})`, () => {
  it.each(WHO)("POST page on the main site as %s", async (who) => {
    const res = await create(pageBody(), who);
    expect(res.status, JSON.stringify(res.body)).toBe(MAIN_SITE_EXPECTED[who]);
  });

  it.each(WHO)("POST page in a group as %s", async (who) => {
    const res = await create(pageBody({ userGroupId: GROUP }), who);
    expect(res.status, JSON.stringify(res.body)).toBe(GROUP_EXPECTED[who]);
  });

  it.each(WHO)("PUT, gallery remove, updateTree and DELETE of a group page as %s", async (who) => {
    const page = await created({ userGroupId: GROUP, galleryData: [{ fileName: "/h1/a.jpg", caption: "A", displayOrder: 1 }] });
    const expected = GROUP_EXPECTED[who];
    expect((await update({ ...pageBody(), id: page.id }, who)).status).toBe(expected);
    expect((await removeGallery(page.id, page.gallerySilder[0]!.id, who)).status).toBe(expected);
    expect((await updateTree([{ id: page.id, parentId: 0, pageIndex: page.pageIndex }], who)).status).toBe(expected);
    expect((await remove(page.id, who)).status).toBe(expected);
  });

  it.each(WHO)("PUT and DELETE of a main-site page as %s", async (who) => {
    const page = await created();
    const expected = MAIN_SITE_EXPECTED[who];
    expect((await update({ ...pageBody(), id: page.id }, who)).status).toBe(expected);
    expect((await remove(page.id, who)).status).toBe(expected);
  });

  it("GET enable/edit answers whether the caller may write the group's pages", async () => {
    const expected: Record<Who, boolean> = { anonymous: false, member: false, editor: true, founder: true, moderator: true, otherFounder: false, admin: true };
    for (const who of WHO) {
      const res = await getAs(api, `userGroup-api/api/v1/group/enable/edit/${GROUP}`, tokenOf(who));
      expect(res.status).toBe(200);
      expect(JSON.parse(res.raw.toString()), who).toBe(expected[who]);
    }
    expect((await getAs(api, "userGroup-api/api/v1/group/enable/edit/999999", t.admin)).status).toBe(404);
  });

  it("a founder whose role is removed loses the right at once", async () => {
    const account = await verifiedAccount(api);
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, 'founder')", [GROUP, account.id]);
    expect((await create(pageBody({ userGroupId: GROUP }), "anonymous")).status).toBe(401);
    expect((await sendJson(api, "POST", PAGE, pageBody({ userGroupId: GROUP }), { token: account.access })).status).toBe(200);
    await api.db.query("update user_group_member set role = 'member' where user_group_id = $1 and user_id = $2", [GROUP, account.id]);
    expect((await sendJson(api, "POST", PAGE, pageBody({ userGroupId: GROUP }), { token: account.access })).status).toBe(403);
  });
});

describe(`[PAGES] create and update (${TEST_DB})`, () => {
  it("answers the Page entity (no content, gallery under gallerySilder), placed after its siblings, author = caller", async () => {
    const parent = await created({ userGroupId: GROUP, languageId: HI });
    const first = await created({ userGroupId: GROUP, languageId: HI, parentId: parent.id });
    const res = await create(pageBody({ userGroupId: GROUP, languageId: HI, parentId: parent.id, autherId: 999, galleryData: [{ fileName: "/h/x.png", caption: "c", attribution: "a", licenseId: 822, displayOrder: 1 }] }), "founder");
    expect(res.status).toBe(200);
    const page = entityOf(res);
    expect(page).not.toHaveProperty("content");
    expect(page).not.toHaveProperty("isDeleted");
    expect(page).toMatchObject({ userGroupId: GROUP, languageId: HI, parentId: parent.id, pageIndex: first.pageIndex + 1, pageType: "Content", sticky: true });
    expect(page.autherId).not.toBe(999);
    expect(page.gallerySilder).toEqual([expect.objectContaining({ fileName: "/h/x.png", caption: "c", attribution: "a", licenseId: 822, displayOrder: 1, pageId: page.id })]);
    const hiTree = await tree(GROUP, HI);
    const node = hiTree.find((n) => n.id === parent.id)!;
    expect(node.children.map((c) => c.id)).toEqual([first.id, page.id]);
    expect((await tree(GROUP, EN)).some((n) => n.id === parent.id)).toBe(false);
    expect((await tree(null, HI)).some((n) => n.id === parent.id)).toBe(false);
  });

  it.each([
    [{ title: "" }, "title", PAGE_MSG.titleRequired],
    [{ title: "   " }, "title", PAGE_MSG.titleRequired],
    [{ title: "x".repeat(201) }, "title", 'form:max_length|{"max":200}'],
    [{ content: "" }, "content", PAGE_MSG.contentRequired],
    [{ pageType: "Redirect", content: "", url: "" }, "url", PAGE_MSG.urlRequired],
    [{ pageType: "Redirect", url: "javascript:alert(1)" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "data:text/html,<script>alert(1)</script>" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "ftp://example.org/x" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "//evil.example/" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "/\\evil.example" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "\\\\evil.example" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "/%5Cevil.example" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "/%2F/evil.example" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "/\t/evil.example" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Redirect", url: "/data list" }, "url", PAGE_MSG.urlInvalid],
    [{ pageType: "Other" }, "pageType", PAGE_MSG.pageType],
    [{ languageId: 7 }, "languageId", "form:language"],
    [{ sticky: "yes" }, "sticky", "form:boolean"],
    [{ galleryData: [{ fileName: "../../etc/passwd" }] }, "galleryData[0].fileName", "form:invalid_file"],
  ])("refuses %j with 400 and a translation key for %s", async (extra, field, key) => {
    const res = await create(pageBody(extra));
    expect(res.status).toBe(400);
    expect(errorOf(res).fieldErrors?.[field]).toBe(key);
    expect(errorOf(res).message).toContain(field);
  });

  it("accepts a title of 200 characters and a Redirect page with an https url", async () => {
    expect((await create(pageBody({ title: "t".repeat(200) }))).status).toBe(200);
    const res = await create(pageBody({ pageType: "Redirect", content: "", url: "https://example.org/" }));
    expect(res.status).toBe(200);
    expect(entityOf(res)).toMatchObject({ pageType: "Redirect", url: "https://example.org/" });
  });

  it.each(["/data/list", "/group/sacred-groves/chart", " /page/show/45#donate "])("a Redirect page may send visitors to %j, a page of this site", async (url) => {
    const res = await create(pageBody({ pageType: "Redirect", content: "", url, userGroupId: GROUP }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(entityOf(res)).toMatchObject({ pageType: "Redirect", url: url.trim() });
    expect(await full(entityOf(res).id)).toMatchObject({ pageType: "Redirect", url: url.trim(), content: "" });
    const moved = await update({ ...pageBody(), id: entityOf(res).id, pageType: "Redirect", content: "", url: "/data/list" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });

  it("refuses a parent of another group or language, and an unknown group", async () => {
    const mainPage = await created();
    expect((await create(pageBody({ userGroupId: GROUP, parentId: mainPage.id }))).status).toBe(400);
    expect((await create(pageBody({ languageId: HI, parentId: mainPage.id }))).status).toBe(400);
    expect((await create(pageBody({ userGroupId: 99999 }))).status).toBe(400);
  });

  it("PUT updates fields; gallery items with id are updated, without id created, missing ones left", async () => {
    const page = await created({ galleryData: [{ fileName: "/g/1.jpg", caption: "one", displayOrder: 1 }, { fileName: "/g/2.jpg", caption: "two", displayOrder: 2 }] });
    const [one, two] = page.gallerySilder;
    const res = await update({
      id: String(page.id),
      title: "Renamed",
      content: "<p>new</p>",
      pageType: "Content",
      showInMenu: true,
      galleryData: [{ id: one!.id, fileName: "/g/1.jpg", caption: "uno", displayOrder: 3 }, { fileName: "/g/3.jpg", caption: "three", displayOrder: 4 }],
    }, "editor");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = entityOf(res);
    expect(updated).toMatchObject({ title: "Renamed", showInMenu: true, parentId: 0, pageIndex: page.pageIndex });
    expect(updated.gallerySilder.map((g) => [g.id === one!.id ? "one" : g.id === two!.id ? "two" : "new", g.caption])).toEqual([
      ["two", "two"],
      ["one", "uno"],
      ["new", "three"],
    ]);
    expect((await full(page.id)).content).toBe("<p>new</p>");
  });

  it("PUT refuses a gallery item of another page, an unknown page (404) and a bad body (400)", async () => {
    const a = await created({ galleryData: [{ fileName: "/g/a.jpg", displayOrder: 1 }] });
    const b = await created();
    const res = await update({ ...pageBody(), id: b.id, galleryData: [{ id: a.gallerySilder[0]!.id, fileName: "/g/a.jpg", displayOrder: 1 }] });
    expect(res.status).toBe(400);
    expect((await full(a.id)).galleryData).toHaveLength(1);
    expect((await update({ ...pageBody(), id: 999999 })).status).toBe(404);
    expect((await update({ ...pageBody(), id: b.id, title: "" })).status).toBe(400);
    expect((await update({ ...pageBody() })).status).toBe(400);
  });
});

describe(`[PAGES] safe content (${TEST_DB})`, () => {
  it("stores page HTML without script, event handlers, javascript: links or foreign frames, keeping the structure", async () => {
    const dirty = [
      "<h2>Title</h2><script>alert(1)</script>",
      '<p onclick="alert(2)">Para <a href="javascript:alert(3)">bad</a> <a href="https://example.org" target="_blank">good</a></p>',
      '<img src="x.jpg" onerror="alert(4)" alt="pic">',
      '<iframe src="https://evil.example.com/x"></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="v"></iframe>',
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
      "<table><tr><th>a</th><td>b</td></tr></table><ul><li>i</li></ul><ol><li>j</li></ol>",
      "<figure><img src=\"/files-api/api/get/raw/pages/h/p.jpg\"><figcaption>cap</figcaption></figure>",
      "<style>body{display:none}</style><svg onload=alert(5)></svg>",
    ].join("");
    const page = await created({ content: dirty });
    const stored = (await api.db.one<{ content: string }>("select content from page where id = $1", [page.id])).content;
    expect(stored).not.toMatch(/<script|alert|onclick|onerror|onload|javascript:|evil\.example|<style|<svg/i);
    expect(stored).toContain("<h2>Title</h2>");
    expect(stored).toContain('href="https://example.org"');
    expect(stored).toContain('rel="noopener noreferrer"');
    expect(stored).toContain("youtube-nocookie.com/embed/abc");
    expect(stored).toContain("player.vimeo.com/video/1");
    expect(stored).toMatch(/<table>.*<th>a<\/th>.*<\/table>/);
    expect(stored).toContain("<figcaption>cap</figcaption>");
    expect(stored).toContain("<ol><li>j</li></ol>");

    const res = await update({ id: page.id, title: "again", content: '<p>x</p><script src="https://evil.example.com/a.js"></script>', pageType: "Content" });
    expect(res.status).toBe(200);
    expect((await full(page.id)).content).toBe("<p>x</p>");
  });
});

describe(`[PAGES] delete (${TEST_DB})`, () => {
  it("soft-deletes: 404 everywhere afterwards; children move up to the deleted page's parent", async () => {
    const root = await created({ userGroupId: GROUP });
    const middle = await created({ userGroupId: GROUP, parentId: root.id });
    const child = await created({ userGroupId: GROUP, parentId: middle.id });
    const res = await remove(middle.id, "moderator");
    expect(res.status).toBe(200);
    expect(entityOf(res).id).toBe(middle.id);
    expect((await getAs(api, `${PAGE}/${middle.id}`)).status).toBe(404);
    expect((await getAs(api, `${PAGE}/${middle.id}?format=full`)).status).toBe(404);
    expect((await remove(middle.id)).status).toBe(404);
    expect((await update({ ...pageBody(), id: middle.id })).status).toBe(404);
    expect((await create(pageBody({ userGroupId: GROUP, parentId: middle.id }))).status).toBe(400);
    expect((await updateTree([{ id: middle.id, parentId: 0, pageIndex: 0 }])).status).toBe(400);
    const node = (await tree(GROUP)).find((n) => n.id === root.id)!;
    expect(node.children.map((c) => c.id)).toEqual([child.id]);
    expect((await full(child.id)).parentId).toBe(root.id);
    expect(await api.db.one("select is_deleted from page where id = $1", [middle.id])).toEqual({ is_deleted: true });
  });
});

describe(`[PAGES] gallery remove (${TEST_DB})`, () => {
  it("removes one item and answers the page; a missing item or one of another page is 404", async () => {
    const page = await created({ galleryData: [{ fileName: "/g/r1.jpg", displayOrder: 1 }, { fileName: "/g/r2.jpg", displayOrder: 2 }] });
    const other = await created({ galleryData: [{ fileName: "/g/o.jpg", displayOrder: 1 }] });
    const [first, second] = page.gallerySilder;
    const res = await removeGallery(page.id, first!.id, "editor");
    expect(res.status).toBe(200);
    expect(entityOf(res).gallerySilder.map((g) => g.id)).toEqual([second!.id]);
    expect((await removeGallery(page.id, first!.id)).status).toBe(404);
    expect((await removeGallery(page.id, other.gallerySilder[0]!.id)).status).toBe(404);
    expect((await full(other.id)).galleryData).toHaveLength(1);
    expect((await removeGallery(999999, 1)).status).toBe(404);
  });
});

describe(`[PAGES] updateTree (${TEST_DB})`, () => {
  async function smallTree() {
    const a = await created({ userGroupId: GROUP, languageId: HI });
    const b = await created({ userGroupId: GROUP, languageId: HI });
    const c = await created({ userGroupId: GROUP, languageId: HI, parentId: a.id });
    return { a, b, c };
  }

  it("applies parents and order and answers the refreshed tree", async () => {
    const { a, b, c } = await smallTree();
    const res = await updateTree([
      { id: b.id, parentId: 0, pageIndex: 0 },
      { id: a.id, parentId: b.id, pageIndex: 0 },
      { id: c.id, parentId: 0, pageIndex: 1 },
    ], "founder");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = res.body as PageTreeNode[];
    expect(answered).toEqual(await tree(GROUP, HI));
    const ids = answered.map((n) => n.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(c.id));
    expect(answered.find((n) => n.id === b.id)!.children.map((n) => n.id)).toEqual([a.id]);
    expect(ids).not.toContain(a.id);
  });

  it.each([
    ["a cycle of two", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.a.id, parentId: p.c.id, pageIndex: 0 }], "parentId", PAGE_MSG.treeCycle],
    ["a page as its own parent", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.c.id, parentId: p.c.id, pageIndex: 0 }], "parentId", PAGE_MSG.treeCycle],
    ["an unknown id", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.a.id, parentId: 0, pageIndex: 0 }, { id: 999999, parentId: 0, pageIndex: 1 }], "id", PAGE_MSG.treeUnknownPages],
    ["an unknown parent", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.a.id, parentId: 999999, pageIndex: 0 }], "parentId", PAGE_MSG.treeUnknownParent],
    ["a repeated id", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.a.id, parentId: 0, pageIndex: 0 }, { id: p.a.id, parentId: 0, pageIndex: 1 }], "[2].id", PAGE_MSG.treeRepeated],
    ["a negative index", (p: { a: PageEntity; b: PageEntity; c: PageEntity }) => [{ id: p.a.id, parentId: 0, pageIndex: -1 }], "[1].pageIndex", 'form:whole_number|{"min":0}'],
  ])("refuses %s with 400 and changes nothing", async (_name, items, field, key) => {
    const p = await smallTree();
    const before = await tree(GROUP, HI);
    const res = await updateTree([{ id: p.b.id, parentId: 0, pageIndex: 5 }, ...items(p)]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorOf(res).fieldErrors?.[field]).toBe(key);
    expect(await tree(GROUP, HI)).toEqual(before);
  });

  it("refuses pages of another group or language, and a parent from another tree", async () => {
    const { a, b } = await smallTree();
    const foreignGroup = await created({ userGroupId: OTHER_GROUP, languageId: HI });
    const foreignLang = await created({ userGroupId: GROUP, languageId: EN });
    const mainSite = await created({ languageId: HI });
    for (const items of [
      [{ id: a.id, parentId: 0, pageIndex: 0 }, { id: foreignGroup.id, parentId: 0, pageIndex: 1 }],
      [{ id: a.id, parentId: 0, pageIndex: 0 }, { id: foreignLang.id, parentId: 0, pageIndex: 1 }],
      [{ id: a.id, parentId: 0, pageIndex: 0 }, { id: mainSite.id, parentId: 0, pageIndex: 1 }],
      [{ id: b.id, parentId: foreignLang.id, pageIndex: 0 }],
    ]) {
      const res = await updateTree(items);
      expect(res.status, JSON.stringify(items)).toBe(400);
      expect(errorOf(res).message).toMatch(/group or language|not a page of this tree/);
    }
    expect((await full(b.id)).parentId).toBe(0);
  });

  it("refuses a body that is not a non-empty list, and a founder moving another group's pages", async () => {
    expect((await updateTree({ id: 1 })).status).toBe(400);
    expect((await updateTree([])).status).toBe(400);
    const { a } = await smallTree();
    expect((await updateTree([{ id: a.id, parentId: 0, pageIndex: 0 }], "otherFounder")).status).toBe(403);
  });
});
