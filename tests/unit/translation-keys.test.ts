import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leaves, localeFile, readLocale, ROOT } from "./helpers/locales";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

const NAMESPACED_KEY = /["'`]([a-z]+):([A-Za-z0-9_.]+)["'`]/g;

describe("[I18N] the chrome and the screens only use keys that exist", () => {
  const files = [...sourceFiles(path.join(ROOT, "src/components")), ...sourceFiles(path.join(ROOT, "src/features"))];
  const used = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(NAMESPACED_KEY)) used.add(`${match[1]}:${match[2]}`);
  }

  it("finds the keys it checks", () => {
    expect(used.size).toBeGreaterThan(20);
  });

  it.each(["en", "hi"])("every namespaced key in src/components and src/features exists in %s", (lang) => {
    const missing = [...used].filter((key) => {
      const [ns, keyPath] = key.split(":") as [string, string];
      const dict = readLocale(lang, ns);
      if (!dict) return true;
      const known = leaves(dict);
      // A count's key may exist only as its plural forms (next-translate picks `_one` or `_other`).
      return !known.has(keyPath) && !(known.has(`${keyPath}_one`) && known.has(`${keyPath}_other`));
    });
    expect(missing).toEqual([]);
  });
});

describe("[I18N] the field errors of the forms' rules and of the platform are keys that exist", () => {
  // src/contracts (shared form rules) and src/server (fieldErrors of every service): strings that look
  // like keys of a namespace the portal has ("node:fs" is not one) must be translated in both languages.
  const files = [...sourceFiles(path.join(ROOT, "src/contracts")), ...sourceFiles(path.join(ROOT, "src/server"))];
  const used = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(NAMESPACED_KEY)) {
      if (existsSync(localeFile("en", match[1]!))) used.add(`${match[1]}:${match[2]}`);
    }
  }

  it("finds the keys it checks", () => {
    expect([...used].filter((key) => key.startsWith("editor:") || key.startsWith("page:")).length).toBeGreaterThan(10);
  });

  it.each(["en", "hi"])("every key in src/contracts and src/server exists in %s", (lang) => {
    const missing = [...used].filter((key) => {
      const [ns, keyPath] = key.split(":") as [string, string];
      return !leaves(readLocale(lang, ns) ?? {}).has(keyPath);
    });
    expect(missing).toEqual([]);
  });
});
