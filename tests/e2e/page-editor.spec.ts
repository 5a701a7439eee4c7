import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, SEED, signInWithApi } from "./fixtures";

const EDITOR = { email: "pages@example.org", password: "demo-pages-2026" };
const ADMIN = { email: "admin@example.org", password: "demo-admin-2026" };
const MEMBER = { email: "member@example.org", password: "demo-member-2026" };

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
    await page.getByLabel("Title").fill(title);
    await typeContent(page, "Forest councils manage commons together.");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Upload image" }).click();
    await (await chooser).setFiles({ name: "council-meeting.jpg", mimeType: "image/jpeg", buffer: await largeJpeg() });
    const inserted = contentEditor(page).locator("img");
    await expect(inserted).toHaveAttribute("src", /^\/files-api\/api\/get\/raw\/pages\/.+\.jpg$/, { timeout: 30_000 });

    await page.getByText("Show in menu", { exact: true }).click();
    await page.getByText("Show in footer", { exact: true }).click();
    const id = await submitAndOpenShow(page, "Create page");
    await expect(page.getByText("Page created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // The stored image was scaled in the browser to at most 1000 px, keeping its proportions.
    const src = await page.getByRole("article").locator("img").first().getAttribute("src");
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
    await page.getByLabel("Title").fill(newTitle);
    await page.getByLabel("Parent page").selectOption({ label: "About the portal" });
    await submitAndOpenShow(page, "Update page");
    await expect(page.getByText("Page updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: newTitle })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: newTitle })).toBeVisible();
    expect(dialogs).toEqual([]);
  });
});
