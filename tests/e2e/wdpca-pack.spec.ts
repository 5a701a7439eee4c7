import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, SEED, expectNoSeriousA11yViolations, signInWithApi, trackPageErrors } from "./fixtures";

/** The texts of the group header's button and the dialog, per language (locales/{en,hi}/header.json, recognition.json). */
const TEXT = {
  en: { open: "Registry submission (WDPCA)", title: `Registry submission (WDPCA): ${SEED.group.name}`, download: "Download the pack", done: "The pack has been downloaded.", count: /^Records included: \d+$/, csv: /^CSV/ },
  hi: { open: "रजिस्ट्री में भेजें (WDPCA)", title: /^रजिस्ट्री में भेजें \(WDPCA\): /, download: "पैक डाउनलोड करें", done: "पैक डाउनलोड हो गया है।", count: /^शामिल रिकॉर्ड: [\d०-९,]+$/, csv: /^CSV/ },
} as const;

/** Opens the dialog from the group page, chooses the CSV of a field set, downloads it and answers its text. */
async function downloadPack(page: Page, lang: "en" | "hi", fieldSet: RegExp): Promise<string> {
  const t = TEXT[lang];
  await page.getByRole("button", { name: t.open }).click();
  const dialog = page.getByRole("dialog", { name: t.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("wdpca-pack-count")).toHaveText(t.count);
  await dialog.getByRole("radio", { name: fieldSet }).check();
  await dialog.getByRole("radio", { name: t.csv }).check();
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: t.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^wdpca-(wdpca2025|wdpa16)-\d+\.csv$/);
  await expect(dialog.getByText(t.done)).toBeVisible({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return fs.readFileSync((await download.path())!, "utf8");
}

test.describe("WDPCA / ICCA Registry pack", () => {
  test("an administrator downloads the pack from the group page in en and hi", async ({ page, context }) => {
    test.setTimeout(180_000);
    const errors = trackPageErrors(page);
    await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);

    await page.goto(`/group/${SEED.group.slug}`);
    const csv = await downloadPack(page, "en", /^WDPCA 2025/);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = csv.slice(1).trimEnd().split("\r\n");
    expect(header).toMatch(/^SITE_ID,SITE_PID,NAME_ENG,NAME,REALM,SITE_TYPE,/);
    expect(header).toMatch(/,LAYER,WKT,LONGITUDE,LATITUDE$/);
    expect(rows.length).toBeGreaterThan(0);

    await page.goto(`/hi/group/${SEED.group.slug}`);
    const legacy = await downloadPack(page, "hi", /^WDPA 1\.6/);
    expect(legacy.slice(1).split("\r\n")[0]).toMatch(/^WDPAID,WDPA_PID,PA_DEF,NAME,ORIG_NAME,/);
    expect(legacy.slice(1).trimEnd().split("\r\n").length - 1).toBe(rows.length);

    // The coverage of the same group, from the dialog's link.
    await page.goto(`/group/${SEED.group.slug}/admin/recognition/coverage`);
    await expect(page.getByTestId("wdpca-coverage-table")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a member without a group role sees no button and is refused the screens", async ({ page, context }) => {
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(`/group/${SEED.group.slug}`);
    await expect(page.getByRole("button", { name: TEXT.en.open })).toHaveCount(0);
    const response = await page.goto("/admin/recognition");
    expect(response?.status()).toBe(403);
  });
});
