/**
 * The records' part of site search (issue 33): ranked matches of a free-text tsquery and spelling-tolerant
 * matches of the public title keys (`fuzzy_text`, migration 0032), read from the public tier only
 * (`VISIBLE`, as every read of many records: visibility.ts). Only ids, scores and totals: the hits' text
 * comes from the public form of the records (`subsetOf`, data.service.ts).
 */
import type { Db, Queryable } from "../../infra/db/db";
import { VISIBLE } from "./data.repository";

export interface RankedRecord {
  id: number;
  /** Title words matched whole. */
  title_exact: boolean;
  /** Title words matched. */
  title_hit: boolean;
  rank: number;
}

const groupClause = (param: string) => `d.id in (select g.data_id from cca_data_user_group g where g.user_group_id = ${param})`;

/**
 * The best `limit` public records matching `tsquery` (titles holding the words whole first, then title
 * hits, then rank, newest first) and how many match in all (counted up to `countCap`; past it the total
 * is the cap).
 */
export async function rankedRecordMatches(
  db: Queryable,
  tsquery: string,
  wholeWords: string,
  groupId: number | null,
  limit: number,
  countCap: number,
): Promise<{ rows: RankedRecord[]; total: number }> {
  const where = `${VISIBLE} and d.search_vector @@ $1::tsquery${groupId === null ? "" : ` and ${groupClause("$2")}`}`;
  const params = groupId === null ? [tsquery] : [tsquery, groupId];
  const n = params.length;
  const [rows, count] = await Promise.all([
    db.query<RankedRecord>(
      `select d.id, d.title_vector @@ $${n + 2}::tsquery as title_exact, d.title_vector @@ $1::tsquery as title_hit, ts_rank(d.search_vector, $1::tsquery) as rank
         from cca_data d where ${where}
        order by title_exact desc, title_hit desc, rank desc, d.id desc limit $${n + 1}`,
      [...params, limit, wholeWords],
    ),
    db.one<{ n: number }>(`select count(*)::integer as n from (select 1 from cca_data d where ${where} limit $${n + 1}) m`, [...params, countCap]),
  ]);
  return { rows: rows.map((r) => ({ ...r, rank: Number(r.rank) })), total: count.n };
}

export interface FuzzyRecord {
  id: number;
  /** The keys of its public title words. */
  fuzzy_text: string;
  /** pg_trgm word similarity of the query's keys to them. */
  similarity: number;
}

/**
 * Public records whose title is within reach of the query's spelling: a title word one edit away from each
 * query word (`fuzzyTsQuery` against `fuzzy_vector`), or title keys like the query's keys by trigrams
 * (pg_trgm word similarity at least `threshold`). At most `candidates` (the indexes give them, capped
 * before any ranking, so a misspelt common word costs a bounded read); the service ranks them.
 */
export async function fuzzyRecordMatches(db: Db, keys: string, fuzzyQuery: string | null, groupId: number | null, threshold: number, candidates: number): Promise<FuzzyRecord[]> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('pg_trgm.word_similarity_threshold', $1, true)", [String(threshold)]);
    const near = fuzzyQuery === null ? "false" : "d.fuzzy_vector @@ $4::tsquery";
    const rows = await tx.query<FuzzyRecord>(
      `select d.id, d.fuzzy_text, word_similarity($1, d.fuzzy_text) as similarity
         from cca_data d
        where ${VISIBLE} and ($1 <% d.fuzzy_text or ${near}) and ($3::integer is null or ${groupClause("$3::integer")})
        limit $2`,
      [keys, candidates, groupId, fuzzyQuery ?? ""],
    );
    return rows.map((r) => ({ ...r, similarity: Number(r.similarity) }));
  });
}
