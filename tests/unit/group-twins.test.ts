import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PAGES = path.join(__dirname, "../../src/pages");
const TWINS = path.join(PAGES, "group/[groupName]");
/** Not screens (or the group home itself, which is the twin of index); the offline screen is the service worker's, one per site. */
const NOT_SCREENS = /^(_app|_document|404|500|offline)\.tsx$|^api\//;

function routes(dir: string, base = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = base ? `${base}/${name}` : name;
    if (statSync(path.join(dir, name)).isDirectory()) return rel === "group/[groupName]" ? [] : routes(path.join(dir, name), rel);
    return /\.tsx?$/.test(name) && !NOT_SCREENS.test(rel) ? [rel] : [];
  });
}

describe("[GROUPS] every main-site screen also exists under /group/{name}/", () => {
  const main = routes(PAGES);

  it("finds the routes it checks", () => {
    expect(main).toContain("group/list.tsx");
  });

  it.each(main)("%s has a group twin that re-exports it", (route) => {
    const twin = path.join(TWINS, route);
    const source = readFileSync(twin, "utf8");
    const target = /from "([^"]+)"/.exec(source)?.[1];
    expect(target, `${twin} re-exports a main-site route`).toBeDefined();
    const resolved = path.resolve(path.dirname(twin), target!);
    const expected = path.join(PAGES, route.replace(/\.tsx?$/, ""));
    // `../register` names `register/index`.
    expect([expected, expected.replace(/\/index$/, "")]).toContain(resolved);
  });
});
