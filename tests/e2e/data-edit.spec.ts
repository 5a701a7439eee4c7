import { expect, test } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, signInWithApi, trackPageErrors } from "./fixtures";

test.describe("[DATA EDIT] curating a CCA", () => {
  test("an owner edits two fields on /data/edit (axe) and sees both changes in the record's history", async ({ page, context }) => {
    // Three page loads, two saves, one axe run.
    test.setTimeout(150_000);
    const errors = trackPageErrors(page);
    const found = (await (await context.request.get("/cca-api/api/v1/data/search?query=ratnagiri")).json()) as { data: { id: number }[] };
    const id = found.data[0]!.id;

    // Visitors sign in first.
    await page.goto(`/data/edit/${id}`);
    await expect(page).toHaveURL(/\/login\?forward=/);

    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto(`/data/show/${id}`);
    await page.getByRole("link", { name: "Edit this CCA" }).click();
    await expect(page).toHaveURL(new RegExp(`/data/edit/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Devrai near Ratnagiri" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A required field cannot be emptied: the error shows in place, nothing is sent.
    const name = page.locator('[data-field-row="name-of-cca"]');
    await name.getByRole("button", { name: "Edit" }).click();
    await name.getByLabel("Name of the CCA").fill("");
    await name.getByRole("button", { name: "Save" }).click();
    await expect(name.getByText("This field is required")).toBeVisible();
    await name.getByRole("button", { name: "Cancel" }).click();
    await expect(name).toContainText("Devrai near Ratnagiri");

    const area = page.locator('[data-field-row="area-ha"]');
    await area.getByRole("button", { name: "Edit" }).click();
    await area.getByLabel("Area (hectares)").fill("8.5");
    await area.getByRole("button", { name: "Save" }).click();
    await expect(area.getByRole("button", { name: "Edit" })).toBeVisible();
    await expect(area).toContainText("8.5");

    const community = page.locator('[data-field-row="community"]');
    await community.getByRole("button", { name: "Edit" }).click();
    await community.getByLabel("Community").fill("Villagers of Ratnagiri");
    await community.getByRole("button", { name: "Save" }).click();
    await expect(community).toContainText("Villagers of Ratnagiri");

    await page.getByRole("link", { name: "Back to the CCA" }).click();
    await expect(page).toHaveURL(new RegExp(`/data/show/${id}$`));
    const history = page.getByTestId("record-history");
    await expect(history.getByRole("listitem").first()).toContainText("Community changed from Villagers of a Konkan hamlet to Villagers of Ratnagiri");
    await expect(history).toContainText("Area (hectares) changed from 6 to 8.5");

    await page.goto(`/hi/data/show/${id}`);
    await expect(page.getByTestId("record-history")).toContainText("क्षेत्रफल (हेक्टेयर) 6 से बदलकर 8.5 किया गया");
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test("a data curator chooses editors from /data/edit, deletes the CCA with confirmation and restores it", async ({ page, context, request }) => {
    test.setTimeout(150_000);
    const found = (await (await context.request.get("/cca-api/api/v1/data/search?query=sendenyu")).json()) as { data: { id: number }[] };
    const id = found.data[0]!.id;
    await signInWithApi(context, "datacurator@example.org", "demo-data-2026");
    await page.goto(`/data/edit/${id}`);

    // Editors: search a person, add, then remove again; each change is saved at once.
    await page.getByRole("button", { name: "Editors" }).click();
    const dialog = page.getByRole("dialog", { name: /^Editors of Sendenyu/ });
    await dialog.getByRole("searchbox", { name: "Find a person by name" }).fill("Ramesh");
    await dialog.getByRole("button", { name: "Add Ramesh Oraon as an editor" }).click();
    const current = dialog.getByRole("list", { name: "Current editors" });
    await expect(current).toContainText("Ramesh Oraon");
    const stored = async () => ((await (await context.request.get(`/cca-api/api/v1/data/${id}`)).json()) as { allowedUsers: string[] }).allowedUsers;
    expect(await stored()).toContain(String(DEMO.member.id));
    await current.getByRole("button", { name: "Remove Ramesh Oraon from the editors" }).click();
    await expect(dialog.getByText("No editors besides the owner yet.")).toBeVisible();
    expect(await stored()).not.toContain(String(DEMO.member.id));
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();

    // The count on the home of an anonymous visitor (kept in the page cache and the in-process cache
    // after two visits) follows the delete and the restore on the very next request.
    const homeCount = async () => {
      const html = await (await request.get("/", { headers: { cookie: "NEXT_LOCALE=en" } })).text();
      return Number(/data-testid="stats-total"[^>]*>([^<]+)</.exec(html)![1]!.replace(/,/g, ""));
    };
    await homeCount();
    const before = await homeCount();

    // Delete asks first; after it the record is gone for visitors, and a curator can bring it back.
    await page.getByRole("button", { name: "Delete this CCA" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this CCA?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("This CCA has been deleted and no longer appears on the site.")).toBeVisible();
    expect((await request.get(`/cca-api/api/v1/data/${id}`)).status(), "a visitor no longer reads it").toBe(404);
    expect(await homeCount(), "the home counts one CCA fewer").toBe(before - 1);

    await page.getByRole("button", { name: "Restore this CCA" }).click();
    await expect(page.getByText("This CCA has been deleted and no longer appears on the site.")).toBeHidden();
    expect((await request.get(`/cca-api/api/v1/data/${id}`)).status(), "a visitor reads it again").toBe(200);
    expect(await homeCount(), "the home counts it again").toBe(before);
    await page.goto(`/data/show/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: /Sendenyu community wildlife reserve/ })).toBeVisible();
    await expect(page.getByTestId("record-history")).toContainText("restored this CCA");
  });
});
