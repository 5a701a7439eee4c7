import { expect, test, type Page } from "@playwright/test";
import { SEED } from "./fixtures";

// What machines read (issue 31, item 3), as they are sent by the running portal: the JSON-LD of the record,
// document and group screens, in both languages, and the catalogue and OAI-PMH addresses the portal server
// maps to their routes.

async function jsonLdOf(page: Page, id: string): Promise<Record<string, unknown>> {
  const text = await page.locator(`script#${id}[type="application/ld+json"]`).textContent();
  expect(text, `${id} on ${page.url()}`).toBeTruthy();
  expect(text).not.toContain("</");
  return JSON.parse(text!) as Record<string, unknown>;
}

const typesOf = (node: Record<string, unknown>): string[] => {
  const t = node["@type"];
  return Array.isArray(t) ? (t as string[]) : [String(t)];
};

test.describe("Metadata that machines read", () => {
  for (const lang of ["en", "hi"] as const) {
    const prefix = lang === "hi" ? "/hi" : "";

    test(`the record, document and group screens carry schema.org JSON-LD (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/data/show/1`);
      const record = await jsonLdOf(page, "record-jsonld");
      expect(record["@context"]).toBe("https://schema.org");
      expect(typesOf(record)).toContain("Dataset");
      expect(String(record.name)).not.toBe("");
      expect(String(record.url)).toContain(`${prefix}/data/show/1`);
      expect(record.license).toBeTruthy();

      await page.goto(`${prefix}/document/show/12`);
      const document = await jsonLdOf(page, "document-jsonld");
      expect(typesOf(document).some((t) => t === "ScholarlyArticle" || t === "Report")).toBe(true);
      expect(String(document.name)).toBe((await page.getByRole("heading", { level: 1 }).first().textContent())?.trim());

      await page.goto(`${prefix}/group/${SEED.group.slug}`);
      const group = await jsonLdOf(page, "group-jsonld");
      expect(typesOf(group)).toContain("Organization");
      // The name the screen shows: English with the local-language name beside it; under /hi the group's Hindi name.
      if (lang === "en") expect([group.name, group.alternateName]).toEqual([SEED.group.name, SEED.group.nameLocal]);
      else expect(group.name).toBe(SEED.group.nameLocal);
    });
  }

  test("the DCAT catalogue and the OAI-PMH endpoint answer at their public addresses", async ({ request }) => {
    const jsonld = await request.get("/catalog.jsonld");
    expect(jsonld.status()).toBe(200);
    expect(JSON.stringify(await jsonld.json())).toContain("dcat:Dataset");
    const turtle = await request.get("/catalog", { headers: { accept: "text/turtle" } });
    expect(turtle.headers()["content-type"]).toMatch(/^text\/turtle/);
    expect(await turtle.text()).toMatch(/a dcat:Catalog/);
    const oai = await request.get("/oai?verb=Identify");
    expect(oai.headers()["content-type"]).toMatch(/^text\/xml/);
    expect(await oai.text()).toContain("<protocolVersion>2.0</protocolVersion>");
  });
});
