/**
 * `/sitemap.xml` and its parts `/sitemap/{n}.xml` (issue 15 item 6): the public screens, content
 * pages, groups (at their own domain when they have one) and CCA records, each in English (`/…`) and
 * Hindi (`/hi/…`) with `hreflang` alternates and the last change. Only addresses: no record value, so
 * no location (exact, generalised or hidden) can leak through it. Deleted pages, groups, records and
 * records of deleted templates are left out.
 *
 * The protocol allows 50,000 addresses per file. While the whole list fits, `/sitemap.xml` is that
 * list; beyond, it is a sitemap index naming `/sitemap/1.xml` … `/sitemap/{n}.xml`, each streamed:
 * the pages and groups first, then the records in id order, read in batches (never all at once).
 *
 * Asked at a group's own domain, the sitemap is that group's: its home and screens, its pages and its
 * records, all at the group's own addresses.
 */
import SITE_CONFIG from "@site-config";
import type { Queryable } from "../../infra/db/db";
import { countListedRecords, findListedRecords } from "../records/record-listing.repository";
import { findContentPages, findGroupDomains, findSitemapGroups, type SitemapGroupRow } from "./sitemap.repository";

/** Addresses per file (the protocol's limit). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Records read per query while a part is streamed. */
const RECORD_BATCH = 2_000;
const STATIC_PATHS = ["/", "/data/list", "/chart", "/group/list", "/participate/list"];
/** The screens of a group at its own domain (its home first). */
const GROUP_PATHS = ["/", "/about", "/data/list", "/chart", "/participate/list"];

interface Entry {
  /** Origin without a trailing slash. */
  origin: string;
  path: string;
  lastmod: Date | null;
}

export interface SitemapRequest {
  /** The site's address (settings.siteUrl). */
  siteUrl: string;
  /** The Host header: a group's own domain gets the group's sitemap. */
  host?: string | undefined;
  /** Undefined for `/sitemap.xml`, else the part's number (from 1). */
  part?: number | undefined;
  /** Addresses per file; the protocol's 50,000 unless a test asks for fewer. */
  urlsPerFile?: number;
  /** Records read per query (2,000; tests ask for fewer to cross batches inside a part). */
  recordBatch?: number;
}

export interface SitemapFile {
  /** "index" for a sitemap index, "urlset" for a list of addresses. */
  kind: "index" | "urlset";
  /** The XML text, in pieces as it is read. */
  chunks: AsyncIterable<string>;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const trimSlash = (s: string) => s.replace(/\/+$/, "");

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

function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
}

type GroupRow = SitemapGroupRow;

/**
 * What one sitemap lists: the addresses that are few (screens, groups, pages; read whole) and the
 * records (counted, then read in id order by batches).
 */
interface Scope {
  fixed: Entry[];
  recordCount: number;
  /** Up to `limit` records after the first `offset` (by id), then by keyset after `afterId`. */
  records(offset: number, limit: number, afterId: number | null): Promise<{ id: number; updated_on: Date }[]>;
  recordOrigin: string;
}

async function siteScope(db: Queryable, site: string, groups: GroupRow[]): Promise<Scope> {
  const [pages, recordCount] = await Promise.all([findContentPages(db), countListedRecords(db, null)]);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  /** A group's screens live at its own domain's root, else under /group/{slug} of the site. */
  const inGroup = (groupId: number | null, path: string): { origin: string; path: string } | null => {
    if (groupId === null) return { origin: site, path };
    const group = groupById.get(groupId);
    if (!group) return null;
    if (group.domain_name) return { origin: trimSlash(group.domain_name), path };
    return { origin: site, path: path === "/" ? `/group/${group.slug}` : `/group/${group.slug}${path}` };
  };
  const fixed: Entry[] = [];
  for (const path of STATIC_PATHS) fixed.push({ origin: site, path, lastmod: null });
  for (const g of groups) fixed.push({ ...inGroup(g.id, "/")!, lastmod: g.updated_on });
  for (const p of pages) {
    const at = inGroup(p.user_group_id, `/page/show/${p.id}`);
    if (at) fixed.push({ ...at, lastmod: p.updated_on });
  }
  return {
    fixed,
    recordCount,
    recordOrigin: site,
    records: (offset, limit, afterId) => findListedRecords(db, null, offset, limit, afterId),
  };
}

async function groupScope(db: Queryable, group: GroupRow & { domain_name: string }): Promise<Scope> {
  const origin = trimSlash(group.domain_name);
  const [pages, recordCount] = await Promise.all([findContentPages(db, group.id), countListedRecords(db, group.id)]);
  const fixed: Entry[] = GROUP_PATHS.map((path) => ({ origin, path, lastmod: path === "/" ? group.updated_on : null }));
  for (const p of pages) fixed.push({ origin, path: `/page/show/${p.id}`, lastmod: p.updated_on });
  return {
    fixed,
    recordCount,
    recordOrigin: origin,
    records: (offset, limit, afterId) => findListedRecords(db, group.id, offset, limit, afterId),
  };
}

