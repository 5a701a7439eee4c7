import { describe, expect, it } from "vitest";
import { queryAlternatives } from "@/shared/search";
import { markMatches, snippetOf, suggestionFrom, trigramSimilarity } from "@/server/modules/search/highlight";

describe("what a search hit shows (issue 33)", () => {
  it("marks the Devanagari word a romanised query found, and nothing else", () => {
    expect(markMatches("पवित्र जंगल, कोटा", queryAlternatives("jangal"))).toEqual([
      { text: "पवित्र ", match: false },
      { text: "जंगल", match: true },
      { text: ", कोटा", match: false },
    ]);
  });

  it("marks words the query begins (prefixes), in either script", () => {
    const parts = markMatches("Sacred groves of Mawphlang", queryAlternatives("grov mawph"));
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["groves", "Mawphlang"]);
    expect(parts.map((p) => p.text).join("")).toBe("Sacred groves of Mawphlang");
  });

  it("a snippet is a passage around the first match, cut on word boundaries with ellipses", () => {
    const text = `${"Long introduction about other things. ".repeat(20)}The devrai of the village is protected by the goddess. ${"More words after. ".repeat(20)}`;
    const parts = snippetOf(text, queryAlternatives("devrai"), 120);
    const passage = parts.map((p) => p.text).join("");
    expect(passage.startsWith("… ")).toBe(true);
    expect(passage.endsWith(" …")).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(130);
    expect(parts.some((p) => p.match && p.text === "devrai")).toBe(true);
    expect(snippetOf("   ", queryAlternatives("x"))).toEqual([]);
    // No match in the text: its beginning.
    expect(snippetOf("A short text.", queryAlternatives("zzz")).map((p) => p.text).join("")).toBe("A short text.");
  });

  it("trigram similarity as pg_trgm counts it", () => {
    expect(trigramSimilarity("mawphlang", "mawphlang")).toBe(1);
    expect(trigramSimilarity("mawphlong", "mawphlang")).toBeGreaterThan(0.3);
    expect(trigramSimilarity("abc", "xyz")).toBe(0);
  });

  it("'did you mean' replaces the misspelt word by the closest title word, and says nothing when nothing would change", () => {
    expect(suggestionFrom("mawplang forest", ["Mawphlang sacred forest"])).toBe("Mawphlang forest");
    expect(suggestionFrom("forest", ["Mawphlang sacred forest"])).toBeNull();
    expect(suggestionFrom("qqqq", ["Mawphlang sacred forest"])).toBeNull();
    expect(suggestionFrom("anything", [])).toBeNull();
  });
});
