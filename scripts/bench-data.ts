// `npm run bench:data [-- --records 100000] [--runs 30] [--only pglite|postgres] [--pglite-dir DIR]
// [--postgres-url URL]` (package.json:
// "bench:data": "tsx scripts/bench-data.ts"). Printed figures, not a test: builds a synthetic dataset
// (src/server/modules/records/bulk-records.service.ts) in a throwaway PGlite data folder and in a throwaway database on the
// PostgreSQL server (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/test; dropped
// after), then times the data-list calls through the platform router, caches dropped before each call
// unless the row says "cached". `--pglite-dir` / `--postgres-url` time an existing database instead
// (migrated, e.g. by `npm run seed:bulk`; neither built nor dropped). Then the response table (issue 14:
// pages sorted by a column, a number, a text, with a filter) and a full export of the master template
// in each format: seconds, rows, file size and the process's memory growth while it runs (peak RSS and
// heap above the level before it; target ≤ 30 s and ≤ 100 MB at 100,000 records). `--skip-reads` leaves
// out the data-list rows; `--skip-exports` the exports; `--skip-pack` the WDPCA / ICCA Registry pack (issue 31); `--skip-ogc` the OGC API items pages.
// Each timed row prints its target (issue 35: `/data/list` server calls p95 ≤ 100 ms, facets with filters ≤ 150,
// any table sort ≤ 100) and whether it is met; the map rows print the size of the answer against the map's
// first-payload target (≤ 500 kB at any zoom: the clusters of one view, `data/search/map/clusters`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import type { DownloadLog } from "../src/contracts/download-log";
import { exportInProgress } from "../src/server/modules/exports/export.service";
import { CACHE_KEYS, invalidateCache } from "../src/shared/cache/invalidation";
import { parseDataQuery } from "../src/server/modules/records/data-query";
import { searchSql } from "../src/server/modules/records/data.repository";
import { resolveQuery } from "../src/server/modules/records/data.service";
import { seedBulk } from "../src/server/cli/seed-bulk-cli";
import type { Db } from "../src/server/infra/db/db";
import { runMigrations } from "../src/server/migrations/migrate";
import { openDatabase } from "../src/server/infra/db/open-database";
import type { PlatformDeps, QueryValue } from "../src/server/infra/http/types";
import { collectBody } from "../src/server/infra/http/router";
import { createPlatformRouter } from "../src/server/app/platform-router";
import { directoryFileStore } from "../src/server/infra/files/file-store";
import { withThrowawayPostgres } from "./lib/throwaway-postgres";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const RECORDS = Number(arg("records", "100000"));
const RUNS = Number(arg("runs", "30"));
const ONLY = arg("only", "");
const PGLITE_DIR = arg("pglite-dir", "");
const POSTGRES_URL = arg("postgres-url", "");
const SKIP_READS = args.includes("--skip-reads");
const SKIP_EXPORTS = args.includes("--skip-exports");
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const STATES = ["Odisha", "Maharashtra", "Kerala", "Meghalaya", "Rajasthan", "Karnataka", "Nagaland", "Assam", "Gujarat", "Uttarakhand"];
const ECOSYSTEMS = ["Forest|Sacred grove", "Forest|Community forest", "Wetland|Lake or pond", "Grassland", "Forest|Mangrove"];
const WORDS = ["sacr", "devr", "khon", "lake", "gond", "देवव", "comm", "bhil"];

