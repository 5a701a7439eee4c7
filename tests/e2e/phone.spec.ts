import { expect, test, type Page } from "@playwright/test";
import { SEED, trackPageErrors } from "./fixtures";

// Issue 28 item 8: the portal on a 390 × 844 phone.
test.use({ viewport: { width: 390, height: 844 } });

const GROUP = `/group/${SEED.group.slug}`;
const LANGUAGES = [
  { prefix: "", open: "Open menu", close: "Close menu", statistics: "Statistics", participate: "Participate", login: "Log in / Register", join: "Join microsite" },
  { prefix: "/hi", open: "मेनू खोलें", close: "मेनू बंद करें", statistics: "आँकड़े", participate: "भाग लें", login: "लॉग इन / पंजीकरण", join: "माइक्रोसाइट से जुड़ें" },
] as const;

/** The menu toggles (hamburgers) a person can see in the page's header: the navbar's and, before, the group header's. */
const visibleMenuToggles = (page: Page, open: string) =>
  page.getByRole("banner").getByRole("button", { name: new RegExp(`^(${open}|Main menu|मुख्य मेनू)$`) }).filter({ visible: true });

test.describe("[PHONE] one menu", () => {
  for (const language of LANGUAGES) {
    for (const site of ["", GROUP]) {
      const home = `${language.prefix}${site}` || "/";
      test(`${home}: one hamburger holds the main menu and the navbar's links, and works from the keyboard`, async ({ page }) => {
        const errors = trackPageErrors(page);
        await page.goto(`${language.prefix}${site}/chart`);
        await expect(visibleMenuToggles(page, language.open)).toHaveCount(1);
        const toggle = page.getByRole("button", { name: language.open });
        await expect(toggle).toHaveAttribute("aria-expanded", "false");

        // Keyboard only: Tab to the toggle (after the skip link), open it with Enter.
        for (let i = 0; i < 4 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
        await expect(toggle).toBeFocused();
        await page.keyboard.press("Enter");
        const close = page.getByRole("button", { name: language.close });
        await expect(close).toHaveAttribute("aria-expanded", "true");
        const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
        await expect(menu).toBeVisible();

        // Everything both menus held: the main menu (Statistics, Browse, pages, Maps, Users, Pages) and the navbar's.
        const hrefs = await menu.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        for (const path of ["/chart", "/data/list", "/map", "/user/list", "/participate/list", "/group/list"]) {
          expect(hrefs, path).toContain(`${language.prefix}${site}${path}`);
        }
        expect(hrefs.some((href) => /\/page\/\d+$/.test(href ?? "")), "page-tree and navbar pages").toBe(true);
        await expect(menu.getByRole("link", { name: language.statistics, exact: true })).toBeVisible();
        await expect(menu.getByRole("link", { name: language.participate, exact: true })).toBeVisible();
        await expect(menu.getByRole("link", { name: language.login })).toBeVisible();
        // Still one toggle with the menu open.
        await expect(visibleMenuToggles(page, language.close)).toHaveCount(1);

        // Tab walks into the menu, reaches Statistics; Escape closes it and gives focus back to the toggle.
        const statistics = menu.getByRole("link", { name: language.statistics, exact: true });
        for (let i = 0; i < 6 && !(await statistics.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
        await expect(statistics).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(page.getByRole("button", { name: language.open })).toBeFocused();

        // Opened again, a link is followed with Enter and the menu closes on the next page.
        await page.keyboard.press("Enter");
        await menu.getByRole("link", { name: language.participate, exact: true }).focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(new RegExp(`${language.prefix}${site}/participate/list$`));
        await expect(page.getByRole("button", { name: language.open })).toHaveAttribute("aria-expanded", "false");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(errors).toEqual([]);
      });
    }
  }
});

test.describe("[PHONE] the group home shows the group once", () => {
  for (const language of LANGUAGES) {
    test(`${language.prefix || "/en"}: logo, names and Join appear once and the page's content starts in the first screen`, async ({ page }) => {
      await page.goto(`${language.prefix}${GROUP}`);
      const header = page.locator("section[aria-labelledby='group-title']");
      await expect(header.getByRole("heading", { level: 1 })).toBeVisible();
      // The page header holds the group; the chrome does not repeat it.
      const groupLink = page.getByRole("banner").locator(`a[href="${language.prefix}${GROUP}"]`);
      await expect(groupLink).toBeHidden();
      await expect(page.getByText(SEED.group.nameLocal, { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expect(page.getByRole("button", { name: language.join }).filter({ visible: true })).toHaveCount(1);
      await expect(page.locator(`img[src*="${SEED.groupLogoPath}"]`).filter({ visible: true })).toHaveCount(1);
      // The first section of the group's content begins above the fold of an 844 px screen.
      const contentTop = await header.evaluate((el) => el.nextElementSibling!.getBoundingClientRect().top);
      expect(contentTop).toBeLessThan(844 - 80);
      // (What that section is depends on the group's home: other tests add a gallery whose title sits low in it.)
      await expect(header.locator("xpath=following-sibling::*[1]")).toBeInViewport();

      // Another screen of the group still shows the group in its header, with Join.
      await page.goto(`${language.prefix}${GROUP}/chart`);
      await expect(groupLink).toBeVisible();
      await expect(page.getByRole("banner").getByRole("button", { name: language.join })).toBeVisible();
    });
  }
});

test.describe("[PHONE] the PDF viewer fits the width", () => {
  // pdf.js (its worker is 1 MB) loads on a shared, busy machine: allow for it.
  test.describe.configure({ timeout: 120_000 });

  test("a three-page PDF opens with its pages as wide as the viewer, and the zoom buttons still work", async ({ page }) => {
    await page.goto("/document/show/12");
    await expect(page.getByText("of 3")).toBeVisible({ timeout: 45_000 });
    const pages = page.locator(".cca-pdf-pages");
    const first = page.locator(".cca-pdf-page[data-page='1']");
    const fit = async () => {
      const box = await pages.evaluate((el) => el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight));
      const width = (await first.boundingBox())!.width;
      return { box, width };
    };
    await expect.poll(async () => (await fit()).width).toBeGreaterThan(0);
    const opened = await fit();
    expect(opened.width).toBeLessThanOrEqual(opened.box);
    expect(opened.width).toBeGreaterThan(opened.box * 0.95);
    await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "true");
    // Nothing of the page is cut off: the viewer does not scroll sideways, nor does the screen.
    expect(await pages.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const shown = Number((await page.getByRole("toolbar", { name: "PDF controls" }).getByText(/^\d+%$/).textContent())!.replace("%", ""));
    expect(shown).toBeLessThan(100);

    // Zooming in makes the page wider than the viewer (it scrolls); "Fit width" brings it back.
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await fit()).width).toBeGreaterThan(opened.width * 1.2);
    await page.getByRole("button", { name: "Fit width" }).click();
    await expect.poll(async () => Math.round((await fit()).width)).toBe(Math.round(opened.width));
  });
});

test.describe("[PHONE] chart labels", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const prefix of ["", "/hi"]) {
    test(`${prefix || "/en"}/chart: no category label runs off a chart's edge`, async ({ page }) => {
      await page.goto(`${prefix}/chart`);
      // Each chart is drawn when it comes into view.
      const boxes = page.locator(".cca-chart-canvas");
      await expect(boxes.first().locator("canvas")).toBeVisible();
      const count = await boxes.count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        await boxes.nth(i).scrollIntoViewIfNeeded();
        const canvas = boxes.nth(i).locator("canvas");
        // Drawn: its accessible name lists the bars.
        await expect(canvas).toHaveAttribute("aria-label", /:/);
        // A clipped label is text drawn from beyond the left edge: ink in the canvas's first pixel columns.
        const inkAtEdge = await canvas.evaluate((el: HTMLCanvasElement) => {
          const data = el.getContext("2d")!.getImageData(0, 0, 2, el.height).data;
          let ink = 0;
          for (let p = 3; p < data.length; p += 4) if (data[p]! > 0) ink++;
          return ink;
        });
        expect(inkAtEdge, `chart ${i + 1}`).toBe(0);
      }
    });
  }
});

test.describe("[PHONE] statistics on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("/hi/chart shows the server's bars at once, then Chart.js's once the visitor scrolls", async ({ page }) => {
    await page.goto("/hi/chart");
    const first = page.locator(".cca-chart-figure").first();
    const rows = first.locator(".cca-chart-preview__row");
    await expect(rows.first()).toBeVisible();
    // The largest bar is drawn full length, the others as their share of it.
    const widths = await first.locator(".cca-chart-preview__bar").evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(Math.max(...widths)).toBeGreaterThan(0);
    expect(widths[widths.length - 1]!).toBeLessThanOrEqual(widths[0]!);
    await expect(first.locator("canvas")).toHaveCount(0);
    await page.mouse.wheel(0, 400);
    await expect(first.locator("canvas")).toBeVisible();
    await expect(first.locator(".cca-chart-preview")).toHaveCount(0);
  });
});
