import { expect, request as apiRequest, test, type APIRequestContext } from "@playwright/test";
import { DEMO, signInWithApi } from "./fixtures";

const FOUNDER = { email: "founder@example.org", password: "demo-founder-2026" };
const MEMBER_NAME = "Ramesh Oraon";

/** The id of the demo record whose name starts with `name`. */
async function recordId(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/cca-api/api/v1/data/search?query=${encodeURIComponent(query)}&limit=1`);
  expect(res.status()).toBe(200);
  const id = (await res.json()).data[0]?.id as number | undefined;
  expect(id).toBeTruthy();
  return id!;
}

/**
 * The newest message to `to` in the outbox, read as the admin through the API, on fresh connections: the
 * test's own request context sits idle while the browser works, and a socket the server closed after its
 * 5 s keep-alive can be reset under a reused request.
 */
async function lastMessageTo(baseURL: string, to: string): Promise<string> {
  const request = await apiRequest.newContext({ baseURL });
  try {
    return await readLastMessage(request, to);
  } finally {
    await request.dispose();
  }
}

async function readLastMessage(request: APIRequestContext, to: string): Promise<string> {
  const login = await request.post("/userGroup-api/api/v1/group/login", { form: { username: DEMO.admin.email, password: DEMO.admin.password, mode: "manual" } });
  const { access_token } = await login.json();
  const res = await request.get(`/utility-api/api/v1/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: string }[])[0]?.body ?? "";
}

test.describe("[CONTRIBUTE] asking to contribute to a CCA", () => {
  // Two people and several pages in one test: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 150_000 });

  test("a member follows and asks; the owner grants from the message's link; the member is then an editor", async ({ browser, request, baseURL }) => {
    const id = await recordId(request, "Khonoma");

    const memberContext = await browser.newContext();
    await signInWithApi(memberContext, DEMO.member.email, DEMO.member.password);
    const member = await memberContext.newPage();
    await member.goto(`/data/show/${id}`);
    await expect(member.getByRole("heading", { level: 1, name: /Khonoma/ })).toBeVisible();

    const follow = member.getByRole("button", { name: "Follow", exact: true });
    await follow.click();
    // Slow only on a loaded machine (the first write loads the API client): a generous wait.
    const slow = { timeout: 30_000 };
    await expect(member.getByRole("button", { name: "Unfollow" })).toHaveAttribute("aria-pressed", "true", slow);

    await member.getByRole("button", { name: "Request to contribute" }).click();
    const dialog = member.getByRole("dialog", { name: /Ask to contribute to Khonoma/ });
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog.getByText("Write a message")).toBeVisible();
    await dialog.getByRole("textbox", { name: /Your message/ }).fill("I count the tragopans here every spring.");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(member.getByText("Your request has been sent")).toBeVisible(slow);
    await expect(dialog).toBeHidden();

    const message = await lastMessageTo(baseURL!, FOUNDER.email);
    expect(message).toContain("I count the tragopans here every spring.");
    const link = /https?:\/\/[^\s]+\/continue\/verify-token\?[^\s]+/.exec(message)?.[0];
    expect(link, message).toBeTruthy();
    const url = new URL(link!);

    const ownerContext = await browser.newContext();
    await signInWithApi(ownerContext, FOUNDER.email, FOUNDER.password);
    const owner = await ownerContext.newPage();
    await owner.goto(`${url.pathname}${url.search}`);
    await expect(owner.getByText(`${MEMBER_NAME} asks to edit Khonoma`, { exact: false })).toBeVisible();
    await expect(owner.getByText("I count the tragopans here every spring.")).toBeVisible();
    await owner.getByRole("button", { name: "Let them edit" }).click();
    await expect(owner.getByText(`${MEMBER_NAME} can now edit this CCA`)).toBeVisible(slow);

    // The member is now among the record's contributors and no longer asked to request.
    await member.reload();
    await expect(member.getByRole("link", { name: MEMBER_NAME })).toBeVisible();
    await expect(member.getByRole("button", { name: "Request to contribute" })).toHaveCount(0);

    // The owner sees them in the editors dialog.
    await owner.goto(`/data/show/${id}`);
    await owner.getByRole("button", { name: "Editors" }).click();
    const editors = owner.getByRole("dialog", { name: /Editors of Khonoma/ });
    await expect(editors.getByRole("button", { name: `Remove ${MEMBER_NAME} from the editors` })).toBeVisible(slow);

    await memberContext.close();
    await ownerContext.close();
  });

  test("a profile's Contributions tab lists the user's records and opens them; the tab has its own address", async ({ page }) => {
    await page.goto(`/user/show/${DEMO.member.id}`);
    await page.getByRole("tab", { name: "Contributions" }).click();
    const panel = page.getByRole("tabpanel", { name: "Contributions" });
    // The member's three demo records (other tests may add more).
    for (const name of [/Mendha/, /Ratnagiri/, /Jaherthan/]) await expect(panel.getByRole("link", { name })).toBeVisible();
    await panel.getByRole("link", { name: /Mendha/ }).click();
    await expect(page).toHaveURL(/\/data\/show\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: /Mendha/ })).toBeVisible();

    // The template curator's records, from a link to the tab.
    await page.goto("/user/show/2?tab=contributions");
    await expect(page.getByRole("tab", { name: "Contributions" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Contributions" }).getByRole("link", { name: /\S/ }).first()).toBeVisible();
  });
});
