/**
 * The sitemap (issue 15 item 6; the sitemap case of issue 12's sensitive locations): public pages,
 * groups at their own addresses, visible records, both languages with hreflang alternates; nothing
 * deleted, and no record value (so no exact, generalised or hidden location) in it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSitemap, robotsFor, robotsTxt, sitemapText } from "@/server/modules/site/sitemap.service";
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
    const record = await api.db.one<{ id: number }>("select id from cca_data where not is_deleted and not is_template_deleted and is_public order by id limit 1");
    expect(all).toContain(`${SITE}/data/show/${record.id}`);
    expect(all).toContain(`${SITE}/hi/data/show/${record.id}`);
    const block = xml.split("<url>").find((b) => b.includes(`<loc>${SITE}/hi/data/show/${record.id}</loc>`))!;
    expect(block).toContain(`hreflang="en" href="${SITE}/data/show/${record.id}"`);
    expect(block).toContain(`hreflang="x-default" href="${SITE}/data/show/${record.id}"`);
    expect(block).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it("leaves out deleted records, records of deleted templates and deleted pages, and holds no coordinates", async () => {
    const [a, b] = await api.db.query<{ id: number }>("select id from cca_data where not is_deleted and not is_template_deleted and is_public order by id limit 2");
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

  it("past the per-file limit, /sitemap.xml is an index whose parts list every address once, in both languages", async () => {
    const { n: records } = await api.db.one<{ n: number }>("select count(*)::int as n from cca_data where not is_deleted and not is_template_deleted and is_public");
    // 10 addresses per file (5 entries in two languages): the seeded site needs many parts; records
    // read 2 per query, so a part's records come from several queries.
    const urlsPerFile = 10;
    const recordBatch = 2;
    const index = (await sitemapText(api.db, { siteUrl: SITE, urlsPerFile }))!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts).toEqual(parts.map((_, i) => `${SITE}/sitemap/${i + 1}.xml`));
    const listed: string[] = [];
    for (let n = 1; n <= parts.length; n++) {
      const xml = (await sitemapText(api.db, { siteUrl: SITE, part: n, urlsPerFile, recordBatch }))!;
      expect(xml).toContain("<urlset");
      const urls = locs(xml);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(urlsPerFile);
      // Each address with its alternates and last change.
      expect(xml.split("<url>").length - 1).toBe(urls.length);
      expect(xml.split("<url>").slice(1).every((b) => b.includes('hreflang="hi"') && b.includes('hreflang="en"'))).toBe(true);
      listed.push(...urls);
    }
    expect(await sitemapText(api.db, { siteUrl: SITE, part: parts.length + 1, urlsPerFile })).toBeNull();
    expect(await sitemapText(api.db, { siteUrl: SITE, part: 0, urlsPerFile })).toBeNull();
    // The parts together are the one-file sitemap: every address exactly once, every record in both languages.
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(locs(await buildSitemap(api.db, SITE)).sort());
    const recordUrls = listed.filter((u) => u.startsWith(`${SITE}/data/show/`));
    const hindiRecordUrls = listed.filter((u) => u.startsWith(`${SITE}/hi/data/show/`));
    expect(recordUrls.length).toBe(records);
    expect(hindiRecordUrls.length).toBe(records);
  });

  it("a group's own domain gets the group's sitemap: its screens, pages and records at its own addresses", async () => {
    const host = new URL(CHILIKA_DOMAIN).host;
    const xml = (await sitemapText(api.db, { siteUrl: SITE, host }))!;
    const all = locs(xml);
    expect(all).toContain(`${CHILIKA_DOMAIN}/`);
    expect(all).toContain(`${CHILIKA_DOMAIN}/hi`);
    expect(all).toContain(`${CHILIKA_DOMAIN}/chart`);
    expect(all.every((u) => u.startsWith(`${CHILIKA_DOMAIN}/`))).toBe(true);
    const own = await api.db.query<{ id: number }>(
      `select d.id from cca_data_user_group g join cca_data d on d.id = g.data_id join user_group u on u.id = g.user_group_id
        where u.slug = $1 and g.visible and not d.is_deleted and not d.is_template_deleted and d.is_public order by d.id`,
      [CHILIKA.slug],
    );
    expect(own.length).toBeGreaterThan(0);
    const recordUrls = all.filter((u) => u.startsWith(`${CHILIKA_DOMAIN}/data/show/`));
    expect(recordUrls).toEqual(own.map((r) => `${CHILIKA_DOMAIN}/data/show/${r.id}`));
    // Its robots.txt names its own sitemap; the site's names the site's.
    expect(await robotsFor(api.db, SITE, host)).toContain(`Sitemap: ${CHILIKA_DOMAIN}/sitemap.xml`);
    expect(await robotsFor(api.db, SITE, new URL(SITE).host)).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("robots.txt allows the public site and names the sitemap", () => {
    const text = robotsTxt(`${SITE}/`);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(text).toContain("Disallow: /admin");
  });
});
