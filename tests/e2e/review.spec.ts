import { expect, test, type Page } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, signInWithApi } from "./fixtures";

// Review before publication (issue 30, item 5): the demo's master template ("CCA inventory") asks for a
// curator's review. The data curator is a seed user (src/server/seed/demo-users.ts).
const FORM = "/participate/master";
const CURATOR = { email: "datacurator@example.org", password: "demo-data-2026" };

/** Anonymous /data/list searched for the name: whether the record is listed. */
async function publicListShows(page: Page, name: string): Promise<boolean> {
  await page.goto(`/data/list?query=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").first()).not.toHaveText("");
  return (await page.getByRole("link", { name }).count()) > 0;
}

test.describe("[REVIEW] a record of a reviewed form waits for a curator", () => {
  test("member submits with public consent → waiting for review, not public → the curator publishes it → public", async ({ browser }) => {
    test.setTimeout(90_000);
    const name = `Review grove e2e ${Date.now()}`;

    // The member submits to the master template with public consent.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signInWithApi(memberContext, DEMO.member.email, DEMO.member.password);
    await member.goto(FORM);
    await expect(member.getByRole("heading", { level: 1, name: "CCA inventory" })).toBeVisible();
    await member.getByLabel("Name of the CCA").fill(name);
    await member.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Karnataka" });
    await member.getByRole("checkbox", { name: "Forest → Sacred grove" }).check();
    await member.getByTestId("consent-section").getByRole("radio", { name: "Everyone (public)" }).check();
    await member.getByRole("checkbox", { name: /I confirm/ }).check();
    await member.getByRole("button", { name: "Submit" }).click();
    const success = member.getByTestId("participate-success");
    await expect(success.getByRole("heading", { level: 1, name: "Your CCA is saved" })).toBeVisible({ timeout: 20_000 });
    await expect(success.getByTestId("participate-success-review")).toContainText("waiting for a curator's review");
    const recordPath = await member.getByRole("link", { name: "View your record" }).getAttribute("href");
    expect(recordPath).toMatch(/^\/data\/show\/\d+$/);
    // The owner sees the notice on the record.
    await member.goto(recordPath!);
    await expect(member.getByTestId("review-notice")).toHaveText("Waiting for a curator's review: only you, the curators and its groups' founders and moderators see it");
    await memberContext.close();

    // An anonymous visitor does not find it.
    const anonymousContext = await browser.newContext();
    const anonymous = await anonymousContext.newPage();
    expect(await publicListShows(anonymous, name)).toBe(false);

    // The data curator sees the count in the menu, opens the queue and publishes it.
    const curatorContext = await browser.newContext();
    const curator = await curatorContext.newPage();
    await signInWithApi(curatorContext, CURATOR.email, CURATOR.password);
    await curator.goto("/");
    const menuLink = curator.getByRole("navigation", { name: "Site" }).getByTestId("review-link").first();
    await expect(menuLink).toHaveText(/^Review \(\d+\)$/, { timeout: 15_000 });
    await menuLink.click();
    await expect(curator).toHaveURL(/\/data\/review$/);
    await expect(curator.getByRole("heading", { level: 1, name: "Records waiting for review" })).toBeVisible();
    const row = curator.locator("[data-review-item]").filter({ has: curator.getByRole("link", { name }) });
    await expect(row.getByTestId("review-state")).toHaveText("Waiting for review");
    await expect(row).toContainText("CCA inventory");
    await expect(row).toContainText("Everyone (public)");
    await expectNoSeriousA11yViolations(curator);
    await row.getByRole("button", { name: `Publish “${name}”` }).click();
    await expect(curator.getByText(`“${name}” is published`)).toBeVisible();
    await expect(curator.getByRole("link", { name })).toHaveCount(0);
    await curatorContext.close();

    // Now the public list shows it.
    expect(await publicListShows(anonymous, name)).toBe(true);
    await anonymousContext.close();
  });

  test("the queue in Hindi", async ({ page, context }) => {
    await signInWithApi(context, CURATOR.email, CURATOR.password);
    await page.goto("/hi/data/review");
    await expect(page.getByRole("heading", { level: 1, name: "समीक्षा की प्रतीक्षा में रिकॉर्ड" })).toBeVisible();
  });

  test("a member who reviews nothing is told who does", async ({ page, context }) => {
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto("/data/review");
    await expect(page.getByRole("heading", { level: 1, name: "Only curators review records" })).toBeVisible();
  });
});
