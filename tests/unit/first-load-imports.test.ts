import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a visitor's browser downloads before the page answers is what `_app` and the route's screen
// import statically. These modules load on use instead (issue 10, first-load JS ≤ 170 kB): a static
// import from the wrong place puts them back on every page, and `npm run bench` would only show it
// after a build. Dynamic `import()` and `next/dynamic` are not followed, and neither is a route's
// getServerSideProps (server only).

const ROOT = path.join(__dirname, "../..");
const SRC = path.join(ROOT, "src");

/** Loaded on use on every visitor screen: the API client, validation, toasts and dialogs. */
const ON_USE = ["axios", "yup", "@hookform/resolvers", "src/lib/api/client.ts", "src/components/ui/toaster-host.tsx", "src/components/ui/modal-dialog.tsx"];
/** Per route at most: not in the shared chunks. */
const PER_ROUTE = ["@tanstack/react-query", "react-hook-form", "libphonenumber-js"];

const ROUTES: Record<string, string[]> = {
  "_app.tsx": [...ON_USE, ...PER_ROUTE],
  "index.tsx": [...ON_USE, ...PER_ROUTE],
  "page/show/[pageId].tsx": [...ON_USE, ...PER_ROUTE],
  "page/empty.tsx": [...ON_USE, ...PER_ROUTE],
  "about.tsx": [...ON_USE, ...PER_ROUTE],
  "user/show/[id].tsx": [...ON_USE, ...PER_ROUTE],
  "group/list.tsx": [...ON_USE, "react-hook-form", "libphonenumber-js"],
  "user/list.tsx": [...ON_USE, "react-hook-form", "libphonenumber-js"],
  "login.tsx": [...ON_USE, "@tanstack/react-query", "libphonenumber-js"],
  "register/forgotPassword.tsx": [...ON_USE, "@tanstack/react-query", "libphonenumber-js"],
  // The registration form shows the mobile-number field (libphonenumber) from the start.
  "register/index.tsx": [...ON_USE, "@tanstack/react-query"],
};

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveFile(base: string): string | null {
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** A project file, or the package name of a node_modules import. */
function resolveSpecifier(specifier: string, from: string): { file: string } | { pkg: string } | null {
  if (specifier === "@site-config") return { file: path.join(ROOT, "site-config.ts") };
  if (specifier.startsWith("@/")) {
    const file = resolveFile(path.join(SRC, specifier.slice(2)));
    return file ? { file } : null;
  }
  if (specifier.startsWith(".")) {
    const file = resolveFile(path.resolve(path.dirname(from), specifier));
    return file ? { file } : null;
  }
  const parts = specifier.split("/");
  return { pkg: specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]! };
}

/** The default export's module of a route file (the screen), not its getServerSideProps. */
function screenModules(routeFile: string): string[] {
  const source = readFileSync(routeFile, "utf8");
  if (path.basename(routeFile) === "_app.tsx") return [routeFile];
  const match = /export\s*\{[^}]*\bas default\b[^}]*\}\s*from\s*["']([^"']+)["']/.exec(source);
  const target = match ? resolveSpecifier(match[1]!, routeFile) : null;
  return target && "file" in target ? [target.file] : [routeFile];
}

/** Every project file and package reached by static imports, with the chain that reached each. */
function staticGraph(entries: string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = entries.map((file) => ({ file, chain: [path.relative(ROOT, file)] }));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    reached.set(path.relative(ROOT, file), chain);
    for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      if (match[1]) continue; // import type
      const target = resolveSpecifier(match[2]!, file);
      if (!target) continue;
      if ("pkg" in target) {
        if (!reached.has(target.pkg)) reached.set(target.pkg, [...chain, target.pkg]);
      } else {
        queue.push({ file: target.file, chain: [...chain, path.relative(ROOT, target.file)] });
      }
    }
  }
  return reached;
}

describe("[SPEED] what loads before a visitor can interact", () => {
  it("follows static imports through the app (sanity check of the scanner)", () => {
    const graph = staticGraph([path.join(SRC, "pages/_app.tsx")]);
    expect(graph.has("src/components/layout/layout.tsx")).toBe(true);
    expect(graph.has("@chakra-ui/react")).toBe(true);
    expect(graph.has("src/components/layout/client-chrome.tsx")).toBe(false); // next/dynamic
  });

  it.each(Object.keys(ROUTES))("src/pages/%s with the shared app imports nothing that loads on use", (route) => {
    const lazy = ROUTES[route]!;
    const entries = [...screenModules(path.join(SRC, "pages", route)), path.join(SRC, "pages/_app.tsx")];
    const graph = staticGraph(entries);
    const found = lazy.filter((name) => graph.has(name)).map((name) => graph.get(name)!.join(" → "));
    expect(found, "imported statically (load it with next/dynamic or import() instead)").toEqual([]);
  });
});
