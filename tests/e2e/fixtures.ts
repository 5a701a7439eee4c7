import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { SignJWT } from "jose";

/** axe-core on the current page: no serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`);
  expect(report, report.join("\n")).toEqual([]);
}

/** Collects console errors and uncaught exceptions of a page. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

export const SEED = {
  group: { slug: "sacred-groves", name: "Sacred Groves of the Western Ghats", nameLocal: "पश्चिमी घाट के पवित्र उपवन" },
  groupLogoPath: "/logos/sacred-groves.svg",
};

const E2E_JWT_SECRET = process.env.E2E_JWT_SECRET || "e2e-only-secret-not-for-production-0123456789";

/** Gives the browser a session as the platform issues it (BAToken), signed with the e2e server's secret. */
export async function signIn(context: BrowserContext, baseURL: string, user: { id: number; name: string; roles: string[] }): Promise<void> {
  const token = await new SignJWT({ id: user.id, name: user.name, roles: user.roles })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await context.addCookies([{ name: "BAToken", value: token, url: baseURL }]);
}

export const DEMO = {
  admin: { email: "admin@example.org", password: "demo-admin-2026" },
  member: { id: 7, name: "", email: "member@example.org", mobile: "+919876500007", national: "9876500007", password: "demo-member-2026" },
};

/** The auth wall: the sign-in dialog is open; a person types e-mail and password and signs in. */
export async function signInThroughDialog(page: Page, user: { email: string; password: string }): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(user.email);
  await dialog.getByLabel(/^Password/).fill(user.password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
}

/** Signs in through the platform API (not the UI); the session cookies land in the browser context. */
export async function signInWithApi(context: BrowserContext, username: string, password: string): Promise<string> {
  const res = await context.request.post("/userGroup-api/api/v1/group/login", { form: { username, password, mode: "manual" } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** The newest 6-digit code sent to `to`, read from the admin outbox through the API. */
export async function readOtpFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  const login = await request.post("/userGroup-api/api/v1/group/login", { form: { username: DEMO.admin.email, password: DEMO.admin.password, mode: "manual" } });
  const { access_token } = await login.json();
  const res = await request.get(`/utility-api/api/v1/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(200);
  const messages = (await res.json()) as { body: string }[];
  const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, JSON.stringify(messages[0])).toBeTruthy();
  return code!;
}

/**
 * How far the page scrolls sideways (0 when it fits) and, for a failure message, the last few elements
 * that stick out past the viewport's right edge.
 */
export async function sidewaysOverflow(page: Page): Promise<{ overflow: number; wide: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}${typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`);
    return { overflow: document.documentElement.scrollWidth - width, wide: wide.join(", ") };
  });
}
