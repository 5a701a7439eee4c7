import { expect, test } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, SEED, signInWithApi } from "./fixtures";

/** The seeded founder of SEED.group (src/server/seed). */
const FOUNDER = { email: "founder@example.org", password: "demo-founder-2026" };

// Issue 15: the configurable home, its statistics panel and the statistics page.
// Several pages per test on a shared 2-core machine: more time than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test("an admin adds a home slide and an announcement with Hindi text; both show on the Hindi home, and a visitor's dismissal of the banner holds", async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  await signInWithApi(admin, DEMO.admin.email, DEMO.admin.password);
  const page = await admin.newPage();
  await page.goto("/admin/homegallery");
  await page.getByRole("button", { name: "Add slide" }).click();
  const form = page.getByRole("form", { name: "New slide" });
  const english = form.getByRole("group", { name: "Texts in English" });
  await english.getByLabel("Title").fill("Forests the villages keep");
  await english.getByLabel("Description (HTML allowed)").fill("<p>Sacred groves across India</p>");
  const hindi = form.getByRole("group", { name: "Texts in हिन्दी" });
  await hindi.getByLabel("Title").fill("गाँवों द्वारा रक्षित वन");
  await form.getByLabel(/Read-more link/).fill("/data/list");
  await form.getByRole("button", { name: "Save slide" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Forests the villages keep" })).toBeVisible();

  // The announcement, from the dashboard's link.
  await page.goto("/admin");
  await page.getByRole("main").getByRole("link", { name: "Announcements", exact: true }).click();
  await page.waitForURL("**/admin/announcements");
  const announcement = page.getByRole("form", { name: "New announcement" });
  await announcement.getByLabel("Text in English (HTML allowed)").fill("The portal is closed for upkeep on Sunday");
  await announcement.getByLabel("Text in हिन्दी (HTML allowed)").fill("रविवार को रखरखाव के लिए पोर्टल बंद रहेगा");
  await announcement.getByRole("button", { name: "Save announcement" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "The portal is closed for upkeep on Sunday" })).toBeVisible();
  await admin.close();

  const visitor = await browser.newContext({ baseURL });
  const home = await visitor.newPage();
  await home.goto("/");
  const gallery = home.getByRole("region", { name: "Highlights" });
  // The demo's own slides come first (issue 34 item 8): go to the last one, the admin's.
  await gallery.getByRole("list", { name: "Highlights" }).getByRole("button").last().click();
  await expect(gallery.getByRole("heading", { name: "Forests the villages keep" })).toBeVisible();
  await expect(gallery.getByText("Sacred groves across India")).toBeVisible();
  await home.goto("/hi");
  const hindiGallery = home.getByRole("region", { name: "मुख्य झलकियाँ" });
  await hindiGallery.getByRole("list", { name: "मुख्य झलकियाँ" }).getByRole("button").last().click();
  await expect(hindiGallery.getByRole("heading", { name: "गाँवों द्वारा रक्षित वन" })).toBeVisible();
  const banner = home.getByRole("region", { name: "घोषणाएँ" });
  await expect(banner.getByText("रविवार को रखरखाव के लिए पोर्टल बंद रहेगा")).toBeVisible();
  await banner.getByRole("button", { name: "यह घोषणा हटाएँ" }).click();
  await expect(home.getByText("रविवार को रखरखाव के लिए पोर्टल बंद रहेगा")).toHaveCount(0);
  // Remembered in this browser: not back after a reload, nor on another page.
  await home.reload();
  await expect(home.getByRole("region", { name: "मुख्य झलकियाँ" })).toBeVisible();
  await expect(home.getByText("रविवार को रखरखाव के लिए पोर्टल बंद रहेगा")).toHaveCount(0);
  await home.goto("/chart");
  await expect(home.getByRole("heading", { name: "Statistics", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(home.getByText("The portal is closed for upkeep on Sunday")).toHaveCount(0);
  await visitor.close();
});

test("a founder edits the microsite's home gallery from its edit screen and sees the slide on the microsite's home", async ({ page, context }) => {
  await signInWithApi(context, FOUNDER.email, FOUNDER.password);
  await page.goto(`/group/${SEED.group.slug}/edit`);
  await page.getByRole("link", { name: "Edit the home gallery" }).click();
  await page.waitForURL(`**/group/${SEED.group.slug}/admin/homegallery`);
  await page.getByRole("button", { name: "Add slide" }).click();
  const form = page.getByRole("form", { name: "New slide" });
  const title = `Groves the founder chose ${Date.now() % 100_000}`;
  await form.getByRole("group", { name: "Texts in English" }).getByLabel("Title").fill(title);
  await form.getByRole("button", { name: "Save slide" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toBeVisible();
  await page.goto(`/group/${SEED.group.slug}`);
  await expect(page.getByRole("region", { name: "Highlights" }).getByRole("heading", { name: title })).toBeVisible();
  // The site's own home is not the microsite's.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("the statistics panel and the statistics page show the platform's count", async ({ page, request }) => {
  const chart = await (await request.get("/cca-api/api/v1/data/chart?query=")).json();
  expect(chart.total).toBeGreaterThan(0);
  const shown = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(chart.total);
  await page.goto("/");
  await expect(page.getByTestId("stats-total")).toHaveText(shown);
  await page.getByRole("link", { name: "See the statistics" }).click();
  // A server render on a loaded machine may take longer than the default 10 s.
  await page.waitForURL("**/chart", { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Statistics", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("chart-total")).toHaveText(shown);
  // A chart's table holds the numbers its bars show: the canvas is named after the bars Chart.js drew.
  const figure = page.locator("figure#chart-states");
  await figure.getByText("Show as a table").click();
  const rows = figure.getByRole("table").getByRole("row");
  const table: string[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    table.push(`${(await row.getByRole("rowheader").textContent())!} ${(await row.getByRole("cell").textContent())!}`);
  }
  expect(table.length).toBeGreaterThan(0);
  await expect(figure.getByRole("img")).toHaveAccessibleName(`Bar chart, CCAs by state: ${table.join("; ")}`, { timeout: 30_000 });
});

test("axe: the home and the statistics page, in English and Hindi", async ({ page }) => {
  for (const path of ["/", "/hi", "/chart", "/hi/chart"]) {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
  }
});

test("search engines find robots.txt and the sitemap at the site's root", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain("/data/show/");
  expect(xml).toContain('hreflang="hi"');
  // The demo site fits in one file: there is no second part.
  expect((await request.get("/sitemap/2.xml")).status()).toBe(404);
});
