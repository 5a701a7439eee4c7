import { expect, test } from "@playwright/test";
import { SEED } from "./fixtures";

test.describe("[PAGES] content pages", () => {
  test("a visitor reads the about page: title, sanitised content, scrollable table and the page tree", async ({ page }) => {
    const response = await page.goto("/page/show/45");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "About Community Conserved Areas" })).toBeVisible();
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2 }).first()).toBeVisible();
    const tableRegion = article.getByRole("region", { name: "Scroll sideways to see the whole table" });
    await expect(tableRegion.getByRole("table")).toBeVisible();
    const illustration = article.locator("img").first();
    await expect(illustration).toBeVisible();
    expect(await illustration.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const sidebar = page.getByRole("navigation", { name: "Pages" });
    await expect(sidebar.getByRole("link", { name: "About Community Conserved Areas" })).toHaveAttribute("aria-current", "page");
  });

  test("search engines and link previews get one description: the page's own, or the site's in the visitor's language", async ({ page }) => {
    await page.goto("/hi/group/list");
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute("content", /दक्षिण एशिया/);
    await page.goto("/page/show/45");
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute("content", /^What Community Conserved Areas are/);
  });

  test("/page/{id} shows the same page, also inside a group", async ({ page }) => {
    await page.goto("/page/63");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const response = await page.goto(`/group/${SEED.group.slug}/page/show/45`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("banner").getByText(SEED.group.nameLocal)).toBeVisible();
  });

  test("unknown pages, malformed ids and unknown groups answer a real 404 screen", async ({ page }) => {
    for (const path of ["/page/show/999999", "/page/show/abc", "/page/5972", "/group/no-such-group", "/no/such/route"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    }
    await page.goto("/hi/page/show/999999");
    await expect(page.getByRole("heading", { level: 1, name: "पृष्ठ नहीं मिला" })).toBeVisible();
  });

  test("the no-pages screen explains itself", async ({ page }) => {
    await page.goto("/page/empty");
    await expect(page.getByText("There are no pages available")).toBeVisible();
  });

  test("the platform API answers JSON errors with a reason, never an HTML page", async ({ request }) => {
    const unknown = await request.get("/pages-api/api/v1/no-such-thing");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "NOT_FOUND" });
    const bad = await request.get("/pages-api/api/v1/page/abc");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBeTruthy();
    const tree = await request.get("/pages-api/api/v1/page/tree?languageId=205");
    expect(tree.status()).toBe(200);
    expect((await tree.json()).map((p: { id: number }) => p.id)).toContain(45);
  });
});
