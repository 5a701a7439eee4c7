import { expect, test } from "@playwright/test";
import { SEED, trackPageErrors } from "./fixtures";

test.describe("[CHROME] the shared layout", () => {
  test("a visitor sees the navbar, menus and footer on the English home page", async ({ page }) => {
    const errors = trackPageErrors(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const navbar = page.getByRole("navigation", { name: "Site" });
    await expect(navbar.getByRole("searchbox", { name: "Search this site" })).toBeVisible();
    // Children of navbar page 5965 are shown as menus; the fixed participate link is for everyone.
    await expect(navbar.getByRole("link", { name: "What is a CCA?" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "Participate" })).toHaveAttribute("href", "/participate/list");
    // The template list is for admins and template curators only.
    await expect(navbar.getByRole("link", { name: "Templates" })).toHaveCount(0);
    await expect(navbar.getByRole("button", { name: /Microsites/ })).toBeVisible();
    const login = navbar.getByRole("link", { name: "Log in / Register" });
    await expect(login).toHaveAttribute("href", "/login?forward=%2F");

    const mainMenu = page.getByRole("navigation", { name: "Main menu" });
    await expect(mainMenu.getByRole("link", { name: "Statistics" })).toHaveAttribute("href", "/chart");
    await expect(mainMenu.getByRole("link", { name: "Browse CCAs" })).toHaveAttribute("href", "/data/list");
    await expect(mainMenu.getByRole("link", { name: "Maps" })).toBeVisible();
    await expect(mainMenu.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/user/list");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(/v2\.2\.0/)).toBeVisible();
    await expect(footer.getByRole("link", { name: /CC-BY/ })).toHaveAttribute("href", /creativecommons\.org/);
    for (const name of ["Email us", "Our video channel", "Our photos", "Source code"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test("the Hindi home page is in Hindi with lang=hi", async ({ page }) => {
    await page.goto("/hi");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("सामुदायिक संरक्षित क्षेत्र पोर्टल में आपका स्वागत है");
    const navbar = page.getByRole("navigation", { name: "साइट" });
    await expect(navbar.getByRole("searchbox", { name: "इस साइट में खोजें" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "भाग लें" })).toHaveAttribute("href", "/hi/participate/list");
  });

  test("a Hindi visitor reads the navbar pages, the about page, its sidebar and the footer in Hindi", async ({ page }) => {
    await page.goto("/hi");
    const navbar = page.getByRole("navigation", { name: "साइट" });
    for (const name of ["क्षेत्रवार सीसीए", "सीसीए क्या है?", "कानूनी मान्यता", "आईसीसीए रजिस्ट्री"]) {
      await expect(navbar.getByRole("link", { name })).toBeVisible();
    }
    await expect(navbar.getByRole("link", { name: "What is a CCA?" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "गोपनीयता नीति" })).toBeVisible();

    await page.goto("/hi/page/show/45");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("सामुदायिक संरक्षित क्षेत्रों के बारे में");
    await expect(page.getByRole("heading", { level: 2, name: "कोई क्षेत्र सीसीए कब कहलाता है?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "पोर्टल का समर्थन करें" }).first()).toBeVisible();

    // The same address in English reads in English.
    await page.goto("/page/show/45");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Community Conserved Areas");
  });

  test("the first visit remembers the language, and switching changes URL, cookie and <html lang>", async ({ page, context }) => {
    await page.goto("/page/show/45");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
    const first = (await context.cookies()).find((c) => c.name === "NEXT_LOCALE");
    // Max age 8,640,000 s, path /.
    expect(first?.path).toBe("/");
    expect(first!.expires - Date.now() / 1000).toBeGreaterThan(8_640_000 - 120);

    await page.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/page\/show\/45$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("hi");
    await expect(page.getByRole("navigation", { name: "साइट" })).toBeVisible();
  });

  test("a group home shows the group header with logo, name and local name, and group-scoped links", async ({ page }) => {
    const response = await page.goto(`/group/${SEED.group.slug}`);
    expect(response?.status()).toBe(200);
    const banner = page.getByRole("banner");
    const home = banner.getByRole("link", { name: new RegExp(SEED.group.name) });
    await expect(home).toHaveAttribute("href", `/group/${SEED.group.slug}`);
    await expect(banner.getByText(SEED.group.nameLocal)).toBeVisible();
    const logo = banner.locator(`img[src*="${SEED.groupLogoPath}"]`);
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const mainMenu = page.getByRole("navigation", { name: "Main menu" });
    await expect(mainMenu.getByRole("link", { name: "Statistics" })).toHaveAttribute("href", `/group/${SEED.group.slug}/chart`);
    await expect(page.getByRole("heading", { level: 1, name: SEED.group.name })).toBeVisible();
  });

  test("the footer lists the footer pages of the current language", async ({ page }) => {
    await page.goto("/");
    const footerPages = page.getByRole("contentinfo").getByRole("navigation");
    await expect(footerPages.getByRole("link", { name: "Terms of use" })).toHaveAttribute("href", /\/page\/show\/\d+$/);
    await page.goto("/hi");
    await expect(page.getByRole("contentinfo").getByRole("navigation").getByRole("link", { name: "उपयोग की शर्तें" })).toBeVisible();
  });

  test("preview mode hides the sign-in control, the language switcher and links not meant for previews", async ({ page }) => {
    await page.goto("/?preview=1");
    const navbar = page.getByRole("navigation", { name: "Site" });
    await expect(navbar.getByRole("searchbox", { name: "Search this site" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "Log in / Register" })).toHaveCount(0);
    await expect(navbar.getByRole("button", { name: /Language/ })).toHaveCount(0);
    await expect(navbar.getByRole("link", { name: "Participate" })).toBeVisible();
  });

  test("the search box submits only on Enter, to the portal's search screen in the same window", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Search this site" });
    await search.fill("sacred groves");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await search.press("Enter");
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/search");
    expect(url.searchParams.get("q")).toBe("sacred groves");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    // The site-restricted web search stays one link away, on the results page.
    const web = new URL((await page.getByRole("link", { name: /Search the web for “sacred groves”/ }).getAttribute("href"))!);
    expect(web.searchParams.get("q")).toBe("sacred groves");
    expect(web.searchParams.get("as_sitesearch")).toBe("localhost");
  });

  test("on a laptop screen where the English menu leaves no room, the search opens from its button and still searches", async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 700 });
    await page.goto("/");
    const navbar = page.getByRole("navigation", { name: "Site" });
    const search = navbar.getByRole("searchbox", { name: "Search this site" });
    // Folded behind its button, rather than a box too narrow to type into.
    expect((await search.boundingBox())?.width ?? 0).toBeLessThan(1);
    await navbar.getByRole("button", { name: "Search" }).click();
    await expect(search).toBeFocused();
    await page.keyboard.type("sacred groves");
    const box = (await search.boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    expect(box.x).toBeGreaterThanOrEqual(0);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("sacred groves");
  });

  test("the microsites dropdown filters groups as you type and links to the full list", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: /Microsites/ });
    await trigger.click();
    const panel = page.locator(`#${await trigger.getAttribute("aria-controls")}`);
    const search = panel.getByRole("searchbox", { name: "Search microsites" });
    await search.fill("grass");
    await expect(panel.getByRole("link", { name: /Banni Grassland Commons/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: /Sacred Groves of the Western Ghats/ })).toHaveCount(0);
    // Typing characters that are special in regular expressions is harmless.
    await search.fill("([");
    await expect(panel.getByText("No microsites found")).toBeVisible();
    await panel.getByRole("link", { name: /See all/ }).click();
    await expect(page).toHaveURL(/\/group\/list$/);
    await expect(page.getByRole("heading", { level: 1, name: "Microsites" })).toBeVisible();
  });
});

test.describe("[CHROME] small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggles with aria-expanded and closes after navigating", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Participate", exact: true }).waitFor();
    await menu.getByRole("link", { name: "What is a CCA?" }).click();
    await expect(page).toHaveURL(/\/page\/\d+$|\/page\/show\/\d+$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    // Nothing overflows sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("inside a group the one menu holds the group's main menu too", async ({ page }) => {
    await page.goto(`/group/${SEED.group.slug}`);
    await expect(page.getByRole("button", { name: "Main menu" })).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const close = page.getByRole("button", { name: "Close menu" });
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: "Statistics" })).toHaveAttribute("href", `/group/${SEED.group.slug}/chart`);
  });
});
