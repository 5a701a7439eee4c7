import { expect, test, type Browser } from "@playwright/test";
import { signIn, signInWithApi } from "./fixtures";

/** The anonymous page cache (issue 10): what visitors see, through the real portal server. */
const EDITOR = { email: "pages@example.org", password: "demo-pages-2026" };
const CACHE = "x-portal-cache";

/** A fresh anonymous visitor (no cookies at all, as someone arriving from a shared link). */
async function anonymous(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe("[CACHE] the anonymous page cache", () => {
  test("a visitor sees an editor's change on the very next request", async ({ page, context, browser, baseURL, request }) => {
    test.setTimeout(60_000);
    const token = await signInWithApi(context, EDITOR.email, EDITOR.password);
    const created = await request.post("/pages-api/api/v1/page", {
      headers: { authorization: `Bearer ${token}` },
      data: { title: `Cached page ${Date.now()}`, content: "<p>First words.</p>", pageType: "Content", parentId: 0, languageId: 205, sticky: false },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id, title } = (await created.json()) as { id: number; title: string };

    const visitor = await anonymous(browser, baseURL);
    let response = await visitor.page.goto(`/page/show/${id}`);
    response = await visitor.page.goto(`/page/show/${id}`);
    expect(response?.headers()[CACHE]).toBe("hit");
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(title);

    // The editor changes the title in the editor and saves.
    const changed = `${title} (revised)`;
    await page.goto(`/page/edit/${id}`);
    const titleBox = page.getByRole("textbox", { name: "Title", exact: true });
    await expect(titleBox).toHaveValue(title);
    await titleBox.fill(changed);
    await page.getByRole("button", { name: "Update page" }).click();
    await page.waitForURL(new RegExp(`/page/show/${id}$`));

    response = await visitor.page.reload();
    expect(response?.headers()[CACHE]).toBe("miss");
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(changed);
    await visitor.context.close();
  });

  test("signed-in visitors never receive another visitor's page", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const visitor = await anonymous(browser, baseURL);
    await visitor.page.goto("/page/show/45");
    expect((await visitor.page.goto("/page/show/45"))?.headers()[CACHE]).toBe("hit");

    for (const person of [
      { id: 7, name: "Asha Cached", roles: ["ROLE_USER"] },
      { id: 3, name: "Ravi Cached", roles: ["ROLE_USER"] },
    ]) {
      const context = await browser.newContext({ baseURL });
      await signIn(context, baseURL!, person);
      const page = await context.newPage();
      const response = await page.goto("/page/show/45");
      expect(response?.headers()[CACHE]).toBe("bypass");
      await expect(page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: `Account menu for ${person.name}` })).toBeVisible();
      await context.close();
    }
    // …and their names never reach the anonymous visitor.
    await visitor.page.reload();
    await expect(visitor.page.getByRole("button", { name: /Account menu for/ })).toHaveCount(0);
    await expect(visitor.page.getByRole("link", { name: "Log in / Register" })).toBeVisible();
    await visitor.context.close();
  });

  test("English and Hindi, the main site and a group's own domain never share an entry", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const visitor = await anonymous(browser, baseURL);
    const { page } = visitor;
    for (let i = 0; i < 2; i++) {
      await page.goto("/page/show/45");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Community Conserved Areas");
      await page.goto("/hi/page/show/45");
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("सामुदायिक संरक्षित क्षेत्रों के बारे में");
    }

    // The root: cached in English, a visitor whose language is Hindi is still sent to /hi.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
    await page.goto("/");
    expect((await page.goto("/"))?.headers()[CACHE]).toBe("hit");
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "hi", url: baseURL! }]);
    await page.goto("/");
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");

    // A group's own domain and the main site at the same path.
    const chilika = `http://chilika.localhost:${new URL(baseURL!).port}`;
    const groupName = page.getByRole("banner").getByText("Chilika Fishing Commons", { exact: true });
    for (let i = 0; i < 2; i++) {
      await page.goto(`${chilika}/page/show/45`);
      await expect(groupName).toBeVisible();
      await page.goto("/page/show/45");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Community Conserved Areas");
      await expect(groupName).toHaveCount(0);
    }
    await visitor.context.close();
  });
});
