/**
 * The site's DCAT (v3) catalogue (`/catalog`, `/catalog.jsonld`, `/catalog.ttl`): one `dcat:Dataset`
 * per live template with public records (its title and description in every language of the site, the
 * box of the public locations, the dates, the count of PUBLIC records only), one per published map layer,
 * the documents library (served by the OAI-PMH endpoint, a `dcat:DataService`), and the OGC API
 * Features endpoint as a `dcat:DataService`. Nothing that is not public is read: records through
 * `is_public`, layers through their `ACTIVE` status, documents are open.
 */
import SITE_CONFIG from "@site-config";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import type { Queryable } from "../../infra/db/db";
import { listLayers } from "../maps/layer.repository";
import { findTemplateTexts } from "../templates/template.repository";
import { findTemplateCoverage, type TemplateCoverageRow } from "../records/record-listing.repository";
import { countHarvestDocuments } from "./catalog.repository";
import { dateTime, iri, literal, toJsonLd, toTurtle, typed, type Node, type RdfObject, type Term } from "./rdf";

/** How long the per-template coverage (a pass over the public records) is kept; any record write drops it sooner. */
const COVERAGE_TTL = 5 * 60_000;
/** Map layers listed at most (the newest published ones). */
const MAX_LAYERS = 500;
export const CATALOG_FORMATS = ["jsonld", "ttl"] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];
export const CATALOG_CONTENT_TYPES: Record<CatalogFormat, string> = {
  jsonld: "application/ld+json; charset=utf-8",
  ttl: "text/turtle; charset=utf-8",
};

const trimSlash = (s: string) => s.replace(/\/+$/, "");
const node = (id: string | undefined, types: Term[], props: Array<[Term, RdfObject]>): Node => (id ? { id, types, props } : { types, props });

/** A WKT polygon of the box (a point when it has no extent). */
function boxWkt(r: Pick<TemplateCoverageRow, "min_lon" | "min_lat" | "max_lon" | "max_lat">): string | null {
  if (r.min_lon === null || r.min_lat === null || r.max_lon === null || r.max_lat === null) return null;
  const [a, b, c, d] = [r.min_lon, r.min_lat, r.max_lon, r.max_lat].map((n) => Number(Number(n).toFixed(4)));
  if (a === c && b === d) return `POINT(${a} ${b})`;
  return `POLYGON((${a} ${b},${c} ${b},${c} ${d},${a} ${d},${a} ${b}))`;
}

function spatial(box: string | null): Array<[Term, RdfObject]> {
  return box ? [["dct:spatial", node(undefined, ["dct:Location"], [["dcat:bbox", typed(box, "gsp:wktLiteral")]])]] : [];
}

