/**
 * 0031 (issue 32, item 3): the offline submission queue's idempotency keys. A member's browser sends each
 * queued record with an `Idempotency-Key`; `data/save` accepts a key once per member, so a retry after a
 * lost answer never makes a second record. `body_hash` (sha256 of the request body) tells a genuine retry
 * from a key reused for another record (422).
 */
const sql = /* sql */ `
create table record_submission_key (
  user_id     integer not null references app_user (id) on delete cascade,
  key         text not null,
  body_hash   text not null,
  data_id     integer references cca_data (id) on delete cascade,
  created_on  timestamptz not null default now(),
  primary key (user_id, key),
  constraint record_submission_key_shape check (key ~ '^[A-Za-z0-9_-]{8,64}$')
);
`;

export default sql;
