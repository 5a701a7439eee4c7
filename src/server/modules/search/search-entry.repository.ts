/**
 * SQL of the site search's entries (migration 0032): the public sources of each kind (what a visitor may
 * see of content pages, documents, groups, published map layers and people — the same conditions as each
 * kind's public list), the reconciliation of `search_entry` with them, and the reads of a query.
 * Records are not entries: they are searched in `cca_data` itself (records/record-search.repository.ts).
 */
import type { Db, Queryable } from "../../infra/db/db";

export type EntryKind = "page" | "document" | "group" | "layer" | "user";

/** One item as the index stores it (text still raw: the service derives lexemes and keys). */
export interface SourceRow {
  item_id: number;
  language: string;
  group_ids: number[];
  title: string;
  /** Plain or HTML text of the item (the service strips tags and cuts it). */
  body: string;
  path: string;
  /** Changes whenever anything indexed of the item changes. */
  digest: string;
  /** Documents: the stored file (its PDF text is read by the service). */
  file_path?: string | null;
  mime_type?: string | null;
}

const LANG = (column: string) => `(case ${column} when 206 then 'hi' else 'en' end)`;

/**
 * Each kind's public items. `$1` is the index version (part of every digest: a new version re-indexes).
 * Column digests hash every indexed column, so a write that forgets `updated_on` still shows.
 */
const SOURCES: Record<EntryKind, string> = {
  page: `
    select p.id as item_id, ${LANG("p.language_id")} as language,
           case when p.user_group_id is null then '{}'::integer[] else array[p.user_group_id] end as group_ids,
           p.title, concat_ws(' ', p.description, p.content) as body, '/page/show/' || p.id as path,
           md5(concat_ws('|', $1::text, p.title, p.description, p.content, p.user_group_id)) as digest
      from page p where not p.is_deleted and p.page_type = 'Content'
    union all
    select p.id, ${LANG("t.language_id")}, case when p.user_group_id is null then '{}'::integer[] else array[p.user_group_id] end,
           t.title, concat_ws(' ', t.description, t.content), '/page/show/' || p.id,
           md5(concat_ws('|', $1::text, t.title, t.description, t.content, p.user_group_id))
      from page_translation t join page p on p.id = t.page_id
     where not p.is_deleted and p.page_type = 'Content' and t.language_id <> p.language_id`,
  document: `
    select d.id as item_id, ${LANG("d.language_id")} as language,
           coalesce((select array_agg(g.user_group_id order by g.user_group_id) from document_user_group g where g.document_id = d.id), '{}') as group_ids,
           d.title,
           concat_ws(' ', d.bib_author, d.publisher, d.bib->>'abstract', d.bib->>'journal', d.notes,
                     (select string_agg(t.name, ' ') from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = d.id)) as body,
           '/document/show/' || d.id as path,
           md5(concat_ws('|', $1::text, d.title, d.bib::text, d.notes, d.language_id, d.file_path,
                     (select string_agg(g.user_group_id::text, ',' order by g.user_group_id) from document_user_group g where g.document_id = d.id),
                     (select string_agg(t.name, ',' order by t.name) from document_tag dt join tag t on t.id = dt.tag_id where dt.document_id = d.id))) as digest,
           d.file_path, d.mime_type
      from document d where not d.is_deleted`,
  group: `
    select g.id as item_id, '' as language, array[g.id] as group_ids,
           concat_ws(' · ', g.name, nullif(g.name_local, '')) as title,
           concat_ws(' ', g.description, (select string_agg(concat_ws(' ', t.name, t.description), ' ') from user_group_translation t where t.user_group_id = g.id)) as body,
           '/group/' || g.slug as path,
           md5(concat_ws('|', $1::text, g.name, g.name_local, g.description, g.slug,
                     (select string_agg(concat_ws(' ', t.name, t.description), ' ' order by t.language_id) from user_group_translation t where t.user_group_id = g.id))) as digest
      from user_group g where not g.is_deleted`,
  layer: `
    select l.id as item_id, '' as language, '{}'::integer[] as group_ids, l.title,
           concat_ws(' ', l.description, l.attribution, (select string_agg(x, ' ') from jsonb_array_elements_text(case when jsonb_typeof(l.tags) = 'array' then l.tags else '[]'::jsonb end) x)) as body,
           '/map?layers=' || l.name as path,
           md5(concat_ws('|', $1::text, l.title, l.description, l.attribution, l.tags::text, l.name)) as digest
      from naksha_layer l where l.status = 'ACTIVE'`,
  // People: what the public people list shows (name, institution) of active accounts; never contacts.
  user: `
    select u.id as item_id, '' as language,
           coalesce((select array_agg(m.user_group_id order by m.user_group_id) from user_group_member m where m.user_id = u.id), '{}') as group_ids,
           u.name as title, coalesce(u.institution, '') as body, '/user/show/' || u.id as path,
           md5(concat_ws('|', $1::text, u.name, u.institution,
                     (select string_agg(m.user_group_id::text, ',' order by m.user_group_id) from user_group_member m where m.user_id = u.id))) as digest
      from app_user u where not u.is_deleted and u.enabled and not u.account_locked`,
};

