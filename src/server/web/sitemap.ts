/**
 * `/sitemap.xml` (issue 15 item 6): the public screens, content pages, groups (at their own domain
 * when they have one) and CCA records, each in English (`/…`) and Hindi (`/hi/…`) with `hreflang`
 * alternates and the last change. Only addresses: no record value, so no location (exact, generalised
 * or hidden) can leak through it. Deleted pages, groups, records and records of deleted templates are left out.
 */
import SITE_CONFIG from "@site-config";
import type { Queryable } from "../db/db";

/** One file holds at most 50,000 addresses; records beyond this many (newest first) wait for a sitemap index. */
export const SITEMAP_MAX_RECORDS = 20_000;
const STATIC_PATHS = ["/", "/data/list", "/chart", "/group/list", "/participate/list"];

interface Entry {
  /** Origin without a trailing slash. */
  origin: string;
  path: string;
  lastmod: Date | null;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** The address of `path` in `locale` (`/hi/…` for Hindi; the default language has no prefix). */
export function localizedUrl(origin: string, path: string, locale: string): string {
  const prefix = locale === SITE_CONFIG.LANG.DEFAULT ? "" : `/${locale}`;
  return `${origin}${prefix}${path === "/" && prefix ? "" : path}`;
}

function urlElements(entry: Entry): string {
  const alternates = SITE_CONFIG.LANG.LIST.map((l) => `    <xhtml:link rel="alternate" hreflang="${l.code}" href="${escapeXml(localizedUrl(entry.origin, entry.path, l.code))}"/>`);
  alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(entry.origin, entry.path, SITE_CONFIG.LANG.DEFAULT))}"/>`);
  const lastmod = entry.lastmod ? `\n    <lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return SITE_CONFIG.LANG.LIST.map((l) => `  <url>\n    <loc>${escapeXml(localizedUrl(entry.origin, entry.path, l.code))}</loc>${lastmod}\n${alternates.join("\n")}\n  </url>`).join("\n");
}

export async function buildSitemap(db: Queryable, siteUrl: string): Promise<string> {
  const site = siteUrl.replace(/\/+$/, "");
  const [groups, pages, records] = await Promise.all([
    db.query<{ id: number; slug: string; domain_name: string | null; updated_on: Date | null }>(
      "select id, slug, domain_name, null::timestamptz as updated_on from user_group where not is_deleted order by id",
    ),
    db.query<{ id: number; user_group_id: number | null; updated_on: Date }>(
      "select id, user_group_id, updated_on from page where not is_deleted and page_type = 'Content' order by id",
    ),
    db.query<{ id: number; updated_on: Date }>(
      `select id, updated_on from cca_data where not is_deleted and not is_template_deleted order by id desc limit ${SITEMAP_MAX_RECORDS}`,
    ),
  ]);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  /** A group's screens live at its own domain's root, else under /group/{slug} of the site. */
  const inGroup = (groupId: number | null, path: string): { origin: string; path: string } | null => {
    if (groupId === null) return { origin: site, path };
    const group = groupById.get(groupId);
    if (!group) return null;
    if (group.domain_name) return { origin: group.domain_name.replace(/\/+$/, ""), path };
    return { origin: site, path: path === "/" ? `/group/${group.slug}` : `/group/${group.slug}${path}` };
  };
  const entries: Entry[] = [];
  for (const path of STATIC_PATHS) entries.push({ origin: site, path, lastmod: null });
  for (const g of groups) entries.push({ ...inGroup(g.id, "/")!, lastmod: g.updated_on });
  for (const p of pages) {
    const at = inGroup(p.user_group_id, `/page/show/${p.id}`);
    if (at) entries.push({ ...at, lastmod: p.updated_on });
  }
  for (const r of [...records].reverse()) entries.push({ origin: site, path: `/data/show/${r.id}`, lastmod: r.updated_on });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(urlElements),
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, "");
  return ["User-agent: *", "Disallow: /admin", "Disallow: /hi/admin", "Disallow: /api/", "Allow: /", "", `Sitemap: ${site}/sitemap.xml`, ""].join("\n");
}
