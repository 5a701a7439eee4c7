import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, signInWithApi, trackPageErrors } from "./fixtures";

// Issue 32: the portal installs, opens offline from its start URL, and a record (with a photo) submitted
// offline waits on the device and arrives exactly once when the network returns.
test.use({ serviceWorkers: "allow" });

const PHOTO = {
  name: "grove.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAhGAMCryh7ZQAAAABJRU5ErkJggg==", "base64"),
};

const LABELS = {
  en: { name: "Name of the CCA", state: "State", festival: "Only during festivals", date: "Date of the survey", photos: "Photos of the grove", public: "Everyone (public)", confirm: /I confirm/, submit: "Submit", keep: "Keep the forms for offline use", kept: "The forms open on this device without a network.", queued: "Saved on this device", waiting: "Waiting to send (1)", sent: "Sent", participate: "Participate", open: /Fill in Sacred grove survey/ },
  hi: { name: "सीसीए का नाम", state: "राज्य", festival: "केवल त्योहारों के दौरान", date: "सर्वेक्षण की तारीख़", photos: "देववन की तस्वीरें", public: "सभी (सार्वजनिक)", confirm: /मैं पुष्टि करता/, submit: "भेजें", keep: "फ़ॉर्म ऑफ़लाइन उपयोग के लिए सहेजें", kept: "फ़ॉर्म इस उपकरण पर बिना नेटवर्क के खुलते हैं।", queued: "इस उपकरण पर सहेजा गया", waiting: "भेजे जाने की प्रतीक्षा में (1)", sent: "भेज दिया गया", participate: "भाग लें", open: /देववन सर्वेक्षण/ },
} as const;

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 60_000 });
}

/** A fresh token each time: the test server's access tokens live 8 seconds. */
async function freshToken(context: BrowserContext): Promise<string> {
  return signInWithApi(context, DEMO.member.email, DEMO.member.password);
}

