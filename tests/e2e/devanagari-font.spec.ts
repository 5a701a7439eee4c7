import { expect, test, type Page } from "@playwright/test";

// Issue 28 item 10: Hindi headings are bold on a device with only a regular Devanagari font.
const FONT_FILES = /\/api\/fonts\/noto-sans-devanagari-\d00\.[0-9a-f]{12}\.woff2$/;

function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (FONT_FILES.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

test.describe("[FONTS] the portal's Devanagari web font", () => {
  test("/hi: the heading is drawn in the portal's Devanagari font at its bold weight, 700, served by the portal", async ({ page }) => {
    const requests = fontRequests(page);
    await page.goto("/hi");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    const family = await heading.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family.startsWith('"Portal Devanagari"')).toBe(true);
    expect(Number(await heading.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    // The bold face is loaded and is the one that draws the heading's Devanagari text.
    const bold = await page.evaluate(async () => {
      await document.fonts.ready;
      const text = document.querySelector("h1")!.textContent!;
      const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Portal Devanagari");
      return {
        loaded: faces.filter((f) => f.status === "loaded").map((f) => f.weight),
        matches: document.fonts.check(`700 32px "Portal Devanagari"`, text),
      };
    });
    expect(bold.loaded).toContain("700");
    expect(bold.matches).toBe(true);
    expect(requests.some((url) => url.includes("noto-sans-devanagari-700."))).toBe(true);
    const response = await page.request.get(requests.find((url) => url.includes("-700."))!);
    expect(response.headers()["content-type"]).toBe("font/woff2");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("an English page without Devanagari text downloads no font file", async ({ page }) => {
    const requests = fontRequests(page);
    await page.goto("/page/show/45");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Community Conserved Areas");
    const unused = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Portal Devanagari").map((f) => f.status);
    });
    // Declared (both weights) but never loaded.
    expect(unused).toEqual(["unloaded", "unloaded"]);
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
  });
});
