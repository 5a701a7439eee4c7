import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { DEMO, signInWithApi } from "./fixtures";

// Restricted-data treatments driven by a label (issue 30, items 2 and 3): a group's founder marks a record
// "Secret / Sacred"; an anonymous visitor still finds it listed, with its label, but no place and a note
// saying what is withheld and why (in English and in Hindi); a member of the group opens it; withdrawing
// the consent takes it out of the public list and map on the next load.

const FOUNDER = { email: "founder@example.org", password: "demo-founder-2026" };
const SACRED_GROVES_ID = 1;
/** A small square round an unusual place, so its coordinates are recognisable anywhere. */
const AT = [74.6123, 15.3217];
const SQUARE = [
  [AT[0]! - 0.001, AT[1]! - 0.001],
  [AT[0]! + 0.001, AT[1]! - 0.001],
  [AT[0]! + 0.001, AT[1]! + 0.001],
  [AT[0]! - 0.001, AT[1]! + 0.001],
  [AT[0]! - 0.001, AT[1]! - 0.001],
];

async function tokenOf(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const res = await request.post("/userGroup-api/api/v1/group/login", { form: { username: user.email, password: user.password, mode: "manual" } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** A public, published record of the sacred groves group with a boundary, made by its founder. */
async function publicRecord(request: APIRequestContext, token: string, reviewer: string, name: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const boundary = { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [SQUARE] } }] };
  const field = (fieldId: string, type: string, value: unknown) => ({ fieldId, name: fieldId, type, value });
  const res = await request.post("/cca-api/api/v1/data/save", {
    headers,
    data: {
      shortName: "master",
      usergroups: [String(SACRED_GROVES_ID)],
      ccaFieldValues: {
        "name-of-cca": field("name-of-cca", "TEXT", name),
        state: field("state", "SINGLE_SELECT_DROPDOWN", { valueId: "state-karnataka" }),
        "ecosystem-type": field("ecosystem-type", "MULTI_SELECT_CHECKBOX", [{ valueId: "eco-sacred-grove" }]),
        boundary: field("boundary", "GEOMETRY", boundary),
      },
      consent: { audience: "PUBLIC", registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-01-15" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  // The demo master asks for a review (by someone other than its contributor): an administrator publishes it.
  const review = await request.put(`/cca-api/api/v1/data/review/${id}`, { headers: { authorization: `Bearer ${reviewer}` }, data: { action: "PUBLISH" } });
  expect(review.status(), await review.text()).toBe(200);
  return id;
}

async function anonymousPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe("[TREATMENTS] a Secret / Sacred label withholds the place; consent withdrawn removes the record", () => {
  test("founder labels a record; anonymous sees it listed with the label and no place (en, hi); a member opens it; withdrawal hides it", async ({ page, context, browser, baseURL, request }) => {
    test.setTimeout(150_000);
    const name = `Kaan of Dandeli ${Date.now()}`;
    const id = await publicRecord(request, await tokenOf(request, FOUNDER), await tokenOf(request, DEMO.admin), name);
    const path = `/data/show/${id}`;

    // The founder marks it "Secret / Sacred" on the record's page.
    await signInWithApi(context, FOUNDER.email, FOUNDER.password);
    await page.goto(path);
    await page.getByRole("button", { name: "Edit labels" }).click();
    const labels = page.getByRole("dialog", { name: /Labels of/ });
    await labels.getByRole("checkbox", { name: /Secret \/ Sacred/ }).check();
    await labels.getByRole("button", { name: "Save the labels" }).click();
    await expect(labels).toBeHidden();
    // Its curators' panel says at once what the label does.
    const panel = page.getByRole("region", { name: "Restrictions" });
    await expect(panel).toContainText("Boundary: Withheld (sacred site — the label “Secret / Sacred”)", { timeout: 20_000 });

    // An anonymous visitor: listed with its label, the page says why there is no place, and no coordinate anywhere.
    const anonymous = await anonymousPage(browser, baseURL!);
    await anonymous.page.goto(`/data/list?query=${encodeURIComponent(name)}`);
    const card = anonymous.page.locator(".cca-dl-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("card-labels")).toContainText("Secret / Sacred");
    await card.getByRole("link", { name }).click();
    await expect(anonymous.page.getByRole("heading", { level: 1, name })).toBeVisible();
    const note = anonymous.page.getByTestId("restrictions-notice");
    await expect(note).toContainText("Some information on this record is withheld");
    await expect(note).toContainText("Boundary: Withheld (sacred site");
    const html = await anonymous.page.content();
    expect(html).not.toContain("74.61");
    expect(html).not.toContain("15.32");
    // In Hindi.
    await anonymous.page.goto(`/hi${path}`);
    await expect(anonymous.page.getByTestId("restrictions-notice")).toContainText("इस रिकॉर्ड की कुछ जानकारी रोकी गई है");
    await expect(anonymous.page.getByTestId("restrictions-notice")).toContainText("पवित्र स्थल");

    // A member of the group opens it.
    const member = await browser.newContext({ baseURL });
    await signInWithApi(member, DEMO.member.email, DEMO.member.password);
    const memberPage = await member.newPage();
    await memberPage.goto(path);
    await expect(memberPage.getByRole("heading", { level: 1, name })).toBeVisible();
    await member.close();

    // The founder withdraws the consent: gone from the public list and map on the next load.
    await page.goto(path);
    const consent = page.getByRole("region", { name: "Consent" });
    await consent.getByRole("button", { name: "Withdraw consent" }).click();
    const withdraw = page.getByRole("alertdialog", { name: /Withdraw the consent of/ });
    await withdraw.getByRole("radio", { name: "A recorded community meeting" }).check();
    await withdraw.getByRole("button", { name: "Withdraw consent" }).click();
    await expect(withdraw).toBeHidden();
    await anonymous.page.goto(`/data/list?query=${encodeURIComponent(name)}`);
    await expect(anonymous.page.locator(".cca-dl-card").filter({ hasText: name })).toHaveCount(0);
    const points = await anonymous.page.request.get("/cca-api/api/v1/data/search/map?shortName=master");
    expect(((await points.json()) as Array<{ id: number }>).some((p) => p.id === id)).toBe(false);
    const gone = await anonymous.page.request.get(`/cca-api/api/v1/data/${id}`);
    expect(gone.status()).toBe(404);
    await anonymous.close();
  });
});
