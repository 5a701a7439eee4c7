/**
 * The records' part of site search (issue 33): ranked matches of a free-text tsquery and spelling-tolerant
 * matches of the public title keys (`fuzzy_text`, migration 0032), read from the public tier only
 * (`VISIBLE`, as every read of many records: visibility.ts). Only ids, scores and totals: the hits' text
 * comes from the public form of the records (`subsetOf`, data.service.ts).
 */
import type { Db, Queryable, SqlParam } from "../../infra/db/db";
import { VISIBLE } from "./data.repository";

export interface RankedRecord {
  id: number;
  /** Title words matched whole. */
  title_exact: boolean;
  /** Title words matched. */
  title_hit: boolean;
  /** Lexemes of the public title (a shorter title that matches is a closer match). */
  title_length: number;
  /** ts_rank of the public text (how much of it is about the words: what orders matches by other fields). */
  rank: number;
}

const groupClause = (param: string) => `d.id in (select g.data_id from cca_data_user_group g where g.user_group_id = ${param})`;

/**
 * Planner settings per read, so that its cost follows what it reads and not a guess. A tsquery's
 * selectivity is estimated from the table's statistics: close for common words, but an unknown word is
 * "0.5 % of rows", and `order by id desc limit 20` then walks the whole table when the word is rare; and a
 * common prefix makes the GIN index gather tens of thousands of rows before the first one is read.
 * - BITMAP: the GIN index lists the matches: for rare and middling words, capped.
 * - NEWEST: the primary key walked backwards, filtered: for words in at least DENSE of the records (by the
 *   planner's estimate, `planRows`), so the first `n` come after a walk of about n / DENSE rows.
 */
const BITMAP = "select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)";
const NEWEST = "select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)";
/** The share of the records a word must be estimated in for NEWEST. */
const DENSE = 0.05;
/** Title matches of a word that is not common ranked at most, past the first page (a common word's are ranked among these). */
const TITLE_PROBE = 100;

/** The part of `fuzzy_text` the title-keys index holds (a B-tree entry is bounded; migration 0033). */
const TITLE_KEYS_INDEXED = 200;

const COLUMNS = (prefix: string, whole: string) =>
  `d.id, d.title_vector @@ ${whole}::tsquery as title_exact, d.title_vector @@ ${prefix}::tsquery as title_hit, length(d.title_vector)::integer as title_length,
   ts_rank(d.search_vector, ${prefix}::tsquery)::float8 as rank`;

/** Closest first: whole title words, title hits (shorter titles first), then matches by other fields (higher rank first), then the newest. */
const closestFirst = (a: RankedRecord, b: RankedRecord) =>
  Number(b.title_exact) - Number(a.title_exact) ||
  Number(b.title_hit) - Number(a.title_hit) ||
  (a.title_hit ? a.title_length - b.title_length : b.rank - a.rank) ||
  b.id - a.id;

const ALL = "d.search_vector @@ $1::tsquery";
const TITLE_WORDS = "d.title_vector @@ $2::tsquery";
const TITLE = "d.title_vector @@ $1::tsquery";

/**
 * The best `limit` public records matching `tsquery` (closest first: `closestFirst`) and how many match,
 * counted up to `cap` (`capped` when there are at least that many). The work is bounded whatever the
 * query, so a common word costs about what a rare one does:
 * 1. A word that is not common: its matches from the GIN index, up to `cap`. Fewer: they are all, ranked
 *    as a whole (the usual case). Else `cap` of them are ranked, with the titles named below.
 * 2. A common word (DENSE): the titles that are the query's words alone (`titleKeys`: `fuzzyKeys` of the
 *    query, equal to a title's `fuzzy_text`; by the title-keys index, so in either script), then the
 *    best title matches of the whole words and of the prefixes (each by the plan that suits how common it
 *    is), then the newest matches by other text.
 */
