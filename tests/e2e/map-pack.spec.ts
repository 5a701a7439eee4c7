import { expect, test } from "@playwright/test";

// Issue 32, item 5: the site map's "Offline map" tells the pack's area, zooms and sizes before anything is
// downloaded, keeps the pack in this browser, and hands out an MBTiles file for field apps.
test.use({ serviceWorkers: "allow" });

test("[MAP PACK] en: the size is shown first; saved in this browser; the MBTiles file is a SQLite file", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto("/map");
  await page.getByRole("button", { name: "Offline map" }).click();
  const dialog = page.getByRole("dialog", { name: "Offline map" });
  await expect(dialog).toContainText("Zoom levels");
  await expect(dialog).toContainText(/Size in this browser\s*about [\d.,]+ (kB|MB)/);
  await expect(dialog).toContainText(/Size of the MBTiles file\s*about [\d.,]+ (kB|MB)/);

  const download = page.waitForEvent("download");
  await dialog.getByTestId("map-pack-mbtiles").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.mbtiles$/);
  const stream = await file.createReadStream();
  const head = await new Promise<Buffer>((resolve, reject) => {
    stream.once("data", (chunk) => resolve(Buffer.from(chunk)));
    stream.once("error", reject);
  });
  stream.destroy();
  expect(head.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");

  await dialog.getByRole("button", { name: "Save in this browser" }).click();
  await expect(dialog).toContainText("Saved. This map now opens without a network.", { timeout: 120_000 });
  expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("map-pack-")))).toEqual(["map-pack-site"]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("[MAP PACK] hi: the dialog in Hindi, opened and closed from the keyboard", async ({ page }) => {
  await page.goto("/hi/map");
  const button = page.getByRole("button", { name: "ऑफ़लाइन मानचित्र" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "ऑफ़लाइन मानचित्र" });
  await expect(dialog.getByRole("button", { name: "इस ब्राउज़र में सहेजें" })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
