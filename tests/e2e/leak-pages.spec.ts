import { expect, test, type APIRequestContext } from "@playwright/test";

// The screens themselves (server-rendered HTML with its __NEXT_DATA__, JSON-LD and social previews) leak no
// record below the public (issue 30, item 6): the API routes are walked by tests/integration/leak-hunter.test.ts;
// this walks what a browser is sent for the public screens, in both languages, on the main site and in the
// records' group, as an anonymous visitor and as a signed-in member of no group.

const FOUNDER = { email: "founder@example.org", password: "demo-founder-2026" };
const OUTSIDER = { email: "contributor@example.org", password: "demo-contributor-2026" };

/** What would give each demo record below the public away (src/server/seed/demo-records.ts, keys "consent-…"). */
const MARKS: Record<string, string[]> = {
  "Ghol devrai (community only)": ["Ghol devrai", "घोळची देवराई", "73.4567", "18.4321", "Families of Ghol"],
  "Degrai oran (curators)": ["Degrai oran", "70.9123", "26.9876", "Degrai shrine"],
  "Kan forest of Hosanagara (members)": ["Kan forest of Hosanagara", "75.3456", "14.0987"],
  "सरना स्थल, नगड़ी (सहमति वापस)": ["सरना स्थल", "85.2468", "23.1357"],
};
/** What an outsider (signed in, in no group) may see: the record shared with signed-in members. */
const OUTSIDER_SEES = new Set(["Kan forest of Hosanagara (members)"]);

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post("/userGroup-api/api/v1/group/login", { form: { username: who.email, password: who.password, mode: "manual" } });
  expect(res.status(), `sign in ${who.email}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

test.describe("[GOVERNANCE] no screen leaks a record below the public", () => {
  test.describe.configure({ timeout: 120_000 });

  test("anonymous and signed-in visitors' screens carry none of their names, places or ids", async ({ playwright, baseURL }) => {
    // The records' ids, read by their keeper (the founder keeps their group; their own list holds their records of any consent).
    const keeper = await playwright.request.newContext({ baseURL });
    const founder = await tokenOf(keeper, FOUNDER);
    const auth = { authorization: `Bearer ${founder}` };
    const mine = await keeper.get("/cca-api/api/v1/data/myList?limit=100", { headers: auth });
    expect(mine.status()).toBe(200);
    const ids = new Map<string, number>();
    for (const r of ((await mine.json()) as { ccaDataList: Array<{ id: number | string }> }).ccaDataList) {
      const record = (await (await keeper.get(`/cca-api/api/v1/data/${r.id}`, { headers: auth })).json()) as { ccaFieldValues?: Record<string, { value: unknown }> };
      const name = record.ccaFieldValues?.["name-of-cca"]?.value;
      if (typeof name === "string" && name in MARKS) ids.set(name, Number(r.id));
    }
    // The control: the same screens show the marks to the record's keeper (so their absence below means something).
    const ghol = ids.get("Ghol devrai (community only)")!;
    const kept = await keeper.get(`/data/show/${ghol}`);
    expect(kept.status()).toBe(200);
    expect(await kept.text()).toContain("Ghol devrai");
    await keeper.dispose();
    // Community only, curators, withdrawn: the founder's; the members' one is the seed member's.
    expect([...ids.keys()].sort()).toEqual(["Degrai oran (curators)", "Ghol devrai (community only)", "सरना स्थल, नगड़ी (सहमति वापस)"]);

    const visitors = {
      anonymous: await playwright.request.newContext({ baseURL }),
      outsider: await playwright.request.newContext({ baseURL }),
    };
    // Signing in through the API sets the session cookies the server-rendered screens read.
    await tokenOf(visitors.outsider, OUTSIDER);
    const pages = [
      "/",
      "/hi",
      "/data/list",
      "/hi/data/list",
      "/data/list?query=Ghol",
      "/data/list?query=Degrai",
      "/hi/data/list?query=%E0%A4%B8%E0%A4%B0%E0%A4%A8%E0%A4%BE",
      "/data/list?view=map",
      "/chart",
      "/hi/chart",
      "/group/sacred-groves",
      "/group/sacred-groves/data/list",
      "/group/sacred-groves/chart",
      "/sitemap.xml",
      ...[...ids.values()].flatMap((id) => [`/data/show/${id}`, `/hi/data/show/${id}`, `/group/sacred-groves/data/show/${id}`]),
    ];
    for (const [who, context] of Object.entries(visitors)) {
      for (const path of pages) {
        const res = await context.get(path, { maxRedirects: 0 });
        const html = await res.text();
        for (const [name, marks] of Object.entries(MARKS)) {
          if (who === "outsider" && OUTSIDER_SEES.has(name)) continue;
          for (const mark of marks) expect(html.includes(mark), `${who} ${path} shows "${mark}" of ${name}`).toBe(false);
          const id = ids.get(name);
          if (id !== undefined) expect(html.includes(`/data/show/${id}"`), `${who} ${path} links record ${id}`).toBe(false);
        }
        if ([...ids.values()].some((id) => path.endsWith(`/data/show/${id}`))) expect(res.status(), `${who} ${path}`).toBe(404);
      }
      await context.dispose();
    }
  });
});
