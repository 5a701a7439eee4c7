import { expect, test } from "@playwright/test";
import { SEED, signIn } from "./fixtures";

test.describe("[CHROME] what each role sees in the chrome", () => {
  test("a signed-in member sees an avatar menu with profile and sign-out, but not the template list", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, { id: 7, name: "Meera Naik", roles: ["ROLE_USER"] });
    await page.goto("/page/show/45");
    const navbar = page.getByRole("navigation", { name: "Site" });
    await expect(navbar.getByRole("link", { name: "Log in / Register" })).toHaveCount(0);
    await expect(navbar.getByRole("link", { name: "Templates" })).toHaveCount(0);
    const account = navbar.getByRole("button", { name: "Account menu for Meera Naik" });
    await expect(account).toContainText("MN");
    await account.click();
    await expect(page.getByRole("link", { name: "Meera Naik" })).toHaveAttribute("href", "/user/show/7");
    await expect(page.getByRole("link", { name: "Sign out" })).toHaveAttribute("href", "/logout?forward=%2Fpage%2Fshow%2F45");
  });

  test("an admin sees the template list and, inside a group, the create-pages and edit-microsite controls", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, { id: 1, name: "Site Admin", roles: ["ROLE_ADMIN", "ROLE_USER"] });
    await page.goto(`/group/${SEED.group.slug}`);
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Templates" })).toHaveAttribute("href", "/group/sacred-groves/template/list");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Create pages" })).toHaveAttribute("href", `/group/${SEED.group.slug}/page/create`);
    await expect(banner.getByRole("link", { name: "Edit microsite" })).toHaveAttribute("href", `/group/${SEED.group.slug}/edit`);
    // On the main site there is no group to edit.
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Edit microsite" })).toHaveCount(0);
  });

  test("a visitor does not see the group controls", async ({ page }) => {
    await page.goto(`/group/${SEED.group.slug}`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Create pages" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Edit microsite" })).toHaveCount(0);
  });
});
