import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageShowFull, PageTreeNode } from "@/contracts/page";
import { SEED_PAGE_IDS, SEED_PAGES, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { PageEntity } from "@/server/modules/pages/page-write.service";
import { sendJson, tokensOf } from "./helpers/accounts";
import { findNode, ids } from "./helpers/page-tree";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const PAGE = "pages-api/api/v1/page";
const EN = 205;
const HI = 206;
const DEVANAGARI = /[\u0900-\u097F]/;

let api: TestPlatform;
let admin = "";

beforeAll(async () => {
  api = await createTestPlatform();
  admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

const show = async (id: number, languageId?: number) =>
  (await api.get(`${PAGE}/${id}?format=full${languageId ? `&languageId=${languageId}` : ""}`)).body as PageShowFull;
const tree = async (query: string) => (await api.get(`${PAGE}/tree?${query}`)).body as PageTreeNode[];
const find = findNode;
const titles = (nodes: PageTreeNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);

describe("[PAGES] one page, two languages", () => {
  it("the about page keeps its id and reads in Hindi when asked in Hindi, in English otherwise", async () => {
    const hi = await show(SEED_PAGE_IDS.about, HI);
    expect(hi.title).toBe("सामुदायिक संरक्षित क्षेत्रों के बारे में");
    expect(hi.content).toMatch(DEVANAGARI);
    expect(hi.description).toMatch(DEVANAGARI);
    expect(hi.languageId).toBe(HI);
    // The gallery is shared by the languages.
    expect(hi.galleryData).toHaveLength(2);
    const en = await show(SEED_PAGE_IDS.about, EN);
    expect(en.title).toBe("About Community Conserved Areas");
    expect(en.languageId).toBe(EN);
    expect((await show(SEED_PAGE_IDS.about)).title).toBe("About Community Conserved Areas");
  });

  it("a page not translated into the language reads in its own language and says so", async () => {
    const page = await show(30, HI); // Terms of use: its Hindi counterpart is a page of the Hindi footer tree
    expect(page.title).toBe("Terms of use");
    expect(page.languageId).toBe(EN);
  });

  it("a bad languageId is a 400 with a reason", async () => {
    const res = await api.get(`${PAGE}/45?languageId=999`);
    expect(res.status).toBe(400);
  });

  it("the Hindi main-site tree holds the translated pages and the Hindi footer tree, all titled in Hindi", async () => {
    const hi = await tree(`languageId=${HI}`);
    expect(ids(hi)).toEqual([SEED_PAGE_IDS.about, SEED_PAGE_IDS.donate, SEED_PAGE_IDS.participate, SEED_PAGE_IDS.footerHi, SEED_PAGE_IDS.navbar]);
    expect(ids(find(hi, SEED_PAGE_IDS.navbar)!.children)).toEqual([5967, 5966, 5968, 5969]);
    expect(find(hi, SEED_PAGE_IDS.navbar)!.children.map((c) => c.title)).toEqual(["क्षेत्रवार सीसीए", "सीसीए क्या है?", "कानूनी मान्यता", "आईसीसीए रजिस्ट्री"]);
    expect(ids(find(hi, SEED_PAGE_IDS.footerHi)!.children)).toEqual([208, 209, 210, SEED_PAGE_IDS.creditsHi]);
    for (const title of titles(hi)) expect(title).toMatch(DEVANAGARI);
    // The English tree is unchanged: no Hindi page, no Hindi title.
    const en = await tree(`languageId=${EN}`);
    expect(ids(en)).toEqual([SEED_PAGE_IDS.about, SEED_PAGE_IDS.donate, SEED_PAGE_IDS.participate, SEED_PAGE_IDS.navbar, SEED_PAGE_IDS.footerEn]);
    for (const title of titles(en)) expect(title).not.toMatch(DEVANAGARI);
  });

  it("a group's pages read in Hindi under the same ids", async () => {
    const hi = await tree(`userGroupId=4&languageId=${HI}`);
    expect(ids(hi)).toEqual([1031, 1032]);
    expect(ids(hi[1]!.children)).toEqual([1033]);
    expect(hi[0]?.title).toBe("चिलिका के बारे में");
    expect(ids(await tree(`userGroupId=4&languageId=${EN}`))).toEqual([1031, 1032]);
  });

  it("every seeded page reads in Hindi: in its own Hindi text, a translation, or its Hindi twin", async () => {
    for (const seeded of SEED_PAGES.filter((p) => !p.isDeleted)) {
      const own = await show(seeded.id, HI);
      const hindi = seeded.hiTwin ? await show(seeded.hiTwin, HI) : own;
      expect(hindi.title, `page ${seeded.id}`).toMatch(DEVANAGARI);
      expect(hindi.languageId, `page ${seeded.id}`).toBe(HI);
      if (hindi.pageType === "Content") expect(hindi.content, `page ${seeded.id}`).toMatch(DEVANAGARI);
    }
  });

  it("an editor saving in Hindi writes the translation and leaves the English text alone; shared fields change for both", async () => {
    const created = (await sendJson(api, "POST", PAGE, { title: "Seed bank", content: "<p>Seeds kept by the village.</p>", languageId: EN, parentId: 0 }, { token: admin }))
      .body as PageEntity;
    expect(ids(await tree(`languageId=${HI}`))).not.toContain(created.id);

    const saved = await sendJson(
      api,
      "PUT",
      PAGE,
      { id: created.id, languageId: HI, title: "बीज बैंक", content: "<p>गाँव के रखे बीज।</p><script>alert(1)</script>", pageType: "Content", showInFooter: true },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    expect((saved.body as PageEntity).title).toBe("बीज बैंक");

    const hi = await show(created.id, HI);
    expect(hi.title).toBe("बीज बैंक");
    expect(hi.content).toBe("<p>गाँव के रखे बीज।</p>");
    expect(hi.showInFooter).toBe(true);
    const en = await show(created.id, EN);
    expect(en.title).toBe("Seed bank");
    expect(en.content).toBe("<p>Seeds kept by the village.</p>");
    expect(en.showInFooter).toBe(true);
    expect(find(await tree(`languageId=${HI}`), created.id)?.title).toBe("बीज बैंक");
    expect(find(await tree(`languageId=${EN}`), created.id)?.title).toBe("Seed bank");

    // Saving in the page's own language changes the English text only.
    await sendJson(api, "PUT", PAGE, { id: created.id, languageId: EN, title: "Seed banks", content: "<p>Seeds.</p>", pageType: "Content" }, { token: admin });
    expect((await show(created.id, HI)).title).toBe("बीज बैंक");
    expect((await show(created.id, EN)).title).toBe("Seed banks");
  });

  it("pages are reordered in the Hindi tree, translated and Hindi pages together, and the answer is that tree", async () => {
    const items = [
      { id: SEED_PAGE_IDS.donate, parentId: 0, pageIndex: 1 },
      { id: SEED_PAGE_IDS.about, parentId: 0, pageIndex: 2 },
      { id: SEED_PAGE_IDS.footerHi, parentId: 0, pageIndex: 3 },
    ];
    const res = await sendJson(api, "PUT", `${PAGE}/updateTree?languageId=${HI}`, items, { token: admin });
    expect(res.status).toBe(200);
    const answered = res.body as PageTreeNode[];
    expect(ids(answered).slice(0, 2)).toEqual([SEED_PAGE_IDS.donate, SEED_PAGE_IDS.about]);
    expect(answered[0]?.title).toBe("पोर्टल का समर्थन करें");
    // The order is shared: the English tree follows.
    expect(ids(await tree(`languageId=${EN}`)).slice(0, 2)).toEqual([SEED_PAGE_IDS.donate, SEED_PAGE_IDS.about]);
    // Without the language, the tree is the first page's own (English): the Hindi footer page is not in it.
    const refused = await sendJson(api, "PUT", `${PAGE}/updateTree`, items, { token: admin });
    expect(refused.status).toBe(400);
  });

  it("a new Hindi page may sit under a translated page", async () => {
    const res = await sendJson(
      api,
      "POST",
      PAGE,
      { title: "सीसीए का इतिहास", content: "<p>इतिहास</p>", languageId: HI, parentId: SEED_PAGE_IDS.navbar },
      { token: admin },
    );
    expect(res.status).toBe(200);
    const id = (res.body as PageEntity).id;
    expect(ids(find(await tree(`languageId=${HI}`), SEED_PAGE_IDS.navbar)!.children)).toContain(id);
    expect(ids(find(await tree(`languageId=${EN}`), SEED_PAGE_IDS.navbar)!.children)).not.toContain(id);
  });
});
