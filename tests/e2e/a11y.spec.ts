import { expect, test } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, SEED, signInWithApi } from "./fixtures";

const SCREENS = ["/", `/group/${SEED.group.slug}`, "/page/show/45", "/group/list", "/data/list", "/data/show/1"];

test.describe("[A11Y] key screens have no serious or critical axe violations", () => {
  for (const locale of ["", "/hi"]) {
    for (const screen of SCREENS) {
      const path = `${locale}${screen === "/" && locale ? "" : screen}` || "/";
      test(`${path}`, async ({ page }) => {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});

/** The administrator's screens (issue 15): the dashboard and its two editors of the home. */
const ADMIN_SCREENS = ["/admin", "/admin/announcements", "/admin/homegallery"];

test.describe("[A11Y] the admin screens have no serious or critical axe violations", () => {
  for (const locale of ["", "/hi"]) {
    for (const screen of ADMIN_SCREENS) {
      test(`${locale}${screen}`, async ({ page, context }) => {
        await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);
        await page.goto(`${locale}${screen}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});
