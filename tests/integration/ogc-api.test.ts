/**
 * OGC API – Features (issue 31, item 2) on both databases: GDAL's own client (`ogrinfo OAPIF:`) lists
 * the collections and reads items in a box over real HTTP; the OpenAPI document passes a validator;
 * `next` links walk every item exactly once; the demo's restricted records never appear in any
 * collection or encoding and the generalised one stays generalised; wrong parameters are 400s with the
 * reason and unknown collections/items 404s.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ogcAnswer, type OgcEnv } from "@/server/modules/ogc/ogc.handler";
import type { Query } from "@/server/modules/ogc/ogc-params";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_SETTINGS, type TestPlatform } from "./helpers/test-platform";

const run = promisify(execFile);
const OGRINFO = process.env.OGRINFO ?? "ogrinfo";
/** Withheld ("community use only") and embargoed records: never an item. */
const WITHHELD = ["Sarpa kavu of Payyanur (community use only)", "Turtle beach of Gahirmatha (embargoed)", "Payyanur", "Gahirmatha"];
/** The sacred forest is public with its places withheld (issue 30): an item without a place. */
const RESTRICTED = ["Sacred forest of Nongkhlaw (Secret / Sacred)", "Sarpa kavu of Payyanur (community use only)", "Turtle beach of Gahirmatha (embargoed)", "Nongkhlaw", "Payyanur", "Gahirmatha"];

let api: TestPlatform;
let server: http.Server;
let base: string;
let env: OgcEnv;

