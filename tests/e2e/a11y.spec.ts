import { test } from "@playwright/test";
import { expectNoSeriousA11yViolations, SEED } from "./fixtures";

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
