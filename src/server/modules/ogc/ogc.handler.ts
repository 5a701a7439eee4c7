/**
 * The `/ogc/...` resources (OGC API – Features Part 1 Core, GeoJSON, HTML, OAS 3.0): the path and query
 * are matched here, the encoding is chosen (`f=json|html`, else the Accept header), and the answer is
 * written as GeoJSON/JSON or as plain server-rendered HTML (every text escaped; no scripts or styles).
 * Anonymous: the caller's token is never read, so it changes nothing. Errors are OGC exceptions
 * (`{code, description}`): 400 for a wrong parameter with the reason, 404 for an unknown collection or item.
 */
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { onlyKnown, single, parseItemsParams, type Query } from "./ogc-params";
import { openApiDocument } from "./ogc-openapi";
import { getCollection, getItem, getItems, listCollections, type OgcCollection } from "./ogc.service";
import { collectionHtml, collectionsHtml, conformanceHtml, errorHtml, featureHtml, itemsHtml, landingHtml, openApiHtml } from "./ogc-html";

export const CONFORMANCE = [
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
];

export const MEDIA = {
  geojson: "application/geo+json",
  json: "application/json",
  html: "text/html; charset=utf-8",
  openapi: "application/vnd.oai.openapi+json;version=3.0",
} as const;

export const CACHE_CONTROL = "public, max-age=60";

export interface OgcEnv {
  db: Queryable;
  /** Absolute address of `/ogc` (no trailing slash): every link starts with it. */
  base: string;
  /** The site's address: records' page links. */
  siteUrl: string;
  /** The site's title (landing page, API document). */
  title: string;
}

export interface OgcRequest {
  /** The path below `/ogc`, split on "/" (empty for the landing page). */
  path: string[];
  query: Query;
  accept?: string;
}

