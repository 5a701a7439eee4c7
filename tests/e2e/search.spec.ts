import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, trackPageErrors } from "./fixtures";

// Issue 33: one search over everything public, across scripts and spellings, from the navbar box.

test.describe("[SEARCH] site search", () => {
  test("en: the navbar box lands on the results; 'jangal' finds Devanagari records and a Hindi page, matches marked (axe)", async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto("/");
    const box = page.getByRole("navigation", { name: "Site" }).getByRole("searchbox", { name: "Search this site" });
    await box.fill("jangal");
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=jangal$/);
    const results = page.getByRole("region", { name: "Results" });
    // A record whose Hindi text says जंगल, and the Hindi page that says it.
    await expect(results.getByRole("link", { name: "पाचगाँव का सामुदायिक वन" })).toBeVisible();
    await expect(results.getByRole("link", { name: "पूर्वोत्तर भारत" })).toBeVisible();
    await expect(results.locator("mark").filter({ hasText: /^जंगल$/ }).first()).toBeVisible();
    await expect(page.getByRole("status")).toContainText("for “jangal”");
    // The type filter: pages only.
    await page.getByRole("navigation", { name: "Filter by type" }).getByRole("link", { name: /^Pages/ }).click();
    await page.waitForURL(/kind=page/);
    await expect(results.getByRole("link", { name: "पाचगाँव का सामुदायिक वन" })).toHaveCount(0);
    await expect(results.getByRole("link", { name: "पूर्वोत्तर भारत" })).toBeVisible();
    await results.getByRole("link", { name: "पूर्वोत्तर भारत" }).click();
    await page.waitForURL(/\/page\/show\/5970/);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test("hi: a Devanagari query finds the Latin-lettered records; the screen speaks Hindi", async ({ page }) => {
    await page.goto("/hi");
    const box = page.getByRole("navigation", { name: "साइट" }).getByRole("searchbox", { name: "इस साइट में खोजें" });
    await box.fill("देवराई");
    await box.press("Enter");
    await page.waitForURL(/\/hi\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1, name: "खोज" })).toBeVisible();
    const results = page.getByRole("region", { name: "परिणाम" });
    await expect(results.getByRole("link", { name: "Devrai near Ratnagiri" })).toBeVisible();
    await expect(results.getByRole("link", { name: "Devrai near Ratnagiri" })).toHaveAttribute("href", /^\/hi\/data\/show\/\d+$/);
    await expect(page.getByRole("link", { name: /वेब पर/ })).toBeVisible();
  });

  test("a misspelt place finds the right record, and 'did you mean' corrects it", async ({ page }) => {
    await page.goto("/search?q=mawplang");
    const results = page.getByRole("region", { name: "Results" });
    await expect(results.getByRole("link", { name: "Mawphlang sacred forest" })).toBeVisible();
    await expect(results.getByText("Similar spelling").first()).toBeVisible();
    await expect(page.getByText("Did you mean")).toBeVisible();
    await page.getByRole("link", { name: "Mawphlang", exact: true }).click();
    await page.waitForURL(/q=Mawphlang/);
    await expect(results.getByRole("link", { name: "Mawphlang sacred forest" })).toBeVisible();
    await expect(results.getByText("Similar spelling")).toHaveCount(0);
  });

  test("inside a group: only the group's content; nothing found has a screen of its own", async ({ page }) => {
    await page.goto("/group/sacred-groves/search?q=devrai");
    await expect(page.getByText("Searching in")).toBeVisible();
    const results = page.getByRole("region", { name: "Results" });
    const links = results.getByRole("link");
    await expect(links.first()).toBeVisible();
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
      if (/\/data\/show\//.test(href)) expect(href).toMatch(/^\/group\/sacred-groves\/data\/show\/\d+$/);
    }
    await page.goto("/search?q=xqzwvbnm");
    await expect(page.getByRole("heading", { name: "Nothing found for “xqzwvbnm”" })).toBeVisible();
  });
});
