import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Follows the static imports of the app's source, as the bundler puts them in a page's first load.
// Dynamic `import()` and `next/dynamic` are not followed, and neither is a route's getServerSideProps.

export const ROOT = path.join(__dirname, "../../..");
export const SRC = path.join(ROOT, "src");

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
export function resolveSpecifier(specifier: string, from: string): { file: string } | { pkg: string } | null {
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
export function screenModules(routeFile: string): string[] {
  const source = readFileSync(routeFile, "utf8");
  if (path.basename(routeFile) === "_app.tsx") return [routeFile];
  const match = /export\s*\{[^}]*\bas default\b[^}]*\}\s*from\s*["']([^"']+)["']/.exec(source);
  const target = match ? resolveSpecifier(match[1]!, routeFile) : null;
  return target && "file" in target ? [target.file] : [routeFile];
}

/** Every project file and package reached by static imports, with the chain that reached each. */
export function staticGraph(entries: string[]): Map<string, string[]> {
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
