import { describe, expect, it } from "vitest";
import { SEED_GROUPS } from "@/server/seed/demo-groups";
import { SEED_PAGES } from "@/server/seed/demo-pages";

const HI = 206;
const DEVANAGARI = /[\u0900-\u097F]/;

describe("[SEED] the demo reads as Hindi under /hi", () => {
  const byId = new Map(SEED_PAGES.map((p) => [p.id, p]));

  it.each(SEED_PAGES.map((p) => [p.id, p.title] as const))("page %i (%s) has a Hindi title and body", (id) => {
    const page = byId.get(id)!;
    const hindi = page.languageId === HI ? page : page.hi ?? (page.hiTwin ? byId.get(page.hiTwin) : undefined);
    expect(hindi, `page ${id} has no Hindi text, translation or twin`).toBeDefined();
    expect(hindi!.title).toMatch(DEVANAGARI);
    if ((page.pageType ?? "Content") === "Content") expect(hindi!.content).toMatch(DEVANAGARI);
    if (page.description) expect(hindi!.description ?? "", `page ${id} has an English description only`).toMatch(DEVANAGARI);
    if (page.hiTwin) expect(byId.get(page.hiTwin)?.languageId).toBe(HI);
  });

  it.each(SEED_GROUPS.map((g) => [g.slug] as const))("group %s has a Hindi name and description", (slug) => {
    const group = SEED_GROUPS.find((g) => g.slug === slug)!;
    expect(group.hi.name).toMatch(DEVANAGARI);
    expect(group.hi.description).toMatch(DEVANAGARI);
  });
});
