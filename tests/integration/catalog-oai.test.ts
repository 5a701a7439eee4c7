/**
 * Metadata that machines read (issue 31 item 3): the DCAT catalogue (JSON-LD and Turtle by content
 * negotiation) and OAI-PMH 2.0 for the documents library, on the demo data. Only public things: the
 * restricted demo records never appear, the documents harvested are exactly the live ones.
 */
import { DOMParser, type Document, type Element } from "@xmldom/xmldom";
import { Readable } from "node:stream";
import type { NextApiRequest, NextApiResponse } from "next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import catalogRoute from "@/pages/api/catalog";
import oaiRoute from "@/pages/api/oai";
import { catalogText, negotiateCatalogFormat } from "@/server/modules/catalog/catalog.service";
import { oaiIdentifier, oaiRespond } from "@/server/modules/catalog/oai.service";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_SETTINGS, type TestPlatform } from "./helpers/test-platform";

const current = vi.hoisted(() => ({ platform: undefined as unknown }));
vi.mock("@/server/app/boot", () => ({ getPlatform: async () => current.platform }));

let api: TestPlatform;
const SITE = TEST_SETTINGS.siteUrl;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const DC_NS = "http://purl.org/dc/elements/1.1/";
const RESTRICTED = ["Sacred forest of Nongkhlaw (Secret / Sacred)", "Sarpa kavu of Payyanur (community use only)", "Turtle beach of Gahirmatha (embargoed)", "Nongkhlaw", "Payyanur", "Gahirmatha"];

beforeAll(async () => {
  api = await createTestPlatform();
  current.platform = { db: api.db, deps: { settings: TEST_SETTINGS } };
});

afterAll(async () => {
  await api?.close();
});

function parseXml(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== "warning" && errors.push(message)) }).parseFromString(xml, "text/xml");
  expect(errors).toEqual([]);
  expect(doc.documentElement?.localName).toBe("OAI-PMH");
  expect(doc.documentElement?.namespaceURI).toBe(OAI_NS);
  return doc;
}

const oai = async (args: Record<string, string> | Array<[string, string]>, pageSize?: number) => {
  const xml = await oaiRespond(api.db, { siteUrl: SITE, args: Array.isArray(args) ? args : Object.entries(args), ...(pageSize ? { pageSize } : {}) });
  return { xml, doc: parseXml(xml) };
};
const all = (doc: Document | Element, name: string, ns = OAI_NS) => Array.from(doc.getElementsByTagNameNS(ns, name));
const text = (doc: Document | Element, name: string, ns = OAI_NS) => all(doc, name, ns)[0]?.textContent ?? null;
const errorCode = (doc: Document) => all(doc, "error")[0]?.getAttribute("code") ?? null;

const liveDocuments = async () => (await api.db.query<{ id: number; title: string }>("select id, title from document where not is_deleted order by id"));

