/**
 * 0032 (issue 33): one search over everything public, across scripts and spellings.
 * - `pg_trgm` (PostgreSQL contrib; PGlite loads the same extension, `infra/db/pglite-db.ts`): trigram
 *   similarity, so one or two wrong letters still find a place.
 * - `cca_data.fuzzy_text`: the phonetic keys of a record's public title words (`fuzzyKeys`,
 *   src/shared/search), written with every record write like the other derived columns; a trigram GIN
 *   index over the public tier answers "a misspelt place". `fuzzy_vector`: the same keys with their
 *   deletion neighbours (`fuzzyLexemes`, src/shared/search/edit-neighbours.ts), for one wrong letter in a
 *   short word, which trigrams miss. `search_vector` now also holds each word's
 *   script-independent key (`indexLexemes`): every record is derived again once (the pending queue that
 *   every start drains, migration 0019), so stored records gain the keys.
 * - `search_entry`: the other kinds a visitor finds (content pages per language, documents with their
 *   PDFs' text, groups, published map layers, people), each as its public text, its lexemes and keys.
 *   Rows are reconciled from their sources after each invalidation of that kind (`digest` tells which
 *   changed): src/server/modules/search/search-index.service.ts.
 */
const sql = /* sql */ `
create extension if not exists pg_trgm;

alter table cca_data add column fuzzy_text text not null default '';
alter table cca_data add column fuzzy_vector tsvector not null default '';
create index cca_data_fuzzy_idx on cca_data using gin (fuzzy_text gin_trgm_ops)
  where not is_deleted and not is_template_deleted and is_public;
create index cca_data_fuzzy_vector_idx on cca_data using gin (fuzzy_vector)
  where not is_deleted and not is_template_deleted and is_public;

create table search_entry (
  kind          text not null,
  item_id       integer not null,
  language      text not null default '',
  group_ids     integer[] not null default '{}',
  title         text not null,
  body          text not null default '',
  path          text not null,
  lexemes       tsvector not null default '',
  title_lexemes tsvector not null default '',
  fuzzy_text    text not null default '',
  fuzzy_lexemes tsvector not null default '',
  digest        text not null,
  primary key (kind, item_id, language),
  constraint search_entry_kind check (kind in ('page', 'document', 'group', 'layer', 'user'))
);
create index search_entry_lexemes_idx on search_entry using gin (lexemes);
create index search_entry_fuzzy_idx on search_entry using gin (fuzzy_text gin_trgm_ops);
create index search_entry_fuzzy_lexemes_idx on search_entry using gin (fuzzy_lexemes);

insert into cca_public_place_pending (data_id) select id from cca_data on conflict do nothing;
`;

export default sql;