function parseUrl(url: string): { service: string; path: string; query: Record<string, QueryValue> } {
  const match = /^([A-Za-z][A-Za-z-]*)-api\/api(\/[^?]*)(?:\?(.*))?$/.exec(url)!;
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of new URLSearchParams(match[3] ?? "")) {
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return { service: match[1]!, path: match[2]!, query };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The `zoom` and `bbox` a map of `width` × `height` CSS pixels centred on `[lng, lat]` asks for (tiles of
 * 512 pixels; the box widened by half a view each way, as src/components/map/record-clusters.ts does).
 */
function mapView(lng: number, lat: number, zoom: number, width: number, height: number): string {
  const world = 512 * 2 ** zoom;
  const x = (lng + 180) / 360;
  const y = 0.5 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI);
  const lngOf = (u: number) => Math.max(-180, Math.min(180, u * 360 - 180));
  const latOf = (v: number) => Math.max(-85, Math.min(85, (Math.atan(Math.sinh(Math.PI * (1 - 2 * v))) * 180) / Math.PI));
  const dx = width / world;
  const dy = height / world;
  const bbox = [lngOf(x - dx), latOf(y + dy), lngOf(x + dx), latOf(y - dy)].map((v) => v.toFixed(5)).join(",");
  return `zoom=${zoom}&bbox=${bbox}`;
}

async function bench(db: Db, label: string): Promise<void> {
  const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-exports-"));
  try {
    await benchIn(db, label, exportDir);
  } finally {
    fs.rmSync(exportDir, { recursive: true, force: true });
  }
}

