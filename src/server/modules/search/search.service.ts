/**
 * Site search (issue 33): one ranked list over everything public — records (the public tier, searched
 * in `cca_data`, records/record-search.repository.ts), content pages, documents, groups, published map
 * layers and people (`search_entry`, kept in step by search-index.service.ts).
 *
 * 1. Words: every query word, or its script-independent key, must begin a word (or key) of the item
 *    (`prefixTsQuery`): "jangal" finds "जंगल", "देवराई" finds "Devrai". Title hits rank first, then
 *    shorter titles (records, whose reads are bounded however common the word:
 *    records/record-search.repository.ts) or ts_rank (entries); both are merged on that one score.
 *    Counts stop at COUNT_CAP ("500+").
 * 2. Spelling: when fewer than FUZZY_BELOW items match, titles within reach of the query's spelling
 *    follow, marked `fuzzy`: a title word one edit from each query word (deletion neighbours of the
 *    phonetic keys) or title keys like the query's by trigrams (pg_trgm word similarity), ranked by the
 *    closest title word per query word; when nothing matched by its words, the closest title words make
 *    the "did you mean" suggestion.
 * Inside a group: its records, pages and documents, its members and every published layer.
 */
import { MASTER_SHORT_NAME } from "@/contracts/template";
import { SEARCH_KINDS, type SearchAnswer, type SearchHit, type SearchKind } from "@/contracts/search";
import { fuzzyKeys, queryAlternatives } from "@/shared/search";
import { fuzzyTsQuery, keyScore, keysOfText } from "@/shared/search/edit-neighbours";
import type { PlatformDeps } from "../../infra/http/types";
import { findRecords } from "../records/data.repository";
import { publicValuesOf, subsetOf, viewTemplateByName } from "../records/data.service";
import { prefixTsQuery, wholeWordTsQuery } from "../records/record-derive";
import { fuzzyRecordMatches, rankedRecordMatches } from "../records/record-search.repository";
import { entryMatchCounts, fuzzyEntryMatches, rankedEntryMatches, type EntryKind } from "./search-entry.repository";
import { ENTRY_KINDS, searchIndexOf } from "./search-index.service";
import { markMatches, snippetOf, suggestionFrom } from "./highlight";

export interface SiteSearchQuery {
  q: string;
  kind: SearchKind | null;
  groupId: number | null;
  language: "en" | "hi";
  offset: number;
  limit: number;
}

/** Hits ranked at most (offset + limit beyond it answer an empty page). */
export const RANK_WINDOW = 500;
/** Matches counted per kind at most (`SearchAnswer.countCap`: "500+"): no more can be paged to. */
export const COUNT_CAP = RANK_WINDOW;
/** Spelling tolerance joins in below this many matches. */
export const FUZZY_BELOW = 5;
/** pg_trgm word similarity a title's keys need to the query's keys. */
export const FUZZY_THRESHOLD = 0.5;
/** Spelling candidates read at most (from the indexes, before ranking). */
const FUZZY_CANDIDATES = 200;
/** Similar spellings shown at most, and how close (keyScore) one must be. */
const FUZZY_LIMIT = 20;
const FUZZY_MIN_SCORE = 0.5;

interface Candidate {
  kind: SearchKind;
  id: number;
  score: number;
  fuzzy: boolean;
  /** Entries carry their text; records are read after paging. */
  entry?: { title: string; body: string; path: string; language: string };
}

const emptyCounts = (): Record<SearchKind, number> => Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;

/** One score for records and entries: whole title words, then title hits, then rank (below 1: ts_rank for these texts; for a record's title hit, its shorter title). */
const exactScore = (row: { title_exact: boolean; title_hit: boolean; rank: number }) => (row.title_exact ? 3 : row.title_hit ? 2 : 1) + Math.min(row.rank, 0.99);

