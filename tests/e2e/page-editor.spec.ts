import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, SEED, signInWithApi } from "./fixtures";

const EDITOR = { email: "pages@example.org", password: "demo-pages-2026" };
const ADMIN = { email: "admin@example.org", password: "demo-admin-2026" };
/** A signed-in user without page rights (member@example.org becomes a page editor in accounts.spec, which shares this server). */
const NO_PAGE_RIGHTS = { email: "documents@example.org", password: "demo-documents-2026" };

/** A large photo-like JPEG (gradient + noise), made here so the test needs no fixture file. */
async function largeJpeg(width = 2400, height = 1600): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x + y) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels } }).jpeg({ quality: 90 }).toBuffer();
}

/** Dialogs (alert/confirm/prompt) the page opened; the browser's own leave prompt is accepted. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") {
      void dialog.accept();
      return;
    }
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

function contentEditor(page: Page, name = "Content") {
  return page.getByRole("textbox", { name });
}

async function typeContent(page: Page, text: string, name = "Content") {
  const editor = contentEditor(page, name);
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type(text);
}

async function submitAndOpenShow(page: Page, button: string): Promise<number> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/page\/show\/\d+$/);
  return Number(/\/page\/show\/(\d+)$/.exec(page.url())![1]);
}

test.describe("[PAGES] the page editor", () => {
  test("an editor creates a page with an image uploaded through the editor, sees it in the tree and menu, then edits and moves it under a footer page", async ({ page, context, request }) => {
    test.setTimeout(90_000);
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    const dialogs = recordDialogs(page);
    const title = `Village forest councils ${Date.now()}`;
    await page.goto("/page/create");
    await expect(page.getByRole("heading", { level: 1, name: "Create page" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await typeContent(page, "Forest councils manage commons together.");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Upload image" }).click();
    await (await chooser).setFiles({ name: "council-meeting.jpg", mimeType: "image/jpeg", buffer: await largeJpeg() });
    const inserted = contentEditor(page).locator("img");
    await expect(inserted).toHaveAttribute("src", /^\/files-api\/api\/get\/raw\/pages\/.+\.jpg$/, { timeout: 30_000 });
    // The editor asks for the new image's description.
    await page.getByRole("textbox", { name: "Describe this image for people who cannot see it" }).fill("Council meeting in the village");
    await page.getByRole("button", { name: "Save description" }).click();
    await expect(inserted).toHaveAttribute("alt", "Council meeting in the village");

    // The video picker offers mp4 only; the upload is inserted as a playable <video>.
    const videoChooser = page.waitForEvent("filechooser");
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Upload video (MP4)" }).click();
    const picker = await videoChooser;
    expect(await picker.element().getAttribute("accept")).toBe("video/mp4");
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(256)]);
    await picker.setFiles({ name: "walk.mp4", mimeType: "video/mp4", buffer: mp4 });
    await expect(contentEditor(page).locator("video")).toHaveAttribute("src", /^\/files-api\/api\/get\/raw\/pages\/.+\.mp4$/, { timeout: 30_000 });

    await page.getByText("Show in menu", { exact: true }).click();
    await page.getByText("Show in footer", { exact: true }).click();
    const id = await submitAndOpenShow(page, "Create page");
    await expect(page.getByText("Page created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await expect(page.getByRole("article").locator("video[controls]")).toHaveAttribute("src", /\.mp4$/);
    // The stored image was scaled in the browser to at most 1000 px, keeping its proportions.
    const src = await page.getByRole("article").getByRole("img", { name: "Council meeting in the village" }).getAttribute("src");
    expect(src).toMatch(/^\/files-api\/api\/get\/raw\/pages\//);
    const stored = await request.get(src!);
    expect(stored.status()).toBe(200);
    const meta = await sharp(await stored.body()).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1000);
    expect(meta.width).toBe(1000);
    expect(meta.height).toBeGreaterThanOrEqual(660);
    expect(meta.height).toBeLessThanOrEqual(670);

    // The next page view shows it in the sidebar tree and the primary menu.
    await page.goto("/page/show/45");
    await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: title })).toHaveAttribute("href", `/page/${id}`);

    // Edit: a new title and a new parent (the footer lists the pages under "About the portal").
    await page.goto(`/page/edit/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit page" })).toBeVisible();
    await expect(contentEditor(page).locator("img")).toHaveCount(1);
    const newTitle = `${title} (edited)`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(newTitle);
    await page.getByLabel("Parent page").selectOption({ label: "About the portal" });
    await submitAndOpenShow(page, "Update page");
    await expect(page.getByText("Page updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: newTitle })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: newTitle })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test("gallery images upload several at once, keep caption, licence and order, and a removed saved image goes only when the form is saved", async ({ page, context, request }) => {
    test.setTimeout(90_000);
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    const title = `Gallery page ${Date.now()}`;
    await page.goto("/page/create");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await typeContent(page, "A page with a banner gallery.");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add images" }).click();
    await (await chooser).setFiles([
      { name: "first.jpg", mimeType: "image/jpeg", buffer: await largeJpeg(1800, 600) },
      { name: "second.png", mimeType: "image/png", buffer: await sharp(await largeJpeg(640, 400)).png().toBuffer() },
    ]);
    const items = page.getByTestId("gallery-item");
    await expect(items).toHaveCount(2, { timeout: 30_000 });
    await items.nth(0).getByRole("textbox", { name: "Caption" }).fill("Sacred grove at dawn");
    await items.nth(1).getByRole("combobox", { name: "Licence" }).selectOption({ label: "CC BY-SA (Attribution-ShareAlike)" });
    await items.nth(1).getByRole("button", { name: "Move earlier: image 2" }).click();
    await expect(items.nth(0).getByRole("combobox", { name: "Licence" })).toHaveValue("823");
    const id = await submitAndOpenShow(page, "Create page");

    const read = async () => {
      const res = await request.get(`/pages-api/api/v1/page/${id}?format=full`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { galleryData: { id: number; fileName: string; caption: string | null; licenseId: number | null; displayOrder: number }[] }).galleryData;
    };
    const saved = await read();
    expect(saved.map((g) => [g.licenseId, g.caption])).toEqual([
      [823, null],
      [828, "Sacred grove at dawn"],
    ]);
    const banner = await request.get(`/files-api/api/get/raw/pages${saved[1]!.fileName}`);
    const bannerMeta = await sharp(await banner.body()).metadata();
    expect([bannerMeta.width, bannerMeta.height]).toEqual([1000, 333]);

    await page.goto(`/page/edit/${id}`);
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByRole("combobox", { name: "Licence" })).toHaveValue("823");
    await expect(items.nth(1).getByRole("textbox", { name: "Caption" })).toHaveValue("Sacred grove at dawn");
    await items.nth(1).getByRole("button", { name: "Remove image 2" }).click();
    await expect(items).toHaveCount(1);
    // Not saved yet: the platform still has both images.
    expect(await read()).toHaveLength(2);
    await submitAndOpenShow(page, "Update page");
    const after = await read();
    expect(after.map((g) => [g.id, g.licenseId, g.caption])).toEqual([[saved[0]!.id, 823, null]]);
  });

  test("script in page content never runs: typed, pasted, or stored through the API", async ({ page, context, request }) => {
    test.setTimeout(60_000);
    const token = await signInWithApi(context, EDITOR.email, EDITOR.password);
    const dialogs = recordDialogs(page);
    const hostile = '<p>Hostile</p><img src="/no-such.png" onerror="window.__xss = 1; alert(1)"><script>window.__xss = 2; alert(2)</script><a href="javascript:alert(3)">link</a>';
    const created = await request.post("/pages-api/api/v1/page", {
      headers: { authorization: `Bearer ${token}` },
      data: { title: `Hostile ${Date.now()}`, content: hostile, pageType: "Content", parentId: 0, languageId: 205, sticky: false },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`/page/edit/${id}`);
    await expect(contentEditor(page)).toContainText("Hostile");
    // Typed markup is text; pasted HTML goes through the editor's schema.
    await typeContent(page, " <script>window.__xss = 4; alert(4)</script>");
    await contentEditor(page).evaluate((el) => {
      const data = new DataTransfer();
      data.setData("text/html", '<p>Pasted</p><img src="/missing.png" onerror="window.__xss = 5; alert(5)"><script>window.__xss = 6</script>');
      data.setData("text/plain", "Pasted");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(contentEditor(page)).toContainText("Pasted");
    await submitAndOpenShow(page, "Update page");
    const article = page.getByRole("article");
    await expect(article).toContainText("<script>window.__xss = 4; alert(4)</script>");
    await expect(article).toContainText("Pasted");
    expect(await article.locator("script, [onerror]").count()).toBe(0);
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test("a page created in Hindi shows in the Hindi tree and not in the English one", async ({ page, context }) => {
    test.setTimeout(60_000);
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    const title = `सामुदायिक वन ${Date.now()}`;
    await page.goto("/hi/page/create");
    await expect(page.getByRole("heading", { level: 1, name: "पृष्ठ बनाएँ" })).toBeVisible();
    await page.getByRole("textbox", { name: "शीर्षक", exact: true }).fill(title);
    await typeContent(page, "ग्राम सभा अपने जंगल की रक्षा करती है।", "सामग्री");
    await submitAndOpenShow(page, "पृष्ठ बनाएँ");
    expect(new URL(page.url()).pathname).toMatch(/^\/hi\/page\/show\/\d+$/);
    await expect(page.getByText("पृष्ठ सफलतापूर्वक बनाया गया")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "पृष्ठ", exact: true }).getByRole("link", { name: title })).toBeVisible();
    await page.goto("/page/show/45");
    await expect(page.getByRole("navigation", { name: "Pages", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("an editor corrects a page's Hindi text under /hi; the English page keeps its own", async ({ page, context }) => {
    test.setTimeout(60_000);
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    const title = `पूर्वोत्तर भारत के सामुदायिक वन ${Date.now()}`;
    await page.goto("/hi/page/edit/5970");
    const titleBox = page.getByRole("textbox", { name: "शीर्षक", exact: true });
    await expect(titleBox).toHaveValue("पूर्वोत्तर भारत");
    await titleBox.fill(title);
    await submitAndOpenShow(page, "पृष्ठ अपडेट करें");
    expect(new URL(page.url()).pathname).toBe("/hi/page/show/5970");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("main").getByText("ग्राम परिषदों ने सैकड़ों सामुदायिक आरक्षित क्षेत्र घोषित किए हैं।")).toBeVisible();
    await page.goto("/page/show/5970");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("North-east India");
  });

  test("a page created inside a group shows in that group's tree only", async ({ page, context }) => {
    test.setTimeout(60_000);
    await signInWithApi(context, ADMIN.email, ADMIN.password);
    const title = `Grove festival ${Date.now()}`;
    await page.goto(`/group/${SEED.group.slug}/page/create`);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await typeContent(page, "The grove festival is held every spring.");
    await submitAndOpenShow(page, "Create page");
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/group/${SEED.group.slug}/page/show/\\d+$`));
    await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: title })).toBeVisible();
    await page.goto("/page/show/45");
    await expect(page.getByRole("navigation", { name: "Pages", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("a signed-in user without page rights is refused with the 403 screen and a visitor is sent to sign in", async ({ page, context }) => {
    const visitor = await page.goto("/page/create");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("forward")).toBe("/page/create");
    expect(visitor?.status()).toBe(200);
    await page.goto("/page/edit/45");
    expect(new URL(page.url()).searchParams.get("forward")).toBe("/page/edit/45");

    await signInWithApi(context, NO_PAGE_RIGHTS.email, NO_PAGE_RIGHTS.password);
    for (const path of ["/page/create", "/page/edit/45", `/group/${SEED.group.slug}/page/create`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    }
  });

  test("a wrong file type is refused before upload, and an unknown page is a 404", async ({ page, context }) => {
    await signInWithApi(context, EDITOR.email, EDITOR.password);
    await page.goto("/page/create");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add images" }).click();
    await (await chooser).setFiles({ name: "animation.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(page.getByRole("group", { name: "Gallery" }).getByText("animation.gif: only JPG, JPEG, PNG files can be uploaded here.")).toBeVisible();
    // Required fields are announced in the visitor's language.
    await page.getByRole("button", { name: "Create page" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Content is required")).toBeVisible();
    await page.getByText("Redirect", { exact: true }).click();
    await page.getByRole("button", { name: "Create page" }).click();
    await expect(page.getByText("URL is required")).toBeVisible();
    const missing = await page.goto("/page/edit/999999");
    expect(missing?.status()).toBe(404);
  });

  for (const lang of ["en", "hi"] as const) {
    test(`the create and edit screens have no serious accessibility violations (${lang})`, async ({ page, context }) => {
      test.setTimeout(60_000);
      await signInWithApi(context, EDITOR.email, EDITOR.password);
      const prefix = lang === "hi" ? "/hi" : "";
      await page.goto(`${prefix}/page/create`);
      await expect(page.getByRole("toolbar")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto(`${prefix}/page/edit/${lang === "hi" ? 207 : 45}`);
      await expect(page.getByRole("toolbar")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
