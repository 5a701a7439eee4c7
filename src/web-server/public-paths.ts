/**
 * The public addresses that are answered by a Next API route under another path: the platform
 * services (`/{service}-api/api/...` → `/api/platform/{service}/...`), `/sitemap.xml`,
 * `/sitemap/{n}.xml`, `/robots.txt`, and the open-standards addresses of issue 31: the OGC API –
 * Features (`/ogc`, `/ogc/...` → `/api/ogc/...`), the DCAT catalogue (`/catalog`, `/catalog.jsonld`,
 * `/catalog.ttl` → `/api/catalog`, the suffix as `?format=`) and the OAI-PMH endpoint (`/oai` → `/api/oai`).
 *
 * The portal server (scripts/serve.mjs) maps them before Next sees the request. They are not Next
 * rewrites in a production build: with any rewrite in next.config.js, Next ships its rewrite matcher
 * (path-to-regexp, destination parsing, about 3 kB gzip) to every page, to resolve links that never
 * point at these addresses. `next dev` gets the same mapping as rewrites (next.config.js), built from
 * the same list of services (src/config/platform-services.json).
 */
import SERVICES from "../config/platform-services.json";
import i18n from "../../i18n.json";

export const PLATFORM_SERVICES: readonly string[] = SERVICES;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
const LOCALE = `(?:/(?:${i18n.locales.map(escape).join("|")}))?`;
const SERVICE_PATH = new RegExp(`^${LOCALE}/(${SERVICES.map(escape).join("|")})-api/api(/[^?#]*)?$`);
const SITEMAP_PART = new RegExp(`^${LOCALE}/sitemap/(\\d+)\\.xml$`);
const SITEMAP = new RegExp(`^${LOCALE}/sitemap\\.xml$`);
const ROBOTS = new RegExp(`^${LOCALE}/robots\\.txt$`);
const OGC = new RegExp(`^${LOCALE}/ogc(/[^?#]*)?$`);
const CATALOG = new RegExp(`^${LOCALE}/catalog(?:\\.(jsonld|ttl))?$`);
const OAI = new RegExp(`^${LOCALE}/oai$`);

/**
 * The path Next answers `url` (a request target: path and query) at, or null when it is answered
 * where it is. The query travels unchanged (a sitemap part's is its number); a locale prefix is dropped,
 * as Next's locale-aware rewrites did.
 */
export function internalUrlOf(url: string): string | null {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 || url[cut] === "#" ? "" : url.slice(cut + 1).replace(/#.*$/s, "");
  const withQuery = (target: string, extra?: string) => {
    const search = [extra, query].filter(Boolean).join("&");
    return search ? `${target}?${search}` : target;
  };
  // Doubled slashes (`get/crop/userGroups//logos/x.svg`: the original front end joins a directory and a
  // name that starts with "/") are one: Next would answer a path holding `//` with a 308 to the internal
  // address, a 404 on any other host; the platform routes have no empty segments.
  const service = SERVICE_PATH.exec(path.replace(/\/{2,}/g, "/"));
  if (service) return withQuery(`/api/platform/${service[1]}${service[2] ?? ""}`);
  const part = SITEMAP_PART.exec(path);
  if (part) return `/api/sitemap?part=${part[1]}`;
  if (SITEMAP.test(path)) return withQuery("/api/sitemap");
  if (ROBOTS.test(path)) return withQuery("/api/robots");
  const ogc = OGC.exec(path);
  if (ogc) return withQuery(`/api/ogc${ogc[1] && ogc[1] !== "/" ? ogc[1] : ""}`);
  const catalog = CATALOG.exec(path);
  if (catalog) return withQuery("/api/catalog", catalog[1] ? `format=${catalog[1]}` : undefined);
  if (OAI.test(path)) return withQuery("/api/oai");
  return null;
}