describe(`[CATALOG] the DCAT catalogue (${TEST_DB})`, () => {
  it("JSON-LD parses and names the datasets with their distributions, the OGC API and the OAI-PMH service", async () => {
    const body = JSON.parse(await catalogText(api.db, SITE, "jsonld")) as Record<string, unknown>;
    expect((body["@context"] as Record<string, string>).dcat).toBe("http://www.w3.org/ns/dcat#");
    expect(body["@type"]).toBe("dcat:Catalog");
    expect(body["@id"]).toBe(`${SITE}/catalog`);
    const datasets = body["dcat:dataset"] as Array<Record<string, unknown>>;
    expect(datasets.length).toBeGreaterThan(1);
    for (const d of datasets) {
      expect(d["@type"]).toBe("dcat:Dataset");
      expect(d["dct:title"]).toBeTruthy();
      expect(d["dcat:distribution"]).toBeTruthy();
    }
    const records = datasets.filter((d) => String(d["@id"]).includes("#records-"));
    expect(records.length).toBeGreaterThan(0);
    const titles = ([] as unknown[]).concat(records[0]!["dct:title"]) as Array<{ "@language": string }>;
    expect(titles.map((t) => t["@language"])).toContain("en");
    // The count of public records only.
    const { n } = await api.db.one<{ n: number }>("select count(*)::int as n from cca_data where not is_deleted and not is_template_deleted and is_public");
    const counted = records.map((d) => Number(/^(\d+) public records$/.exec((d["rdfs:comment"] as { "@value": string })["@value"])![1])).reduce((a, b) => a + b, 0);
    expect(counted).toBe(n);
    const library = datasets.find((d) => d["@id"] === `${SITE}/catalog#documents`)!;
    expect(JSON.stringify(library)).toContain(`${SITE}/oai`);
    const services = body["dcat:service"] as Array<Record<string, unknown>>;
    expect(services.map((s) => s["@type"])).toEqual(["dcat:DataService", "dcat:DataService"]);
    expect(services.map((s) => (s["dcat:endpointURL"] as { "@id": string })["@id"])).toEqual([`${SITE}/ogc`, `${SITE}/oai`]);
    const layers = datasets.filter((d) => String(d["@id"]).includes("#layer-"));
    const { n: published } = await api.db.one<{ n: number }>("select count(*)::int as n from naksha_layer where status = 'ACTIVE'");
    expect(layers.length).toBe(Math.min(published, 500));
    const json = JSON.stringify(body);
    for (const word of RESTRICTED) expect(json).not.toContain(word);
  });

  it("Turtle by content negotiation, with the same datasets", async () => {
    expect(negotiateCatalogFormat("text/turtle")).toBe("ttl");
    expect(negotiateCatalogFormat("application/ld+json")).toBe("jsonld");
    expect(negotiateCatalogFormat(undefined)).toBe("jsonld");
    expect(negotiateCatalogFormat("text/html,*/*;q=0.8")).toBe("jsonld");
    expect(negotiateCatalogFormat("application/ld+json;q=0.5, text/turtle")).toBe("ttl");
    expect(negotiateCatalogFormat("text/turtle;q=0.2, application/ld+json;q=0.9")).toBe("jsonld");
    const ttl = await catalogText(api.db, SITE, "ttl");
    expect(ttl).toContain("@prefix dcat: <http://www.w3.org/ns/dcat#> .");
    expect(ttl).toContain(`<${SITE}/catalog>\n    a dcat:Catalog`);
    const json = JSON.parse(await catalogText(api.db, SITE, "jsonld")) as { "dcat:dataset": unknown[] };
    expect(ttl.match(/a dcat:Dataset/g)?.length).toBe(json["dcat:dataset"].length);
    for (const word of RESTRICTED) expect(ttl).not.toContain(word);
  });
});

