import { describe, expect, it } from "vitest";
import { deletionNeighbours, editDistance, fuzzyLexemes, fuzzyTsQuery, keyScore, keysOfText } from "@/shared/search/edit-neighbours";

describe("spelling tolerance by edits (issue 33)", () => {
  it("a key's deletion neighbours: itself and every one-letter deletion; short keys only themselves", () => {
    expect(deletionNeighbours("jngl").sort()).toEqual(["jgl", "jng", "jnl", "jngl", "ngl"].sort());
    expect(deletionNeighbours("ab")).toEqual(["ab"]);
    expect(deletionNeighbours("")).toEqual([]);
  });

  it("one wrong, missing, extra or swapped letter leaves a neighbour in common, so short words meet too", () => {
    const shares = (a: string, b: string) => {
      const [x] = keysOfText(a);
      const [y] = keysOfText(b);
      const n = new Set(deletionNeighbours(x!));
      return deletionNeighbours(y!).some((d) => n.has(d));
    };
    expect(shares("ven", "van")).toBe(true);
    expect(shares("kovlikadu", "kovilkadu")).toBe(true);
    expect(shares("jamgal", "जंगल")).toBe(true);
    expect(shares("sacred", "lake")).toBe(false);
  });

  it("the fuzzy tsquery asks every query word to meet a title word; keys only, so quoting cannot break", () => {
    const q = fuzzyTsQuery("mawplang forest")!;
    expect(q.split(" & ")).toHaveLength(2);
    expect(q).toMatch(/^[()'a-z0-9 |&]+$/);
    expect(fuzzyTsQuery("  !!! ")).toBeNull();
    expect(fuzzyLexemes("Mawphlang Sacred Forest").length).toBeGreaterThan(3);
  });

  it("edit distance counts a swap of neighbours as one edit; the key score prefers the closest title", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("ab", "ba")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    const q = keysOfText("mawplang");
    expect(keyScore(q, keysOfText("Mawphlang sacred forest"))).toBeGreaterThan(keyScore(q, keysOfText("Mandla plateau")));
    expect(keyScore([], ["x"])).toBe(0);
  });
});
