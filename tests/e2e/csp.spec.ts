import { expect as baseExpect, test, type APIResponse, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, signInWithApi } from "./fixtures";

/**
 * The Content-Security-Policy (issue 18): every screen family works under it with no violation, and
 * every page answer carries its own nonce — also when it comes from the anonymous page cache.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const CACHE = "x-portal-cache";
const CHILIKA = "chilika";

const nonceOfHeader = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const scriptNonces = (html: string) => [...html.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);

/** A context whose every page reports CSP violations (the DOM event and Chromium's console message). */
async function watchedContext(browser: Browser, baseURL: string, violations: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.exposeBinding("__reportCsp", ({ page }, text: string) => violations.push(`${page.url()}: ${text}`));
  // Injected by the browser's debugging protocol, so the policy does not apply to this script itself.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(m.text())) violations.push(`${m.location().url}: ${m.text()}`);
  });
  return context;
}

/** The screen's scripts ran: Next hydrated it. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as { next?: { router?: unknown } }).next?.router));
}

async function visit(page: Page, path: string, ready?: (page: Page) => Promise<unknown>): Promise<void> {
  await test.step(path, async () => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await hydrated(page);
    if (ready) await ready(page);
  });
}

const mapReady = (testId: string) => async (page: Page) => {
  const map = page.getByTestId(testId);
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute("data-ready", "true");
  await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
};

function expectOwnNonce(response: APIResponse | null, html: string): string {
  const nonce = nonceOfHeader(response?.headers()["content-security-policy"]);
  expect(nonce, "the page has a nonce in its Content-Security-Policy").toBeTruthy();
  const scripts = scriptNonces(html);
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
  return nonce!;
}

test.describe("[CSP] the content security policy", () => {
  test("every page answer has its own nonce, matching its scripts, also from the page cache", async ({ browser, baseURL, request }) => {
    const policy = (await request.get("/page/show/45")).headers()["content-security-policy"];
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/base-uri '(none|self)'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    const nonces = new Set<string>();
    let etag = "";
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/page/show/45");
      expect(response.headers()[CACHE]).toBe("hit");
      nonces.add(expectOwnNonce(response, await response.text()));
      etag = response.headers().etag ?? "";
    }
    // Revalidation still works: the same ETag whatever the nonce, and a 304 carries no policy (the
    // browser keeps the page it has with the header that matches it).
    expect(etag).not.toBe("");
    const revalidated = await request.get("/page/show/45", { headers: { "if-none-match": etag } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
    // In the browser too: a cached page runs (its scripts match this answer's header), with a new nonce.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const response = await page.goto("/page/show/45");
    expect(response?.headers()[CACHE]).toBe("hit");
    await hydrated(page);
    const inPage = await page.evaluate(() => [...document.scripts].map((s) => s.nonce).filter(Boolean));
    const nonce = nonceOfHeader(response?.headers()["content-security-policy"])!;
    expect(new Set(inPage)).toEqual(new Set([nonce]));
    nonces.add(nonce);
    expect(nonces.size).toBe(3);
    await context.close();
  });

  test("no screen reports a violation: visitors, a member and an administrator", async ({ browser, baseURL, request }) => {
    test.setTimeout(300_000);
    const violations: string[] = [];
    const found = (await (await request.get("/cca-api/api/v1/data/search?query=ratnagiri")).json()) as { data: { id: number }[] };
    const recordId = found.data[0]!.id;

    // A visitor.
    const visitorContext = await watchedContext(browser, baseURL!, violations);
    const visitor = await visitorContext.newPage();
    await visit(visitor, "/", (p) => expect(p.getByRole("banner")).toBeVisible());
    await visit(visitor, "/hi");
    await visit(visitor, "/page/show/45", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible());
    await visit(visitor, "/data/list");
    await visit(visitor, `/data/show/${recordId}`, async (p) => {
      // The record's map loads when its section comes into view.
      await p.locator("#location").scrollIntoViewIfNeeded();
      await expect(p.locator("canvas.maplibregl-canvas")).toBeAttached();
    });
    await visit(visitor, "/map", mapReady("layer-map"));
    await visit(visitor, "/chart", (p) => expect(p.getByTestId("chart-total")).toBeVisible());
    await visit(visitor, "/document/list");
    await visit(visitor, "/document/show/12", (p) => expect(p.locator(".cca-pdf-page canvas").first()).toBeVisible({ timeout: 45_000 }));
    await visit(visitor, "/group/list");
    await visit(visitor, "/group/sacred-groves");
    await visit(visitor, `http://${CHILIKA}.localhost:${new URL(baseURL!).port}/`, (p) => expect(p.getByRole("banner")).toBeVisible());
    await visit(visitor, "/login", (p) => expect(p.getByRole("textbox", { name: "Email" })).toBeVisible());
    await visitorContext.close();

    // A member: the participate form with its map, editing a record.
    const memberContext = await watchedContext(browser, baseURL!, violations);
    await signInWithApi(memberContext, DEMO.member.email, DEMO.member.password);
    const member = await memberContext.newPage();
    await visit(member, "/participate/sacred-grove-survey", mapReady("geometry-map"));
    await visit(member, `/data/edit/${recordId}`);
    await memberContext.close();

    // An administrator: the editors and the admin screens.
    const adminContext = await watchedContext(browser, baseURL!, violations);
    await signInWithApi(adminContext, DEMO.admin.email, DEMO.admin.password);
    const admin = await adminContext.newPage();
    await visit(admin, "/page/edit/45", (p) => expect(p.locator(".tiptap[contenteditable=true]")).toBeVisible());
    await visit(admin, "/template/list");
    await visit(admin, "/template/edit/wetland-monitoring");
    await visit(admin, "/document/create");
    await visit(admin, "/map/create");
    for (const path of ["/admin", "/admin/announcements", "/admin/homegallery", "/admin/outbox", "/user/list"]) await visit(admin, path);
    await adminContext.close();

    expect(violations).toEqual([]);
  });
});