async function recordsNamed(context: BrowserContext, name: string): Promise<Array<{ id: number | string }>> {
  const token = await freshToken(context);
  const res = await context.request.get(`/cca-api/api/v1/data/myList?limit=100&query=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  // The free-text search matches words: only the record with exactly this title counts.
  return ((await res.json()) as { ccaDataList: Array<{ id: number | string; titlesValues?: Array<{ value: unknown }> }> }).ccaDataList.filter((r) => r.titlesValues?.some((t) => t.value === name));
}

async function fillRecord(page: Page, lang: "en" | "hi", name: string) {
  const l = LABELS[lang];
  await page.getByLabel(l.name).fill(name);
  await page.getByRole("combobox", { name: l.state, exact: true }).selectOption({ index: 1 });
  await page.getByRole("radio").first().check();
  await page.getByLabel(l.date).fill("2024-03-01");
  await page.getByTestId("consent-section").getByRole("radio", { name: l.public }).check();
  await page.getByRole("checkbox", { name: l.confirm }).check();
}

for (const lang of ["en", "hi"] as const) {
  test(`[OFFLINE] ${lang}: installable; offline from the start URL, a record with a photo is queued, sent once when online`, async ({ page, context }) => {
    test.setTimeout(180_000);
    const l = LABELS[lang];
    const prefix = lang === "hi" ? "/hi" : "";
    const errors = trackPageErrors(page);
    page.on("pageerror", (e) => console.log(`[${lang}] page error: ${e.message}`));
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(`${prefix}/participate/list`);
    await controlled(page);

    // Chromium's own installability check: a manifest with name, icons of 192 and 512 px, start URL, standalone.
    const cdp = await context.newCDPSession(page);
    // ("in-incognito" is Playwright's throwaway profile, not the site: every test context is one.)
    await expect
      .poll(
        async () =>
          ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito"),
        { timeout: 30_000 },
      )
      .toEqual([]);
    // Detached: a second DevTools session would leave the page's network emulation (offline) without effect.
    await cdp.detach();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    const manifest = await (await context.request.get(`/api/pwa/manifest?lang=${lang}`)).json();
    expect(manifest).toMatchObject({ display: "standalone", start_url: lang === "hi" ? "/hi" : "/" });

    // The forms kept for offline use (the member may also wait for the automatic pass).
    await page.getByRole("button", { name: l.keep }).click();
    await expect(page.getByTestId("keep-offline-result")).toHaveText(l.kept, { timeout: 90_000 });

    await context.setOffline(true);
    // The start URL opens offline, and the form from it.
    await page.goto(manifest.start_url);
    await page.getByRole("navigation", { name: lang === "hi" ? /साइट|Site/ : "Site" }).getByRole("link", { name: l.participate }).click();
    await page.getByRole("link", { name: l.open }).first().click();
    await expect(page.getByLabel(l.name)).toBeVisible();

    const name = `Offline grove ${lang} ${Date.now()}`;
    await fillRecord(page, lang, name);
    await page.getByLabel(l.photos).setInputFiles(PHOTO);
    await expect(page.getByTestId("file-waiting-offline")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: l.submit }).click();
    await expect(page.getByTestId("participate-queued")).toContainText(l.queued);

    // Still offline after a reload: the queue shows one record waiting.
    await page.reload();
    await expect(page.getByTestId("outbox-pill")).toHaveText(l.waiting, { timeout: 20_000 });

    await context.setOffline(false);
    await expect(page.getByTestId("outbox-pill")).toHaveCount(0, { timeout: 60_000 });
    const records = await recordsNamed(context, name);
    expect(records).toHaveLength(1);
    const record = (await (await context.request.get(`/cca-api/api/v1/data/${records[0]!.id}`, { headers: { authorization: `Bearer ${await freshToken(context)}` } })).json()) as { ccaFieldValues: Record<string, { value: unknown }> };
    const photos = Object.values(record.ccaFieldValues).find((v) => Array.isArray(v.value) && JSON.stringify(v.value).includes("/get/raw/myUploads/"))?.value as Array<{ path: string }>;
    expect(photos).toHaveLength(1);
    expect(photos[0]!.path).not.toContain("/offline-");
    expect((await context.request.get(photos[0]!.path)).status()).toBe(200);
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
  });
}

test("[OFFLINE] the network dies after the server saved the record: sent again from the queue, still one record", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithApi(context, DEMO.member.email, DEMO.member.password);
  await page.goto("/participate/sacred-grove-survey");
  await controlled(page);
  const name = `Cut answer grove ${Date.now()}`;
  await fillRecord(page, "en", name);
  // The server gets the record and saves it; the answer never reaches the browser.
  await page.route("**/cca-api/api/v1/data/save*", async (route) => {
    await route.fetch();
    await context.setOffline(true);
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("participate-queued")).toBeVisible({ timeout: 20_000 });
  await page.unroute("**/cca-api/api/v1/data/save*");
  expect(await recordsNamed(context, name)).toHaveLength(1);
  await context.setOffline(false);
  await page.goto("/participate/list#outbox");
  await expect(page.getByTestId("outbox-entry").filter({ hasText: name }).getByTestId("outbox-state")).toHaveText("Sent", { timeout: 60_000 });
  expect(await recordsNamed(context, name)).toHaveLength(1);
});

test("[OFFLINE] a signed-in visitor's pages are not shown to the anonymous visitor after signing out", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithApi(context, DEMO.member.email, DEMO.member.password);
  await page.goto("/participate/list");
  await controlled(page);
  await page.reload();
  await expect(page.getByTestId("participate-list")).toBeVisible();
  // Signed out (cookies gone), then offline: the member's list is not shown from the device's caches.
  await context.clearCookies();
  await page.goto("/");
  await context.setOffline(true);
  await page.goto("/participate/list");
  await expect(page.getByTestId("participate-list")).toHaveCount(0);
  await context.setOffline(false);
});

test("[OFFLINE] hi, on a group's own domain: three records with photos queued offline arrive once each", async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  const origin = `http://chilika.localhost:${new URL(baseURL!).port}`;
  const l = LABELS.hi;
  // Signed in at the group's domain by the browser itself (Node does not resolve *.localhost; Chromium does).
  await page.goto(`${origin}/hi`);
  const status = await page.evaluate(
    async ([username, password]) => (await fetch("/userGroup-api/api/v1/group/login", { method: "POST", body: new URLSearchParams({ username: username!, password: password!, mode: "manual" }) })).status,
    [DEMO.member.email, DEMO.member.password],
  );
  expect(status).toBe(200);
  await page.goto(`${origin}/hi/participate/list`);
  await controlled(page);
  const manifest = (await page.evaluate(async () => (await fetch("/api/pwa/manifest?lang=hi")).json())) as { start_url: string };
  expect(manifest).toMatchObject({ id: "/", start_url: "/hi", display: "standalone" });
  await page.getByRole("button", { name: l.keep }).click();
  await expect(page.getByTestId("keep-offline-result")).toHaveText(l.kept, { timeout: 90_000 });

  await context.setOffline(true);
  await page.goto(`${origin}${manifest.start_url}`);
  await page.goto(`${origin}/hi/participate/sacred-grove-survey`);
  const stamp = Date.now();
  const names = [1, 2, 3].map((n) => `देववन ${n} ऑफ़लाइन ${stamp}`);
  for (const [i, name] of names.entries()) {
    await fillRecord(page, "hi", name);
    await page.getByLabel(l.photos).setInputFiles({ ...PHOTO, name: `grove-${i + 1}.png` });
    await expect(page.getByTestId("file-waiting-offline")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: l.submit }).click();
    await expect(page.getByTestId("participate-queued")).toContainText(l.queued);
    if (i < names.length - 1) await page.getByTestId("participate-queued").getByRole("button").click();
  }
  await expect(page.getByTestId("outbox-pill")).toHaveText("भेजे जाने की प्रतीक्षा में (3)", { timeout: 20_000 });

  await context.setOffline(false);
  await expect(page.getByTestId("outbox-pill")).toHaveCount(0, { timeout: 90_000 });
  for (const name of names) {
    const records = await recordsNamed(context, name);
    expect(records, name).toHaveLength(1);
  }
});