/** The catalogue as an RDF node (written as JSON-LD or Turtle). */
export async function buildCatalog(db: Queryable, siteUrl: string): Promise<Node> {
  const site = trimSlash(siteUrl);
  const [coverage, layers, documents] = await Promise.all([
    cached(`${CACHE_KEYS.records}catalog:coverage`, COVERAGE_TTL, () => findTemplateCoverage(db)),
    listLayers(db, false, MAX_LAYERS),
    countHarvestDocuments(db, { from: null, untilBefore: null, itemTypeId: null }),
  ]);
  const texts = await findTemplateTexts(
    db,
    coverage.map((c) => c.template_id),
  );
  const langOf = (id: number) => SITE_CONFIG.LANG.LIST.find((l) => l.id === id)?.code;
  const publisher = node(`${site}/#publisher`, ["foaf:Organization"], [
    ...SITE_CONFIG.LANG.LIST.map((l): [Term, RdfObject] => ["foaf:name", literal(SITE_CONFIG.SITE.TITLE[l.code], l.code)]),
    ["foaf:homepage", iri(`${site}/`)],
  ]);
  const publisherRef = iri(publisher.id!);
  const siteLicense = iri(SITE_CONFIG.LICENSE.LINK);

  const ogcService = node(`${site}/ogc`, ["dcat:DataService"], [
    ["dct:title", literal("OGC API – Features", "en")],
    ["dct:description", literal("The public CCA records of each template and the published map layers as OGC API – Features collections.", "en")],
    ["dcat:endpointURL", iri(`${site}/ogc`)],
    ["dct:conformsTo", iri("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core")],
    ["dcat:endpointDescription", iri(`${site}/ogc/api`)],
    ["dct:publisher", publisherRef],
  ]);
  const oaiService = node(`${site}/oai`, ["dcat:DataService"], [
    ["dct:title", literal("OAI-PMH 2.0 (Dublin Core) for the documents library", "en")],
    ["dcat:endpointURL", iri(`${site}/oai`)],
    ["dcat:endpointDescription", iri(`${site}/oai?verb=Identify`)],
    ["dct:conformsTo", iri("http://www.openarchives.org/OAI/2.0/openarchivesprotocol.htm")],
    ["dct:publisher", publisherRef],
  ]);

  const datasets: Node[] = coverage.map((c) => {
    const own = texts.filter((t) => t.template_id === c.template_id);
    const listUrl = `${site}/data/list?shortName=${encodeURIComponent(c.short_name)}`;
    const props: Array<[Term, RdfObject]> = [];
    for (const t of own) {
      const lang = langOf(t.language_id);
      if (!lang) continue;
      if (t.name.trim()) props.push(["dct:title", literal(t.name.trim(), lang)]);
      if (t.description.trim()) props.push(["dct:description", literal(t.description.trim(), lang)]);
    }
    if (!props.some(([p]) => p === "dct:title")) props.push(["dct:title", literal(c.short_name, SITE_CONFIG.LANG.DEFAULT)]);
    props.push(
      ["dct:identifier", literal(c.short_name)],
      ["dct:publisher", publisherRef],
      ["dct:license", siteLicense],
      ["dcat:landingPage", iri(listUrl)],
      ["dcat:keyword", literal("Community Conserved Areas", "en")],
      ...spatial(boxWkt(c)),
    );
    if (c.first_created && c.last_updated) {
      props.push(["dct:temporal", node(undefined, ["dct:PeriodOfTime"], [["dcat:startDate", dateTime(c.first_created)], ["dcat:endDate", dateTime(c.last_updated)]])]);
    }
    if (c.last_updated) props.push(["dct:modified", dateTime(c.last_updated)]);
    props.push(
      ["dcat:distribution", node(undefined, ["dcat:Distribution"], [
        ["dct:title", literal(`OGC API – Features collection (${c.records} public records)`, "en")],
        ["dcat:accessURL", iri(`${site}/ogc/collections/records-${encodeURIComponent(c.short_name)}`)],
        ["dcat:mediaType", iri("https://www.iana.org/assignments/media-types/application/geo+json")],
        ["dcat:accessService", iri(ogcService.id!)],
      ])],
      ["dcat:distribution", node(undefined, ["dcat:Distribution"], [
        ["dct:title", literal("The records' list (web page, exports)", "en")],
        ["dcat:accessURL", iri(listUrl)],
        ["dcat:mediaType", iri("https://www.iana.org/assignments/media-types/text/html")],
      ])],
    );
    // The count of public records (a plain number: never counts restricted ones).
    props.push(["rdfs:comment", literal(`${c.records} public records`, "en")]);
    return node(`${site}/catalog#records-${encodeURIComponent(c.short_name)}`, ["dcat:Dataset"], props);
  });

  for (const l of layers) {
    const mapUrl = `${site}/map?layers=${encodeURIComponent(l.name)}`;
    const props: Array<[Term, RdfObject]> = [["dct:title", literal(l.title, "en")]];
    if (l.description.trim()) props.push(["dct:description", literal(l.description.trim(), "en")]);
    props.push(["dct:identifier", literal(l.name)], ["dct:publisher", publisherRef], ["dcat:landingPage", iri(mapUrl)]);
    if (/^https?:\/\//.test(l.license)) props.push(["dct:license", iri(l.license)]);
    else if (l.license.trim()) props.push(["dct:rights", literal(l.license.trim())]);
    if (l.attribution.trim()) props.push(["dct:creator", literal(l.attribution.trim())]);
    for (const tag of l.tags ?? []) if (tag.trim()) props.push(["dcat:keyword", literal(tag.trim())]);
    props.push(...spatial(boxWkt(l)));
    props.push(["dct:issued", dateTime(new Date(l.created_on))]);
    const distributions: Node[] = [
      node(undefined, ["dcat:Distribution"], [
        ["dct:title", literal("On the map; downloads (GeoJSON, Shapefile, CSV) by the layer's download access", "en")],
        ["dcat:accessURL", iri(mapUrl)],
      ]),
    ];
    if (l.kind === "VECTOR") {
      distributions.push(
        node(undefined, ["dcat:Distribution"], [
          ["dct:title", literal("OGC API – Features collection", "en")],
          ["dcat:accessURL", iri(`${site}/ogc/collections/layer-${encodeURIComponent(String(l.id))}`)],
          ["dcat:accessService", iri(ogcService.id!)],
        ]),
      );
    }
    for (const d of distributions) props.push(["dcat:distribution", d]);
    datasets.push(node(`${site}/catalog#layer-${encodeURIComponent(String(l.id))}`, ["dcat:Dataset"], props));
  }

  const library = node(`${site}/catalog#documents`, ["dcat:Dataset"], [
    ["dct:title", literal("Documents library", "en")],
    ["dct:description", literal(`Reports, articles and other documents about Community Conserved Areas (${documents} documents).`, "en")],
    ["dct:publisher", publisherRef],
    ["dcat:landingPage", iri(`${site}/document/list`)],
    ["dcat:distribution", node(undefined, ["dcat:Distribution"], [
      ["dct:title", literal("OAI-PMH 2.0, Dublin Core (oai_dc)", "en")],
      ["dcat:accessURL", iri(`${site}/oai`)],
      ["dcat:accessService", iri(oaiService.id!)],
    ])],
  ]);
  datasets.push(library);

  return node(`${site}/catalog`, ["dcat:Catalog"], [
    ...SITE_CONFIG.LANG.LIST.map((l): [Term, RdfObject] => ["dct:title", literal(SITE_CONFIG.SITE.TITLE[l.code], l.code)]),
    ...SITE_CONFIG.LANG.LIST.map((l): [Term, RdfObject] => ["dct:description", literal(SITE_CONFIG.SITE.DESCRIPTION[l.code], l.code)]),
    ["dct:publisher", publisher],
    ["foaf:homepage", iri(`${site}/`)],
    ["dct:license", siteLicense],
    ...SITE_CONFIG.LANG.LIST.map((l): [Term, RdfObject] => ["dct:language", iri(`http://id.loc.gov/vocabulary/iso639-1/${l.code}`)]),
    ...datasets.map((d): [Term, RdfObject] => ["dcat:dataset", d]),
    ["dcat:service", ogcService],
    ["dcat:service", oaiService],
  ]);
}

/** Which serialisation an Accept header asks for: Turtle when it names text/turtle before (or without) JSON-LD. */
export function negotiateCatalogFormat(accept: string | undefined): CatalogFormat {
  if (!accept) return "jsonld";
  let best: { format: CatalogFormat; q: number } = { format: "jsonld", q: -1 };
  for (const part of accept.split(",").slice(0, 30)) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? "1");
    const format: CatalogFormat | null = type === "text/turtle" ? "ttl" : type === "application/ld+json" || type === "application/json" ? "jsonld" : null;
    if (format && Number.isFinite(q) && q > best.q) best = { format, q };
  }
  return best.q <= 0 ? "jsonld" : best.format;
}

/** The catalogue in the asked serialisation. */
export async function catalogText(db: Queryable, siteUrl: string, format: CatalogFormat): Promise<string> {
  const root = await buildCatalog(db, siteUrl);
  return format === "ttl" ? toTurtle(root) : `${JSON.stringify(toJsonLd(root), null, 1)}\n`;
}