export interface OgcResponse {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

type Encoding = "json" | "html";

/** `f` wins; otherwise the first acceptable of HTML or JSON by the Accept header's order and q; JSON by default. */
export function encodingOf(query: Query, accept: string | undefined): Encoding {
  const f = single(query, "f");
  if (f !== undefined) {
    if (f === "json" || f === "html") return f;
    throw new AppError("BAD_REQUEST", `f: "${f}" is not an encoding here; use json or html`);
  }
  if (!accept) return "json";
  const ranges = accept
    .split(",")
    .map((part, i) => {
      const [type, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { type: (type ?? "").trim(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    if (r.type === "text/html" || r.type === "application/xhtml+xml") return "html";
    if (r.type === "application/geo+json" || r.type === "application/json" || r.type.startsWith("application/vnd.oai.openapi") || r.type === "application/*" || r.type === "*/*") return "json";
  }
  return "json";
}

export interface Link {
  href: string;
  rel: string;
  type: string;
  title?: string;
}

const q = (params: Record<string, string | number | undefined>) => {
  const s = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
  return s ? `?${s}` : "";
};

/** self + alternate links of a resource in both encodings. */
function selfLinks(href: string, params: Record<string, string | number | undefined>, enc: Encoding, jsonType: string, title: string): Link[] {
  const json: Link = { href: `${href}${q({ ...params, f: "json" })}`, rel: enc === "json" ? "self" : "alternate", type: jsonType, title: `${title} as JSON` };
  const html: Link = { href: `${href}${q({ ...params, f: "html" })}`, rel: enc === "html" ? "self" : "alternate", type: "text/html", title: `${title} as HTML` };
  return enc === "json" ? [json, html] : [html, json];
}

function collectionJson(base: string, c: OgcCollection, enc: Encoding | null) {
  const href = `${base}/collections/${encodeURIComponent(c.id)}`;
  const links: Link[] = [
    ...(enc ? selfLinks(href, {}, enc, MEDIA.json, c.title) : [{ href: `${href}?f=json`, rel: "self", type: MEDIA.json, title: c.title }]),
    { href: `${href}/items?f=json`, rel: "items", type: MEDIA.geojson, title: `${c.title}: items as GeoJSON` },
    { href: `${href}/items?f=html`, rel: "items", type: "text/html", title: `${c.title}: items as HTML` },
  ];
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    itemType: "feature",
    crs: ["http://www.opengis.net/def/crs/OGC/1.3/CRS84"],
    storageCrs: "http://www.opengis.net/def/crs/OGC/1.3/CRS84",
    extent: {
      spatial: { bbox: [c.bbox ?? [-180, -90, 180, 90]], crs: "http://www.opengis.net/def/crs/OGC/1.3/CRS84" },
      ...(c.interval ? { temporal: { interval: [c.interval], trs: "http://www.opengis.net/def/uom/ISO-8601/0/Gregorian" } } : {}),
    },
    links,
  };
}

const ok = (body: string, contentType: string): OgcResponse => ({ status: 200, contentType, body, headers: { "Cache-Control": CACHE_CONTROL, Vary: "Accept" } });
const asJson = (value: unknown, type: string = MEDIA.json) => ok(JSON.stringify(value), type);
const asHtml = (html: string) => ok(html, MEDIA.html);

/** Answers one request below `/ogc`. Never throws: errors are OGC exception documents. */
export async function ogcAnswer(env: OgcEnv, req: OgcRequest): Promise<OgcResponse> {
  let enc: Encoding = "json";
  try {
    enc = encodingOf(req.query, req.accept);
    return await route(env, req, enc);
  } catch (error) {
    const known = error instanceof AppError ? error : null;
    const status = known ? known.status : 500;
    const code = known ? (status === 404 ? "NotFound" : status === 400 ? "InvalidParameterValue" : known.code) : "ServerError";
    const description = known ? known.message : "The server could not answer";
    if (!known) console.error("[ogc]", error instanceof Error ? error.message : error);
    const headers = { "Cache-Control": status >= 500 ? "no-store" : CACHE_CONTROL, Vary: "Accept" };
    if (enc === "html") return { status, contentType: MEDIA.html, body: errorHtml(env.base, status, description), headers };
    return { status, contentType: MEDIA.json, body: JSON.stringify({ code, description }), headers };
  }
}

async function route(env: OgcEnv, req: OgcRequest, enc: Encoding): Promise<OgcResponse> {
  const { base } = env;
  const path = req.path.filter((p) => p !== "");
  const [head, id, items, fid, ...rest] = path;
  const onlyF = () => onlyKnown(req.query, ["f"]);
  if (head === undefined) {
    onlyF();
    const links: Link[] = [
      ...selfLinks(`${base}`, {}, enc, MEDIA.json, "This document"),
      { href: `${base}/api?f=json`, rel: "service-desc", type: MEDIA.openapi, title: "The API definition (OpenAPI 3.0)" },
      { href: `${base}/api?f=html`, rel: "service-doc", type: "text/html", title: "The API documentation" },
      { href: `${base}/conformance?f=json`, rel: "conformance", type: MEDIA.json, title: "Conformance classes" },
      { href: `${base}/collections?f=json`, rel: "data", type: MEDIA.json, title: "The collections" },
    ];
    const doc = {
      title: `${env.title} — OGC API – Features`,
      description: "The public CCA records of each template and the published map layers. Read only, anonymous; open in QGIS or ArcGIS with this address.",
      links,
    };
    return enc === "html" ? asHtml(landingHtml(base, doc)) : asJson(doc);
  }
  if (head === "api" && id === undefined) {
    onlyF();
    const doc = openApiDocument(base, env.title);
    return enc === "html" ? asHtml(openApiHtml(base, doc)) : asJson(doc, MEDIA.openapi);
  }
  if (head === "conformance" && id === undefined) {
    onlyF();
    const doc = { conformsTo: CONFORMANCE, links: selfLinks(`${base}/conformance`, {}, enc, MEDIA.json, "Conformance classes") };
    return enc === "html" ? asHtml(conformanceHtml(base, CONFORMANCE)) : asJson(doc);
  }
  if (head !== "collections" || rest.length > 0) throw new AppError("NOT_FOUND", "No such resource");
  if (id === undefined) {
    onlyF();
    const all = await listCollections(env.db);
    const doc = { links: selfLinks(`${base}/collections`, {}, enc, MEDIA.json, "The collections"), collections: all.map((c) => collectionJson(base, c, null)) };
    return enc === "html" ? asHtml(collectionsHtml(base, all)) : asJson(doc);
  }
  if (items === undefined) {
    onlyF();
    const c = await getCollection(env.db, id);
    return enc === "html" ? asHtml(collectionHtml(base, c)) : asJson(collectionJson(base, c, enc));
  }
  if (items !== "items") throw new AppError("NOT_FOUND", "No such resource");
  if (fid === undefined) {
    const params = parseItemsParams(req.query);
    const { collection, page } = await getItems(env.db, id, params, env.siteUrl);
    const href = `${base}/collections/${encodeURIComponent(id)}/items`;
    const keep = {
      bbox: single(req.query, "bbox") === undefined ? undefined : params.bbox!.join(","),
      datetime: single(req.query, "datetime"),
      limit: single(req.query, "limit") === undefined ? undefined : params.limit,
    };
    const cursor = { after: params.after ?? undefined, before: params.before ?? undefined };
    const type = enc === "json" ? MEDIA.geojson : "text/html";
    const links: Link[] = [
      ...selfLinks(href, { ...keep, ...cursor }, enc, MEDIA.geojson, "This page"),
      { href: `${base}/collections/${encodeURIComponent(id)}?f=${enc}`, rel: "collection", type: enc === "json" ? MEDIA.json : "text/html", title: collection.title },
    ];
    if (page.hasNext && page.lastId !== null) links.push({ href: `${href}${q({ ...keep, after: page.lastId, f: enc })}`, rel: "next", type, title: "Next page" });
    if (page.hasPrev && page.firstId !== null) links.push({ href: `${href}${q({ ...keep, before: page.firstId, f: enc })}`, rel: "prev", type, title: "Previous page" });
    const timeStamp = new Date().toISOString();
    if (enc === "html") return asHtml(itemsHtml(base, collection, page.features, { numberMatched: page.numberMatched, links }));
    return asJson(
      { type: "FeatureCollection", features: page.features, numberMatched: page.numberMatched, numberReturned: page.features.length, timeStamp, links },
      MEDIA.geojson,
    );
  }
  onlyF();
  const { collection, feature } = await getItem(env.db, id, fid, env.siteUrl);
  if (enc === "html") return asHtml(featureHtml(base, collection, feature));
  const href = `${base}/collections/${encodeURIComponent(id)}/items/${feature.id}`;
  return asJson(
    {
      ...feature,
      links: [
        ...selfLinks(href, {}, enc, MEDIA.geojson, "This item"),
        { href: `${base}/collections/${encodeURIComponent(id)}?f=json`, rel: "collection", type: MEDIA.json, title: collection.title },
      ],
    },
    MEDIA.geojson,
  );
}