function answer(url: string, accept?: string) {
  const u = new URL(url, "http://x");
  const query: Query = {};
  for (const [k, v] of u.searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  const path = u.pathname.replace(/^\/ogc\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  return ogcAnswer(env, { path, query, accept });
}

async function getJson<T = Record<string, unknown>>(url: string, accept?: string): Promise<{ status: number; body: T; type: string; headers: Record<string, string> }> {
  const a = await answer(url, accept);
  return { status: a.status, body: (a.contentType.startsWith("text/html") ? a.body : JSON.parse(a.body)) as T, type: a.contentType, headers: a.headers };
}

beforeAll(async () => {
  api = await createTestPlatform();
  server = http.createServer((req, res) => {
    void answer(req.url ?? "/", req.headers.accept).then((a) => {
      res.writeHead(a.status, { "Content-Type": a.contentType, ...a.headers });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ogc`;
  env = { db: api.db, base, siteUrl: TEST_SETTINGS.siteUrl, title: "CCA portal" };
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

type Collection = { id: string; title: string; extent: { spatial: { bbox: number[][] } }; itemType: string; crs: string[] };
type Feature = { id: number; geometry: { type: string; coordinates: number[] } | null; properties: Record<string, unknown> };
type Items = { type: string; features: Feature[]; numberMatched: number; numberReturned: number; timeStamp: string; links: Array<{ rel: string; href: string; type: string }> };

const publicMaster = () =>
  api.db.query<{ id: number }>(
    "select d.id from cca_data d join cca_template t on t.id = d.template_id where t.short_name = 'master' and not d.is_deleted and not d.is_template_deleted and d.is_public order by d.id",
  );

describe(`[OGC] OGC API – Features at /ogc (${TEST_DB})`, () => {
  it("landing page, conformance and the API definition (valid OpenAPI 3.0)", async () => {
    const landing = await getJson<{ links: Array<{ rel: string; href: string; type: string }> }>("/ogc");
    expect(landing.status).toBe(200);
    const rels = landing.body.links.map((l) => l.rel);
    for (const rel of ["self", "alternate", "service-desc", "service-doc", "conformance", "data"]) expect(rels).toContain(rel);
    expect(landing.body.links.find((l) => l.rel === "service-desc")!.type).toBe("application/vnd.oai.openapi+json;version=3.0");
    expect(landing.headers["Cache-Control"]).toMatch(/^public, max-age=\d+$/);
    const conf = await getJson<{ conformsTo: string[] }>("/ogc/conformance");
    expect(conf.body.conformsTo).toEqual(expect.arrayContaining(["core", "geojson", "html", "oas30"].map((c) => `http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/${c}`)));
    const doc = await getJson("/ogc/api");
    expect(doc.type).toBe("application/vnd.oai.openapi+json;version=3.0");
    const result = await new Validator().validate(doc.body as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    // HTML by Accept and by f; escaped, no scripts or inline styles.
    const html = await answer("/ogc", "text/html,application/xhtml+xml");
    expect(html.contentType).toMatch(/^text\/html/);
    expect(html.body).toContain('<html lang="en">');
    for (const url of ["/ogc?f=html", "/ogc/api?f=html", "/ogc/conformance?f=html", "/ogc/collections?f=html", "/ogc/collections/records-master?f=html", "/ogc/collections/records-master/items?f=html&limit=50"]) {
      const page = await answer(url);
      expect(page.status, url).toBe(200);
      expect(page.body, url).not.toMatch(/<script|style=|<style/i);
    }
  });

  it("lists a collection per template with public records and per published layer; GDAL reads them", async () => {
    const list = await getJson<{ collections: Collection[] }>("/ogc/collections");
    const ids = list.body.collections.map((c) => c.id);
    expect(ids).toContain("records-master");
    const master = list.body.collections.find((c) => c.id === "records-master")!;
    expect(master.itemType).toBe("feature");
    expect(master.extent.spatial.bbox[0]).toHaveLength(4);
    const layers = await api.db.query<{ id: string }>("select id::text as id from naksha_layer where status = 'ACTIVE' and kind = 'VECTOR'");
    for (const l of layers) expect(ids).toContain(`layer-${l.id}`);
    const hidden = await api.db.query<{ id: string }>("select id::text as id from naksha_layer where status <> 'ACTIVE'");
    for (const l of hidden) expect(ids).not.toContain(`layer-${l.id}`);

    const { stdout } = await run(OGRINFO, ["-ro", "-so", `OAPIF:${base}`], { env: { ...process.env, LC_ALL: "C.UTF-8" } });
    expect(stdout).toContain("records-master");
    for (const l of layers) expect(stdout).toContain(`layer-${l.id}`);
  });

  it("reads items in a box with GDAL (counts equal to the public records in the box)", async () => {
    const all = await publicMaster();
    const box = [68, 20, 98, 38] as const;
    const expected = await api.db.one<{ n: number }>(
      `select count(*)::int as n from cca_data d join cca_template t on t.id = d.template_id where t.short_name = 'master' and not d.is_deleted and not d.is_template_deleted and d.is_public
         and d.centroid_lon between $1 and $3 and d.centroid_lat between $2 and $4`,
      [...box],
    );
    expect(all.length).toBeGreaterThan(expected.n);
    const { stdout } = await run(OGRINFO, ["-ro", "-al", "-q", `OAPIF:${base}`, "records-master", "-spat", ...box.map(String)], { env: { ...process.env, LC_ALL: "C.UTF-8" }, maxBuffer: 64 * 1024 * 1024 });
    const features = stdout.match(/^OGRFeature\(/gm) ?? [];
    expect(features.length).toBe(expected.n);
    for (const word of [...WITHHELD, "Nongkhlaw"]) expect(stdout).not.toContain(word);
    const page = await getJson<Items>(`/ogc/collections/records-master/items?bbox=${box.join(",")}&limit=1000`);
    expect(page.body.numberMatched).toBe(expected.n);
    for (const f of page.body.features) {
      const [x, y] = f.geometry!.coordinates;
      expect(x! >= box[0] && x! <= box[2] && y! >= box[1] && y! <= box[3]).toBe(true);
    }
  });

  it("next links walk every item exactly once, prev goes back; limit is clamped", async () => {
    const all = (await publicMaster()).map((r) => r.id);
    const seen: number[] = [];
    let url: string | undefined = "/ogc/collections/records-master/items?limit=7";
    let pages = 0;
    let second: Items | null = null;
    while (url) {
      const page: { status: number; body: Items } = await getJson<Items>(url.replace(base, "/ogc"));
      expect(page.status).toBe(200);
      expect(page.body.numberMatched).toBe(all.length);
      expect(page.body.numberReturned).toBe(page.body.features.length);
      expect(page.body.timeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      seen.push(...page.body.features.map((f) => f.id));
      if (++pages === 2) second = page.body;
      url = page.body.links.find((l) => l.rel === "next")?.href;
    }
    expect(seen).toEqual(all);
    const prev = second!.links.find((l) => l.rel === "prev")!.href;
    const back = await getJson<Items>(prev.replace(base, "/ogc"));
    expect(back.body.features.map((f) => f.id)).toEqual(all.slice(0, 7));
    const big = await getJson<Items>("/ogc/collections/records-master/items?limit=5000");
    expect(big.status).toBe(200);
    expect(big.body.numberReturned).toBe(Math.min(1000, all.length));
  });

  it("datetime filters on the last change (instant and open intervals)", async () => {
    const all = await publicMaster();
    const future = await getJson<Items>("/ogc/collections/records-master/items?datetime=2999-01-01/..");
    expect(future.body.numberMatched).toBe(0);
    const past = await getJson<Items>("/ogc/collections/records-master/items?datetime=../2999-01-01");
    expect(past.body.numberMatched).toBe(all.length);
    const day = (await api.db.one<{ d: string }>("select to_char(updated_on at time zone 'UTC', 'YYYY-MM-DD') as d from cca_data where id = $1", [all[0]!.id])).d;
    const instant = await getJson<Items>(`/ogc/collections/records-master/items?datetime=${day}&limit=1000`);
    expect(instant.body.features.map((f) => f.id)).toContain(all[0]!.id);
  });

  it("withheld and embargoed records never appear; a record whose places are withheld has no place; the generalised one stays generalised", async () => {
    const restrictedIds = await api.db.query<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = any($1::text[])", [WITHHELD.slice(0, 2)]);
    expect(restrictedIds).toHaveLength(2);
    const list = await getJson<{ collections: Collection[] }>("/ogc/collections");
    for (const c of list.body.collections.filter((x) => x.id.startsWith("records-"))) {
      for (const f of ["json", "html"]) {
        const body = (await answer(`/ogc/collections/${c.id}/items?limit=1000&f=${f}`)).body;
        for (const word of WITHHELD) expect(body, `${c.id} ${f}`).not.toContain(word);
        // The sacred forest's places (its seed coordinates) never show.
        for (const at of ["91.8642", "25.4518"]) expect(body, `${c.id} ${f}`).not.toContain(at);
      }
      for (const { id } of restrictedIds) expect((await answer(`/ogc/collections/${c.id}/items/${id}`)).status).toBe(404);
    }
    const sacred = (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = $1", [RESTRICTED[0]!])).id;
    const sacredItem = await getJson<Feature>(`/ogc/collections/records-master/items/${sacred}`);
    if (sacredItem.status === 200) expect(sacredItem.body.geometry).toBeNull();
    const generalised = (await api.db.one<{ id: number }>("select id from cca_data where field_values -> 'name-of-cca' ->> 'value' = 'Oran of Kolu Pabuji (area generalised)'")).id;
    const item = await getJson<Feature>(`/ogc/collections/records-master/items/${generalised}`);
    expect(item.status).toBe(200);
    const text = JSON.stringify(item.body);
    expect(text).not.toContain("347.25");
    const area = Object.entries(item.body.properties).find(([k]) => /area/i.test(k) && /ha|hect/i.test(k));
    expect(area?.[1], JSON.stringify(item.body.properties)).toMatch(/–/);
    expect((await answer(`/ogc/collections/records-master/items/${generalised}?f=html`)).body).not.toContain("347.25");
  });

  it("answers 400 with a reason for wrong parameters and 404 for unknown resources (never 500)", async () => {
    const I = "/ogc/collections/records-master/items";
    for (const [q, reason] of [
      ["bbox=1,2,3", /bbox/],
      ["bbox=a,b,c,d", /bbox/],
      ["bbox=10,20,5,30", /bbox/],
      ["bbox=0,-100,10,10", /bbox/],
      ["limit=0", /limit/],
      ["limit=abc", /limit/],
      ["datetime=yesterday", /datetime/],
      ["datetime=../..", /datetime/],
      ["datetime=2024-05-01/2023-01-01", /datetime/],
      ["after=1&before=5", /after/],
      ["foo=1", /Unknown parameter "foo"/],
      ["f=xml", /f:/],
    ] as const) {
      const a = await getJson<{ code: string; description: string }>(`${I}?${q}`);
      expect(a.status, q).toBe(400);
      expect(a.body.description, q).toMatch(reason);
    }
    expect((await answer("/ogc/collections/records-nope")).status).toBe(404);
    expect((await answer("/ogc/collections/layer-999999/items")).status).toBe(404);
    expect((await answer(`${I}/999999999`)).status).toBe(404);
    expect((await answer(`${I}/abc`)).status).toBe(404);
    expect((await answer("/ogc/nothing")).status).toBe(404);
    expect((await answer("/ogc/collections?bbox=1,2,3,4")).status).toBe(400);
  });
});
