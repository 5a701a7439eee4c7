import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leaves, localeFile, readLocale, ROOT } from "./helpers/locales";

const config = JSON.parse(readFileSync(path.join(ROOT, "i18n.json"), "utf8")) as {
  locales: string[];
  pages: Record<string, string[]>;
};
// Every namespace: those a route loads and those only loaded on use (<LazyNamespaces>).
const namespaces = [...new Set([...Object.values(config.pages).flat(), ...readdirSync(path.join(ROOT, "locales/en")).map((f) => f.replace(/\.json$/, ""))])].sort();

describe("[I18N] every namespace a route loads exists in English and Hindi with the same keys", () => {
  it("i18n.json names the languages en and hi", () => {
    expect(config.locales).toEqual(["en", "hi"]);
  });

  it.each(namespaces)("%s", (ns) => {
    const en = readLocale("en", ns);
    const hi = readLocale("hi", ns);
    expect(en, `missing ${localeFile("en", ns)}`).not.toBeNull();
    expect(hi, `missing ${localeFile("hi", ns)}`).not.toBeNull();

    const enLeaves = leaves(en ?? {});
    const hiLeaves = leaves(hi ?? {});
    const onlyEn = [...enLeaves.keys()].filter((k) => !hiLeaves.has(k));
    const onlyHi = [...hiLeaves.keys()].filter((k) => !enLeaves.has(k));
    expect({ missingInHindi: onlyEn, missingInEnglish: onlyHi }).toEqual({ missingInHindi: [], missingInEnglish: [] });

    const blank = [...enLeaves, ...hiLeaves]
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    expect(blank, "keys with empty or non-text values").toEqual([]);
    expect(enLeaves.size).toBeGreaterThan(0);
  });

  it.each(namespaces)("%s: Hindi text is written in Devanagari, not copied from English", (ns) => {
    const en = leaves(readLocale("en", ns) ?? {});
    const hi = leaves(readLocale("hi", ns) ?? {});
    // Acronyms and brand names may stay as they are; everything else needs Devanagari.
    const isAcronym = (s: string) => /^[A-Z0-9 .\-/]+$/.test(s);
    const untranslated = [...hi]
      .filter(([k, v]) => typeof v === "string" && !/[\u0900-\u097F]/.test(v) && !isAcronym(v) && en.get(k) !== undefined)
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it("interpolation variables match between the languages", () => {
    const mismatched: string[] = [];
    for (const ns of namespaces) {
      const en = leaves(readLocale("en", ns) ?? {});
      const hi = leaves(readLocale("hi", ns) ?? {});
      for (const [key, value] of en) {
        const vars = (s: unknown) => (typeof s === "string" ? (s.match(/{{\s*\w+\s*}}/g) ?? []).sort().join() : "");
        if (vars(value) !== vars(hi.get(key))) mismatched.push(`${ns}:${key}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it("common has the keys the error, loading and empty screens rely on", () => {
    for (const lang of ["en", "hi"]) {
      const keys = leaves(readLocale(lang, "common") ?? {});
      const required = ["error.not_found.title", "error.not_found.description", "error.server.title", "error.server.description", "error.go_home", "error.retry", "loading", "empty", "skip_to_content"];
      expect(required.filter((k) => !keys.has(k)), lang).toEqual([]);
    }
    expect(leaves(readLocale("en", "common") ?? {}).get("error.not_found.title")).toBe("Page not found");
  });
});
