import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const DOCS = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "src/server/README.md"];

describe("[DOCS] the repository's docs stand alone", () => {
  it.each(DOCS)("%s sends readers to no file outside the repository", (doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
    expect(text.match(/\.\.\/shared\/[^\s`)]*/g) ?? []).toEqual([]);
  });

  it.each(DOCS)("every relative link in %s opens a file of the repository", (doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
    const missing = links.filter((href) => !fs.existsSync(path.resolve(path.dirname(path.join(ROOT, doc)), href)));
    expect(missing).toEqual([]);
  });
});
