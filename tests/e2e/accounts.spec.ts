import { expect, request as playwrightRequest, test } from "@playwright/test";
import { DEMO, expectNoSeriousA11yViolations, readOtpFromOutbox, signInThroughDialog, signInWithApi } from "./fixtures";

test.describe("[ACCOUNTS] signing up, in and out", () => {
  test("a visitor registers with a mobile number, verifies the code from the outbox, is signed in and signs out", async ({ page, baseURL }) => {
    const national = `98${String(Date.now()).slice(-8)}`;
    await page.goto("/register");
    await page.getByLabel("Name").fill("Kiran Gaonkar");
    // Pick by clicking the option's text, as a person does.
    await page.getByText("Female", { exact: true }).click();
    await page.getByRole("textbox", { name: "Mobile number" }).fill(national);
    await page.getByLabel(/^Password/).fill("sacred-grove-2026");
    await page.getByLabel("Confirm password").fill("sacred-grove-2026");
    await page.getByRole("button", { name: "Create account" }).click();

    const dialog = page.getByRole("dialog", { name: "Verify your account" });
    await expect(dialog).toBeVisible();
    const api = await playwrightRequest.newContext({ baseURL });
    const code = await readOtpFromOutbox(api, `+91${national}`);
    await dialog.getByLabel("Verification code").fill(code);
    await dialog.getByRole("button", { name: "Verify" }).click();

    const account = page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: "Account menu for Kiran Gaonkar" });
    await expect(account).toBeVisible();
    await account.click();
    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Log in / Register" })).toBeVisible();
    await api.dispose();
  });

  test("forgot password: an unknown e-mail gets the same next step as a known one; the owner resets with the mailed code", async ({ page, baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const email = `reset.${Date.now()}@example.com`;
    const signup = await api.post("/user-api/api/v1/authenticate/signup", {
      data: { username: "Reset Tester", gender: "Female", email, verificationType: "EMAIL", password: "first-pass-2026", confirmPassword: "first-pass-2026" },
    });
    expect(signup.status()).toBe(200);
    const verified = await api.post("/user-api/api/v1/authenticate/validate", { form: { verificationId: email, otp: await readOtpFromOutbox(api, email) } });
    expect(verified.status()).toBe(200);

    // Someone without an account sees exactly what an owner sees next.
    await page.goto("/register/forgotPassword");
    await page.getByRole("textbox", { name: "Email" }).fill(`nobody.${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send verification code" }).click();
    await expect(page.getByText(/Enter the verification code we sent to nobody\./)).toBeVisible();

    await page.goto("/register/forgotPassword");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send verification code" }).click();
    await expect(page.getByText(`Enter the verification code we sent to ${email}.`)).toBeVisible();
    await page.getByLabel("Verification code").fill(await readOtpFromOutbox(api, email));
    await page.getByLabel(/^New password/).fill("second-pass-2026");
    await page.getByLabel("Confirm password").fill("second-pass-2026");
    await page.getByRole("button", { name: "Reset password" }).click();
    // The reset signs in: the screen goes on to sign-in, which sends a signed-in visitor home.
    await expect(page).not.toHaveURL(/forgotPassword/);
    const signIn = await api.post("/userGroup-api/api/v1/group/login", { form: { username: email, password: "second-pass-2026", mode: "manual" } });
    expect(signIn.status()).toBe(200);
    await api.dispose();
  });

  test("a member signs in by mobile number and returns to the page they came from", async ({ page }) => {
    await page.goto("/page/show/45");
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Log in / Register" }).click();
    await expect(page).toHaveURL(/\/login\?forward=%2Fpage%2Fshow%2F45$/);
    await page.getByText("Mobile number", { exact: true }).first().click();
    await expect(page.getByRole("radio", { name: "Mobile number" })).toBeChecked();
    await page.getByRole("textbox", { name: "Mobile number" }).fill(DEMO.member.national);
    await page.getByLabel(/^Password/).fill(DEMO.member.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/page\/show\/45$/);
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: /Account menu for/ })).toBeVisible();
  });

  test("a wrong password is refused with a translated message, and forward never leaves the site", async ({ page }) => {
    await page.goto("/hi/login?forward=https%3A%2F%2Fevil.example%2F");
    await page.getByRole("textbox", { name: "ईमेल" }).fill(DEMO.member.email);
    await page.getByLabel(/^पासवर्ड/).and(page.locator("input")).fill("not-the-password");
    await page.getByRole("button", { name: "साइन इन करें" }).click();
    await expect(page.getByRole("form", { name: "साइन इन करें" }).getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/hi\/login/);
    await page.getByLabel(/^पासवर्ड/).and(page.locator("input")).fill(DEMO.member.password);
    await page.getByRole("button", { name: "साइन इन करें" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/hi$/);
  });

  test("an expired access token is renewed without the visitor noticing", async ({ page, context }) => {
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    await page.goto("/user/list");
    const account = page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: /Account menu for/ });
    await expect(account).toBeVisible();
    const before = (await context.cookies()).find((c) => c.name === "BAToken")?.value;
    // The e2e server issues access tokens for 8 seconds.
    await page.waitForTimeout(9_000);
    await page.goto("/user/show/7");
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: /Account menu for/ })).toBeVisible();
    const after = (await context.cookies()).find((c) => c.name === "BAToken")?.value;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });
});

test.describe("[ACCOUNTS] who may edit whom", () => {
  // The external data contributor (user 6), so the member's rights stay as seeded for the other specs.
  test("an admin changes another user's roles", async ({ page, context }) => {
    await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/user/edit/6?tab=permissions");
    await page.getByRole("tab", { name: "Permissions" }).click();
    await page.getByText("Document contributor", { exact: true }).click();
    await expect(page.getByRole("checkbox", { name: "Document contributor" })).toBeChecked();
    await page.getByRole("button", { name: "Save roles" }).click();
    await expect(page.getByText("Roles saved")).toBeVisible();
    await page.goto("/user/show/6");
    await expect(page.getByText("Document contributor")).toBeVisible();
  });

  test("a member is refused another user's settings with a clear 403 screen; a visitor is sent to sign in", async ({ page, context }) => {
    const anonymous = await page.goto("/user/edit/1");
    await expect(page).toHaveURL(/\/login\?forward=%2Fuser%2Fedit%2F1/);
    expect(anonymous?.status()).toBe(200);
    await signInWithApi(context, DEMO.member.email, DEMO.member.password);
    const refused = await page.goto("/user/edit/1");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    const own = await page.goto("/user/edit/7");
    expect(own?.status()).toBe(200);
  });
});

test.describe("[A11Y] account screens have no serious or critical axe violations", () => {
  for (const path of ["/login", "/register", "/user/list", "/user/show/7", "/hi/login", "/hi/register", "/hi/user/list", "/hi/user/show/7"]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("[AUTH WALL] a control that needs a user asks for sign-in, then carries on", () => {
  test("a visitor joins an open microsite: the sign-in dialog opens, and after signing in the join goes through", async ({ page }) => {
    await page.goto("/group/banni-grasslands");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Join microsite" }).click();
    await signInThroughDialog(page, DEMO.member);
    await expect(page.getByText("You joined the microsite")).toBeVisible();
    await expect(banner.getByRole("button", { name: "Join microsite" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("button", { name: /Account menu for/ })).toBeVisible();
  });

  test("closing the sign-in dialog leaves the visitor where they were, still signed out", async ({ page }) => {
    await page.goto("/group/sacred-groves");
    await page.getByRole("banner").getByRole("button", { name: "Join microsite" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/group\/sacred-groves$/);
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Log in / Register" })).toBeVisible();
  });
});

test.describe("[USERS] the directory", () => {
  test("a shared search link lists its members without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/user/list?name=meera");
    const list = page.getByRole("main").getByRole("list").first();
    await expect(list.getByRole("link", { name: "Meera Nair" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Kavita Bhil" })).toHaveCount(0);
    await context.close();
  });

  test("searching by name and by role asks the platform again and keeps the search in the address; Back restores the list", async ({ page }) => {
    await page.goto("/user/list");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Kavita Bhil" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Meera Nair" })).toBeVisible();
    await main.getByRole("searchbox", { name: "Search by name" }).fill("kavita");
    await expect(page).toHaveURL(/\/user\/list\?name=kavita$/);
    await expect(main.getByRole("link", { name: "Meera Nair" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Kavita Bhil" })).toBeVisible();
    await main.getByRole("searchbox", { name: "Search by name" }).fill("");
    await expect(main.getByRole("link", { name: "Meera Nair" })).toBeVisible();
    await main.getByRole("combobox", { name: "Role" }).selectOption("ROLE_ADMIN");
    await expect(page).toHaveURL(/role=ROLE_ADMIN/);
    await expect(main.getByRole("link", { name: "Kavita Bhil" })).toHaveCount(0);
    await page.goBack();
    await expect(page).not.toHaveURL(/role=/);
    await expect(main.getByRole("link", { name: "Kavita Bhil" })).toBeVisible();
  });
});
