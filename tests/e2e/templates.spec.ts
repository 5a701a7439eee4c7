import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn, signInWithApi } from "./fixtures";

const CURATOR = { email: "templates@example.org", password: "demo-templates-2026" };

/** Field types in the editor's order, with the label the type select shows in English. */
const TYPES: [string, string][] = [
  ["TEXT", "Text"],
  ["TEXT_AREA", "Long text"],
  ["RICHTEXT", "Formatted text"],
  ["HEADING", "Heading"],
  ["SINGLE_SELECT_DROPDOWN", "Dropdown (one choice)"],
  ["SINGLE_SELECT_RADIO", "Radio buttons"],
  ["MULTI_SELECT_DROPDOWN", "Dropdown (several choices)"],
  ["MULTI_SELECT_CHECKBOX", "Checkboxes"],
  ["NUMBER", "Number"],
  ["NUMBER_RANGE", "Number range"],
  ["DATE", "Date"],
  ["DATE_RANGE", "Date range"],
  ["YEAR", "Year"],
  ["FILE", "File"],
  ["GEOMETRY", "Location on the map"],
];
const OPTION_TYPES = new Set(["SINGLE_SELECT_DROPDOWN", "SINGLE_SELECT_RADIO", "MULTI_SELECT_DROPDOWN", "MULTI_SELECT_CHECKBOX"]);