describe(`[OAI-PMH] the documents library (${TEST_DB})`, () => {
  it("Identify declares the base URL, granularity, the deleted-record policy and the earliest datestamp", async () => {
    const { doc } = await oai({ verb: "Identify" });
    expect(text(doc, "baseURL")).toBe(`${SITE}/oai`);
    expect(text(doc, "protocolVersion")).toBe("2.0");
    expect(text(doc, "granularity")).toBe("YYYY-MM-DDThh:mm:ssZ");
    expect(text(doc, "deletedRecord")).toBe("no");
    expect(text(doc, "earliestDatestamp")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(all(doc, "request")[0]!.getAttribute("verb")).toBe("Identify");
  });

  it("ListMetadataFormats and ListSets", async () => {
    const { doc } = await oai({ verb: "ListMetadataFormats" });
    expect(all(doc, "metadataPrefix").map((e) => e.textContent)).toEqual(["oai_dc"]);
    const sets = await oai({ verb: "ListSets" });
    expect(all(sets.doc, "setSpec").map((e) => e.textContent)).toContain("type:article");
  });

  it("ListRecords walks every live document exactly once through resumption tokens", async () => {
    const live = await liveDocuments();
    expect(live.length).toBeGreaterThan(3);
    const pageSize = 2;
    const seen: string[] = [];
    let args: Record<string, string> = { verb: "ListRecords", metadataPrefix: "oai_dc" };
    let cursor = 0;
    for (let guard = 0; guard < 1000; guard++) {
      const { doc, xml } = await oai(args, pageSize);
      expect(errorCode(doc)).toBeNull();
      for (const word of RESTRICTED) expect(xml).not.toContain(word);
      const records = all(doc, "record");
      expect(records.length).toBeLessThanOrEqual(pageSize);
      for (const r of records) {
        seen.push(text(r, "identifier")!);
        expect(text(r, "title", DC_NS)).toBeTruthy();
        expect(text(r, "identifier", DC_NS)).toMatch(new RegExp(`^${SITE}/document/show/\\d+$`));
      }
      const token = all(doc, "resumptionToken")[0];
      if (!token) {
        expect(live.length).toBeLessThanOrEqual(pageSize);
        break;
      }
      expect(Number(token.getAttribute("completeListSize"))).toBe(live.length);
      expect(Number(token.getAttribute("cursor"))).toBe(cursor);
      cursor += records.length;
      if (!token.textContent) break;
      args = { verb: "ListRecords", resumptionToken: token.textContent };
    }
    expect(seen).toEqual(live.map((d) => oaiIdentifier(SITE, d.id)));
    expect(new Set(seen).size).toBe(live.length);
  });

  it("ListIdentifiers by set and by dates; GetRecord; deleted documents leave", async () => {
    const ids = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc" });
    const live = await liveDocuments();
    expect(all(ids.doc, "header").length).toBe(live.length);
    const { item_type_id } = await api.db.one<{ item_type_id: number }>("select item_type_id from document where not is_deleted order by id limit 1");
    const { n: ofType } = await api.db.one<{ n: number }>("select count(*)::int as n from document where not is_deleted and item_type_id = $1", [item_type_id]);
    const key = (await import("@/contracts/document")).itemTypeById(item_type_id)!.key;
    const bySet = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: `type:${key}` });
    expect(all(bySet.doc, "header").length).toBe(ofType);
    const future = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2999-01-01" });
    expect(errorCode(future.doc)).toBe("noRecordsMatch");
    const past = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2000-01-01T00:00:00Z", until: "2999-01-01T00:00:00Z" });
    expect(all(past.doc, "header").length).toBe(live.length);

    const first = live[0]!;
    const got = await oai({ verb: "GetRecord", identifier: oaiIdentifier(SITE, first.id), metadataPrefix: "oai_dc" });
    expect(text(got.doc, "title", DC_NS)).toBe(first.title);
    expect(text(got.doc, "datestamp")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    await api.db.query("update document set is_deleted = true where id = $1", [first.id]);
    const gone = await oai({ verb: "GetRecord", identifier: oaiIdentifier(SITE, first.id), metadataPrefix: "oai_dc" });
    expect(errorCode(gone.doc)).toBe("idDoesNotExist");
    const after = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc" });
    expect(all(after.doc, "header").length).toBe(live.length - 1);
    await api.db.query("update document set is_deleted = false where id = $1", [first.id]);
  });

  it("a token whose remaining documents were deleted meanwhile answers noRecordsMatch; the last part an empty token", async () => {
    const first = await oai({ verb: "ListIdentifiers", metadataPrefix: "oai_dc" }, 2);
    const token = all(first.doc, "resumptionToken")[0]!.textContent!;
    const lastShown = Number(/(\d+)$/.exec(all(first.doc, "identifier").at(-1)!.textContent!)![1]);
    const later = await api.db.query<{ id: number }>("update document set is_deleted = true where id > $1 and not is_deleted returning id", [lastShown]);
    try {
      const resumed = await oai({ verb: "ListIdentifiers", resumptionToken: token }, 2);
      expect(errorCode(resumed.doc)).toBe("noRecordsMatch");
    } finally {
      await api.db.query("update document set is_deleted = false where id = any($1::int[])", [later.map((r) => r.id)]);
    }
    const again = await oai({ verb: "ListIdentifiers", resumptionToken: token }, 1000);
    const end = all(again.doc, "resumptionToken")[0]!;
    expect(end.textContent).toBe("");
    expect(Number(end.getAttribute("cursor"))).toBe(2);
    expect(Number(end.getAttribute("completeListSize"))).toBe((await liveDocuments()).length);
  });

  it("answers OAI errors", async () => {
    const cases: Array<[Record<string, string> | Array<[string, string]>, string]> = [
      [{}, "badVerb"],
      [{ verb: "Harvest" }, "badVerb"],
      [{ verb: "Identify", extra: "1" }, "badArgument"],
      [{ verb: "ListRecords" }, "badArgument"],
      [{ verb: "ListRecords", metadataPrefix: "oai_dc", from: "yesterday" }, "badArgument"],
      [{ verb: "ListRecords", metadataPrefix: "oai_dc", from: "2020-01-01", until: "2020-01-01T00:00:00Z" }, "badArgument"],
      [{ verb: "ListRecords", metadataPrefix: "oai_dc", from: "2021-01-01", until: "2020-01-01" }, "badArgument"],
      [[["verb", "ListRecords"], ["metadataPrefix", "oai_dc"], ["metadataPrefix", "oai_dc"]], "badArgument"],
      [{ verb: "ListRecords", metadataPrefix: "marc21" }, "cannotDisseminateFormat"],
      [{ verb: "ListRecords", resumptionToken: "not-a-token" }, "badResumptionToken"],
      [{ verb: "ListRecords", resumptionToken: Buffer.from("[1,2,3]").toString("base64url") }, "badResumptionToken"],
      [{ verb: "ListRecords", resumptionToken: "abc", metadataPrefix: "oai_dc" }, "badArgument"],
      [{ verb: "GetRecord", identifier: "oai:elsewhere.org:document/1", metadataPrefix: "oai_dc" }, "idDoesNotExist"],
      [{ verb: "GetRecord", identifier: oaiIdentifier(SITE, 999_999), metadataPrefix: "oai_dc" }, "idDoesNotExist"],
      [{ verb: "GetRecord", identifier: oaiIdentifier(SITE, 1) }, "badArgument"],
      [{ verb: "ListMetadataFormats", identifier: oaiIdentifier(SITE, 999_999) }, "idDoesNotExist"],
      [{ verb: "ListSets", resumptionToken: "x" }, "badResumptionToken"],
    ];
    for (const [args, code] of cases) {
      const { doc } = await oai(args);
      expect({ args, code: errorCode(doc) }).toEqual({ args, code });
    }
    // Markup in an argument is escaped, never echoed raw.
    const { xml } = await oai({ verb: "GetRecord", identifier: "<x>&\"'", metadataPrefix: "oai_dc" });
    expect(xml).not.toContain("<x>");
  });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Calls a Next API route with a request shaped as Next gives it (query parsed, body a stream). */
async function call(route: (req: NextApiRequest, res: NextApiResponse) => Promise<void>, init: { method?: string; url: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const req = Readable.from(init.body === undefined ? [] : [Buffer.from(init.body)]) as unknown as NextApiRequest;
  const url = new URL(init.url, "http://x");
  Object.assign(req, { method: init.method ?? "GET", url: init.url, headers: init.headers ?? {}, query: Object.fromEntries(url.searchParams) });
  const answer: Answer = { status: 0, headers: {}, body: "" };
  const res = {
    setHeader: (k: string, v: string) => void (answer.headers[k.toLowerCase()] = v),
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(v: unknown) {
      answer.body = JSON.stringify(v);
    },
    send(v: string) {
      answer.body = v;
    },
  } as unknown as NextApiResponse;
  await route(req, res);
  return answer;
}

describe(`[CATALOG/OAI] the routes (${TEST_DB})`, () => {
  it("/catalog negotiates; /catalog.ttl and /catalog.jsonld are fixed", async () => {
    const ttl = await call(catalogRoute, { url: "/api/catalog", headers: { accept: "text/turtle" } });
    expect(ttl.status).toBe(200);
    expect(ttl.headers["content-type"]).toBe("text/turtle; charset=utf-8");
    expect(ttl.headers.vary).toBe("Accept");
    expect(ttl.body).toContain("a dcat:Catalog");
    const json = await call(catalogRoute, { url: "/api/catalog", headers: { accept: "text/html" } });
    expect(json.headers["content-type"]).toBe("application/ld+json; charset=utf-8");
    expect((JSON.parse(json.body) as { "@type": string })["@type"]).toBe("dcat:Catalog");
    const fixed = await call(catalogRoute, { url: "/api/catalog?format=ttl", headers: { accept: "application/ld+json" } });
    expect(fixed.headers["content-type"]).toBe("text/turtle; charset=utf-8");
    expect((await call(catalogRoute, { url: "/api/catalog?format=xml" })).status).toBe(404);
    expect((await call(catalogRoute, { method: "POST", url: "/api/catalog" })).status).toBe(405);
  });

  it("/oai answers GET and form POST as text/xml; a repeated argument is badArgument; a large body is refused", async () => {
    const get = await call(oaiRoute, { url: "/api/oai?verb=Identify" });
    expect(get.status).toBe(200);
    expect(get.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(text(parseXml(get.body), "baseURL")).toBe(`${SITE}/oai`);
    const post = await call(oaiRoute, { method: "POST", url: "/api/oai", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "verb=ListIdentifiers&metadataPrefix=oai_dc" });
    expect(all(parseXml(post.body), "header").length).toBe((await liveDocuments()).length);
    const twice = await call(oaiRoute, { url: "/api/oai?verb=Identify&verb=Identify" });
    expect(errorCode(parseXml(twice.body))).toBe("badArgument");
    const big = await call(oaiRoute, { method: "POST", url: "/api/oai", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `verb=Identify&x=${"a".repeat(20_000)}` });
    expect(big.status).toBe(413);
    expect((await call(oaiRoute, { method: "POST", url: "/api/oai", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(415);
  });
});
