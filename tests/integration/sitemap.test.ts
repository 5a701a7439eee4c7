/**
 * The sitemap (issue 15 item 6; the sitemap case of issue 12's sensitive locations): public pages,
 * groups at their own addresses, visible records, both languages with hreflang alternates; nothing
 * deleted, and no record value (so no exact, generalised or hidden location) in it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSitemap, robotsTxt } from "@/server/web/sitemap";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_SETTINGS, type TestPlatform } from "./helpers/test-platform";
import { CHILIKA, CHILIKA_DOMAIN, SACRED_GROVES } from "./helpers/groups";

let api: TestPlatform;
const SITE = TEST_SETTINGS.siteUrl;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe(`[SITEMAP] /sitemap.xml (${TEST_DB})`, () => {
  it("lists the public screens, pages, groups and records in English and Hindi with alternates", async () => {
    const xml = await buildSitemap(api.db, SITE);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const all = locs(xml);
    expect(all).toContain(`${SITE}/`);
    expect(all).toContain(`${SITE}/hi`);
    expect(all).toContain(`${SITE}/chart`);
    expect(all).toContain(`${SITE}/page/show/45`);
    expect(all).toContain(`${SITE}/hi/page/show/45`);
    expect(all).toContain(`${SITE}/group/${SACRED_GROVES.slug}`);
    // A group with its own domain is listed there, not under /group.
    expect(all).toContain(`${CHILIKA_DOMAIN}/`);
    expect(all.some((u) => u.includes(`/group/${CHILIKA.slug}`))).toBe(false);
    const record = await api.db.one<{ id: number }>("select id from cca_data where not is_deleted and not is_template_deleted order by id limit 1");
    expect(all).toContain(`${SITE}/data/show/${record.id}`);
    expect(all).toContain(`${SITE}/hi/data/show/${record.id}`);
    const block = xml.split("<url>").find((b) => b.includes(`<loc>${SITE}/hi/data/show/${record.id}</loc>`))!;
    expect(block).toContain(`hreflang="en" href="${SITE}/data/show/${record.id}"`);
    expect(block).toContain(`hreflang="x-default" href="${SITE}/data/show/${record.id}"`);
    expect(block).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it("leaves out deleted records, records of deleted templates and deleted pages, and holds no coordinates", async () => {
    const [a, b] = await api.db.query<{ id: number }>("select id from cca_data where not is_deleted and not is_template_deleted order by id limit 2");
    await api.db.query("update cca_data set is_deleted = true where id = $1", [a!.id]);
    const page = await api.db.one<{ id: number }>("select id from page where not is_deleted and page_type = 'Content' and id <> 45 order by id limit 1");
    await api.db.query("update page set is_deleted = true where id = $1", [page.id]);
    const xml = await buildSitemap(api.db, SITE);
    const all = locs(xml);
    expect(all).not.toContain(`${SITE}/data/show/${a!.id}`);
    expect(all).toContain(`${SITE}/data/show/${b!.id}`);
    expect(all.some((u) => u.endsWith(`/page/show/${page.id}`))).toBe(false);
    // Every record with a HIDDEN or GENERALISED boundary is an address only: no number with decimals anywhere.
    expect(xml.replace(/<lastmod>[^<]*<\/lastmod>/g, "")).not.toMatch(/\d+\.\d{3,}/);
  });

  it("robots.txt allows the public site and names the sitemap", () => {
    const text = robotsTxt(`${SITE}/`);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(text).toContain("Disallow: /admin");
  });
});
