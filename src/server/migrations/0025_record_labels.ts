/**
 * 0025 (issue 30, item 3): Local Contexts TK and BC labels on records. One row per label a record's
 * keepers applied: the label type (an id of the catalogue shipped in src/contracts/local-contexts.ts),
 * the community's own text per language (`{"en": "…", "hi": "…"}`, null for the catalogue's text), who
 * applied it and when. Deleting a record deletes its labels.
 */
const sql = /* sql */ `
create table cca_data_label (
  data_id     integer not null references cca_data (id) on delete cascade,
  label_id    text not null,
  text        jsonb,
  applied_by  integer references app_user (id) on delete set null,
  applied_on  timestamptz not null default now(),
  primary key (data_id, label_id),
  constraint cca_data_label_id check (label_id ~ '^(tk|bc)-[a-z-]{2,60}$'),
  constraint cca_data_label_text check (text is null or jsonb_typeof(text) = 'object')
);
`;

export default sql;
