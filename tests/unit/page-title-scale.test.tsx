/** Issue 28 item 9 b: one title size on every screen, from one component (or its class twin). */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UiProvider } from "@/components/ui/provider";
import { PageTitle } from "@/components/ui/page-title";
import { HOME_CSS } from "@/features/home/home-styles";
import { PAGE_CSS } from "@/features/page/page-styles";

afterEach(cleanup);

const FEATURES = path.resolve(import.meta.dirname, "../../src/features");
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full) : full.endsWith(".tsx") ? [full] : [];
  });

/** The home's own hero title (the site's name over the banner) is the one title outside the scale. */
const HERO = /<h1 id="home-title" className="cca-home-heading">/;

describe("[LAYOUT] screen titles share one size", () => {
  it("every screen's h1 is PageTitle or carries cca-page-title / the banner's title class (same size)", () => {
    const offenders: string[] = [];
    for (const file of filesOf(FEATURES)) {
      const source = readFileSync(file, "utf8");
      if (/as="h1"/.test(source)) offenders.push(`${path.relative(FEATURES, file)}: Heading as="h1" (use PageTitle)`);
      for (const match of source.matchAll(/<h1\b[^>]*>/g)) {
        const tag = match[0];
        if (HERO.test(tag) || /className="[^"]*\bcca-page-title\b/.test(tag) || /className="[^"]*\bcca-ps-title\b/.test(tag)) continue;
        offenders.push(`${path.relative(FEATURES, file)}: ${tag}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("PageTitle, cca-page-title and the banner's title are all 2xl on a 2rem line, at every width", () => {
    render(
      <UiProvider>
        <PageTitle>Statistics</PageTitle>
      </UiProvider>,
    );
    const heading = screen.getByRole("heading", { level: 1, name: "Statistics" });
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent || [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText).join("")).join("");
    const rules = [...heading.classList].flatMap((c) => [...css.matchAll(new RegExp(`\\.${c.replace(/[^\w-]/g, "\\$&")}[^{]*\\{([^}]*)\\}`, "g"))].map((m) => m[1]!)).join(";");
    expect(rules).toMatch(/font-size:\s*var\(--chakra-font-sizes-2xl\)/);
    const squeeze = (s: string) => s.replace(/\s+/g, "");
    expect(squeeze(HOME_CSS)).toContain(squeeze(".cca-page-title { font-family: var(--chakra-fonts-heading); font-weight: var(--chakra-font-weights-semibold); font-size: var(--chakra-font-sizes-2xl); line-height: 2rem; }"));
    expect(squeeze(PAGE_CSS)).toMatch(/\.cca-ps-title\{[^}]*font-size:var\(--chakra-font-sizes-2xl\);line-height:2rem;\}/);
    expect(squeeze(PAGE_CSS)).not.toMatch(/\.cca-ps-title\{[^}]*font-sizes-4xl/);
  });
});
