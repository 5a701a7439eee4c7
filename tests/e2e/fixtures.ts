import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page } from "@playwright/test";
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
