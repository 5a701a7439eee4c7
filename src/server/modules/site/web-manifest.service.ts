/**
 * The installable web app of the site and of each group (issue 32, item 1): its manifest (name, local
 * name, description, start URL on its address or own domain, icons from its logo) and the icons, PNG at
 * 192 and 512 px (and a maskable one with room around the logo), rendered from the group's logo in the
 * files store (the site's own logo otherwise) on a white square. A group at its own domain is found by the
 * Host header; one under `/group/{slug}` by `group`.
 */
import fs from "node:fs";
import path from "node:path";
import SITE_CONFIG from "@site-config";
import type { Queryable } from "../../infra/db/db";
import type { FileStore } from "../../infra/files/file-store";
import { findGroups, type UserGroupRow } from "../groups/group.repository";

export type ManifestLanguage = "en" | "hi";
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

const LANGUAGE_IDS: Record<ManifestLanguage, number> = { en: 205, hi: 206 };
const SITE_SHORT_NAME: Record<ManifestLanguage, string> = { en: "CCA portal", hi: "सीसीए पोर्टल" };

export interface ManifestQuery {
  lang: ManifestLanguage;
  /** `/group/{slug}`'s slug. */
  group?: string;
  /** The Host header. */
  host?: string;
}

function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The group asked for (by slug, or by its own domain's host), null for the main site; undefined: no such group. */
async function groupOf(db: Queryable, query: ManifestQuery): Promise<UserGroupRow | null | undefined> {
  const groups = await findGroups(db, LANGUAGE_IDS[query.lang]);
  const host = query.host?.split(":")[0]?.toLowerCase();
  const byHost = host ? groups.find((g) => g.domain_name !== null && hostnameOf(g.domain_name) === host) : undefined;
  if (byHost) return byHost;
  if (query.group === undefined) return null;
  return groups.find((g) => g.slug === query.group);
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

export async function webManifest(db: Queryable, query: ManifestQuery): Promise<Record<string, unknown> | null> {
  const group = await groupOf(db, query);
  if (group === undefined) return null;
  const langPrefix = query.lang === "hi" ? "/hi" : "";
  const ownDomain = group !== null && group.domain_name !== null && hostnameOf(group.domain_name) === query.host?.split(":")[0]?.toLowerCase();
  const prefix = group === null || ownDomain ? "" : `/group/${group.slug}`;
  const iconQuery = (size: number, maskable = false) =>
    `/api/pwa/icon?size=${size}${group !== null && !ownDomain ? `&group=${encodeURIComponent(group.slug)}` : ""}${maskable ? "&maskable=1" : ""}`;
  const name = group === null ? SITE_CONFIG.SITE.TITLE[query.lang] : group.name;
  const shortName = group === null ? SITE_SHORT_NAME[query.lang] : query.lang === "hi" && group.name_local ? group.name_local : group.name;
  return {
    id: prefix === "" ? "/" : `${prefix}/`,
    name: cut(name, 80),
    short_name: cut(shortName, 24),
    description: cut(group === null ? SITE_CONFIG.SITE.DESCRIPTION[query.lang] : group.description.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() || name, 300),
    lang: query.lang,
    dir: "ltr",
    start_url: `${langPrefix}${prefix}` || "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: SITE_CONFIG.SITE.THEME_COLOR,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: iconQuery(size), sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
      { src: iconQuery(512, true), sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

const iconCache = new Map<string, Buffer>();
const ICON_CACHE_MAX = 64;

/** The app icon (PNG), or null when no such group. */
export async function manifestIcon(db: Queryable, store: FileStore, query: ManifestQuery & { size: IconSize; maskable: boolean }): Promise<Buffer | null> {
  const group = await groupOf(db, { ...query, lang: "en" });
  if (group === undefined) return null;
  const key = group?.icon ? `userGroups${group.icon.startsWith("/") ? "" : "/"}${group.icon}` : null;
  const stat = key ? await store.stat(key).catch(() => null) : null;
  const cacheKey = JSON.stringify([key, stat?.mtimeMs ?? 0, query.size, query.maskable]);
  const hit = iconCache.get(cacheKey);
  if (hit) return hit;
  const source = (key && stat ? await store.read(key) : null) ?? fs.readFileSync(path.join(process.cwd(), "public", "logo.svg"));
  const { default: sharp } = await import("sharp");
  const inner = Math.round(query.size * (query.maskable ? 0.6 : 0.84));
  const logo = await sharp(source, { limitInputPixels: 4096 * 4096, density: 300 })
    .resize(inner, inner, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .png()
    .toBuffer();
  const png = await sharp({ create: { width: query.size, height: query.size, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .composite([{ input: logo, gravity: "center" }])
    .png()
    .toBuffer();
  if (iconCache.size >= ICON_CACHE_MAX) iconCache.delete(iconCache.keys().next().value!);
  iconCache.set(cacheKey, png);
  return png;
}
