import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, signIn, signInThroughDialog, signInWithApi } from "./fixtures";

/** Demo accounts used here (seeded; see src/server/seed). */
const USERS = {
  founder: { email: "founder@example.org", password: "demo-founder-2026" },
  documents: { email: "documents@example.org", password: "demo-documents-2026", name: "Lalthanpuii Ralte" },
  contributor: { email: "contributor@example.org", password: "demo-contributor-2026", name: "Kavita Bhil" },
};
const OPEN_GROUP = { slug: "banni-grasslands", name: "Banni Grassland Commons" };
const CLOSED_GROUP = { slug: "nagaland-community-forests", name: "Nagaland Community Forests" };
const FOUNDED_GROUP = { slug: "sacred-groves" };

const banner = (page: Page) => page.getByRole("banner");

/** Takes `token`'s user out of the group `slug` (member or pending request), whatever ran before. */
async function startAsNonMember(request: APIRequestContext, token: string, slug: string): Promise<void> {
  const groups = (await (await request.get("/userGroup-api/api/v1/group/all")).json()) as { id: number; webAddress: string }[];
  const id = groups.find((g) => g.webAddress.endsWith(`/group/${slug}`))?.id;
  expect(id, slug).toBeDefined();
  const headers = { authorization: `Bearer ${token}` };
  for (const path of [`leave/${id}`, `request/${id}`]) {
    const res = await request.delete(`/userGroup-api/api/v1/group/${path}`, { headers });
    expect([200, 404, 409], `${path}: ${await res.text()}`).toContain(res.status());
  }
}
/** An 8×8 green PNG. */
const PNG_8PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQaArAihiGlgQAYjA+gRKMDAEAAAAASUVORK5CYII=";