const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Entries `[start, end)` of the scope (fixed entries first, then records by id), as XML pieces. */
async function* urlset(scope: Scope, start: number, end: number, batch: number): AsyncGenerator<string> {
  yield `${XML_DECLARATION}\n${URLSET_OPEN}\n`;
  const fixed = scope.fixed.slice(start, end);
  if (fixed.length > 0) yield `${fixed.map(urlElements).join("\n")}\n`;
  let offset = Math.max(0, start - scope.fixed.length);
  let remaining = end - Math.max(start, scope.fixed.length);
  let afterId: number | null = null;
  while (remaining > 0) {
    const rows = await scope.records(offset, Math.min(batch, remaining), afterId);
    if (rows.length === 0) break;
    yield `${rows.map((r) => urlElements({ origin: scope.recordOrigin, path: `/data/show/${r.id}`, lastmod: r.updated_on })).join("\n")}\n`;
    remaining -= rows.length;
    afterId = rows[rows.length - 1]!.id;
    offset = 0;
  }
  yield "</urlset>\n";
}

async function* sitemapIndex(origin: string, parts: number): AsyncGenerator<string> {
  yield `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  const lines: string[] = [];
  for (let n = 1; n <= parts; n++) lines.push(`  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemap/${n}.xml`)}</loc>\n  </sitemap>`);
  yield `${lines.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The sitemap file asked for: `/sitemap.xml` (part undefined) is the list itself while it fits in one
 * file, else the index of the parts; a part beyond the last (or any part while one file holds
 * everything, other than 1) is null (404).
 */
export async function sitemapFile(db: Queryable, request: SitemapRequest): Promise<SitemapFile | null> {
  const site = trimSlash(request.siteUrl);
  const perFile = request.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const entriesPerFile = Math.max(1, Math.floor(perFile / SITE_CONFIG.LANG.LIST.length));
  const batch = Math.max(1, request.recordBatch ?? RECORD_BATCH);
  const groups = await findSitemapGroups(db);
  const requestHost = request.host ? hostnameOf(`http://${request.host}`) : null;
  const ownGroup =
    requestHost && requestHost !== hostnameOf(site)
      ? groups.find((g): g is GroupRow & { domain_name: string } => g.domain_name !== null && hostnameOf(g.domain_name) === requestHost)
      : undefined;
  const scope = ownGroup ? await groupScope(db, ownGroup) : await siteScope(db, site, groups);
  const origin = ownGroup ? trimSlash(ownGroup.domain_name) : site;
  const total = scope.fixed.length + scope.recordCount;
  const parts = Math.max(1, Math.ceil(total / entriesPerFile));
  if (request.part === undefined) {
    return parts === 1 ? { kind: "urlset", chunks: urlset(scope, 0, total, batch) } : { kind: "index", chunks: sitemapIndex(origin, parts) };
  }
  if (!Number.isInteger(request.part) || request.part < 1 || request.part > parts) return null;
  const start = (request.part - 1) * entriesPerFile;
  return { kind: "urlset", chunks: urlset(scope, start, Math.min(total, start + entriesPerFile), batch) };
}

/** The whole file as one string (tests and small sites). */
export async function sitemapText(db: Queryable, request: SitemapRequest): Promise<string | null> {
  const file = await sitemapFile(db, request);
  if (!file) return null;
  let text = "";
  for await (const chunk of file.chunks) text += chunk;
  return text;
}

/** `/sitemap.xml` of the main site as text (a sitemap index once it outgrows one file). */
export async function buildSitemap(db: Queryable, siteUrl: string): Promise<string> {
  return (await sitemapText(db, { siteUrl }))!;
}

/** robots.txt naming the sitemap of the address asked for: a group's own domain names its own. */
export async function robotsFor(db: Queryable, siteUrl: string, host: string | undefined): Promise<string> {
  const requestHost = host ? hostnameOf(`http://${host}`) : null;
  if (!requestHost || requestHost === hostnameOf(siteUrl)) return robotsTxt(siteUrl);
  const groups = await findGroupDomains(db);
  const own = groups.find((g) => hostnameOf(g.domain_name) === requestHost);
  return robotsTxt(own ? own.domain_name : siteUrl);
}

export function robotsTxt(siteUrl: string): string {
  const site = trimSlash(siteUrl);
  return ["User-agent: *", "Disallow: /admin", "Disallow: /hi/admin", "Disallow: /api/", "Allow: /", "", `Sitemap: ${site}/sitemap.xml`, ""].join("\n");
}
