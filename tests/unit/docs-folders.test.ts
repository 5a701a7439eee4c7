import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs are maps: their folder tables must name exactly the folders there are, and every path they
// cite must exist. A new room, floor or module without a row (or a row left behind) fails here.
const ROOT = process.cwd();
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const foldersOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The first cell of each table row, when it is one backticked folder name ending in "/" or a src path. */
function tableFolders(markdown: string, pattern: RegExp): string[] {
  const names: string[] = [];
  for (const line of markdown.split("\n")) {
    const cell = /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1];
    const match = cell ? pattern.exec(cell) : null;
    if (match?.[1]) names.push(match[1]);
  }
  return names.sort();
}

/** Backticked repository paths (`src/…`, `docs/…`, `tests/…`, `scripts/…`) cited by a document. */
function citedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, cited] of markdown.matchAll(/`((?:src|docs|tests|scripts)\/[\w./[\]-]+)`/g)) {
    if (cited && !/[<*]|\.\.\.$/.test(cited)) paths.add(cited.replace(/\/$/, ""));
  }
  return [...paths];
}

describe("the docs' folder tables follow the folders", () => {
  it("ARCHITECTURE.md has one row per room of src", () => {
    expect(tableFolders(read("ARCHITECTURE.md"), /^src\/([\w-]+)$/)).toEqual(foldersOf("src"));
  });

  it("src/server/README.md has one row per floor and one per module, and every module has a README", () => {
    const readme = read("src/server/README.md");
    const floors = tableFolders(readme, /^([\w-]+)\/$/);
    expect(floors).toEqual(foldersOf("src/server"));
    const modules = tableFolders(readme, /^modules\/([\w-]+)\/$/);
    expect(modules).toEqual(foldersOf("src/server/modules"));
    const withoutReadme = modules.filter((name) => !existsSync(path.join(ROOT, "src/server/modules", name, "README.md")));
    expect(withoutReadme).toEqual([]);
  });

  it.each(["ARCHITECTURE.md", "src/server/README.md", "CONTRIBUTING.md", "README.md", "docs/front-end.md", "docs/performance.md", "docs/platform-rules.md"])("every path %s cites exists", (doc) => {
    const missing = citedPaths(read(doc)).filter((cited) => !existsSync(path.join(ROOT, cited)));
    expect(missing).toEqual([]);
  });

  it("each module's README names only files it has", () => {
    const stale: string[] = [];
    for (const name of foldersOf("src/server/modules")) {
      const dir = path.join("src/server/modules", name);
      for (const [, file] of read(path.join(dir, "README.md")).matchAll(/`([\w.-]+\.(?:ts|json))`/g)) {
        if (file && !existsSync(path.join(ROOT, dir, file))) stale.push(`${dir}/README.md: ${file}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