test.describe("[GROUPS] joining, leaving and asking to join", () => {
  // No retry budget: these once hid an intermittent hang after "Withdraw request" (issue 9).
  test.describe.configure({ retries: 0 });

  test("a visitor presses Join on an open microsite, signs in through the dialog and is a member after", async ({ page }) => {
    await page.goto(`/group/${OPEN_GROUP.slug}`);
    await banner(page).getByRole("button", { name: "Join microsite" }).click();
    await signInThroughDialog(page, USERS.documents);
    await expect(page.getByText("You joined the microsite")).toBeVisible();
    await expect(banner(page).getByText("Joined")).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Join microsite" })).toHaveCount(0);
    // Still there after a full reload: the membership comes from the platform.
    await page.reload();
    await expect(banner(page).getByText("Joined")).toBeVisible();
  });

  test("a member leaves a microsite after confirming", async ({ page, context }) => {
    await signInWithApi(context, USERS.documents.email, USERS.documents.password);
    // Make sure of the starting point, whatever ran before.
    await page.goto(`/group/${OPEN_GROUP.slug}`);
    const join = banner(page).getByRole("button", { name: "Join microsite" });
    if (await join.isVisible()) {
      await join.click();
      await expect(banner(page).getByText("Joined")).toBeVisible();
    }
    await banner(page).getByRole("button", { name: "Leave" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Leave this microsite?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Leave microsite" }).click();
    await expect(page.getByText("You have left the microsite")).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Join microsite" })).toBeVisible();
    await expect(banner(page).getByText("Joined")).toHaveCount(0);
  });

  test("a member joins with the page header's button and leaves with the top bar's: both controls show it each time", async ({ page, context }) => {
    const token = await signInWithApi(context, USERS.documents.email, USERS.documents.password);
    await startAsNonMember(context.request, token, OPEN_GROUP.slug);
    await page.goto(`/group/${OPEN_GROUP.slug}`);
    const topBar = banner(page);
    const pageHeader = page.getByRole("region", { name: OPEN_GROUP.name });

    await pageHeader.getByRole("button", { name: "Join microsite" }).click();
    await expect(page.getByText("You joined the microsite")).toBeVisible();
    await expect(pageHeader.getByText("Joined")).toBeVisible();
    await expect(topBar.getByText("Joined")).toBeVisible();

    await topBar.getByRole("button", { name: "Leave" }).click();
    await page.getByRole("alertdialog", { name: "Leave this microsite?" }).getByRole("button", { name: "Leave microsite" }).click();
    await expect(page.getByText("You have left the microsite")).toBeVisible();
    await expect(topBar.getByRole("button", { name: "Join microsite" })).toBeVisible();
    await expect(pageHeader.getByRole("button", { name: "Join microsite" })).toBeVisible();
    await expect(topBar.getByText("Joined", { exact: true })).toHaveCount(0);
    await expect(pageHeader.getByText("Joined", { exact: true })).toHaveCount(0);
    // And so after a reload: the platform agrees.
    await page.reload();
    await expect(pageHeader.getByRole("button", { name: "Join microsite" })).toBeVisible();
    await expect(topBar.getByRole("button", { name: "Join microsite" })).toBeVisible();
  });

  test("a user asks to join a closed microsite, its founder approves, and the user is a member", async ({ browser, baseURL }) => {
    // Two people, two browsers, each step rendered again from the server.
    test.setTimeout(60_000);
    const userContext = await browser.newContext({ baseURL });
    const user = await userContext.newPage();
    const token = await signInWithApi(userContext, USERS.contributor.email, USERS.contributor.password);
    await startAsNonMember(userContext.request, token, CLOSED_GROUP.slug);
    await user.goto(`/group/${CLOSED_GROUP.slug}`);
    await banner(user).getByRole("button", { name: "Join microsite" }).click();
    const ask = user.getByRole("alertdialog", { name: "Ask to join?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Send request" }).click();
    await expect(user.getByText("Your request to join has been sent")).toBeVisible();
    await expect(banner(user).getByText("Requested")).toBeVisible();
    // Withdrawn and asked again.
    await banner(user).getByRole("button", { name: "Withdraw request" }).click();
    await expect(user.getByText("Your request to join was withdrawn")).toBeVisible();
    await banner(user).getByRole("button", { name: "Join microsite" }).click();
    await user.getByRole("alertdialog", { name: "Ask to join?" }).getByRole("button", { name: "Send request" }).click();
    await expect(banner(user).getByText("Requested")).toBeVisible();
    await user.reload();
    await expect(banner(user).getByRole("button", { name: "Withdraw request" })).toBeVisible();

    const founderContext = await browser.newContext({ baseURL });
    const founder = await founderContext.newPage();
    await signInWithApi(founderContext, USERS.founder.email, USERS.founder.password);
    await founder.goto(`/group/${CLOSED_GROUP.slug}`);
    await banner(founder).getByRole("link", { name: "Edit microsite" }).click();
    await expect(founder).toHaveURL(new RegExp(`/group/${CLOSED_GROUP.slug}/edit$`));
    const requests = founder.getByRole("list", { name: "Join requests" });
    await requests.getByRole("button", { name: `Approve ${USERS.contributor.name}` }).click();
    await expect(founder.getByText(`${USERS.contributor.name} is now a member`)).toBeVisible();
    await expect(founder.getByText("No pending requests")).toBeVisible();

    await user.reload();
    await expect(banner(user).getByText("Joined")).toBeVisible();
    await userContext.close();
    await founderContext.close();
  });
});

test.describe("[GROUPS] running a microsite", () => {
  test("a founder who follows a link inside the microsite keeps Joined and Edit microsite in the header", async ({ page, context, baseURL }) => {
    // A one-hour session token, as the platform issues by default: the next page is rendered with the same token.
    await signIn(context, baseURL!, { id: 8, name: "Group Founder", roles: ["ROLE_USER"] });
    await page.goto(`/group/${FOUNDED_GROUP.slug}`);
    await expect(banner(page).getByRole("link", { name: "Edit microsite" })).toBeVisible();
    // Hydrated, so the link below is followed in the page (client-side), as a person's click is.
    await page.waitForFunction(() => (window as unknown as { next?: { router?: { isReady?: boolean } } }).next?.router?.isReady === true);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole("main").getByRole("link", { name: "About this microsite" }).click();
    await expect(page).toHaveURL(new RegExp(`/group/${FOUNDED_GROUP.slug}/about$`));
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expect(banner(page).getByText("Joined")).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Edit microsite" })).toBeVisible();
  });

  test("a founder renames the microsite in Hindi and the Hindi header shows the new name", async ({ page, context }) => {
    await signInWithApi(context, USERS.founder.email, USERS.founder.password);
    await page.goto(`/hi/group/${CLOSED_GROUP.slug}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "माइक्रोसाइट संपादित करें" })).toBeVisible();
    const hindi = page.getByRole("group", { name: "हिन्दी" });
    const newName = `नागालैंड सामुदायिक वन ${Date.now() % 10_000}`;
    await hindi.getByRole("textbox", { name: "नाम" }).fill(newName);
    await page.getByRole("button", { name: "माइक्रोसाइट सहेजें" }).click();
    await expect(page.getByText("माइक्रोसाइट अपडेट की गई")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hi/group/${CLOSED_GROUP.slug}$`));
    await expect(banner(page).getByRole("link", { name: new RegExp(newName) }).first()).toBeVisible();
    // The English header keeps the English name.
    await page.goto(`/group/${CLOSED_GROUP.slug}`);
    await expect(banner(page).getByText(CLOSED_GROUP.name, { exact: true })).toBeVisible();
  });

  test("a founder uploads a new logo (JPG or PNG only) and the header shows it", async ({ page, context }) => {
    await signInWithApi(context, USERS.founder.email, USERS.founder.password);
    await page.goto(`/group/${CLOSED_GROUP.slug}/edit`);
    const input = page.getByTestId("group-logo-input");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(page.getByText("Only JPG and PNG images can be used as a logo")).toBeVisible();
    await input.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(PNG_8PX, "base64") });
    const preview = page.getByRole("img", { name: "Current logo" });
    await expect(preview).toHaveAttribute("src", /\/userGroups\/ibpmu-[0-9a-f]+\/[0-9a-f-]+\.png/);
    const uploaded = /userGroups(\/ibpmu-[^?]+)/.exec((await preview.getAttribute("src"))!)![1]!;
    await page.getByRole("button", { name: "Save microsite" }).click();
    await expect(page).toHaveURL(new RegExp(`/group/${CLOSED_GROUP.slug}$`));
    await expect(banner(page).locator(`img[src*="${uploaded}"]`)).toBeVisible();
  });

  test("a founder adds a moderator by searching their name, then removes them after confirming", async ({ page, context }) => {
    test.setTimeout(60_000);
    await signInWithApi(context, USERS.founder.email, USERS.founder.password);
    await page.goto(`/group/${FOUNDED_GROUP.slug}/edit`);
    const admins = page.getByRole("region", { name: "Administrators" });
    await admins.getByText("Moderator", { exact: true }).click();
    await admins.getByRole("searchbox", { name: /Find a user by name/ }).fill("Imran");
    await admins.getByRole("button", { name: "Add Imran Qureshi" }).click();
    await admins.getByRole("button", { name: "Add administrators" }).click();
    await expect(page.getByText("Administrators added")).toBeVisible();
    const moderators = admins.getByRole("list", { name: "Moderators" });
    await expect(moderators.getByRole("link", { name: "Imran Qureshi" })).toBeVisible();
    // An unknown e-mail address is refused with a reason.
    await admins.getByRole("textbox", { name: "Or add by e-mail address" }).fill("nobody-here@example.org");
    await admins.getByRole("button", { name: "Add e-mail" }).click();
    await admins.getByRole("button", { name: "Add administrators" }).click();
    await expect(admins.getByRole("alert")).toContainText("Could not add the administrators");

    await moderators.getByRole("button", { name: "Remove Imran Qureshi" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Imran Qureshi?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Imran Qureshi was removed")).toBeVisible();
    await expect(moderators).toHaveCount(0);
  });

  test("a wrong address is refused on its field, in the visitor's language", async ({ page, context }) => {
    await signInWithApi(context, USERS.founder.email, USERS.founder.password);
    await page.goto(`/group/${FOUNDED_GROUP.slug}/edit`);
    const address = page.getByRole("textbox", { name: /^Address/ });
    await address.fill("has space/slash");
    await page.getByRole("button", { name: "Save microsite" }).click();
    await expect(page.getByText("Use only letters, digits, - and _ (no spaces or /)")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    // Taken by another group: the platform's answer lands on the same field.
    await address.fill(OPEN_GROUP.slug);
    await expect(page.getByText(`/group/${OPEN_GROUP.slug}`)).toBeVisible();
    await page.getByRole("button", { name: "Save microsite" }).click();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(new RegExp(`/group/${FOUNDED_GROUP.slug}/edit$`));
  });

  test("an admin creates a microsite; it is in the microsites dropdown and the list at once", async ({ page, context }) => {
    await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);
    const stamp = Date.now() % 100_000;
    const name = `Kaziranga Wetland Keepers ${stamp}`;
    const slug = `kaziranga-${stamp}`;
    await page.goto("/group/create");
    await expect(page.getByRole("heading", { level: 1, name: "Create microsite" })).toBeVisible();
    await page.getByRole("group", { name: "English" }).getByRole("textbox", { name: /^Name/ }).fill(name);
    await page.getByRole("group", { name: "English" }).getByRole("textbox", { name: "Description" }).fill("Fishing and grazing communities around the wetlands.");
    await page.getByRole("textbox", { name: /^Address/ }).fill(slug);
    await expect(page.getByText(`/group/${slug}`)).toBeVisible();
    await page.getByRole("button", { name: "Create microsite" }).click();
    await expect(page.getByText("Microsite created")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/group/${slug}$`));
    await expect(banner(page).getByText(name, { exact: true })).toBeVisible();

    await page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: /Microsites/ }).click();
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name })).toHaveAttribute("href", `/group/${slug}`);

    await page.goto("/group/list");
    await expect(page.getByRole("list", { name: "Microsites" }).getByRole("link", { name })).toBeVisible();
  });

  test("members get the 403 screen on a microsite's edit screen and on create; visitors are sent to sign in", async ({ page, context }) => {
    const edit = await page.goto(`/group/${FOUNDED_GROUP.slug}/edit`);
    await expect(page).toHaveURL(/\/login\?forward=/);
    expect(edit?.status()).toBe(200);
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    for (const path of [`/group/${FOUNDED_GROUP.slug}/edit`, "/group/create"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    }
  });
});

test.describe("[GROUPS] the microsite list, home and about screens", () => {
  test("the list shows every microsite with its member count and filters as you type", async ({ page }) => {
    await page.goto("/group/list");
    const list = page.getByRole("list", { name: "Microsites" });
    const row = list.getByRole("listitem").filter({ hasText: OPEN_GROUP.name });
    await expect(row.getByText(/^\d+ members?$/)).toBeVisible();
    await expect(row.getByText("Open")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search microsites" }).fill("nagaland");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search microsites" }).fill("(no such [group");
    await expect(page.getByText("No microsite matches “(no such [group”")).toBeVisible();
  });

  test("a visitor pressing Join in the list is asked to sign in first", async ({ page }) => {
    await page.goto("/group/list");
    const row = page.getByRole("list", { name: "Microsites" }).getByRole("listitem").filter({ hasText: OPEN_GROUP.name });
    await row.getByRole("button", { name: /Join microsite/ }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  });

  test("the about screen lists the founders with links to their profiles", async ({ page }) => {
    await page.goto(`/group/${FOUNDED_GROUP.slug}/about`);
    const founders = page.getByRole("list", { name: "Founders" });
    await expect(founders.getByRole("link").first()).toHaveAttribute("href", /^\/group\/sacred-groves\/user\/show\/\d+$/);
  });

  test("a microsite on its own domain shows its own header and its links stay on that domain", async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    const origin = `http://chilika.localhost:${port}`;
    await page.goto(`${origin}/`);
    await expect(banner(page).getByText("Chilika Fishing Commons", { exact: true })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: /Chilika Fishing Commons/ })).toHaveAttribute("href", "/");
    const users = page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Users" });
    await expect(users).toHaveAttribute("href", "/user/list");
    await page.goto(`${origin}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "About Chilika Fishing Commons" })).toBeVisible();
    await users.click();
    await expect(page).toHaveURL(`${origin}/user/list`);
  });
});

test.describe("[A11Y] microsite screens have no serious axe violations", () => {
  for (const lang of ["", "/hi"]) {
    test(`list and home${lang ? " in Hindi" : ""}`, async ({ page }) => {
      await page.goto(`${lang}/group/list`);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`${lang}/group/${FOUNDED_GROUP.slug}`);
      await expectNoSeriousA11yViolations(page);
    });

    test(`edit screen${lang ? " in Hindi" : ""}`, async ({ page, context }) => {
      await signInWithApi(context, USERS.founder.email, USERS.founder.password);
      const response = await page.goto(`${lang}/group/${FOUNDED_GROUP.slug}/edit`);
      expect(response?.status()).toBe(200);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("[LABELS] Local Contexts labels on a microsite", () => {
  test("its founder adds a label on the about screen; an anonymous visitor sees it, in Hindi with the community's own text", async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    await signInWithApi(page.context(), USERS.founder.email, USERS.founder.password);
    const api = `/userGroup-api/api/v1/group/labels/2`;
    const seeded = (await (await page.request.get(api)).json()) as Array<{ labelId: string; text: unknown }>;
    try {
      await page.goto(`/group/${CLOSED_GROUP.slug}/about`);
      const section = page.getByTestId("group-labels");
      await expect(section.locator("[data-label='tk-community-voice']")).toContainText("Community Voice");
      await section.getByRole("button", { name: "Edit labels" }).click();
      const dialog = page.getByRole("dialog", { name: `Labels of “${CLOSED_GROUP.name}”` });
      await dialog.getByRole("checkbox", { name: /^Open to Collaboration/ }).check();
      await dialog.getByRole("button", { name: "Save the labels" }).click();
      await expect(dialog).toBeHidden();
      await expect(section.locator("[data-label='tk-open-to-collaboration']")).toContainText("Open to Collaboration");

      const visitor = await browser.newContext({ baseURL });
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/hi/group/${CLOSED_GROUP.slug}/about`);
      const shown = anonymous.getByTestId("group-labels");
      await expect(shown.locator("[data-label='tk-open-to-collaboration']")).toContainText("सहयोग के लिए खुला");
      await expect(shown.locator("[data-label='tk-community-voice']")).toContainText("इन वनों की ओर से नागालैंड की ग्राम परिषदें बोलती हैं");
      await expect(shown.getByRole("button")).toHaveCount(0);
      await visitor.close();
    } finally {
      // Back to the seed's labels for the other tests (a new token: the e2e tokens live 8 s).
      const token = await signInWithApi(page.context(), USERS.founder.email, USERS.founder.password);
      const reset = await page.request.put(api, { data: { labels: seeded.map((l) => ({ labelId: l.labelId, text: l.text })) }, headers: { Authorization: `Bearer ${token}` } });
      expect(reset.status()).toBe(200);
    }
  });
});