/** The items of `kind` that are new or changed since they were indexed, with their text. */
export function changedSources(db: Queryable, kind: EntryKind, version: string): Promise<SourceRow[]> {
  return db.query<SourceRow>(
    `select s.* from (${SOURCES[kind]}) s
       left join search_entry e on e.kind = $2 and e.item_id = s.item_id and e.language = s.language
      where e.digest is distinct from s.digest`,
    [version, kind],
  );
}

/** Drops the entries of `kind` whose item is gone or no longer public; how many. */
export async function dropVanished(db: Queryable, kind: EntryKind, version: string): Promise<number> {
  const rows = await db.query<{ item_id: number }>(
    `delete from search_entry e
      where e.kind = $2 and not exists (select 1 from (${SOURCES[kind]}) s where s.item_id = e.item_id and s.language = e.language)
      returning e.item_id`,
    [version, kind],
  );
  return rows.length;
}

export interface EntryWrite {
  item_id: number;
  language: string;
  group_ids: number[];
  title: string;
  body: string;
  path: string;
  lexemes: string[];
  title_lexemes: string[];
  fuzzy_text: string;
  fuzzy_lexemes: string[];
  digest: string;
}

/** Writes entries of `kind` (insert or replace). */
export async function upsertEntries(db: Queryable, kind: EntryKind, rows: readonly EntryWrite[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db.query(
      `insert into search_entry (kind, item_id, language, group_ids, title, body, path, lexemes, title_lexemes, fuzzy_text, fuzzy_lexemes, digest)
       select $1, x.item_id, x.language, x.group_ids, x.title, x.body, x.path, array_to_tsvector(x.lexemes), array_to_tsvector(x.title_lexemes), x.fuzzy_text, array_to_tsvector(x.fuzzy_lexemes), x.digest
         from jsonb_to_recordset($2::jsonb) as x(item_id integer, language text, group_ids integer[], title text, body text, path text,
              lexemes text[], title_lexemes text[], fuzzy_text text, fuzzy_lexemes text[], digest text)
       on conflict (kind, item_id, language) do update set group_ids = excluded.group_ids, title = excluded.title, body = excluded.body,
              path = excluded.path, lexemes = excluded.lexemes, title_lexemes = excluded.title_lexemes, fuzzy_text = excluded.fuzzy_text, fuzzy_lexemes = excluded.fuzzy_lexemes,
              digest = excluded.digest`,
      [kind, JSON.stringify(rows.slice(start, start + 500))],
    );
  }
}

export interface EntryHit {
  kind: EntryKind;
  item_id: number;
  language: string;
  title: string;
  body: string;
  path: string;
  title_exact: boolean;
  title_hit: boolean;
  rank: number;
}

