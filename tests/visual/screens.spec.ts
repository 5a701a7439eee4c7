/**
 * The visual regression suite (issue 28): the key screens, as people see them, compared pixel by pixel
 * with the committed baselines in tests/visual/baselines. It runs first in the e2e run, on the freshly
 * seeded demo, before other tests add records, pages or announcements (playwright.config.ts).
 *
 * Each shot is a whole page at 1366 px (desktop) or 390 px (phone), in English or Hindi, once the page
 * has settled: fonts loaded, lazy parts scrolled into view and loaded, every map idle with its data
 * drawn, images decoded. A failing comparison writes the expected, actual and diff images next to the
 * test's results. To change a baseline on purpose: CONTRIBUTING.md "Visual baselines".
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../e2e/fixtures";

type Language = "en" | "hi";
type Width = 1366 | 390;
type Variant = `${Language}-${Width}`;

const PEOPLE: Record<"member" | "admin", { id: number; name: string; roles: string[] }> = {
  member: { id: 7, name: "Ramesh Oraon", roles: ["ROLE_USER"] },
  admin: { id: 1, name: "Aarti Kulkarni", roles: ["ROLE_ADMIN", "ROLE_USER"] },
};

interface Screen {
  /** The baseline's file name: `{name}-{variant}.png`. */
  name: string;
  /** The address without the language prefix. */
  path: string;
  variants: readonly Variant[];
  /** Signed in as this demo person (a session cookie; no sign-in request, so no "last sign-in" changes). */
  as?: keyof typeof PEOPLE;
  /** What must show before the page counts as drawn (beyond the generic settling). */
  ready?: (page: Page) => Promise<void>;
}

const ALL: readonly Variant[] = ["en-1366", "hi-1366", "en-390", "hi-390"];
const VIEWER = { timeout: 45_000 };
const FIXED_NOW = new Date("2026-11-27T10:00:00Z");

/**
 * Every `<time>` on these screens is when something happened (activity, comments, a template's
 * dates), written by the seed at now(): it moves with the day the suite runs, so it is covered by a box.
 */
const eventTimes = (page: Page) => [page.locator("time")];

/** Every "Loading…" text of the portal (keys `loading` and `*_loading`, en and hi): none may show in a shot. */
const LOADING_TEXTS: string[] = (() => {
  const texts = new Set<string>();
  const collect = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (key === "loading" || key.endsWith("_loading")) texts.add(value);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) collect(v, k);
    }
  };
  for (const language of ["en", "hi"]) {
    const folder = path.join(__dirname, "../../locales", language);
    for (const file of fs.readdirSync(folder)) collect(JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")), "");
  }
  return [...texts];
})();

const SCREENS: readonly Screen[] = [
  { name: "home", path: "/", variants: ALL },
  { name: "group-home", path: "/group/sacred-groves", variants: ["en-1366", "hi-390"] },
  { name: "page-with-table", path: "/page/show/45", variants: ALL },
  { name: "data-list", path: "/data/list", variants: ["en-1366", "hi-390"] },
  { name: "data-list-map", path: "/data/list?view=map", variants: ["en-1366", "hi-390"] },
  { name: "record", path: "/data/show/1", variants: ["en-1366", "hi-1366", "hi-390"] },
  { name: "participate-form", path: "/participate/sacred-grove-survey", variants: ["en-1366", "hi-390"], as: "member" },
  { name: "chart", path: "/chart", variants: ["en-1366", "hi-390"] },
  { name: "document-list", path: "/document/list", variants: ["en-1366", "hi-390"] },
  {
    name: "document-pdf",
    path: "/document/show/12",
    variants: ["en-1366", "en-390"],
    ready: async (page) => {
      await expect(page.getByText(/of 3|3 में से/)).toBeVisible(VIEWER);
    },
  },
  { name: "layer-map", path: "/map", variants: ["en-1366", "hi-390"] },
  { name: "template-list", path: "/template/list", variants: ["en-1366", "hi-390"], as: "admin" },
  { name: "template-editor", path: "/template/edit/sacred-grove-survey", variants: ["en-1366"], as: "admin" },
  { name: "profile-contributions", path: "/user/show/2?tab=contributions", variants: ["en-1366", "hi-390"] },
  { name: "user-list", path: "/user/list", variants: ["en-1366", "en-390"], as: "admin" },
  { name: "search", path: "/search?q=jangal", variants: ["en-1366", "hi-390"] },
];

interface NetworkWatch {
  /** Resolves once no request has been open for half a second (counted from the call too). */
  quiet(): Promise<void>;
}

/** Counts the page's open requests from now on. */
function watchNetwork(page: Page): NetworkWatch {
  let open = 0;
  let changed = Date.now();
  page.on("request", () => {
    open += 1;
    changed = Date.now();
  });
  const finished = () => {
    open -= 1;
    changed = Date.now();
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", finished);
  return {
    quiet: () => {
      const asked = Date.now();
      return expect.poll(() => open <= 0 && Date.now() - Math.max(changed, asked) >= 500, { timeout: 30_000, intervals: [100] }).toBe(true);
    },
  };
}

/**
 * Waits until the page is drawn as a person would see it at rest: network quiet, web fonts loaded, every
 * lazily loaded part (maps, comments, PDF pages) scrolled into view once, maps idle, images decoded.
 */
async function settle(page: Page, network: NetworkWatch): Promise<void> {
  // Hydrated: React has claimed the page's last element (its effects, such as the observers that
  // start lazy parts, run right after), and the scripts have arrived.
  await page.waitForFunction(() => {
    const all = document.querySelectorAll("#__next *");
    const last = all[all.length - 1];
    return !!last && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
  });
  await network.quiet();
  // Lazy parts start when they come into view (some only once their own code has arrived): pass over
  // the page and back to the top until no "Loading…" text is left.
  await expect(async () => {
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
      for (let y = window.innerHeight; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
    });
    await page.waitForFunction((texts) => !texts.some((text) => document.body.innerText.includes(text)), LOADING_TEXTS, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await network.quiet();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  for (const map of await page.locator(".maplibregl-map").all()) {
    await expect(map).toHaveAttribute("data-map-idle", "true", { timeout: 30_000 });
  }
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => (img.complete ? Promise.resolve() : img.decode().catch(() => undefined))));
    await document.fonts.ready;
  });
}

// Maps draw with software WebGL and the PDF viewer loads pdf.js: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

for (const screen of SCREENS) {
  for (const variant of screen.variants) {
    const [language, widthText] = variant.split("-") as [Language, string];
    const width = Number(widthText) as Width;
    test.describe(() => {
      test.use(width === 390 ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 768 } });

      test(`${screen.name} (${language}, ${width} px)`, async ({ page, context, baseURL }) => {
        if (screen.as) await signIn(context, baseURL!, PEOPLE[screen.as]);
        // Dates the browser computes (relative times, "today") read one fixed moment; timers still run.
        await page.clock.setFixedTime(FIXED_NOW);
        const network = watchNetwork(page);
        const response = await page.goto(language === "hi" ? `/hi${screen.path === "/" ? "" : screen.path}` : screen.path);
        expect(response?.status()).toBe(200);
        await screen.ready?.(page);
        await settle(page, network);
        // A long page on a machine busy with the other lanes takes more than the default 10 s to capture twice.
        await expect(page).toHaveScreenshot(`${screen.name}-${variant}.png`, { fullPage: true, mask: eventTimes(page), timeout: 30_000 });
      });
    });
  }
}
