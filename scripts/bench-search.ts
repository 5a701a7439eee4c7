// `npm run bench:search [-- --records 100000] [--runs 2] [--sample 400] [--only pglite|postgres] [--pglite-dir DIR]
// [--postgres-url URL] [--slowest N]` (package.json:
// "bench:search": "tsx scripts/bench-search.ts"). Printed figures, not a test (issue 33): builds the
// synthetic dataset of `npm run seed:bulk` in a throwaway PGlite folder and a throwaway database on the
// PostgreSQL server (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/test; dropped
// after), adds the bilingual name list (tests/fixtures/search/bilingual-names.json: each name as a
// Devanagari-only and a Latin-only record), then times site search through the platform router with the
// mixed-script query set — an even sample of the list's romanisations, Devanagari names and misspellings,
// and a few common words — `--runs` times each, and prints p50 / p95 / max (target p50 ≤ 50 ms, p95 ≤ 150 ms) and
// the recall of the list (target recall ≥ 0.95, expected record in the top 3 for ≥ 0.9 of the queries).
// `--pglite-dir` / `--postgres-url` time an existing database instead (e.g. made by `npm run seed:bulk`; neither
// built nor dropped; the name list is added once and remembered in a `bench_search_names` table);
// `--slowest N` lists the N slowest queries.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SearchAnswer } from "../src/contracts/search";
import { seedBulk } from "../src/server/cli/seed-bulk-cli";
import type { Db } from "../src/server/infra/db/db";
import { openDatabase } from "../src/server/infra/db/open-database";
import { directoryFileStore } from "../src/server/infra/files/file-store";
import type { PlatformDeps, QueryValue } from "../src/server/infra/http/types";
import { collectBody } from "../src/server/infra/http/router";
import { createPlatformRouter } from "../src/server/app/platform-router";
import { runMigrations } from "../src/server/migrations/migrate";
import { ENTRY_KINDS, searchIndexOf, stopSearchIndexOf } from "../src/server/modules/search/search-index.service";
import { withThrowawayPostgres } from "./lib/throwaway-postgres";
import { formatRecall, insertNameRecords, loadNames, measureRecall, recallQueries } from "../tests/integration/helpers/search-recall";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const RECORDS = Number(arg("records", "100000"));
const RUNS = Number(arg("runs", "2"));
/** Queries of the list timed (an even sample), besides the common words. */
const SAMPLE = Number(arg("sample", "400"));
const ONLY = arg("only", "");
const PGLITE_DIR = arg("pglite-dir", "");
const POSTGRES_URL = arg("postgres-url", "");
const SLOWEST = Number(arg("slowest", "0"));
/** Common words a visitor types (many matches: ranking and counting at scale). */
const COMMON = ["sacred grove", "devrai", "jangal", "oran", "community forest", "lake", "देवराई", "वन", "gond", "bhil", "kerala kavu", "meghalaya"];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchIn(db: Db, label: string, filesDir: string): Promise<void> {
  const deps: PlatformDeps = {
    db,
    fileStore: directoryFileStore(filesDir),
    cacheDir: os.tmpdir(),
    jwtSecret: new TextEncoder().encode("bench-secret-bench-secret-bench-secret"),
    settings: { accessTokenTtl: 3600, refreshTokenTtl: 604_800, secureCookies: false, smtpUrl: null, mailFrom: "", smsGatewayUrl: null, smsGatewayToken: null, siteUrl: "http://localhost:3000", corsOrigins: [], localContextsApiUrl: null },
    logger: { error: console.error, warn: console.warn },
  };
  const router = createPlatformRouter(deps);
  const search = async (q: string, extra: Record<string, string> = {}): Promise<SearchAnswer> => {
    const query: Record<string, QueryValue> = { q, ...extra };
    const res = await router.handle({ method: "GET", service: "esmodule", path: "/v1/search", query, headers: {} });
    const body = await collectBody(res);
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${String(body)}`);
    return JSON.parse(Buffer.isBuffer(body) ? body.toString("utf8") : String(body)) as SearchAnswer;
  };

  const names = loadNames();
  const ids = await nameRecordsIn(db, names);
  const started = Date.now();
  await searchIndexOf(db, deps.fileStore, deps.logger).fresh(ENTRY_KINDS);
  console.log(`${label}: ${names.length} names as ${ids.size * 2} records; entries indexed in ${Date.now() - started} ms`);
  const queries = recallQueries(names, ids);

  const figures = await measureRecall(queries, async (q) => (await search(q, { kind: "record", limit: "50" })).hits.map((h) => h.id));
  console.log(formatRecall(`${label} recall of the bilingual name list`, figures));
  if (figures.misses.length > 0) console.log(`  missed (first 15): ${figures.misses.slice(0, 15).map((m) => `${m.q} [${m.kind}]`).join(", ")}`);

  // The mixed-script set: an even sample of the list's queries (romanised, Devanagari, misspelt) and common words.
  const step = Math.max(1, Math.floor(queries.length / SAMPLE));
  const set = [...queries.filter((_, i) => i % step === 0).map((q) => q.q), ...COMMON];
  for (const q of set.slice(0, 20)) await search(q); // warm-up
  const times: number[] = [];
  const byQuery: { q: string; ms: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const q of set) {
      const t0 = process.hrtime.bigint();
      await search(q);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      times.push(ms);
      byQuery.push({ q, ms });
    }
  }
  times.sort((a, b) => a - b);
  if (SLOWEST > 0) {
    byQuery.sort((a, b) => b.ms - a.ms);
    console.log(`${label}: slowest ${SLOWEST}: ${byQuery.slice(0, SLOWEST).map((t) => `${t.q} ${t.ms.toFixed(0)} ms`).join(", ")}`);
  }
  console.log(
    `${label}: site search, ${set.length} mixed-script queries × ${RUNS} runs (all kinds, first page of 20): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (target p50 ≤ 50, p95 ≤ 150)`,
  );
  await stopSearchIndexOf(db);
}

/** The name list's records: added once to a reused database (their ids kept in `bench_search_names`). */
async function nameRecordsIn(db: Db, names: ReturnType<typeof loadNames>): Promise<Map<string, { hi: number; latin: number }>> {
  await db.query("create table if not exists bench_search_names (entry text primary key, hi integer not null, latin integer not null)");
  const kept = await db.query<{ entry: string; hi: number; latin: number }>("select entry, hi, latin from bench_search_names");
  if (kept.length > 0) return new Map(kept.map((r) => [r.entry, { hi: r.hi, latin: r.latin }]));
  const ids = await insertNameRecords(db, names);
  for (const [entry, own] of ids) await db.query("insert into bench_search_names (entry, hi, latin) values ($1, $2, $3)", [entry, own.hi, own.latin]);
  return ids;
}

async function build(db: Db, label: string, filesDir: string): Promise<void> {
  await runMigrations(db);
  const started = Date.now();
  await seedBulk(db, { records: RECORDS, seed: 1, batch: 1000, fileStore: directoryFileStore(filesDir), siteUrl: "http://localhost:3000" }, { progress: (t) => process.stderr.write(t) });
  console.log(`${label}: ${RECORDS} records generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  console.log(`bench:search — ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  if (PGLITE_DIR !== "" && ONLY !== "postgres") {
    const db = await openDatabase({ dataDir: PGLITE_DIR });
    try {
      await runMigrations(db);
      await benchIn(db, "PGlite", path.join(PGLITE_DIR, "files"));
    } finally {
      await db.close();
    }
  } else if (ONLY !== "postgres") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-search-"));
    const db = await openDatabase({ dataDir: dir });
    try {
      await build(db, "PGlite", path.join(dir, "files"));
      await benchIn(db, "PGlite", path.join(dir, "files"));
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (POSTGRES_URL !== "" && ONLY !== "pglite") {
    const db = await openDatabase({ databaseUrl: POSTGRES_URL });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-search-"));
    try {
      await runMigrations(db);
      await benchIn(db, "PostgreSQL", path.join(dir, "files"));
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else if (ONLY !== "pglite") {
    await withThrowawayPostgres(async (url) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-bench-search-"));
      const db = await openDatabase({ databaseUrl: url });
      try {
        await build(db, "PostgreSQL", path.join(dir, "files"));
        await benchIn(db, "PostgreSQL", path.join(dir, "files"));
      } finally {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
