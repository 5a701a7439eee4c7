/**
 * 0028 (issue 30, item 3): Local Contexts TK and BC labels on documents and on groups, shaped like a
 * record's (`cca_data_label`, 0025): the label type (an id of the catalogue shipped in
 * src/contracts/local-contexts.ts), the community's own text per language (`{"en": "…", "hi": "…"}`, null
 * for the catalogue's text), who applied it and when. Deleting a document or a group deletes its labels.
 */
const sql = /* sql */ `
create table document_label (
  document_id integer not null references document (id) on delete cascade,
  label_id    text not null,
  text        jsonb,
  applied_by  integer references app_user (id) on delete set null,
  applied_on  timestamptz not null default now(),
  primary key (document_id, label_id),
  constraint document_label_id check (label_id ~ '^(tk|bc)-[a-z-]{2,60}$'),
  constraint document_label_text check (text is null or jsonb_typeof(text) = 'object')
);

create table user_group_label (
  user_group_id integer not null references user_group (id) on delete cascade,
  label_id      text not null,
  text          jsonb,
  applied_by    integer references app_user (id) on delete set null,
  applied_on    timestamptz not null default now(),
  primary key (user_group_id, label_id),
  constraint user_group_label_id check (label_id ~ '^(tk|bc)-[a-z-]{2,60}$'),
  constraint user_group_label_text check (text is null or jsonb_typeof(text) = 'object')
);
`;

export default sql;
