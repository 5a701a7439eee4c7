import { expect, test } from "@playwright/test";

/** The seeded group with its own domain (chilika.localhost on the portal's port; Chromium resolves *.localhost to loopback). */
const CHILIKA = { slug: "chilika", name: "Chilika Fishing Commons" };
const chilikaOrigin = (baseURL: string | undefined) => `http://chilika.localhost:${new URL(baseURL!).port}`;

test.describe("[GROUPS] a microsite with its own domain", () => {
  test("the microsite list links it at its domain on the port the portal runs on", async ({ page, baseURL }) => {
    await page.goto("/group/list");
    const list = page.getByRole("list", { name: "Microsites" });
    await expect(list.getByRole("link", { name: CHILIKA.name, exact: true })).toHaveAttribute("href", chilikaOrigin(baseURL));
  });

  test("a bookmark of its old address opens the same screen on its domain", async ({ page, baseURL }) => {
    const origin = chilikaOrigin(baseURL);
    await page.goto(`/group/${CHILIKA.slug}/about?x=1`);
    await expect(page).toHaveURL(`${origin}/about?x=1`);
    await expect(page.getByRole("heading", { level: 1, name: `About ${CHILIKA.name}` })).toBeVisible();

    await page.goto(`/group/${CHILIKA.slug}`);
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole("banner").getByText(CHILIKA.name, { exact: true })).toBeVisible();

    // In Hindi the visitor stays in Hindi.
    await page.goto(`/hi/group/${CHILIKA.slug}/about`);
    await expect(page).toHaveURL(`${origin}/hi/about`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  });

  test("the old address answers a permanent redirect to the domain; an unknown name is still 404", async ({ request, baseURL }) => {
    const res = await request.get(`/group/${CHILIKA.slug}/page/show/12?x=1`, { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers()["location"]).toBe(`${chilikaOrigin(baseURL)}/page/show/12?x=1`);
    expect((await request.get("/group/no-such-microsite", { maxRedirects: 0 })).status()).toBe(404);
  });
});
