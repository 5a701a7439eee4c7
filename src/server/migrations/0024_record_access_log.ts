/**
 * 0024 (issue 30, item 4): reads of a record below the public by someone its consent names but who is
 * not one of its keepers (a group member reading a community-only record, a curator reading one shared
 * with curators…) are written down: who, when, under which audience. The record's keepers (its owner,
 * its groups' founders and moderators, administrators) read the log; one row per reader and record per
 * hour is enough to answer "who has seen it".
 */
const sql = /* sql */ `
create table cca_data_access_log (
  id        bigserial primary key,
  data_id   integer not null references cca_data (id) on delete cascade,
  user_id   integer not null references app_user (id) on delete cascade,
  audience  text not null,
  read_on   timestamptz not null default now()
);
create index cca_data_access_log_data_idx on cca_data_access_log (data_id, read_on desc, id desc);
create index cca_data_access_log_reader_idx on cca_data_access_log (data_id, user_id, read_on desc);
`;

export default sql;
