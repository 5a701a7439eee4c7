import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInWithApi } from "./fixtures";

const CURATOR = { email: "templates@example.org", password: "demo-templates-2026" };
const TEMPLATE = "sacred-grove-survey";

/** Exports in the dialog with a purpose note, waits for the file and saves it through the browser's download. */
async function exportAs(page: Page, format: RegExp): Promise<string> {
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export responses" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: format }).check();
  // The purpose note comes first: without it nothing is prepared.
  await dialog.getByRole("button", { name: "Prepare the file" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say why you need this data.");
  await dialog.getByRole("textbox", { name: "Why do you need this data?" }).fill("State inventory of sacred groves");
  await dialog.getByRole("button", { name: "Prepare the file" }).click();
  await expect(dialog.getByText("The file is ready.")).toBeVisible({ timeout: 20_000 });
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: /^Download / }).click();
  const download = await downloading;
  const file = await download.path();
  await dialog.getByRole("button", { name: /close/i }).click();
  await expect(dialog).toBeHidden();
  return fs.readFileSync(file, "utf8");
}

test.describe("response table and exports", () => {
  test("a curator opens the table, exports CSV and GeoJSON with a row per response, and finds both in the download log; both screens pass axe", async ({ page, context }) => {
    test.setTimeout(180_000);
    await signInWithApi(context, CURATOR.email, CURATOR.password);
    await page.goto(`/data/table/${TEMPLATE}`);
    await expect(page.getByRole("heading", { level: 1, name: "Responses: Sacred grove survey" })).toBeVisible();
    const status = page.getByRole("status").filter({ hasText: /responses?$/ });
    await expect(status).toHaveText(/^\d+ responses?$/);
    const total = Number((await status.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(0);
    const shownIds = (await page.locator("tr[data-record]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-record"))))).sort((a, b) => a - b);
    expect(shownIds.length).toBe(Math.min(total, 20));
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);

    // Sorting by a column asks the server again and marks the column.
    const idHeader = page.getByRole("columnheader").first();
    await idHeader.getByRole("button").click();
    await expect(idHeader).toHaveAttribute("aria-sort", "ascending");

    const csv = await exportAs(page, /^CSV/);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Record id,Link,/);
    const csvIds = lines.slice(1).map((l) => Number(l.split(",")[0])).filter((n) => Number.isInteger(n) && n > 0);
    expect(csvIds.length).toBeGreaterThanOrEqual(total);
    expect(csvIds).toEqual(expect.arrayContaining(shownIds));

    const geojson = JSON.parse(await exportAs(page, /^GeoJSON/)) as { type: string; features: Array<{ id: number; properties: Record<string, unknown> }> };
    expect(geojson.type).toBe("FeatureCollection");
    expect(geojson.features.length).toBe(csvIds.length);
    expect(geojson.features.map((f) => f.id)).toEqual(expect.arrayContaining(shownIds));
    expect(geojson.features[0]!.properties).toMatchObject({ "Record id": geojson.features[0]!.id, Link: expect.stringMatching(/\/data\/show\/\d+$/) });

    // A row opens its record.
    await page.locator(`tr[data-record="${shownIds[0]}"] td`).nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/data/show/${shownIds[0]}$`));

    await page.goto("/user/download-logs");
    await expect(page.getByRole("heading", { level: 1, name: /^Download log \(\d+\)$/ })).toBeVisible();
    const rows = page.locator("tr[data-log]");
    await expect(rows.first()).toContainText("GeoJSON");
    await expect(rows.first()).toContainText("State inventory of sacred groves");
    await expect(rows.nth(1)).toContainText("CSV");
    await expect(rows.first().getByRole("button", { name: /^Download export \d+ \(GeoJSON\)$/ })).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
  });
});