export async function rankedRecordMatches(
  db: Db,
  tsquery: string,
  wholeWords: string,
  titleKeys: string,
  groupId: number | null,
  limit: number,
  cap: number,
): Promise<{ rows: RankedRecord[]; total: number; capped: boolean }> {
  const scope = ` and ($3::integer is null or ${groupClause("$3::integer")})`;
  const params = [tsquery, wholeWords, groupId];
  const read = (plan: string, sql: string, extra: SqlParam[]) =>
    db.transaction(async (tx) => {
      await tx.query(plan);
      return tx.query<RankedRecord>(sql, [...params, ...extra]);
    });
  /** Up to `n` matches of `condition`, in no order (BITMAP). */
  const upTo = (condition: string, n: number) => read(BITMAP, `select ${COLUMNS("$1", "$2")} from cca_data d where ${VISIBLE} and ${condition}${scope} limit $4`, [n]);
  /** The newest `n` matches of `condition` (NEWEST). */
  const newest = (condition: string, n: number) =>
    read(NEWEST, `select ${COLUMNS("$1", "$2")} from cca_data d where ${VISIBLE} and ${condition}${scope} order by d.id desc limit $4`, [n]);
  const visible = await planRows(db, `select d.id from cca_data d where ${VISIBLE} and ($1::integer is null or ${groupClause("$1::integer")})`, [groupId]);
  const dense = async (condition: string) => (await planRows(db, `select ${COLUMNS("$1", "$2")} from cca_data d where ${VISIBLE} and ${condition}${scope}`, params)) >= DENSE * visible;
  /** The best `n` matches of a title condition: the newest of a common one, else all of them ranked (or TITLE_PROBE of them, and `n`). */
  const best = async (condition: string, n: number) =>
    (await dense(condition)) ? newest(condition, n) : (await upTo(condition, Math.max(n, TITLE_PROBE))).sort(closestFirst).slice(0, n);
  /** Titles that are the query's words alone, in their keys. */
  const sameTitle = () =>
    db.query<RankedRecord>(
      `select ${COLUMNS("$1", "$2")} from cca_data d
        where ${VISIBLE} and left(d.fuzzy_text, ${TITLE_KEYS_INDEXED}) = left($4, ${TITLE_KEYS_INDEXED}) and d.fuzzy_text = $4${scope}
        order by d.id desc limit $5`,
      [...params, titleKeys, limit],
    );

  if (!(await dense(ALL))) {
    const all = await upTo(ALL, cap);
    if (all.length < cap) return { rows: all.sort(closestFirst).slice(0, limit), total: all.length, capped: false };
    if (limit === 0) return { rows: [], total: cap, capped: true };
    const ranked = unique([...(await sameTitle()), ...(await best(TITLE_WORDS, limit)), ...all.sort(closestFirst)]);
    return { rows: ranked.slice(0, limit), total: cap, capped: true };
  }
  if (limit === 0) return { rows: [], total: cap, capped: true };
  let ranked = unique([...(await sameTitle()), ...(await best(TITLE_WORDS, limit)), ...(await best(TITLE, limit))]).slice(0, limit);
  if (ranked.length < limit) ranked = unique([...ranked, ...(await newest(`${ALL} and not ${TITLE}`, limit - ranked.length))]);
  return { rows: ranked.slice(0, limit), total: cap, capped: true };
}

/** The planner's estimate of the rows `sql` answers (EXPLAIN, nothing run): how common a word is. */
async function planRows(db: Queryable, sql: string, params: readonly SqlParam[]): Promise<number> {
  const [row] = await db.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
  const plan: unknown = typeof row?.["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row?.["QUERY PLAN"];
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { "Plan Rows"?: unknown } } | undefined)?.Plan?.["Plan Rows"] : undefined;
  return typeof rows === "number" ? rows : 0;
}

const unique = (rows: readonly RankedRecord[]) => [...new Map(rows.map((r) => [r.id, r])).values()];

export interface FuzzyRecord {
  id: number;
  /** The keys of its public title words. */
  fuzzy_text: string;
  /** pg_trgm word similarity of the query's keys to them. */
  similarity: number;
}

/**
 * Public records whose title is within reach of the query's spelling: first a title word one edit away
 * from each query word (`fuzzyTsQuery` against `fuzzy_vector`: exact GIN lookups), then, when those are
 * fewer than `enough` and the keys are long enough for trigrams to mean something (TRIGRAM_MIN), title
 * keys like the query's keys by trigrams (pg_trgm word similarity at least `threshold`). At most
 * `candidates` in all (the indexes give them, capped before any ranking, so a misspelt common word costs
 * a bounded read); the service ranks them.
 */
export async function fuzzyRecordMatches(
  db: Db,
  keys: string,
  fuzzyQuery: string | null,
  groupId: number | null,
  threshold: number,
  candidates: number,
  enough: number,
): Promise<FuzzyRecord[]> {
  const scope = `($3::integer is null or ${groupClause("$3::integer")})`;
  const near =
    fuzzyQuery === null
      ? []
      : await db.query<FuzzyRecord>(
          `select d.id, d.fuzzy_text, word_similarity($1, d.fuzzy_text) as similarity
             from cca_data d where ${VISIBLE} and d.fuzzy_vector @@ $4::tsquery and ${scope} limit $2`,
          [keys, candidates, groupId, fuzzyQuery],
        );
  let rows = near;
  if (near.length < enough && keys.replace(/\s/g, "").length >= TRIGRAM_MIN) {
    const similar = await db.transaction(async (tx) => {
      await tx.query("select set_config('pg_trgm.word_similarity_threshold', $1, true)", [String(threshold)]);
      return tx.query<FuzzyRecord>(
        `select d.id, d.fuzzy_text, word_similarity($1, d.fuzzy_text) as similarity
           from cca_data d where ${VISIBLE} and $1 <% d.fuzzy_text and ${scope} limit $2`,
        [keys, candidates - near.length, groupId],
      );
    });
    rows = [...new Map([...near, ...similar].map((r) => [r.id, r])).values()];
  }
  return rows.map((r) => ({ ...r, similarity: Number(r.similarity) }));
}

/** Query keys shorter than this (letters) are left to the one-edit neighbours: their trigrams are in most titles. */
const TRIGRAM_MIN = 4;