export async function siteSearch(deps: Pick<PlatformDeps, "db" | "fileStore" | "logger">, query: SiteSearchQuery): Promise<SearchAnswer> {
  const { db } = deps;
  const answer: SearchAnswer = { query: query.q, hits: [], total: 0, counts: emptyCounts(), countCap: COUNT_CAP, offset: query.offset, limit: query.limit, suggestion: null };
  const tsquery = prefixTsQuery(query.q);
  const wholeWords = wholeWordTsQuery(query.q);
  if (tsquery === null || wholeWords === null) return answer;
  const alternatives = queryAlternatives(query.q);
  await searchIndexOf(db, deps.fileStore, deps.logger).fresh(ENTRY_KINDS);

  const window = Math.min(query.offset + query.limit, RANK_WINDOW);
  const wantRecords = query.kind === null || query.kind === "record";
  const entryKinds: EntryKind[] = query.kind === null ? [...ENTRY_KINDS] : query.kind === "record" ? [] : [query.kind];
  const records = await rankedRecordMatches(db, tsquery, wholeWords, fuzzyKeys(query.q), query.groupId, wantRecords ? window : 0, COUNT_CAP);
  const entries = await rankedEntryMatches(db, tsquery, wholeWords, entryKinds, query.groupId, window);
  const entryCounts = await entryMatchCounts(db, tsquery, ENTRY_KINDS, query.groupId, COUNT_CAP);

  answer.counts.record = records.total;
  for (const c of entryCounts) answer.counts[c.kind] = c.n;
  const candidates: Candidate[] = [
    ...records.rows.map((r): Candidate => ({ kind: "record", id: r.id, score: exactScore({ ...r, rank: r.title_hit ? 1 / (1 + r.title_length) : r.rank }), fuzzy: false })),
    ...preferLanguage(entries, query.language).map(
      (e): Candidate => ({ kind: e.kind, id: e.item_id, score: exactScore(e), fuzzy: false, entry: { title: e.title, body: e.body, path: e.path, language: e.language } }),
    ),
  ];
  const exactTotal = query.kind === null ? SEARCH_KINDS.reduce((n, k) => n + answer.counts[k], 0) : answer.counts[query.kind];

  if (exactTotal < FUZZY_BELOW) {
    const keys = fuzzyKeys(query.q);
    if (keys !== "") {
      const seen = new Set(candidates.map((c) => `${c.kind}:${c.id}`));
      const queryKeys = keysOfText(query.q);
      const near = fuzzyTsQuery(query.q);
      const fuzzyRecords = wantRecords ? await fuzzyRecordMatches(db, keys, near, query.groupId, FUZZY_THRESHOLD, FUZZY_CANDIDATES, FUZZY_LIMIT) : [];
      const fuzzyEntries = await fuzzyEntryMatches(db, keys, near, entryKinds, query.groupId, FUZZY_THRESHOLD, FUZZY_CANDIDATES);
      // Ranked by the closest title word for each query word (edits), trigram similarity as the tie-break.
      const score = (fuzzyText: string, similarity: number) => keyScore(queryKeys, fuzzyText.split(" ").filter((k) => k !== "")) + similarity / 10;
      const fuzzy: Candidate[] = [
        ...fuzzyRecords.map((r): Candidate => ({ kind: "record", id: r.id, score: score(r.fuzzy_text, r.similarity), fuzzy: true })),
        ...preferLanguage(fuzzyEntries, query.language).map(
          (e): Candidate => ({
            kind: e.kind,
            id: e.item_id,
            score: score(e.fuzzy_text, e.similarity),
            fuzzy: true,
            entry: { title: e.title, body: e.body, path: e.path, language: e.language },
          }),
        ),
      ]
        .filter((c) => !seen.has(`${c.kind}:${c.id}`) && c.score >= FUZZY_MIN_SCORE)
        .sort((a, b) => b.score - a.score || b.id - a.id)
        .slice(0, FUZZY_LIMIT);
      for (const c of fuzzy) answer.counts[c.kind]++;
      candidates.push(...fuzzy.map((c) => ({ ...c, score: c.score - 10 })));
      if (exactTotal === 0 && fuzzy.length > 0) {
        const titles = await titlesOf(deps, fuzzy.slice(0, 5), query.language);
        answer.suggestion = suggestionFrom(query.q, titles);
      }
    }
  }

  answer.total = query.kind === null ? SEARCH_KINDS.reduce((n, k) => n + answer.counts[k], 0) : answer.counts[query.kind];
  candidates.sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind) || b.id - a.id);
  const page = candidates.slice(query.offset, query.offset + query.limit);
  answer.hits = await hitsOf(deps, page, alternatives, query.language);
  return answer;
}

