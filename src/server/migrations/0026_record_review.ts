/**
 * 0026 (issue 30, item 5): review before publication.
 * - `cca_template.needs_review`: a template's records wait for a curator's review (the demo seed turns it on
 *   for its master template; existing deployments keep publishing at once until an administrator asks).
 * - `cca_data.review_state` (PUBLISHED, PENDING, RETURNED), with the last send-back's message and who
 *   decided when. A record is public only with public consent AND published: `is_public` now says both (the
 *   records written before were all published at once).
 */
const sql = /* sql */ `
alter table cca_template add column needs_review boolean not null default false;

alter table cca_data
  add column review_state text not null default 'PUBLISHED',
  add column review_note text,
  add column reviewed_by integer references app_user (id) on delete set null,
  add column reviewed_on timestamptz,
  add constraint cca_data_review_state check (review_state in ('PUBLISHED', 'PENDING', 'RETURNED')),
  add constraint cca_data_review_note_length check (review_note is null or char_length(review_note) <= 1000);

-- The review queue: the few records not published, oldest first.
create index cca_data_review_idx on cca_data (updated_on, id) where review_state <> 'PUBLISHED' and not is_deleted and not is_template_deleted;
`;

export default sql;
