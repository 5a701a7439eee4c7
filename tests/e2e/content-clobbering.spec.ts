import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, sidewaysOverflow, signInWithApi } from "./fixtures";

/**
 * Issue 27 item 1: stored content cannot clobber Next's `__NEXT_DATA__`. A member's record rich text,
 * an administrator's page, home slide and announcement each hold an element `id="__NEXT_DATA__"` whose
 * text is Next data with a foreign `assetPrefix`. If the element kept its id, `getElementById` would
 * find it before Next's script, and the next client navigation would load route scripts from that host
 * (allowed by 'strict-dynamic'). Each screen is opened, a link clicked (client-side navigation), and no
 * request may leave the site, and `__NEXT_DATA__` must be Next's own script.
 */
const ATTACKER = "127.0.0.2:9";
const FAKE_DATA = JSON.stringify({ props: { pageProps: {} }, page: "/", query: {}, buildId: "clobbered", assetPrefix: `http://${ATTACKER}`, isFallback: false, gssp: true, scriptLoader: [] });
const payload = (where: string) =>
  `<p>${where} story</p><div id="__NEXT_DATA__">${FAKE_DATA}</div><div id="__next">clobbered root</div><a name="__NEXT_DATA__">named</a><form id="__NEXT_DATA__"><input name="assetPrefix" value="http://${ATTACKER}"></form>`;

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/userGroup-api/api/v1/group/login", { form: { username, password, mode: "manual" } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

const created: { record?: number; page?: number; slide?: number; announcement?: number } = {};
let adminToken = "";
let memberToken = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, DEMO.admin.email, DEMO.admin.password);
  memberToken = await tokenOf(request, DEMO.member.email, DEMO.member.password);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  // A verified member: a record whose rich-text field holds the payload.
  const wrap = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([fieldId, value]) => [fieldId, { fieldId, name: fieldId, type: "TEXT", value }]));
  const record = await request.post("/cca-api/api/v1/data/save", {
    headers: as(memberToken),
    data: {
      shortName: "master",
      usergroups: [],
      ccaFieldValues: wrap({ "name-of-cca": "Clobbered grove", state: { valueId: "state-karnataka" }, "ecosystem-type": [{ valueId: "eco-sacred-grove" }], "case-study": payload("Record") }),
    },
  });
  expect(record.status(), await record.text()).toBe(201);
  created.record = (await record.json()).id;

  // An administrator: a page, a home slide and an announcement.
  const page = await request.post("/pages-api/api/v1/page", {
    headers: as(adminToken),
    data: { title: "Clobbered page", content: payload("Page"), pageType: "Content", languageId: 205, parentId: 0 },
  });
  expect(page.status(), await page.text()).toBe(200);
  created.page = (await page.json()).id;

  const slide = await request.put("/utility-api/api/v1/services/homePage/create", {
    headers: as(adminToken),
    data: { moreLinks: "/data/list", translations: [{ languageId: 205, title: "Clobbered slide", description: payload("Slide"), readMoreText: "More" }] },
  });
  expect(slide.status(), await slide.text()).toBe(200);
  created.slide = ((await slide.json()).gallerySlider as { id: number; translations?: { title: string }[] }[]).find((s) => s.translations?.some((t) => t.title === "Clobbered slide"))?.id;

  const announcement = await request.post("/utility-api/api/v1/services/homePage/announcement/create", {
    headers: as(adminToken),
    data: { color: "#ffffff", bgColor: "#1d4044", enabled: true, translations: { "205": payload("Announcement") } },
  });
  expect(announcement.status(), await announcement.text()).toBe(201);
  created.announcement = (await announcement.json()).id;
});

// The other specs see the site as seeded.
test.afterAll(async ({ request }) => {
  // A fresh token: the e2e server's access tokens expire sooner than this spec runs (the one from
  // beforeAll was refused once, and the announcement stayed on every later screen).
  const as = { authorization: `Bearer ${await tokenOf(request, DEMO.admin.email, DEMO.admin.password)}` };
  const removals = [
    created.announcement && `/utility-api/api/v1/services/announcement/remove/${created.announcement}`,
    created.slide && `/utility-api/api/v1/services/homePage/remove/${created.slide}`,
    created.page && `/pages-api/api/v1/page/${created.page}`,
    created.record && `/cca-api/api/v1/data/delete/${created.record}`,
  ].filter((path): path is string => Boolean(path));
  for (const path of removals) {
    const res = await request.delete(path, { headers: as });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  }
  // Nothing of this spec is left for the others to see.
  const active = await (await request.get("/utility-api/api/v1/services/announcement/active")).text();
  expect(active).not.toContain("Announcement story");
});

