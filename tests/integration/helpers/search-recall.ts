/**
 * The bilingual name list of site search (issue 33, `tests/fixtures/search/bilingual-names.json`) as
 * records and queries, and the recall measure shared by the integration test (a floor) and
 * `npm run bench:search` (the printed figures).
 *
 * Each name becomes two public records of the master template: one titled only in Devanagari, one only
 * in Latin letters. The queries and what each must find:
 * - every common romanisation → the Devanagari record ("jangal" finds "जंगल");
 * - the Devanagari name → the Latin record ("देवराई" finds "Devrai");
 * - every misspelling → the Latin record (one or two wrong letters).
 */
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/server/infra/db/db";
import { loadRecordTemplate } from "@/server/modules/templates/template-loader.service";
import { createRecords } from "@/server/modules/records/record-write.service";

export interface NameEntry {
  id: string;
  hi: string;
  latin: string;
  romanisations: string[];
  misspellings: string[];
}

export type QueryKind = "romanised" | "devanagari" | "misspelt";

export interface RecallQuery {
  q: string;
  kind: QueryKind;
  entry: string;
  expected: number;
}

const FIXTURE = path.resolve(__dirname, "../../fixtures/search/bilingual-names.json");

export function loadNames(): NameEntry[] {
  return JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as NameEntry[];
}

/** Inserts the two records of each name (owner: the first user); their ids by entry id. */
export async function insertNameRecords(db: Db, entries: readonly NameEntry[]): Promise<Map<string, { hi: number; latin: number }>> {
  const template = await loadRecordTemplate(db, { shortName: "master" });
  const { id: userId } = await db.one<{ id: number }>("select min(id)::integer as id from app_user where not is_deleted");
  const inputs = entries.flatMap((e) => [e.hi, e.latin].map((title) => ({ userId, values: { "name-of-cca": { type: "TEXT", value: title } } })));
  const ids = await db.transaction((tx) => createRecords(tx, template, inputs));
  return new Map(entries.map((e, i) => [e.id, { hi: ids[2 * i]!, latin: ids[2 * i + 1]! }]));
}

export function recallQueries(entries: readonly NameEntry[], ids: ReadonlyMap<string, { hi: number; latin: number }>): RecallQuery[] {
  const queries: RecallQuery[] = [];
  for (const e of entries) {
    const own = ids.get(e.id);
    if (!own) continue;
    for (const q of new Set(e.romanisations.map((r) => r.trim()).filter((r) => r !== ""))) queries.push({ q, kind: "romanised", entry: e.id, expected: own.hi });
    queries.push({ q: e.hi, kind: "devanagari", entry: e.id, expected: own.latin });
    for (const q of new Set(e.misspellings.map((r) => r.trim()).filter((r) => r !== ""))) queries.push({ q, kind: "misspelt", entry: e.id, expected: own.latin });
  }
  return queries;
}

export interface RecallFigures {
  queries: number;
  /** Share of queries whose expected record is among the hits. */
  recall: number;
  /** Share of queries whose expected record is among the first three hits. */
  top3: number;
  byKind: Record<QueryKind, { queries: number; recall: number; top3: number }>;
  misses: RecallQuery[];
}

/** Runs each query through `search` (record ids in ranked order) and measures recall and top-3. */
export async function measureRecall(queries: readonly RecallQuery[], search: (q: string) => Promise<number[]>): Promise<RecallFigures> {
  const tally = { romanised: { n: 0, found: 0, top3: 0 }, devanagari: { n: 0, found: 0, top3: 0 }, misspelt: { n: 0, found: 0, top3: 0 } };
  const misses: RecallQuery[] = [];
  for (const query of queries) {
    const ids = await search(query.q);
    const at = ids.indexOf(query.expected);
    const t = tally[query.kind];
    t.n++;
    if (at >= 0) t.found++;
    else misses.push(query);
    if (at >= 0 && at < 3) t.top3++;
  }
  const total = Object.values(tally).reduce((a, t) => ({ n: a.n + t.n, found: a.found + t.found, top3: a.top3 + t.top3 }), { n: 0, found: 0, top3: 0 });
  const share = (x: number, n: number) => (n === 0 ? 1 : x / n);
  return {
    queries: total.n,
    recall: share(total.found, total.n),
    top3: share(total.top3, total.n),
    byKind: Object.fromEntries(Object.entries(tally).map(([k, t]) => [k, { queries: t.n, recall: share(t.found, t.n), top3: share(t.top3, t.n) }])) as RecallFigures["byKind"],
    misses,
  };
}

export function formatRecall(label: string, f: RecallFigures): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [`${label}: ${f.queries} queries, recall ${pct(f.recall)}, expected in the top 3 ${pct(f.top3)}`];
  for (const [kind, k] of Object.entries(f.byKind)) lines.push(`  ${kind.padEnd(11)} ${String(k.queries).padStart(4)} queries, recall ${pct(k.recall)}, top 3 ${pct(k.top3)}`);
  return lines.join("\n");
}
