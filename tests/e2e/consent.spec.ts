import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signInWithApi } from "./fixtures";

// Consent on every record (issue 30, item 1): the contributor chooses who may see a participation; a
// record that is not public stays out of the public list until its manager widens the consent.

const FORM = "/participate/sacred-grove-survey";

/** Fills the survey's required fields, the consent section (audience only; given by the contributor, by declaration, today) and the declaration, then submits. */
async function submitWithConsent(page: Page, name: string, audience: RegExp): Promise<string> {
  await page.goto(FORM);
  await expect(page.getByRole("heading", { level: 1, name: "Sacred grove survey" })).toBeVisible();
  await page.getByLabel("Name of the CCA").fill(name);
  await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Karnataka" });
  await page.getByRole("radio", { name: "Only during festivals" }).check();
  await page.getByLabel("Date of the survey").fill("2024-03-01");
  const consent = page.getByTestId("consent-section");
  // No audience is chosen for the contributor.
  await expect(consent.getByRole("group", { name: "Who may see this record" }).getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByRole("checkbox", { name: /I confirm/ }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(consent.getByRole("alert").filter({ hasText: "Choose who may see this record" })).toBeVisible();
  await consent.getByRole("radio", { name: audience }).check();
  await expect(consent.getByRole("checkbox", { name: /international registries/ })).toBeDisabled();
  await page.getByRole("button", { name: "Submit" }).click();
  const view = page.getByRole("link", { name: "View your record" });
  await expect(view).toBeVisible({ timeout: 20_000 });
  const recordPath = await view.getAttribute("href");
  expect(recordPath).toMatch(/^\/data\/show\/\d+$/);
  return recordPath!;
}

/** The public data list as an anonymous visitor sees it (newest first). */
async function anonymousList(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/data/list");
  await expect(page.getByRole("heading", { level: 1, name: "Community conserved areas" })).toBeVisible();
  return { page, close: () => context.close() };
}

test.describe("[CONSENT] a participation's consent decides who sees it", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.clear());
  });

  test("shared with the community: the success screen says so, the public list leaves it out until the owner makes it public", async ({ page, context, browser, baseURL }) => {
    test.setTimeout(90_000);
    const name = `Consent grove ${Date.now()}`;
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    const recordPath = await submitWithConsent(page, name, /The community only/);

    const success = page.getByTestId("participate-success");
    await expect(success.getByRole("heading", { level: 1, name: "Your CCA is saved" })).toBeVisible();
    await expect(success).toContainText("It is visible only to the members of its groups. It is not in the public lists or on the map.");
    await expect(success).not.toContainText("published");

    const anonymous = await anonymousList(browser, baseURL!);
    await expect(anonymous.page.getByText(name)).toHaveCount(0);

    // The owner sees the notice and the consent panel, and widens the consent to everyone.
    await page.goto(recordPath);
    await expect(page.getByRole("note").filter({ hasText: "Shared with the community only" })).toBeVisible();
    const panel = page.getByRole("region", { name: "Consent" });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText("The community only");
    await expect(panel).toContainText("The contributor's declaration");
    await panel.getByRole("button", { name: "Change consent" }).click();
    const dialog = page.getByRole("dialog", { name: /Change the consent of/ });
    await dialog.getByRole("radio", { name: /Everyone \(public\)/ }).check();
    await dialog.getByRole("checkbox", { name: /international registries/ }).check();
    await dialog.getByRole("button", { name: "Save the consent" }).click();
    await expect(page.getByText("Consent changed")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panel.locator('[data-consent="audience"]')).toHaveText("Everyone (public)");
    await expect(panel).toContainText("Earlier consents");
    await expect(page.getByRole("note").filter({ hasText: "Shared with the community only" })).toHaveCount(0);

    await anonymous.page.reload();
    await expect(anonymous.page.getByText(name).first()).toBeVisible();
    await anonymous.close();
  });

  test("in Hindi, a record shared with signed-in members says so under its title", async ({ page, context }) => {
    test.setTimeout(60_000);
    const name = `Members grove ${Date.now()}`;
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    const recordPath = await submitWithConsent(page, name, /Signed-in members/);
    await expect(page.getByTestId("participate-success")).toContainText("It is visible only to signed-in members.");

    await page.goto(`/hi${recordPath}`);
    await expect(page.getByRole("note").filter({ hasText: "केवल साइन इन किए हुए सदस्यों के साथ साझा" })).toBeVisible();
    const panel = page.getByRole("region", { name: "सहमति" });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel.locator('[data-consent="audience"]')).toHaveText("साइन इन किए हुए सदस्य");
    await expect(panel.getByRole("button", { name: "सहमति वापस लें" })).toBeVisible();
  });
});