interface NextDataState {
  tag: string | null;
  type: string | null;
  buildId: string | null;
  assetPrefix: string | null;
  rendered: number;
}

const nextDataState = (page: Page) =>
  page.evaluate((): NextDataState => {
    const el = document.getElementById("__NEXT_DATA__");
    const data = (window as unknown as { __NEXT_DATA__?: { buildId?: string; assetPrefix?: string } }).__NEXT_DATA__;
    return {
      tag: el?.tagName ?? null,
      type: el?.getAttribute("type") ?? null,
      buildId: data?.buildId ?? null,
      assetPrefix: data?.assetPrefix ?? null,
      // The payload is on the screen (ids moved to user-content-), so the test covers its rendering.
      rendered: document.querySelectorAll("#user-content-__NEXT_DATA__").length,
    };
  });

function expectNextsOwn(state: NextDataState, where: string): void {
  expect(state.tag, `${where}: getElementById('__NEXT_DATA__')`).toBe("SCRIPT");
  expect(state.type, where).toBe("application/json");
  expect(state.buildId, where).not.toBe("clobbered");
  expect(state.assetPrefix ?? "", where).not.toContain(ATTACKER);
}

const screens = [
  { name: "a member's record (rich text)", path: () => `/data/show/${created.record}`, marker: "Record story" },
  { name: "an administrator's page", path: () => `/page/show/${created.page}`, marker: "Page story" },
  { name: "the home with an administrator's slide", path: () => "/", marker: "Slide story" },
];

test.describe("[SECURITY] stored content cannot clobber __NEXT_DATA__ (issue 27)", () => {
  for (const screen of screens) {
    test(`${screen.name} and the announcement: no script or request from another origin, before and after a client navigation`, async ({ browser, baseURL }) => {
      // Reduced motion: the announcement banner does not rotate away from the one under test.
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
      await signInWithApi(context, DEMO.member.email, DEMO.member.password);
      const own = new URL(baseURL!).origin;
      const foreign: string[] = [];
      context.on("request", (r) => {
        const url = r.url();
        if (/^(data|blob|about):/.test(url)) return;
        if (new URL(url).origin !== own) foreign.push(`${r.resourceType()} ${url}`);
      });
      const page = await context.newPage();
      const response = await page.goto(screen.path());
      expect(response?.status()).toBe(200);
      await page.waitForFunction(() => Boolean((window as unknown as { next?: { router?: unknown } }).next?.router));
      await expect(page.getByText(screen.marker).first()).toBeAttached();
      await expect(page.getByText("Announcement story").first()).toBeVisible();

      const before = await nextDataState(page);
      expectNextsOwn(before, `${screen.path()} loaded`);
      // The screen's own payload and the announcement's.
      expect(before.rendered).toBeGreaterThanOrEqual(2);

      // A client-side navigation (Next's router loads the next route's scripts): the page is not reloaded.
      await page.evaluate(() => ((window as unknown as { __stayed?: boolean }).__stayed = true));
      const link = screen.path() === "/" ? page.locator("main a.cca-home-link[href^='/']:visible").first() : page.locator("a.cca-navbar__logo");
      const target = new URL((await link.getAttribute("href"))!, own).pathname;
      await link.click();
      await page.waitForURL((url) => url.pathname === target);
      await expect(page.locator("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed), "navigated without a reload").toBe(true);
      expectNextsOwn(await nextDataState(page), `after navigating to ${target}`);

      expect(foreign.filter((r) => r.startsWith("script ") || r.includes(ATTACKER)), foreign.join("\n")).toEqual([]);
      // Nothing else leaves the site either (images may come from any https host, as content allows).
      expect(foreign.filter((r) => !r.startsWith("image ")), "requests to another origin").toEqual([]);
      await context.close();
    });
  }

  // The payload is one long unbroken string, shown site-wide: it must wrap, not push a phone screen sideways.
  test("on a 375 px phone the announcement's long unbroken text wraps and no screen scrolls sideways", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    for (const path of ["/", "/data/list"]) {
      await page.goto(path);
      await expect(page.getByText("Announcement story").first()).toBeVisible();
      const { overflow, wide } = await sidewaysOverflow(page);
      expect(overflow, `${path}: ${wide}`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
