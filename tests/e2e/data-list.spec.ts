import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { SEED, sidewaysOverflow } from "./fixtures";

// Counts come from the platform (the demo seed's ~60 records), so the screen is checked against the
// API it stands on: the number a filter shows is the server's total for the same query.
const results = (page: Page) => page.locator(".cca-dl-cards > li");
const filters = (page: Page) => page.getByRole("complementary", { name: "Filters" });
const found = (n: number) => (n === 1 ? "1 CCA found" : `${n} CCAs found`);

async function total(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/cca-api/api/v1/data/search?limit=1&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalCount: number }).totalCount;
}

test.describe("[DATA] browsing CCAs", () => {
  test("a visitor filters by state and ecosystem, searches a prefix, opens a card and finds the filters again on Back", async ({ page, request }) => {
    const all = await total(request, "");
    const meghalaya = await total(request, "state=Meghalaya");
    const both = await total(request, "state=Meghalaya&state=Odisha");
    const groves = await total(request, "state=Meghalaya&state=Odisha&ecosystem-type=Forest%7CSacred%20grove");
    expect(all).toBeGreaterThan(20);
    expect(both).toBeGreaterThan(meghalaya);
    expect(groves).toBeLessThan(both);

    await page.goto("/data/list");
    await expect(page.getByRole("heading", { level: 1, name: "Community conserved areas" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: found(all) })).toBeVisible();
    await expect(page.locator("footer")).toHaveCount(0);

    // Paging on the server: page 2 holds the next ten, and the URL says so.
    await expect(results(page)).toHaveCount(10);
    const firstOfPage1 = await results(page).first().textContent();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/offset=10/);
    await expect(results(page).first()).not.toHaveText(firstOfPage1 ?? "");
    await page.goBack();
    await expect(page).not.toHaveURL(/offset=/);
    // Page 1 is back on screen (the URL changes before the page does; a click in between would be undone).
    await expect(results(page).first()).toHaveText(firstOfPage1 ?? "");

    await filters(page).getByRole("checkbox", { name: /^Meghalaya/ }).check();
    await expect(page).toHaveURL(/state=Meghalaya/);
    await expect(page.getByRole("status").filter({ hasText: found(meghalaya) })).toBeVisible();
    await filters(page).getByRole("checkbox", { name: /^Odisha/ }).check();
    await expect(page.getByRole("status").filter({ hasText: found(both) })).toBeVisible();
    await filters(page).getByRole("checkbox", { name: /^Sacred grove/ }).check();
    await expect(page).toHaveURL(/ecosystem-type=Forest%7CSacred\+grove|ecosystem-type=Forest\|Sacred/);
    await expect(page.getByRole("status").filter({ hasText: found(groves) })).toBeVisible();
    await expect(results(page)).toHaveCount(Math.min(groves, 10));

    await page.getByRole("searchbox", { name: "Search CCAs" }).fill("mawph");
    await page.getByRole("searchbox", { name: "Search CCAs" }).press("Enter");
    await expect(page).toHaveURL(/query=mawph/);
    await expect(results(page).first()).toContainText(/Mawphlang sacred forest/i);

    await results(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/data\/show\/1$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Mawphlang sacred forest$/i })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/state=Meghalaya/);
    await expect(filters(page).getByRole("checkbox", { name: /^Meghalaya/ })).toBeChecked();
    await expect(filters(page).getByRole("checkbox", { name: /^Odisha/ })).toBeChecked();
    await expect(filters(page).getByRole("checkbox", { name: /^Sacred grove/ })).toBeChecked();
    await expect(page.getByRole("searchbox", { name: "Search CCAs" })).toHaveValue("mawph");
    await expect(results(page)).toHaveCount(1);

    // Back again, through the filter history, to the search before the query.
    await page.goBack();
    await expect(page.getByRole("searchbox", { name: "Search CCAs" })).toHaveValue("");
    await expect(page.getByRole("status").filter({ hasText: found(groves) })).toBeVisible();
  });

  test("a shared filtered link opens with its results rendered on the server", async ({ browser, request }) => {
    const odisha = await total(request, "state=Odisha");
    expect(odisha).toBeGreaterThan(0);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/data/list?state=Odisha");
    await expect(page.getByText(found(odisha))).toBeVisible();
    await expect(results(page)).toHaveCount(Math.min(odisha, 10));
    await expect(results(page).first()).toContainText("Odisha");
    await expect(filters(page).getByRole("checkbox", { name: /^Odisha/ })).toBeChecked();
    await context.close();
  });

  test("a range filter is a visible slider a keyboard moves, with the typed bounds beside it", async ({ page }) => {
    await page.goto("/data/list");
    await filters(page).locator("summary", { hasText: "Area (hectares)" }).click();
    const lowest = filters(page).getByRole("slider", { name: "Lowest Area (hectares)" });
    // The slider is drawn once its facet is opened.
    await expect(lowest).toBeVisible();
    const box = await lowest.boundingBox();
    expect(box?.width, "the thumb can be seen and grabbed").toBeGreaterThanOrEqual(16);
    expect(box?.height).toBeGreaterThanOrEqual(16);
    const from = filters(page).getByLabel("Area (hectares) from");
    await expect(from).toHaveValue("0");
    await lowest.focus();
    await page.keyboard.press("PageUp");
    await expect(from).not.toHaveValue("0");
    await expect(page).toHaveURL(/area/);
  });

  test("on a 375 px phone the filters open in a dialog and the list fits", async ({ page, request }) => {
    const nagaland = await total(request, "state=Nagaland");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/data/list");
    await expect(filters(page)).toBeHidden();
    await page.getByRole("button", { name: /^Filters \(0\)/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.getByRole("checkbox", { name: /^Nagaland/ }).check();
    await dialog.getByRole("button", { name: /^Show results/ }).click();
    await expect(page.getByRole("status").filter({ hasText: found(nagaland) })).toBeVisible();
    const { overflow, wide } = await sidewaysOverflow(page);
    expect(overflow, wide).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Map", exact: true }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByRole("region", { name: "Map of the CCAs found" })).toBeVisible();
    // The map layers of /map are offered here too, and the address keeps them.
    await page.getByRole("group", { name: "Map layers" }).getByRole("checkbox", { name: "States of India" }).check();
    await expect(page).toHaveURL(/layers=india_states/);
    await expect(page.getByTestId("data-map")).toHaveAttribute("data-layers", "india_states");
  });

  test("Hindi labels throughout, and a group shows only its own records", async ({ page, request }) => {
    const all = await total(request, "");
    const groups = (await (await request.get("/userGroup-api/api/v1/group/all?languageId=205")).json()) as { id: number; slug: string }[];
    const groupId = groups.find((g) => g.slug === SEED.group.slug)?.id;
    expect(groupId).toBeDefined();
    const inGroup = await total(request, `usergroups=${groupId}`);
    expect(inGroup).toBeGreaterThan(0);
    expect(inGroup).toBeLessThan(all);

    await page.goto("/hi/data/list");
    await expect(page.getByRole("heading", { level: 1, name: "सामुदायिक संरक्षित क्षेत्र" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `${all} सीसीए मिले` })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "सीसीए खोजें" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "फ़िल्टर" }).getByRole("radio", { name: "केस स्टडी" })).toBeVisible();
    await expect(page.getByRole("button", { name: "मानचित्र", exact: true })).toBeVisible();

    await page.goto(`/group/${SEED.group.slug}/data/list`);
    await expect(page.getByRole("status").filter({ hasText: found(inGroup) })).toBeVisible();
    await expect(results(page).first().getByRole("link")).toHaveAttribute("href", new RegExp(`^/group/${SEED.group.slug}/data/show/\\d+$`));
  });

  test("on the map, zooming into a cluster replaces its count by the counts of what it splits into, and a legend says what is drawn", async ({ page, request }) => {
    // The map draws with software WebGL in headless Chromium: slow on a busy machine.
    test.setTimeout(90_000);
    const all = await total(request, "");
    await page.goto("/data/list?view=map");
    await expect(page.getByTestId("data-map")).toHaveAttribute("data-ready", "true");
    const legend = page.getByTestId("map-legend");
    await expect(legend.getByText("Legend")).toBeVisible();
    await expect(legend.getByText(/^Several CCAs close together/)).toBeVisible();
    await expect(legend.getByText(/^One CCA/)).toBeVisible();

    const map = page.getByTestId("data-map");
    // The whole map on screen: a cluster below the fold cannot be hovered or clicked.
    await map.evaluate((el) => el.scrollIntoView({ block: "end" }));
    const labels = page.locator(".cca-cluster-count");
    await expect(labels.first()).toBeVisible({ timeout: 20_000 });
    const zoomBefore = await map.getAttribute("data-labelled-zoom");
    const read = async () =>
      Promise.all(
        (await labels.all()).map(async (label) => {
          const box = (await label.boundingBox())!;
          return { count: Number(await label.textContent()), x: box.x + box.width / 2, y: box.y + box.height / 2 };
        }),
      );
    const viewport = page.viewportSize()!;
    const before = (await read()).filter((l) => l.y > 0 && l.y < viewport.height && l.x > 0 && l.x < viewport.width);
    const biggest = before.reduce((a, b) => (b.count > a.count ? b : a));
    expect(biggest.count).toBeGreaterThan(1);
    expect(before.reduce((sum, l) => sum + l.count, 0)).toBeLessThanOrEqual(all);

    // Hovering a cluster says what it is; clicking it zooms in.
    await page.mouse.move(biggest.x, biggest.y);
    await expect(page.locator(".cca-cluster-summary")).toHaveText(`${biggest.count} CCAs here: zoom in`);
    await page.mouse.click(biggest.x, biggest.y);
    // Once the labels are drawn for the new zoom, with the cluster in the centre: its own count is gone
    // (it used to stay on top of the clusters it split into) …
    await expect(map).not.toHaveAttribute("data-labelled-zoom", zoomBefore ?? "", { timeout: 20_000 });
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await expect(async () => {
      const after = await read();
      expect(after.some((l) => l.count === biggest.count && Math.abs(l.x - centre.x) < 4 && Math.abs(l.y - centre.y) < 4)).toBe(false);
      // … and the counts on screen never add up to more CCAs than were found.
      expect(after.reduce((sum, l) => sum + l.count, 0)).toBeLessThanOrEqual(all);
    }).toPass({ timeout: 20_000 });
  });
});
