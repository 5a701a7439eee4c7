import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./fixtures";

const STYLESHEET = /<link rel="stylesheet" href="(\/api\/styles\/site\.[0-9a-f]{16}\.css)"\/>/;

test.describe("[STYLES] shared styles come from one long-cached stylesheet", () => {
  for (const route of ["/page/show/45", "/hi", "/group/sacred-groves", "/login", "/does-not-exist"]) {
    test(`${route}: the HTML links the stylesheet in its head and carries no token, preflight or chrome CSS`, async ({ request }) => {
      const html = await (await request.get(route)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(STYLESHEET);
      expect(html).not.toContain("--chakra-colors-teal-500:");
      expect(html).not.toContain("@layer reset{");
      expect(html).not.toContain(".cca-page{");
    });
  }

  test("the stylesheet is immutable for a year and holds the design tokens", async ({ request }) => {
    const html = await (await request.get("/page/show/45")).text();
    const href = STYLESHEET.exec(html)![1]!;
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-type"]).toContain("text/css");
    const css = await response.text();
    expect(css).toContain("--chakra-colors-teal-500:#319795");
    expect(css).toContain(".cca-navbar");
  });

  test("a page is styled by its first paint, even when the stylesheet is slow", async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.route("**/api/styles/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/page/show/45");
    // The stylesheet blocks rendering: nothing is painted before it has arrived.
    const timing = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      const sheet = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/styles/")) as PerformanceResourceTiming;
      const paint = performance.getEntriesByName("first-contentful-paint")[0] ?? performance.getEntriesByName("first-paint")[0];
      return { sheetEnd: sheet.responseEnd, firstPaint: paint?.startTime ?? null };
    });
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.sheetEnd).toBeGreaterThan(1400);
    expect(timing.firstPaint!).toBeGreaterThanOrEqual(timing.sheetEnd);

    // Tokens, preflight, global CSS, the chrome's classes and a component's recipe all apply.
    const styles = await page.evaluate(() => {
      const css = (selector: string, prop: string) => getComputedStyle(document.querySelector(selector)!).getPropertyValue(prop);
      return {
        bodyBg: css("body", "background-color"),
        font: css("body", "font-family"),
        navbarPosition: css(".cca-navbar", "position"),
        headingMargin: css("h1", "margin-top"),
        tokenTeal: getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-teal-500").trim(),
      };
    });
    expect(styles.bodyBg).toBe("rgb(250, 250, 250)");
    expect(styles.font).toContain("system-ui");
    expect(styles.navbarPosition).not.toBe("static");
    expect(styles.headingMargin).toBe("0px");
    expect(styles.tokenTeal).toBe("#319795");
    await expect(page.getByRole("button", { name: "Quick navigation" })).toHaveCSS("border-style", "solid");
    expect(errors).toEqual([]);
  });
});
