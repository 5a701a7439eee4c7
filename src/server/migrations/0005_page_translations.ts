/**
 * 0005: one page, several languages. A page row keeps its own language (the language it was written
 * in, and the tree it was created in); `page_translation` holds its title, description and content in
 * other languages under the same id, so `/page/show/45` reads in Hindi under `/hi` and in English
 * under `/`. Structure (parent, order, flags, gallery) stays on the page and is shared by every
 * language. A page belongs to the tree of language L when it is written in L or translated into L.
 */
const sql = /* sql */ `
create table page_translation (
  page_id     integer not null references page (id) on delete cascade,
  language_id integer not null,
  title       text not null,
  content     text not null default '',
  description text,
  created_on  timestamptz not null default now(),
  updated_on  timestamptz not null default now(),
  primary key (page_id, language_id)
);
create index page_translation_language_idx on page_translation (language_id, page_id);
-- The pages of one group (0: the main site), as tree reads, sibling order and parent checks ask for them.
create index page_group_tree_idx on page ((coalesce(user_group_id, 0)), parent_id, page_index) where not is_deleted;
`;

export default sql;
