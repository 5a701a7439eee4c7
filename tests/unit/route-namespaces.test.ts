import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localeFile } from "./helpers/locales";
import { ROOT, screenModules, SRC, staticGraph } from "./helpers/static-imports";

// Every namespace a route's first render may use travels in its HTML (__NEXT_DATA__), so i18n.json
// lists only those: the chrome's in "*", a screen's under its route. Parts loaded on use (the sign-in
// dialog, comments, reorder mode, a dialog's failure text) bring theirs with <LazyNamespaces>; they
// are reached by next/dynamic or import() and so are not followed here.

const config = JSON.parse(readFileSync(path.join(ROOT, "i18n.json"), "utf8")) as { pages: Record<string, string[]> };
const NAMESPACE_USE = /["'`]([a-z]+):[A-Za-z_]|useTranslation\(["']([a-z]+)["']\)/g;

function namespacesUsed(entries: string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of staticGraph(entries).keys()) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const m of readFileSync(path.join(ROOT, file), "utf8").matchAll(NAMESPACE_USE)) {
      const ns = m[1] ?? m[2]!;
      if (existsSync(localeFile("en", ns)) && !used.has(ns)) used.set(ns, file);
    }
  }
  return used;
}

/** Main-site routes (the group twins re-export them), as next-translate names them. */
function routes(dir = path.join(SRC, "pages"), base = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = `${base}/${name}`;
    if (statSync(path.join(dir, name)).isDirectory()) return rel === "/api" || rel === "/group/[groupName]" ? [] : routes(path.join(dir, name), rel);
    if (!/\.tsx$/.test(name) || /^\/(_app|_document)\.tsx$/.test(rel)) return [];
    return [rel.replace(/\.tsx$/, "").replace(/\/index$/, "") || "/"];
  });
}

/** What next-translate loads for a page: "*", the page's own entry and every matching "rgx:" entry. */
async function namespacesOf(page: string): Promise<string[]> {
  const matching = Object.entries(config.pages).filter(([key]) => key === "*" || key === page || (key.startsWith("rgx:") && new RegExp(key.slice(4)).test(page)));
  return [...new Set(matching.flatMap(([, namespaces]) => namespaces))];
}

describe("[I18N] a page's HTML carries the namespaces its first render uses", () => {
  it("finds the routes and the chrome's namespaces (sanity check of the scanner)", () => {
    expect(routes()).toEqual(expect.arrayContaining(["/", "/page/show/[pageId]", "/login", "/404"]));
    const chrome = namespacesUsed([path.join(SRC, "pages/_app.tsx")]);
    expect([...chrome.keys()]).toEqual(expect.arrayContaining(["common", "header"]));
  });

  it("the chrome (_app) uses only what every route loads", async () => {
    const every = new Set(await namespacesOf("/every-route"));
    const missing = [...namespacesUsed([path.join(SRC, "pages/_app.tsx")])].filter(([ns]) => !every.has(ns));
    expect(missing.map(([ns, file]) => `${ns} (${file})`)).toEqual([]);
  });

  it.each(routes())("%s: its screen uses only namespaces the route loads", async (route) => {
    const loaded = new Set(await namespacesOf(route));
    const file = [`${route}.tsx`, `${route}/index.tsx`].map((f) => path.join(SRC, "pages", f)).find((f) => existsSync(f))!;
    const missing = [...namespacesUsed(screenModules(file))].filter(([ns]) => !loaded.has(ns));
    expect(missing.map(([ns, file]) => `${ns} (${file})`)).toEqual([]);
  });

  it.each(routes())("%s: the group twin loads the same namespaces", async (route) => {
    if (route === "/404" || route === "/500") return;
    const twin = route === "/" ? "/group/[groupName]" : `/group/[groupName]${route}`;
    const main = await namespacesOf(route);
    expect((await namespacesOf(twin)).filter((ns) => main.includes(ns) || ns === "home").sort()).toEqual([...main].sort());
  });
});
