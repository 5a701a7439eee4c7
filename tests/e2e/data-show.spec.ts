import { expect, test } from "@playwright/test";

test.describe("[DATA] a CCA's page", () => {
  test("shows sections per heading, values by type and the generalised-location note", async ({ page }) => {
    await page.goto("/data/show/1");
    await expect(page.getByRole("heading", { level: 1, name: /^Mawphlang sacred forest$/i })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Identity" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Governance" })).toBeVisible();
    await expect(page.getByRole("note")).toHaveText("Location shown approximately (10 km)");
    await expect(page.getByText("Forest → Sacred grove").first()).toBeVisible();
    await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", /^Mawphlang sacred forest$/i);
    await expect(page.getByRole("region", { name: /^Map of Mawphlang sacred forest$/i })).toBeVisible();

    await page.goto("/hi/data/show/1");
    await expect(page.getByRole("note")).toHaveText("स्थान लगभग दिखाया गया है (10 किमी)");
  });

  test("a missing record is the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto("/data/show/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