/**
 * Where a query limits entries: its kinds; inside a group, what belongs to the group (pages, documents),
 * the group's members and every published layer (a group's map shows them all); not other groups.
 */
function scopeSql(kinds: readonly EntryKind[], groupId: number | null, first: number): { sql: string; params: Array<string[] | number> } {
  const params: Array<string[] | number> = [[...kinds]];
  let sql = `e.kind = any($${first}::text[])`;
  if (groupId !== null) {
    params.push(groupId);
    sql += ` and (e.kind = 'layer' or (e.kind <> 'group' and $${first + 1}::integer = any(e.group_ids)))`;
  }
  return { sql, params };
}

/** The best `limit` entries of `kinds` matching `tsquery`: title hits first, then rank. */
export async function rankedEntryMatches(db: Queryable, tsquery: string, wholeWords: string, kinds: readonly EntryKind[], groupId: number | null, limit: number): Promise<EntryHit[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const scope = scopeSql(kinds, groupId, 3);
  const rows = await db.query<EntryHit>(
    `select e.kind, e.item_id, e.language, e.title, e.body, e.path, e.title_lexemes @@ $2::tsquery as title_exact,
            e.title_lexemes @@ $1::tsquery as title_hit, ts_rank(e.lexemes, $1::tsquery) as rank
       from search_entry e where e.lexemes @@ $1::tsquery and ${scope.sql}
      order by title_exact desc, title_hit desc, rank desc, e.kind, e.item_id desc limit $${3 + scope.params.length}`,
    [tsquery, wholeWords, ...scope.params, limit],
  );
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

/** How many entries of each kind match `tsquery` (each counted up to `countCap`). */
export async function entryMatchCounts(db: Queryable, tsquery: string, kinds: readonly EntryKind[], groupId: number | null, countCap: number): Promise<Array<{ kind: EntryKind; n: number }>> {
  if (kinds.length === 0) return [];
  const scope = scopeSql(kinds, groupId, 2);
  return db.query<{ kind: EntryKind; n: number }>(
    `select m.kind, count(*)::integer as n from (select e.kind from search_entry e where e.lexemes @@ $1::tsquery and ${scope.sql} limit $${2 + scope.params.length}) m group by m.kind`,
    [tsquery, ...scope.params, countCap],
  );
}

export interface FuzzyEntryHit extends Omit<EntryHit, "title_hit" | "rank"> {
  fuzzy_text: string;
  similarity: number;
}

/** Entries whose title is within reach of the query's spelling (as `fuzzyRecordMatches`), at most `candidates`. */
export async function fuzzyEntryMatches(
  db: Db,
  keys: string,
  fuzzyQuery: string | null,
  kinds: readonly EntryKind[],
  groupId: number | null,
  threshold: number,
  candidates: number,
): Promise<FuzzyEntryHit[]> {
  if (kinds.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.query("select set_config('pg_trgm.word_similarity_threshold', $1, true)", [String(threshold)]);
    const scope = scopeSql(kinds, groupId, 4);
    const near = fuzzyQuery === null ? "false" : "e.fuzzy_lexemes @@ $3::tsquery";
    const rows = await tx.query<FuzzyEntryHit>(
      `select e.kind, e.item_id, e.language, e.title, e.body, e.path, e.fuzzy_text, word_similarity($1, e.fuzzy_text) as similarity
         from search_entry e where ($1 <% e.fuzzy_text or ${near}) and ${scope.sql} limit $2`,
      [keys, candidates, fuzzyQuery ?? "", ...scope.params],
    );
    return rows.map((r) => ({ ...r, similarity: Number(r.similarity) }));
  });
}

/** How many entries the index holds (operations, tests). */
export function entryCount(db: Queryable): Promise<{ n: number }> {
  return db.one<{ n: number }>("select count(*)::integer as n from search_entry");
}
