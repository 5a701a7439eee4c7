import { expect, test } from "@playwright/test";

// Issue 28 item 9 c: the data list's order is the visitor's to choose, in the address, paged by the server.
const cards = ".cca-dl-cards > li";

test.describe("[DATA] ordering the data list", () => {
  test("a visitor sorts by title A–Z, pages on, comes back by the address; a search is ordered by best match until another order is chosen", async ({ page, request }) => {
    const api = async (query: string) =>
      ((await (await request.get(`/cca-api/api/v1/data/search?limit=10&${query}`)).json()) as { data: Array<{ id: number }> }).data.map((r) => r.id);

    await page.goto("/data/list");
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await expect(sort).toHaveValue("newest");
    await sort.selectOption({ label: "Title A–Z" });
    await expect(page).toHaveURL(/[?&]sort=title/);
    const byTitle = await api("sort=title");
    await expect(page.locator(`${cards} a.cca-dl-card-title`).first()).toHaveAttribute("href", `/data/show/${byTitle[0]}`);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/sort=title.*offset=10|offset=10.*sort=title/);
    await expect(page.locator(`${cards} a.cca-dl-card-title`).first()).toHaveAttribute("href", `/data/show/${(await api("sort=title&offset=10"))[0]}`);

    await page.goto("/data/list?query=grove");
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("relevance");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Oldest first" });
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.locator(`${cards} a.cca-dl-card-title`).first()).toHaveAttribute("href", `/data/show/${(await api("query=grove&sort=oldest"))[0]}`);
  });
});
