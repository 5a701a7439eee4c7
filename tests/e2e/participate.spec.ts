import { expect, test, type Page } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, signInWithApi, trackPageErrors } from "./fixtures";

const FORM = "/participate/sacred-grove-survey";

/** A small PNG for the upload. */
function photoFile(): { name: string; mimeType: string; buffer: Buffer } {
  // 2×2 red PNG.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAhGAMCryh7ZQAAAABJRU5ErkJggg==", "base64");
  return { name: "grove.png", mimeType: "image/png", buffer: png };
}

async function fillRequired(page: Page, name: string) {
  await page.getByLabel("Name of the CCA").fill(name);
  await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Karnataka" });
  await page.getByRole("radio", { name: "Only during festivals" }).check();
  await page.getByLabel("Date of the survey").fill("2024-03-01");
}

test.describe("[PARTICIPATE] a member answers a template", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.clear());
  });

  test("a visitor reads how participation works, learns why to sign in, signs in and sees the forms (axe)", async ({ page }) => {
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Participate" }).click();
    await expect(page).toHaveURL(/\/participate\/list$/);
    await expect(page.getByRole("heading", { level: 1, name: "How to participate" })).toBeVisible();
    // The intro keeps its headings and numbered steps (Chakra's preflight would strip them).
    const intro = page.getByTestId("participate-intro");
    await expect(intro.locator("ol")).toHaveCSS("list-style-type", "decimal");
    const size = async (selector: string) => parseFloat(await intro.locator(selector).first().evaluate((el) => getComputedStyle(el).fontSize));
    expect(await size("h2")).toBeGreaterThan(await size("li"));
    await expect(intro).not.toContainText("reviews the record");
    // What submitting does, said plainly; no forms yet, but a reason to sign in.
    await expect(page.getByRole("region", { name: "What happens when you submit" })).toContainText("Shared with everyone, it is published at once");
    await expect(page.getByTestId("participate-list")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const call = page.getByRole("region", { name: "Sign in to participate" });
    await expect(call).toContainText("Filling in a form needs an account");
    await call.getByRole("link", { name: "Sign in to participate" }).click();
    await expect(page).toHaveURL(/\/login\?forward=%2Fparticipate%2Flist$/);
    await expect(page.getByTestId("sign-in-reason")).toContainText("To add a record to the inventory, please sign in.");
    await page.getByRole("textbox", { name: "Email" }).fill(DEMO.member.email);
    await page.getByLabel(/^Password/).fill(DEMO.member.password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/participate\/list$/);
    const list = page.getByTestId("participate-list");
    await expect(list.getByRole("heading", { name: "Sacred grove survey" })).toBeVisible();
    await expect(list.getByRole("link", { name: /Fill in Sacred grove survey/ })).toHaveAttribute("href", "/participate/sacred-grove-survey");
    // Curator information stays out: no platform badges, no master template notes.
    await expect(list.getByRole("heading", { name: "CCA inventory" })).toBeVisible();
    await expect(list).not.toContainText(/DESKTOP|MOBILE|master template/);
    await expect(page.getByTestId("participate-sign-in")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a visitor opening a form is told why it needs signing in, in Hindi too", async ({ page }) => {
    await page.goto(FORM);
    await expect(page).toHaveURL(/\/login\?forward=%2Fparticipate%2Fsacred-grove-survey$/);
    const reason = page.getByTestId("sign-in-reason");
    await expect(reason).toContainText("To add a record to the inventory, please sign in.");
    await expect(reason.getByRole("link", { name: "See how participation works" })).toHaveAttribute("href", "/participate/list");
    await page.goto(`/hi${FORM}`);
    await expect(page).toHaveURL(/\/hi\/login\?forward=%2Fparticipate%2Fsacred-grove-survey$/);
    await expect(page.getByTestId("sign-in-reason")).toContainText("सूची में रिकॉर्ड जोड़ने के लिए कृपया साइन इन करें।");
    await page.goto("/hi/participate/list");
    await expect(page.getByRole("region", { name: "भेजने के बाद क्या होता है" })).toContainText("सभी के साथ साझा करने पर वह तुरंत प्रकाशित हो जाता है");
    await expect(page.getByRole("region", { name: "भाग लेने के लिए साइन इन करें" }).getByRole("link", { name: "भाग लेने के लिए साइन इन करें" })).toHaveAttribute("href", "/hi/login?forward=%2Fparticipate%2Flist");
    await expectNoSeriousA11yViolations(page);
  });

  test("fills the form with a photo and a typed polygon, submits and lands on the record", async ({ page, context }) => {
    // Two axe runs, an upload with in-browser compression and three page loads.
    test.setTimeout(60_000);
    const errors = trackPageErrors(page);
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(FORM);
    await expect(page.getByRole("heading", { level: 1, name: "Sacred grove survey" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "The survey" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Submitting empty: errors next to the fields, focus on the first.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator('[data-field="field-name-of-cca"]').getByText("This field is required")).toBeVisible();
    await expect(page.getByLabel("Name of the CCA")).toBeFocused();

    await fillRequired(page, "Devara Kadu e2e");
    await page.getByLabel("From", { exact: true }).first().fill("2024-04-01");
    await page.getByLabel("To", { exact: true }).first().fill("2024-04-03");
    // An invalid polygon first: a clear message.
    const coords = page.getByLabel("Coordinates");
    await coords.fill("12.96, 77.58\n95, 77.6");
    await page.getByRole("button", { name: "Add shape" }).click();
    await expect(page.getByTestId("geometry-problem")).toContainText("latitude must be −90 to 90");
    await coords.fill("12.96, 77.58\n12.96, 77.60\n12.98, 77.60\n12.98, 77.58");
    await page.getByRole("button", { name: "Add shape" }).click();
    await expect(page.getByTestId("geometry-features")).toContainText("Polygon with 4 corners");

    await page.getByLabel("Photos of the grove").setInputFiles(photoFile());
    await expect(page.getByTestId("uploaded-file")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("uploaded-file").getByLabel("Attribution").fill("A. Villager");
    await page.getByTestId("uploaded-file").getByLabel("Licence").selectOption("CC_BY");

    await page.getByTestId("consent-section").getByRole("radio", { name: "Everyone (public)" }).check();
    await page.getByRole("checkbox", { name: /I confirm/ }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    // The result is announced and takes the focus; the next steps are offered.
    const success = page.getByRole("status").filter({ hasText: "Your CCA is published" });
    await expect(success).toBeVisible({ timeout: 20_000 });
    await expect(success).toContainText("“Devara Kadu e2e” is on the portal now.");
    await expect(page.getByRole("heading", { level: 1, name: "Your CCA is published" })).toBeFocused();
    const view = page.getByRole("link", { name: "View your record" });
    const recordPath = await view.getAttribute("href");
    expect(recordPath).toMatch(/^\/data\/show\/\d+$/);
    await expect(page.getByRole("link", { name: "Edit your record" })).toHaveAttribute("href", recordPath!.replace("show", "edit"));
    await expectNoSeriousA11yViolations(page);
    // Adding another starts from an empty form.
    await page.getByRole("button", { name: "Add another record" }).click();
    await expect(page.getByLabel("Name of the CCA")).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: /I confirm/ })).not.toBeChecked();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator('[data-field="field-name-of-cca"]').getByText("This field is required")).toBeVisible();
    // The draft is gone after a successful submit; the record is public at once.
    await page.goto(FORM);
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
    await page.goto(recordPath!);
    await expect(page.getByText("Devara Kadu e2e").first()).toBeVisible();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test("a template with all 15 types: every control answered, two shapes (drawn and typed), a photo; the record shows the answers", async ({ page, context }) => {
    // A template made for this test by an admin through the API, so every type is present once.
    test.setTimeout(90_000);
    const errors = trackPageErrors(page);
    const adminToken = await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);
    const shortName = `all-types-${Date.now()}`;
    const options = (prefix: string, labels: string[]) => labels.map((label, i) => ({ valueId: `${prefix}-${i}`, label, value: label === "Others" ? "Others|?" : label }));
    const fields = [
      {
        fieldId: "at-head",
        type: "HEADING",
        name: "About the place",
        children: [
          { fieldId: "at-name", type: "TEXT", name: "Place name", isRequired: true, isTitleColumn: true },
          { fieldId: "at-notes", type: "TEXT_AREA", name: "Notes" },
          { fieldId: "at-story", type: "RICHTEXT", name: "Story" },
          { fieldId: "at-kind", type: "SINGLE_SELECT_DROPDOWN", name: "Type of place", valueOptions: options("kind", ["Sacred grove", "Others"]) },
          { fieldId: "at-access", type: "SINGLE_SELECT_RADIO", name: "Access", valueOptions: options("access", ["Open", "Closed"]) },
          { fieldId: "at-threats", type: "MULTI_SELECT_DROPDOWN", name: "Threats", valueOptions: options("threat", ["Fire", "Grazing", "Mining"]) },
          { fieldId: "at-uses", type: "MULTI_SELECT_CHECKBOX", name: "Uses", valueOptions: options("use", ["Firewood", "Water"]) },
        ],
      },
      {
        fieldId: "at-measures",
        type: "HEADING",
        name: "Measures",
        children: [
          { fieldId: "at-area", type: "NUMBER", name: "Area (ha)", minMax: [0, 500] },
          { fieldId: "at-canopy", type: "NUMBER_RANGE", name: "Canopy cover (%)", minMax: [0, 100] },
          { fieldId: "at-date", type: "DATE", name: "Survey date" },
          { fieldId: "at-festival", type: "DATE_RANGE", name: "Festival days" },
          { fieldId: "at-year", type: "YEAR", name: "Year protected", minMax: [1800, 2030] },
          { fieldId: "at-photos", type: "FILE", name: "Photos" },
          { fieldId: "at-map", type: "GEOMETRY", name: "Boundary" },
        ],
      },
    ];
    const created = await context.request.post("/cca-api/api/v1/template/save", {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { shortName, name: "All types survey", description: "One field of each type", platform: ["DESKTOP", "MOBILE"], permissions: ["ROLE_USER"], fields },
    });
    expect(created.status(), await created.text()).toBe(201);
    await context.clearCookies();

    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(`/participate/${shortName}`);
    await expect(page.getByRole("heading", { level: 1, name: "All types survey" })).toBeVisible();
    const sections = page.getByRole("navigation", { name: "Sections" });
    await expect(sections.getByRole("link", { name: "About the place" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Measures" })).toBeVisible();
    const field = (id: string) => page.locator(`[data-field="field-${id}"]`);

    await page.getByLabel("Place name").fill("Every type grove");
    await page.getByLabel("Notes").fill("Kept by the village council");
    const story = page.getByRole("textbox", { name: "Story" });
    await story.click();
    await page.keyboard.type("An old grove with a spring.");
    await page.getByLabel("Type of place").selectOption({ label: "Others" });
    await page.getByLabel("Your answer for “Others”").fill("Orchard");
    await field("at-access").getByRole("radio", { name: "Closed" }).check();
    // Several choices are ticked as checkboxes in both multi-select kinds (issue 28 item 9 k).
    await field("at-threats").getByRole("checkbox", { name: "Fire" }).check();
    await field("at-threats").getByRole("checkbox", { name: "Mining" }).check();
    await expect(field("at-threats")).toContainText("2 selected");
    await field("at-uses").getByRole("checkbox", { name: "Water" }).check();
    await page.getByLabel("Area (ha)").fill("42.5");
    await field("at-canopy").getByLabel("From", { exact: true }).fill("30");
    await field("at-canopy").getByLabel("To", { exact: true }).fill("70");
    await page.getByLabel("Survey date").fill("2024-03-01");
    await field("at-festival").getByLabel("From", { exact: true }).fill("2024-04-01");
    await field("at-festival").getByLabel("To", { exact: true }).fill("2024-04-03");
    await page.getByLabel("Year protected").fill("1950");

    await page.getByLabel("Photos", { exact: true }).setInputFiles(photoFile());
    await expect(page.getByTestId("uploaded-file")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("uploaded-file").getByLabel("Attribution").fill("A. Villager");
    await page.getByTestId("uploaded-file").getByLabel("Licence").selectOption("CC_BY");

    // One shape drawn with the mouse, one typed as coordinates.
    const map = page.getByTestId("geometry-map");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-ready", "true");
    const at = async (fx: number, fy: number) => {
      const box = (await map.boundingBox())!;
      return [box.x + box.width * fx, box.y + box.height * fy] as const;
    };
    for (const [fx, fy] of [[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6]] as const) await page.mouse.click(...(await at(fx, fy)));
    await page.getByRole("button", { name: "Finish shape" }).click();
    const shapes = page.getByTestId("geometry-features");
    await expect(shapes).toContainText("Polygon with 4 corners");
    await page.getByLabel("Coordinates").fill("12.96, 77.58\n12.96, 77.60\n12.98, 77.60\n12.98, 77.58");
    await page.getByRole("button", { name: "Add shape" }).click();
    await expect(shapes.getByRole("listitem")).toHaveCount(2);

    await page.getByTestId("consent-section").getByRole("radio", { name: "Everyone (public)" }).check();
    await page.getByRole("checkbox", { name: /I confirm/ }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your CCA is published" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("link", { name: "View your record" }).click();
    await expect(page).toHaveURL(/\/data\/show\/\d+/);
    const id = Number(page.url().match(/\/data\/show\/(\d+)/)![1]);
    await expect(page.getByRole("heading", { level: 1, name: "Every type grove" })).toBeVisible();
    for (const text of ["Kept by the village council", "An old grove with a spring.", "Orchard", "Closed", "Fire", "Mining", "Water", "42.5", "1950"]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    // What was stored, as a client reads it: every answer under its field.
    const stored = await (await context.request.get(`/cca-api/api/v1/data/${id}`)).json();
    const v = stored.ccaFieldValues as Record<string, { value: unknown }>;
    expect(v["at-kind"]!.value).toMatchObject({ valueId: "kind-1", label: "Orchard" });
    expect(v["at-canopy"]!.value).toEqual([30, 70]);
    expect(v["at-festival"]!.value).toEqual(["2024-04-01", "2024-04-03"]);
    expect((v["at-photos"]!.value as { attribution: string; license: string }[])[0]).toMatchObject({ attribution: "A. Villager", license: "CC_BY" });
    expect((v["at-map"]!.value as { features: unknown[] }).features).toHaveLength(2);
    expect(stored.centroid).toHaveLength(2);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test("draws a polygon with the mouse, then drags one corner and removes another", async ({ page, context }) => {
    // The map draws with software WebGL in headless Chromium: slow on a busy machine.
    test.setTimeout(90_000);
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(FORM);
    const map = page.getByTestId("geometry-map");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-ready", "true");
    // The list above the map grows once a shape is added: measure the map each time.
    const at = async (fx: number, fy: number) => {
      const box = (await map.boundingBox())!;
      return [box.x + box.width * fx, box.y + box.height * fy] as const;
    };
    for (const [fx, fy] of [[0.35, 0.35], [0.65, 0.35], [0.65, 0.65], [0.35, 0.65]] as const) await page.mouse.click(...(await at(fx, fy)));
    await page.getByRole("button", { name: "Finish shape" }).click();
    const shapes = page.getByTestId("geometry-features");
    await expect(shapes).toContainText("Polygon with 4 corners");

    await page.getByRole("button", { name: "Edit corners of shape 1" }).click();
    // The list of shapes sits above the place search: back down to the map, as a person scrolls.
    await map.scrollIntoViewIfNeeded();
    const status = page.getByTestId("geometry-corner");
    await page.mouse.click(...(await at(0.65, 0.65)));
    await expect(status).toContainText("Corner 3 of 4:");
    const before = await status.textContent();
    await page.mouse.move(...(await at(0.65, 0.65)));
    await page.mouse.down();
    await page.mouse.move(...(await at(0.75, 0.8)), { steps: 8 });
    await page.mouse.up();
    await expect(status).not.toHaveText(before ?? "");
    await expect(status).toContainText("Corner 3 of 4:");

    await page.mouse.click(...(await at(0.35, 0.35)));
    await expect(status).toContainText("Corner 1 of 4:");
    await page.getByRole("button", { name: "Remove corner" }).click();
    await expect(shapes).toContainText("Polygon with 3 corners");
    // A triangle keeps its corners: removing another is not offered (back up to the map from the button below it).
    await map.scrollIntoViewIfNeeded();
    await page.mouse.click(...(await at(0.65, 0.35)));
    await expect(status).toContainText("Corner 1 of 3:");
    await expect(page.getByRole("button", { name: "Remove corner" })).toBeDisabled();
  });

  test("drawing starts with guidance, at the state chosen in the form or a place found by name", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(FORM);
    const map = page.getByTestId("geometry-map");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-ready", "true");
    const guide = page.getByTestId("geometry-guide");
    await expect(guide).toHaveText("Click the map to add corners, then “Finish shape”.");

    // The state chosen in the form: the empty map moves there, and can be asked to again.
    await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Meghalaya" });
    await expect(map).toHaveAttribute("data-place", "Meghalaya");
    await expect(page.getByRole("button", { name: "Zoom to Meghalaya" })).toBeVisible();

    // A place by name: a tahsil, with where it lies.
    await page.getByLabel("Find a place on the map").fill("shillong");
    await page.getByLabel("Find a place on the map").press("Enter");
    const found = page.getByRole("list", { name: "Places found" });
    await found.getByRole("button", { name: /^Shillong \(tahsil, East Khasi Hills, Meghalaya\)$/ }).click();
    await expect(map).toHaveAttribute("data-place", "Shillong");
    await expect(found).toHaveCount(0);
    // Enter searched, it did not submit the record form.
    await expect(page).toHaveURL(new RegExp(`${FORM}$`));

    const at = async (fx: number, fy: number) => {
      const box = (await map.boundingBox())!;
      return [box.x + box.width * fx, box.y + box.height * fy] as const;
    };
    await page.mouse.click(...(await at(0.4, 0.4)));
    await expect(guide).toHaveText("1 corner so far: a polygon needs at least 3.");
    for (const [fx, fy] of [[0.6, 0.4], [0.6, 0.6]] as const) await page.mouse.click(...(await at(fx, fy)));
    await expect(guide).toHaveText("3 corners so far. Add more, or press “Finish shape”.");
    await page.mouse.click(...(await at(0.4, 0.6)));
    await page.getByRole("button", { name: "Finish shape" }).click();
    await expect(page.getByTestId("geometry-features")).toContainText("1. Polygon with 4 corners");
    await expect(guide).toHaveText("Click the map to add corners, then “Finish shape”.");
    await page.getByLabel("Find a place on the map").fill("nowhere-at-all");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByText("No place of that name was found.")).toBeVisible();
  });

  test("a draft survives a reload; an offline submit waits on the device and is sent when the connection returns", async ({ page, context }) => {
    const name = `Draft grove ${Date.now()}`;
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(FORM);
    await fillRequired(page, name);
    await page.getByLabel("Deity and beliefs").fill("Ayyappa");
    await page.waitForTimeout(1000);
    await page.reload();
    await expect(page.getByTestId("draft-offer")).toBeVisible();
    await page.getByRole("button", { name: "Continue the draft" }).click();
    await expect(page.getByLabel("Name of the CCA")).toHaveValue(name);
    await expect(page.getByLabel("Deity and beliefs")).toHaveValue("Ayyappa");
    await expect(page.getByRole("radio", { name: "Only during festivals" })).toBeChecked();

    await page.getByTestId("consent-section").getByRole("radio", { name: "Everyone (public)" }).check();
    await page.getByRole("checkbox", { name: /I confirm/ }).check();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Submit" }).click();
    // Offline, the record waits in the device's queue (issue 32) with everything typed.
    await expect(page.getByTestId("participate-queued")).toContainText("Saved on this device");
    await context.setOffline(false);
    // Back online, the queue sends it by itself: it is listed as sent, and it is one published record.
    await page.goto("/participate/list#outbox");
    await expect(page.getByTestId("outbox-entry").filter({ hasText: name }).getByTestId("outbox-state")).toHaveText("Sent", { timeout: 30_000 });
    const token = await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    const mine = await context.request.get(`/cca-api/api/v1/data/myList?limit=100&query=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
    const list = ((await mine.json()) as { ccaDataList: Array<{ titlesValues?: Array<{ value: unknown }> }> }).ccaDataList;
    expect(list.filter((r) => r.titlesValues?.some((v) => v.value === name))).toHaveLength(1);
  });

  test("Hindi labels and errors (axe)", async ({ page, context }) => {
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(`/hi${FORM}`);
    await expect(page.getByRole("heading", { level: 1, name: "देववन सर्वेक्षण" })).toBeVisible();
    await expect(page.getByLabel("सीसीए का नाम")).toBeVisible();
    await page.getByRole("button", { name: "भेजें" }).click();
    await expect(page.getByRole("checkbox", { name: /मैं पुष्टि/ })).toBeVisible();
    await expect(page.getByText("भेजने से पहले कृपया पुष्टि करें")).toBeVisible();
    await expect(page.locator('[data-field="field-name-of-cca"]').getByText("यह फ़ील्ड आवश्यक है")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
