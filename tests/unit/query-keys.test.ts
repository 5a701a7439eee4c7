import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query/query-keys";

// Every react-query key comes from src/lib/query/query-keys.ts: a write names the family it refreshes
// there, so a key written inline elsewhere could drift from the one the write invalidates.
const ROOT = process.cwd();
const REGISTRY = path.join("src", "lib", "query", "query-keys.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) ? [rel] : [];
  });
}

describe("query keys", () => {
  it("no file under src builds a react-query key inline", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles("src")) {
      if (file === REGISTRY) continue;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      text.split("\n").forEach((line, i) => {
        // `queryKey: [` in a query or an invalidation, or a key array kept in a constant.
        if (/queryKey:\s*\[/.test(line) || /Key\s*=\s*(\([^)]*\)\s*=>\s*)?\[/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("a family's short key starts each of its full keys, so invalidating it refreshes them all", () => {
    expect(queryKeys.pageTree(null, 1).slice(0, queryKeys.pageTreeAll().length)).toEqual([...queryKeys.pageTreeAll()]);
    expect(queryKeys.pageTree(7, 2).slice(0, 1)).toEqual(["pageTree"]);
  });

  it("keeps the keys the screens have always used (the browser cache may be shared across screens)", () => {
    expect(queryKeys.activity("ccaData", 5)).toEqual(["activity", "ccaData", 5]);
    expect(queryKeys.activity("page", 3)).toEqual(["activity", "page", 3]);
    expect(queryKeys.groupMemberMap()).toEqual(["group", "member-map"]);
    expect(queryKeys.groupMembership(9)).toEqual(["group", "membership", 9]);
    expect(queryKeys.groupList(1)).toEqual(["groups", 1]);
  });
});
