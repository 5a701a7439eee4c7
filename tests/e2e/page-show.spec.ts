import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, signInThroughDialog, signInWithApi } from "./fixtures";

/** A group whose small tree these tests may change (no other spec depends on its pages). */
const GROUP = { id: 3, slug: "banni-grasslands" };
const EDITOR = { email: "pages@example.org", password: "demo-pages-2026" };
const EN = 205;
/** A signed-in user with no page rights (external data contributor). */
const PLAIN_USER = { email: "contributor@example.org", password: "demo-contributor-2026" };

interface CreatedPage {
  id: number;
  title: string;
}

/** Creates a page through pages-api as the page editor (fresh token: access tokens live seconds in e2e). */
async function createPage(request: APIRequestContext, body: Record<string, unknown>): Promise<CreatedPage> {
  const login = await request.post("/userGroup-api/api/v1/group/login", { form: { username: EDITOR.email, password: EDITOR.password, mode: "manual" } });
  expect(login.status()).toBe(200);
  const { access_token } = await login.json();
  const res = await request.post("/pages-api/api/v1/page", {
    headers: { authorization: `Bearer ${access_token}` },
    data: { content: "<p>Test page.</p>", languageId: EN, userGroupId: GROUP.id, pageType: "Content", showInMenu: true, showInFooter: true, ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
  const page = await res.json();
  return { id: page.id, title: page.title };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const groupPath = (path: string) => `/group/${GROUP.slug}${path}`;

/** Positions of the named links inside a region, in document order (-1 when missing). */
async function orderOf(region: Locator, names: string[]): Promise<number[]> {
  const texts = (await region.getByRole("link").allInnerTexts()).map((s) => s.trim());
  return names.map((name) => texts.indexOf(name));
}

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Pages", exact: true });
}

/** Clicks until the screen reacts (a click that lands before hydration does nothing). */
async function clickUntil(button: Locator, reaction: Locator): Promise<void> {
  await expect(async () => {
    if (!(await reaction.isVisible())) await button.click();
    await expect(reaction).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

test.describe("[PAGES] page show: reading, options, reorder, delete, comments", () => {
  test("an editor reorders the tree with the keyboard; the order survives a reload and reaches the menu and footer", async ({ page, context, request }) => {
    const first = await createPage(request, { title: unique("Reorder first") });
    const second = await createPage(request, { title: unique("Reorder second") });
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    await page.goto(groupPath(`/page/show/${first.id}`));

    const nav = sidebar(page);
    const [a, b] = await orderOf(nav, [first.title, second.title]);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a!);

    const toggle = nav.getByRole("button", { name: "Reorder pages" });
    await expect(async () => {
      if ((await toggle.getAttribute("aria-pressed")) !== "true") {
        await toggle.focus();
        await page.keyboard.press("Enter");
      }
      await expect(toggle).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });

    const moveUp = nav.getByRole("button", { name: `Move “${second.title}” up` });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("status")).toHaveText("Page order saved");
    // Focus stays on the moved page's control.
    await expect(moveUp).toBeFocused();

    // Indent the first page under the second, with Space this time.
    const indent = nav.getByRole("button", { name: `Make “${first.title}” a subpage of the page above` });
    await indent.focus();
    await page.keyboard.press("Space");
    await expect(nav.getByRole("status")).toHaveText("Page order saved");
    await expect(indent).toBeFocused();

    await page.reload();
    const after = sidebar(page);
    const order = await orderOf(after, [second.title, first.title]);
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[1]).toBeGreaterThan(order[0]!);
    // The first page is now listed inside the second page's item.
    const secondItem = after.getByRole("listitem").filter({ has: page.getByRole("link", { name: second.title, exact: true }) }).first();
    await expect(secondItem.getByRole("link", { name: first.title, exact: true })).toBeVisible();

    // The primary menu and the footer of the next page view show the new order (second before first).
    const menuOrder = await orderOf(page.getByRole("navigation", { name: "Main menu" }), [second.title]);
    expect(menuOrder[0]).toBeGreaterThanOrEqual(0);
    const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "More pages" });
    const footerOrder = await orderOf(footer, [second.title, first.title]);
    expect(footerOrder[0]).toBeGreaterThanOrEqual(0);
    expect(footerOrder[1]).toBeGreaterThan(footerOrder[0]!);

    // Outdent again: the first page is back at the top level, right after the second.
    await clickUntil(sidebar(page).getByRole("button", { name: "Reorder pages" }), sidebar(page).getByRole("button", { name: "Reorder pages", pressed: true }));
    await sidebar(page).getByRole("button", { name: `Move “${first.title}” out one level` }).press("Enter");
    await expect(sidebar(page).getByRole("status")).toHaveText("Page order saved");
    await page.goto(groupPath(`/page/show/${second.id}`));
    const menu = await orderOf(page.getByRole("navigation", { name: "Main menu" }), [second.title, first.title]);
    expect(menu[1]).toBeGreaterThan(menu[0]!);
  });

  test("an editor deletes a page through the confirmation dialog; its address is then a 404 and it leaves the tree and footer", async ({ page, context, request }) => {
    const doomed = await createPage(request, { title: unique("Delete me") });
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    // The no-pages screen offers editors a way to start.
    await page.goto(groupPath("/page/empty"));
    await expect(page.getByText("There are no pages available")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Create page →" })).toHaveAttribute("href", groupPath("/page/create"));

    await page.goto(groupPath(`/page/show/${doomed.id}`));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: doomed.title })).toBeVisible();

    let dialog = page.getByRole("alertdialog");
    await clickUntil(page.getByRole("button", { name: "Delete page" }), dialog);
    await expect(dialog).toContainText(doomed.title);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.reload())?.status()).toBe(200);

    await page.getByRole("button", { name: "Delete page" }).click();
    dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Delete page" }).click();
    await expect(page.getByText("Page deleted")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/group/${GROUP.slug}/?$`));

    const gone = await page.goto(groupPath(`/page/show/${doomed.id}`));
    expect(gone?.status()).toBe(404);
    await page.goto(groupPath("/page/show/1021"));
    await expect(sidebar(page).getByRole("link", { name: doomed.title })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: doomed.title })).toHaveCount(0);

  });

  test("an editor drags a page above another; the order is saved", async ({ page, context, request }) => {
    const top = await createPage(request, { title: unique("Drag target") });
    const moved = await createPage(request, { title: unique("Dragged") });
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    await page.goto(groupPath(`/page/show/${top.id}`));
    const nav = sidebar(page);
    await clickUntil(nav.getByRole("button", { name: "Reorder pages" }), nav.getByRole("button", { name: "Reorder pages", pressed: true }));
    const row = (title: string) => nav.locator("li", { hasText: title }).last().locator("[draggable]").first();
    await row(moved.title).dragTo(row(top.title), { targetPosition: { x: 40, y: 2 } });
    await expect(nav.getByRole("status")).toHaveText("Page order saved");
    await page.reload();
    const [a, b] = await orderOf(sidebar(page), [moved.title, top.title]);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a!);
  });

  test("a visitor comments through the sign-in dialog and the comment appears in the list", async ({ page, request }) => {
    const talk = await createPage(request, { title: unique("Talk"), allowComments: true });
    await page.goto(groupPath(`/page/show/${talk.id}`));
    const comments = page.getByRole("region", { name: /Comments/ });
    await comments.scrollIntoViewIfNeeded();
    await expect(comments.getByText("No comments yet. Be the first to comment.")).toBeVisible();

    // Blank text is refused without asking anyone to sign in.
    await comments.getByRole("button", { name: "Post comment" }).click();
    await expect(comments.getByRole("alert")).toHaveText("Write something before posting");

    const text = `A visitor's note ${Date.now()} <b>not bold</b>`;
    await comments.getByLabel("Add a comment").fill(text);
    await expect(comments.getByText(`${text.length} / 2000 characters`)).toBeVisible();
    await comments.getByRole("button", { name: "Post comment" }).click();

    await signInThroughDialog(page, DEMO.member);

    await expect(page.getByText("Comment added")).toBeVisible();
    const list = comments.getByTestId("comment-list");
    await expect(list.getByText(text, { exact: true })).toBeVisible();
    await expect(list.locator("b")).toHaveCount(0);
    await expect(comments.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    await expect(comments.getByLabel("Add a comment")).toHaveValue("");
    await expect(list.getByRole("link").first()).toHaveAttribute("href", /\/user\/show\/\d+$/);
  });

  test("a signed-in user without page rights sees no create, edit, delete or reorder controls, and the platform refuses them", async ({ page, context }) => {
    // Not the demo member: another spec makes that account a page editor.
    const token = await signInWithApi(context, PLAIN_USER.email, PLAIN_USER.password);
    const refused = await context.request.delete("/pages-api/api/v1/page/1021", { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    await page.goto(groupPath("/page/show/1021"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    for (const name of ["Delete page", "Reorder pages"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    for (const name of ["Edit page", "Create page"]) await expect(page.getByRole("main").getByRole("link", { name })).toHaveCount(0);
    await page.goto(groupPath("/page/empty"));
    await expect(page.getByText("There are no pages available")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Create page →" })).toHaveCount(0);
  });

  test("headings give a quick navigation whose links jump to them; the banner shows the caption with its licence", async ({ page, request }) => {
    const filler = "<p>Lorem ipsum dolor sit amet.</p>".repeat(40);
    const doc = await createPage(request, {
      title: unique("Guide"),
      content: `<h2>First part</h2>${filler}<h2>Second part</h2>${filler}<h2>First part</h2>${filler}`,
    });
    await page.goto(groupPath(`/page/show/${doc.id}`));
    const toggle = page.getByRole("button", { name: "Quick navigation" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const toc = page.getByRole("navigation", { name: "Contents of this page" });
    await clickUntil(toggle, toc);
    await expect(toc.getByRole("link")).toHaveText(["First part", "Second part", "First part"]);
    await toc.getByRole("link").nth(2).click();
    await expect(page).toHaveURL(/#first-part-2$/);
    await expect(page.locator("#first-part-2")).toBeInViewport();

    // A page without headings has no quick navigation.
    await page.goto(groupPath("/page/show/1021"));
    await expect(page.getByRole("button", { name: "Quick navigation" })).toHaveCount(0);

    // The about page's gallery: caption, attribution and licence name; slide controls; social preview at 600×330.
    // Reduced motion: no autoplay (so no pause button), the slides change only when asked.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/page/show/45");
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
    const carousel = page.getByRole("region", { name: "Page gallery" });
    await expect(page.getByTestId("slide-caption")).toHaveText("The canopy of a sacred grove by Portal team · CC BY (Attribution)");
    await clickUntil(carousel.getByRole("button", { name: "Next image" }), page.getByTestId("slide-caption").filter({ hasText: "Banni grassland" }));
    await expect(page.getByTestId("slide-caption")).toHaveText("Banni grassland at dusk by Portal team · CC BY-SA (Attribution-ShareAlike)");
    await expect(carousel.getByRole("button", { name: "Show image 2 of 2" })).toHaveAttribute("aria-current", "true");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/files-api\/api\/get\/crop\/pages\/seed\/gallery\/sacred-grove\.jpg\?w=600&h=330$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "About Community Conserved Areas");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    // The description is shown once (not again inside every slide).
    await expect(page.getByRole("main").getByText("What Community Conserved Areas are, why they matter and where to find them in South Asia.", { exact: true })).toHaveCount(1);
  });

  test("the content table wraps its cells to fit the column on a desktop; on a phone it scrolls in a focusable region that shows it scrolls", async ({ page }) => {
    const HEADERS = ["Area", "State", "Ecosystem", "Community", "How it is governed"];
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/page/show/45");
    const region = page.getByRole("region", { name: "Scroll sideways to see the whole table" });
    await expect(region.getByRole("columnheader")).toHaveText(HEADERS);
    // Every column fits: the wrapper has nothing to scroll, and each header lies inside it and the viewport.
    const fit = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    const box = (await region.boundingBox())!;
    for (const name of HEADERS) {
      const header = (await region.getByRole("columnheader", { name, exact: true }).boundingBox())!;
      expect(header.x, name).toBeGreaterThanOrEqual(box.x - 1);
      expect(header.x + header.width, name).toBeLessThanOrEqual(Math.min(box.x + box.width, 1366) + 1);
    }
    // Prose cells wrap instead of stretching the table.
    const long = region.getByRole("cell", { name: "Village council resolution banning hunting (1998)" });
    const lines = await long.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeGreaterThan(1);

    // On a phone the table still overflows: the region scrolls, shows it (a shadow at the edge with more columns;
    // its scrollbar is styled to stay drawn, which headless Chromium hides), takes focus and moves with the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/page/show/45");
    const narrow = await region.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
      background: getComputedStyle(el).backgroundImage,
    }));
    expect(narrow.scrollWidth).toBeGreaterThan(narrow.clientWidth);
    expect(narrow.overflowX).toBe("auto");
    expect(narrow.background).toContain("radial-gradient");
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  for (const lang of ["en", "hi"] as const) {
    test(`axe: page show in ${lang}, for a visitor and for an editor with reorder mode and the delete dialog open`, async ({ page, context }) => {
      test.slow(); // three full axe passes
      const prefix = lang === "hi" ? "/hi" : "";
      await page.goto(`${prefix}/page/show/45`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await signInWithApi(context, EDITOR.email, EDITOR.password);
      await page.goto(`${prefix}/group/${GROUP.slug}/page/show/1021`);
      const nav = sidebar(page).or(page.getByRole("navigation", { name: "पृष्ठ", exact: true }));
      const reorder = lang === "hi" ? "पृष्ठों का क्रम बदलें" : "Reorder pages";
      await clickUntil(nav.getByRole("button", { name: reorder }), nav.getByRole("button", { name: reorder, pressed: true }));
      await expectNoSeriousA11yViolations(page);
      await clickUntil(page.getByRole("button", { name: lang === "hi" ? "पृष्ठ हटाएँ" : "Delete page" }).first(), page.getByRole("alertdialog"));
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toBeHidden();
    });
  }
});