async function benchIn(db: Db, label: string, exportDir: string): Promise<void> {
  const deps = {
    db,
    fileStore: directoryFileStore(path.join(exportDir, "files")),
    cacheDir: os.tmpdir(),
    jwtSecret: new TextEncoder().encode("bench-secret-bench-secret-bench-secret"),
    settings: { accessTokenTtl: 3600, refreshTokenTtl: 604_800, secureCookies: false, smtpUrl: null, mailFrom: "", smsGatewayUrl: null, smsGatewayToken: null, siteUrl: "http://localhost:3000", corsOrigins: [] },
    logger: { error: console.error, warn: console.warn },
  } satisfies PlatformDeps;
  const router = createPlatformRouter(deps);
  const admin = await db.one<{ id: number }>("select id from app_user where 'ROLE_ADMIN' = any(roles) and not is_deleted and enabled order by id limit 1");
  const token = await new SignJWT({ id: admin.id, name: "bench", roles: ["ROLE_ADMIN"] }).setProtectedHeader({ alg: "HS256" }).setExpirationTime("2h").sign(deps.jwtSecret);
  const auth = { authorization: `Bearer ${token}` };
  const call = async (url: string) => {
    const response = await router.handle({ method: "GET", headers: auth, ...parseUrl(url) });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
    // The wire form, as the Next adapter sends it (prebuilt JSON text as is).
    return (await collectBody(response)).length;
  };
  const rows: Array<[string, number, number, string, string]> = [];
  const verdict = (met: boolean) => (met ? "met" : "**missed**");
  const time = async (name: string, urls: (i: number) => string[], options: { cold: boolean; target?: number; maxKb?: number }) => {
    // One warm-up (plans, template cache), then RUNS timed runs.
    for (const url of urls(RUNS)) await call(url);
    const times: number[] = [];
    let bytes = 0;
    let largest = 0;
    for (let i = 0; i < RUNS; i++) {
      if (options.cold) invalidateCache(CACHE_KEYS.records);
      const started = performance.now();
      for (const url of urls(i)) {
        bytes = await call(url);
        largest = Math.max(largest, bytes);
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const targets = [
      options.target === undefined ? null : `p95 ≤ ${options.target} ms: ${verdict(p95 <= options.target)}`,
      options.maxKb === undefined ? null : `largest answer ≤ ${options.maxKb} kB: ${verdict(largest / 1000 <= options.maxKb)}`,
    ].filter((t) => t !== null);
    rows.push([name, percentile(times, 50), p95, `${(bytes / 1024).toFixed(0)} KB last answer${largest !== bytes ? `, ${(largest / 1024).toFixed(0)} KB largest` : ""}`, targets.join("; ") || "—"]);
  };
  const three = (i: number) => `state=${encodeURIComponent(STATES[i % STATES.length]!)}&state=${encodeURIComponent(STATES[(i + 3) % STATES.length]!)}&ecosystem-type=${encodeURIComponent(ECOSYSTEMS[i % ECOSYSTEMS.length]!)}&area-ha=${10 + i}-${5000 + i * 10}`;
  const D = "cca-api/api/v1/data";
  if (!SKIP_READS) await timeReads();
  async function timeReads() {
  await time("search + 3 filters (page of 10, real total)", (i) => [`${D}/search?${three(i)}&offset=0&limit=10&language=en&query=`], { cold: true, target: 50 });
  await time("search, free-text prefix + 1 filter", (i) => [`${D}/search?query=${encodeURIComponent(WORDS[i % WORDS.length]!)}&state=${encodeURIComponent(STATES[i % STATES.length]!)}&limit=10`], { cold: true });
  await time("search, free-text prefix alone", (i) => [`${D}/search?query=${encodeURIComponent(WORDS[i % WORDS.length]!)}&limit=10`], { cold: true });
  await time("aggregation, all facets, no filter (cold)", () => [`${D}/aggregation?language=en`], { cold: true, target: 200 });
  await time("aggregation, all facets, 3 filters (cold)", (i) => [`${D}/aggregation?${three(i)}`], { cold: true, target: 150 });
  await time("aggregation, all facets, no filter (cached)", () => [`${D}/aggregation?language=en`], { cold: false });
  await time("map points, whole set (cold; the old clients' contract)", () => [`${D}/search/map?query=`], { cold: true, target: 300, maxKb: 500 });
  await time("map points, whole set (cached)", () => [`${D}/search/map?query=`], { cold: false });
  await time("map points, 3 filters (cold)", (i) => [`${D}/search/map?${three(i)}`], { cold: true });
  // The map's first payload (issue 35): the clusters of one view, a desktop map (1366 × 768) and a phone's
  // (390 × 600), at every zoom from the whole country to the deepest, over the middle of India and over the
  // densest part of the set; the largest answer is what a phone may have to download at once.
  const INDIA: [number, number] = [78.9, 22.5];
  const dense = await db.one<{ lng: number; lat: number }>(
    `select round(avg(centroid_lon)::numeric, 4)::float8 as lng, round(avg(centroid_lat)::numeric, 4)::float8 as lat
       from cca_data d where not d.is_deleted and not d.is_template_deleted and d.is_public and centroid_lat is not null
      group by floor(centroid_lon * 10), floor(centroid_lat * 10) order by count(*) desc limit 1`,
  );
  const views = [3.3, 5, 7, 9, 11, 12, 14, 16].flatMap((zoom) =>
    [INDIA, [dense.lng, dense.lat] as [number, number]].flatMap(([lng, lat]) => [mapView(lng, lat, zoom, 1366, 768), mapView(lng, lat, zoom, 390, 600)]),
  );
  await time("map clusters, first view of the whole set (desktop, zoom 3.3; cold)", () => [`${D}/search/map/clusters?${mapView(...INDIA, 3.3, 1366, 768)}&query=`], { cold: true, maxKb: 500 });
  await time(`map clusters, ${views.length} views, zoom 3.3 to 16, desktop and phone (cold)`, (i) => [`${D}/search/map/clusters?${views[i % views.length]}&query=`], { cold: true, maxKb: 500 });
  await time("map clusters, one state's first view (cold)", (i) => [`${D}/search/map/clusters?${mapView(...INDIA, 3.3, 1366, 768)}&state=${encodeURIComponent(STATES[i % STATES.length]!)}&query=`], { cold: true, maxKb: 500 });
  // What /data/list asks of the platform for a filtered first screen: the server's render (filter fields,
  // facets, the first page) and the map view's clusters (the list's map asks for them per view; before
  // issue 35 it downloaded every point, `data/search/map`).
  await time("/data/list server calls (filter fields, aggregation, search, map clusters; cold)", (i) => [
    "cca-api/api/v1/template/filter/fields?shortName=master&language=en",
    `${D}/aggregation?state=${encodeURIComponent(STATES[i % STATES.length]!)}&language=en`,
    `${D}/search?state=${encodeURIComponent(STATES[i % STATES.length]!)}&offset=0&limit=10&language=en&query=`,
    `${D}/search/map/clusters?${mapView(...INDIA, 3.3, 1366, 768)}&state=${encodeURIComponent(STATES[i % STATES.length]!)}&query=`,
  ], { cold: true, target: 100 });
  }

  // The response table (issue 14; `data/table` since issue 34, which made `data/all` the reference's
  // streamed array): a page of 20, sorted on the server.
  const T = `${D}/table?shortName=master&limit=20`;
  await time("table: newest first, page 1", () => [T], { cold: true, target: 100 });
  await time("table: by id, page 2,500 (offset 49,980)", () => [`${T}&offset=49980&order=asc`], { cold: true, target: 100 });
  await time("table: by area (number), ascending", () => [`${T}&sort=area-ha&order=asc`], { cold: true, target: 100 });
  await time("table: by name (text), descending, page 50", () => [`${T}&sort=name-of-cca&order=desc&offset=980`], { cold: true, target: 100 });
  await time("table: 1 state filter, by legal status (option)", (i) => [`${T}&state=${encodeURIComponent(STATES[i % STATES.length]!)}&sort=legal-status`], { cold: true, target: 100 });
  await time("table: by last update, newest first, page 10", () => [`${T}&sort=updatedOn&order=desc&offset=180`], { cold: true, target: 100 });

  const count = await db.one<{ n: number }>("select count(*)::integer as n from cca_data where not is_deleted and not is_template_deleted");
  console.log(`\n${label}: ${count.n} visible records, ${RUNS} runs per row; load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
  console.log("| call | p50 ms | p95 ms | size | target |\n|---|---:|---:|---|---|");
  for (const [name, p50, p95, note, target] of rows) console.log(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${note} | ${target} |`);

  if (!SKIP_EXPORTS) {
    // A full export of the master template per format, through the router as a curator asks for it,
    // memory sampled every 20 ms while it runs.
    console.log(`\nExports of every master record (${label}); memory growth = peak while running minus the level before`);
    console.log("| format | records | seconds | file MB | RSS growth MB | heap growth MB |\n|---|---:|---:|---:|---:|---:|");
    for (const format of ["csv", "xlsx", "geojson"] as const) {
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 20);
      const started = performance.now();
      const res = await router.handle({ method: "POST", headers: { ...auth, "content-type": "application/json" }, body: Buffer.from(JSON.stringify({ notes: "bench" })), ...parseUrl(`${D}/all/download?shortName=master&format=${format}`) });
      if (res.status !== 202) throw new Error(`export answered ${res.status}: ${JSON.stringify(res.body)}`);
      const id = (res.body as DownloadLog).id;
      await exportInProgress(id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const row = await db.one<{ status: string; total: number; file_size: string }>("select status, total, file_size from download_log where id = $1", [id]);
      if (row.status !== "success") throw new Error(`export ${format} ended ${row.status}`);
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(`| ${format} | ${row.total} | ${seconds.toFixed(1)} | ${mb(Number(row.file_size))} | ${mb(peakRss - before.rss)} | ${mb(peakHeap - before.heapUsed)} |`);
    }
  }

  if (!args.includes("--skip-pack")) {
    // The WDPCA / ICCA Registry pack of the whole site (issue 31) in each format, every public record given
    // registries consent first (the generator gives none), memory sampled as for the exports.
    await db.query("update cca_data set consent_registries = true where is_public and not consent_registries");
    console.log(`\nWDPCA pack of every registry-consented record (${label}, wdpca2025)`);
    console.log("| format | records | seconds | file MB | RSS growth MB | heap growth MB |\n|---|---:|---:|---:|---:|---:|");
    for (const format of ["gpkg", "shp", "csv"] as const) {
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 20);
      const started = performance.now();
      const body = Buffer.from(JSON.stringify({ fieldSet: "wdpca2025", format }));
      const res = await router.handle({ method: "POST", headers: { ...auth, "content-type": "application/json" }, body, ...parseUrl("cca-api/api/v1/recognition/pack") });
      if (res.status !== 202) throw new Error(`pack answered ${res.status}: ${JSON.stringify(res.body)}`);
      const id = (res.body as DownloadLog).id;
      await exportInProgress(id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const row = await db.one<{ status: string; total: number; file_size: string }>("select status, total, file_size from download_log where id = $1", [id]);
      if (row.status !== "success") throw new Error(`pack ${format} ended ${row.status}`);
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(`| ${format} | ${row.total} | ${seconds.toFixed(1)} | ${mb(Number(row.file_size))} | ${mb(peakRss - before.rss)} | ${mb(peakHeap - before.heapUsed)} |`);
    }
  }

  if (!args.includes("--skip-ogc")) {
    // OGC API – Features (issue 31): an items page of the master template's public records (GeoJSON,
    // keyset paging), first page, a page deep in the set, and a page in a box; RUNS runs each.
    const { ogcAnswer } = await import("../src/server/modules/ogc/ogc.handler");
    const ogcEnv = { db, base: "http://localhost:3000/ogc", siteUrl: "http://localhost:3000", title: "bench" };
    const deep = await db.one<{ id: number | null }>(
      "select max(id)::integer - 200 as id from cca_data d where not d.is_deleted and not d.is_template_deleted and d.is_public",
    );
    const pages: Array<[string, Record<string, string>]> = [
      ["OGC items page at 100k: first page (limit 100)", { limit: "100" }],
      ["OGC items page at 100k: deep page (after the last 200 ids, limit 100)", { limit: "100", after: String(Math.max(0, deep.id ?? 0)) }],
      ["OGC items page at 100k: bbox 72,18,80,24 (limit 100)", { limit: "100", bbox: "72,18,80,24" }],
    ];
    console.log(`\nOGC API – Features items (${label}, records-master, GeoJSON)`);
    console.log("| page | p50 ms | p95 ms | items |\n|---|---:|---:|---:|");
    for (const [name, query] of pages) {
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await ogcAnswer(ogcEnv, { path: ["collections", "records-master", "items"], query });
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`OGC items answered ${res.status}: ${res.body}`);
        items = (JSON.parse(res.body) as { numberReturned: number }).numberReturned;
      }
      times.sort((a, b) => a - b);
      console.log(`| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${items} |`);
    }
  }

  if (SKIP_READS) return;
  const { spec } = await resolveQuery(db, parseDataQuery(parseUrl(`${D}/search?${three(1)}`).query));
  const { sql, params } = await searchSql(db, spec, 0, 10);
  const plan = await db.query<{ "QUERY PLAN": string }>(`explain analyze ${sql}`, params);
  console.log(`\nEXPLAIN ANALYZE of the main search (${label}):\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
}

async function build(db: Db, label: string, filesDir: string): Promise<void> {
  await runMigrations(db);
  const started = Date.now();
  await seedBulk(db, { records: RECORDS, seed: 1, batch: 1000, fileStore: directoryFileStore(filesDir), siteUrl: "http://localhost:3000" }, { progress: (t) => process.stderr.write(t) });
  console.log(`${label}: ${RECORDS} records generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  if (PGLITE_DIR !== "" || POSTGRES_URL !== "") {
    for (const [label, open] of [["PGlite", PGLITE_DIR !== "" ? { dataDir: PGLITE_DIR } : null], ["PostgreSQL", POSTGRES_URL !== "" ? { databaseUrl: POSTGRES_URL } : null]] as const) {
      if (open === null || (ONLY !== "" && ONLY !== (label === "PGlite" ? "pglite" : "postgres"))) continue;
      const db = await openDatabase(open);
      try {
        await runMigrations(db);
        await bench(db, label);
      } finally {
        await db.close();
      }
    }
    return;
  }
  if (ONLY !== "postgres") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-"));
    const db = await openDatabase({ dataDir: dir });
    try {
      await build(db, "PGlite", path.join(dir, "files"));
      await bench(db, "PGlite");
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ONLY !== "pglite") {
    await withThrowawayPostgres(async (url) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-"));
      const db = await openDatabase({ databaseUrl: url });
      try {
        await build(db, "PostgreSQL", path.join(dir, "files"));
        await bench(db, "PostgreSQL");
      } finally {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, ADMIN_URL);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
