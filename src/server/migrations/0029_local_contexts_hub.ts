/**
 * 0029 (issue 30, item 3, optional part): links to the Local Contexts Hub. A group's API key for the Hub
 * (`local_contexts_key`, set by its founders; never read back by the API), and a record's link to a Hub
 * project with when its labels were last synced (`cca_data_hub_link`).
 */
const sql = /* sql */ `
create table local_contexts_key (
  user_group_id integer primary key references user_group (id) on delete cascade,
  api_key       text not null,
  set_by        integer references app_user (id) on delete set null,
  set_on        timestamptz not null default now(),
  constraint local_contexts_key_length check (char_length(api_key) between 8 and 200)
);
create table cca_data_hub_link (
  data_id     integer primary key references cca_data (id) on delete cascade,
  project_id  text not null,
  synced_by   integer references app_user (id) on delete set null,
  synced_on   timestamptz not null default now(),
  constraint cca_data_hub_link_project check (project_id ~ '^[0-9a-fA-F-]{8,64}$')
);
`;

export default sql;
