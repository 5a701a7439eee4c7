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

  test("a GIS user copies the OGC API address from the data list, and the address answers (en and hi)", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    for (const [prefix, button, title] of [["", "Open in QGIS", "Open in QGIS or ArcGIS"], ["/hi", /QGIS/, /QGIS/]] as const) {
      await page.goto(`${prefix}/data/list`);
      await page.getByRole("button", { name: button }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      const address = dialog.getByRole("textbox");
      await expect(address).toHaveValue(/\/ogc$/);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    // The address GIS software is given, through the portal server: landing page, collections, a page of items.
    const landing = await request.get("/ogc?f=json");
    expect(landing.status()).toBe(200);
    const links = ((await landing.json()) as { links: Array<{ rel: string }> }).links.map((l) => l.rel);
    expect(links).toEqual(expect.arrayContaining(["self", "service-desc", "conformance", "data"]));
    const collections = (await (await request.get("/hi/ogc/collections?f=json")).json()) as { collections: Array<{ id: string }> };
    expect(collections.collections.map((c) => c.id)).toContain("records-master");
    const items = await request.get("/ogc/collections/records-master/items?limit=2", { headers: { accept: "application/geo+json" } });
    expect(items.headers()["content-type"]).toMatch(/^application\/geo\+json/);
    const page1 = (await items.json()) as { type: string; features: unknown[]; links: Array<{ rel: string }> };
    expect(page1.type).toBe("FeatureCollection");
    expect(page1.features).toHaveLength(2);
    expect(page1.links.map((l) => l.rel)).toContain("next");
    expect((await request.get("/ogc/collections/records-master/items?bbox=1,2,3")).status()).toBe(400);
  });

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