/** axe with the pointer off the controls (a hovered solid button is drawn a shade lighter). */
async function checkA11y(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

async function addField(page: Page, type: string, label: string, name: string) {
  await page.getByRole("button", { name: "Add field" }).click();
  const dialog = page.getByRole("dialog", { name: "Add field" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Type").selectOption({ label });
  await dialog.getByRole("textbox", { name: /^Name/ }).fill(name);
  if (OPTION_TYPES.has(type)) {
    await dialog.getByRole("button", { name: "Add option" }).click();
    await dialog.getByRole("textbox", { name: /^Value/ }).first().fill("Forest|Sacred grove");
    await expect(dialog.getByText("In the group “Forest”: “Sacred grove”")).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Keep field" }).click();
  await expect(dialog).toBeHidden();
}

/** The ids of the tree's fields as "a(b c) d". */
async function treeShape(page: Page): Promise<string> {
  return page.locator("#template-tree-title").locator("xpath=../..").evaluate((section) => {
    const walk = (ul: Element | null): string =>
      ul
        ? [...ul.children]
            .map((li) => {
              const name = li.querySelector("p")?.textContent ?? "";
              const inner = walk(li.querySelector(":scope > ul"));
              return inner ? `${name}(${inner})` : name;
            })
            .join(" ")
        : "";
    return walk(section.querySelector("ul"));
  });
}

test.describe("[TEMPLATES] template screens", () => {
  test("a visitor is sent to sign in and a member gets the 403 screen", async ({ page, context, baseURL }) => {
    await page.goto("/template/list");
    await expect(page).toHaveURL(/\/login\?forward=%2Ftemplate%2Flist/);
    await signIn(context, baseURL!, { id: 7, name: "Meera Naik", roles: ["ROLE_USER"] });
    const response = await page.goto("/template/edit/master");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await page.goto("/group/sacred-groves/template/list");
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  });

  test("a template curator lists, deletes and restores a template; the list passes axe in English and Hindi", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signInWithApi(context, CURATOR.email, CURATOR.password);
    await page.goto("/template/list");
    await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
    const live = page.getByRole("region", { name: "Templates", exact: true });
    await expect(live.locator("tr[data-template=master]")).toBeVisible();
    await expect(live.getByRole("link", { name: /^View the responses to / }).first()).toHaveAttribute("href", /\/data\/table\//);
    await checkA11y(page);

    const row = live.locator("tr[data-template=wetland-monitoring]");
    await row.getByRole("button", { name: /^Delete / }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("hidden until someone restores it");
    await confirm.getByRole("button", { name: "Delete template" }).click();
    await expect(row).toHaveCount(0);
    const deleted = page.getByRole("region", { name: "Deleted templates" });
    await expect(deleted.locator("tr[data-template=wetland-monitoring]")).toBeVisible();
    await deleted.getByRole("button", { name: /^Restore / }).click();
    await expect(live.locator("tr[data-template=wetland-monitoring]")).toBeVisible();

    await page.goto("/hi/template/list");
    await expect(page.getByRole("heading", { name: "टेम्पलेट", level: 1 })).toBeVisible();
    await checkA11y(page);
    await page.goto("/hi/template/create");
    await expect(page.getByRole("heading", { name: "नया टेम्पलेट बनाएँ" })).toBeVisible();
    await checkA11y(page);
  });

  test("a curator builds a template with all 15 types, arranges it with the keyboard and translates it into Hindi", async ({ page, context }) => {
    test.setTimeout(360_000);
    await signInWithApi(context, CURATOR.email, CURATOR.password);
    const shortName = `e2e-${Date.now().toString(36)}`;

    await page.goto("/template/create");
    await checkA11y(page);
    await page.getByRole("textbox", { name: /^Short name/ }).fill(shortName);
    await page.getByRole("textbox", { name: /^Name/ }).fill("Village forest survey");
    await page.getByRole("textbox", { name: /^Description/ }).fill("Questions for village forest committees");
    await page.getByRole("button", { name: "Create template" }).click();
    await expect(page).toHaveURL(new RegExp(`/template/edit/${shortName}$`));
    await expect(page.getByRole("heading", { name: "Edit – Village forest survey" })).toBeVisible();

    for (const [type, label] of TYPES) await addField(page, type, label, `Q ${type}`);
    await expect(page.getByTestId("unsaved-marker")).toBeVisible();

    // Keyboard only: focus a move button and press Enter; the focus stays on the moved field's button.
    const up = page.getByRole("button", { name: "Move “Q GEOMETRY” up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move “Q GEOMETRY” up" })).toBeFocused();
    const indent = page.getByRole("button", { name: "Move “Q TEXT_AREA” into the field above" });
    await indent.focus();
    await page.keyboard.press("Enter");
    const indentNumber = page.getByRole("button", { name: "Move “Q NUMBER_RANGE” into the field above" });
    await indentNumber.focus();
    await page.keyboard.press("Enter");
    expect(await treeShape(page)).toMatch(/^Q TEXT\(Q TEXT_AREA\) Q RICHTEXT .* Q NUMBER\(Q NUMBER_RANGE\) .* Q YEAR Q GEOMETRY Q FILE$/);
    const outdent = page.getByRole("button", { name: "Move “Q NUMBER_RANGE” out of its parent" });
    await outdent.focus();
    await page.keyboard.press("Enter");
    expect(await treeShape(page)).toContain("Q NUMBER Q NUMBER_RANGE Q DATE");

    // A master field copied in.
    await page.getByRole("button", { name: /^Copy “.+” into this template$/ }).first().click();

    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    await checkA11y(page);

    // Removing a field no record holds saves without asking (no records exist yet; the prompt with
    // counts is covered by the unit tests).
    await page.getByRole("button", { name: "Remove “Q RICHTEXT”" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove field" }).click();
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();

    await page.reload();
    expect(await treeShape(page)).toMatch(/^Q TEXT\(Q TEXT_AREA\) Q HEADING/);

    // Hindi: only the texts.
    await page.getByLabel("Language of the texts").selectOption("hi");
    await expect(page).toHaveURL(/language=hi/);
    await expect(page.getByText("You are translating into Hindi")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add field" })).toHaveCount(0);
    await page.getByRole("textbox", { name: /^Name/ }).fill("ग्राम वन सर्वेक्षण");
    await page.getByRole("button", { name: "Translate “Q TEXT”" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Type")).toBeDisabled();
    await dialog.getByRole("textbox", { name: /^Name/ }).fill("वन का नाम");
    await dialog.getByRole("button", { name: "Keep field" }).click();
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();

    await page.goto(`/hi/template/edit/${shortName}?language=hi`);
    await expect(page.getByText("वन का नाम")).toBeVisible();
    await checkA11y(page);
    await page.goto(`/template/edit/${shortName}`);
    await expect(page.getByText("Q TEXT", { exact: true })).toBeVisible();
    await page.goto("/hi/template/list");
    await expect(page.locator(`tr[data-template=${shortName}]`)).toContainText("ग्राम वन सर्वेक्षण");
  });

  test("removing a field that records hold asks first, naming how many; going back saves nothing", async ({ page, context }) => {
    const token = await signInWithApi(context, CURATOR.email, CURATOR.password);
    const headers = { Authorization: `Bearer ${token}` };
    const counts = (await (await context.request.get("/cca-api/api/v1/template/counts/wetland-monitoring", { headers })).json()) as { fields: Record<string, number> };
    const held = counts.fields["wm-water-spread"] ?? 0;
    expect(held, "the demo seed holds wetland records with a water spread").toBeGreaterThan(0);

    await page.goto("/template/edit/wetland-monitoring");
    await page.getByRole("button", { name: "Remove “Water spread (hectares)”" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove field" }).click();
    await page.getByRole("button", { name: "Save template" }).click();

    const prompt = page.getByRole("alertdialog", { name: "Records hold values you are changing" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByTestId("impact-list")).toContainText(`Field “Water spread (hectares)” removed: ${held} ${held === 1 ? "record holds" : "records hold"} a value`);
    await prompt.getByRole("button", { name: "Go back" }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId("unsaved-marker")).toBeVisible();

    // Nothing was saved: the stored template still has the field.
    const stored = (await (await context.request.get("/cca-api/api/v1/template/wetland-monitoring", { headers })).json()) as { fields: { children: { fieldId: string }[] }[] };
    expect(stored.fields.flatMap((f) => f.children.map((c) => c.fieldId))).toContain("wm-water-spread");
  });

  test("leaving the editor with unsaved changes asks first", async ({ page, context }) => {
    await signInWithApi(context, CURATOR.email, CURATOR.password);
    await page.goto("/template/edit/sacred-grove-survey");
    await page.getByRole("textbox", { name: /^Name/ }).fill("Changed name");
    await expect(page.getByTestId("unsaved-marker")).toBeVisible();
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => asked).toContain("unsaved changes");
    await expect(page).toHaveURL(/\/template\/edit\/sacred-grove-survey/);
  });
});