/** A page in several languages matched once per language: keep the visitor's language (else the best). */
function preferLanguage<T extends { kind: EntryKind; item_id: number; language: string }>(rows: readonly T[], language: string): T[] {
  const chosen = new Map<string, T>();
  for (const row of rows) {
    const key = `${row.kind}:${row.item_id}`;
    const had = chosen.get(key);
    if (!had || (had.language !== language && row.language === language)) chosen.set(key, row);
  }
  return rows.filter((r) => chosen.get(`${r.kind}:${r.item_id}`) === r);
}

interface RecordText {
  title: string;
  body: string;
}

/** The public title and summary text of records, read through the records' public form (`subsetOf`). */
async function recordTexts(deps: Pick<PlatformDeps, "db">, ids: readonly number[], language: "en" | "hi"): Promise<Map<number, RecordText>> {
  const texts = new Map<number, RecordText>();
  if (ids.length === 0) return texts;
  const [rows, view] = await Promise.all([findRecords(deps.db, ids), viewTemplateByName(deps.db, MASTER_SHORT_NAME, language)]);
  for (const row of rows) {
    const subset = subsetOf(row, view);
    const title = subset.titlesValues.map((v) => textOf(v.value)).filter((t) => t !== "").join(" ");
    const place = [row.location_tahsil, row.location_district, row.location_state].filter((p): p is string => !!p).join(", ");
    // Every public value (the passage shown is the one around the first word found: a case study's too).
    const values = publicValuesOf(row, view)
      .filter((v) => !view.byId.get(v.fieldId)?.isTitle)
      .map((v) => `${v.name}: ${textOf(v.value)}`)
      .filter((t) => !t.endsWith(": "));
    texts.set(row.id, { title, body: [place, ...values].filter((t) => t !== "").join(" · ") });
  }
  return texts;
}

/** The text of a projected value (options by their labels, lists joined, HTML without tags). */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter((t) => t !== "").join(", ");
  if (typeof value === "object") {
    const o = value as { label?: unknown; value?: unknown; name?: unknown };
    return textOf(o.label ?? o.name ?? o.value);
  }
  return "";
}

async function titlesOf(deps: Pick<PlatformDeps, "db">, candidates: readonly Candidate[], language: "en" | "hi"): Promise<string[]> {
  const records = await recordTexts(deps, candidates.filter((c) => c.kind === "record").map((c) => c.id), language);
  return candidates.map((c) => (c.entry ? c.entry.title : (records.get(c.id)?.title ?? ""))).filter((t) => t !== "");
}

async function hitsOf(deps: Pick<PlatformDeps, "db">, page: readonly Candidate[], alternatives: string[][], language: "en" | "hi"): Promise<SearchHit[]> {
  const records = await recordTexts(deps, page.filter((c) => c.kind === "record").map((c) => c.id), language);
  const hits: SearchHit[] = [];
  for (const c of page) {
    const text = c.entry ?? (records.has(c.id) ? { ...records.get(c.id)!, path: `/data/show/${c.id}`, language: "" } : null);
    // A record that left the public tier between the match and this read is not shown.
    if (!text) continue;
    hits.push({
      kind: c.kind,
      id: c.id,
      title: markMatches(text.title || `#${c.id}`, alternatives),
      snippet: snippetOf(text.body, alternatives),
      path: text.path,
      language: text.language === "" ? null : text.language,
      fuzzy: c.fuzzy,
    });
  }
  return hits;
}
