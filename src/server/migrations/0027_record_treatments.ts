/**
 * 0027 (issue 30, item 2): restricted-data treatments (src/contracts/restrictions.ts).
 *
 * - `cca_template_field.restriction`: a field's default treatment (`{treatment, reason, until?}`), null
 *   for none (a GEOMETRY field's `public_precision` stays its place default).
 * - `cca_data.restrictions`: the record curators' overrides (`{record, fields}`).
 * - `cca_data.treatments`: every treatment of the record, derived at each write from the template, the
 *   record's labels and the overrides (records/treatments.ts); reads apply it to every value.
 * - `cca_data.record_withheld`: the whole record is withheld today; `is_public` now also needs it to be
 *   false. One row trigger keeps `is_public` = public consent AND published AND not withheld, whatever an
 *   update sets (the statement trigger of 0023 then carries it into the value index and group rows).
 * - `cca_data.treatments_due`: the day an embargo ends; the sweep (records/embargo-sweep.ts) derives those
 *   records again then (a partial index finds them).
 * - Records with a restricting label are queued for derivation at the next start (0019's queue).
 */
const sql = /* sql */ `
alter table cca_template_field add column restriction jsonb;
alter table cca_template_field add constraint cca_template_field_restriction check (restriction is null or jsonb_typeof(restriction) = 'object');
alter table cca_data
  add column restrictions jsonb not null default '{}'::jsonb,
  add column treatments jsonb not null default '{}'::jsonb,
  add column record_withheld boolean not null default false,
  add column treatments_due date;
alter table cca_data add constraint cca_data_restrictions_object check (jsonb_typeof(restrictions) = 'object' and jsonb_typeof(treatments) = 'object');
create index cca_data_treatments_due_idx on cca_data (treatments_due) where treatments_due is not null;
create function cca_data_is_public() returns trigger language plpgsql as $$
begin
  new.is_public := new.consent_audience = 'PUBLIC' and new.review_state = 'PUBLISHED' and not new.record_withheld;
  return new;
end
$$;
create trigger cca_data_is_public before insert or update on cca_data for each row execute function cca_data_is_public();
insert into cca_public_place_pending (data_id)
select distinct data_id from cca_data_label
 where label_id in ('tk-secret-sacred', 'tk-seasonal', 'tk-community-use-only', 'tk-women-restricted', 'tk-men-restricted')
on conflict do nothing;
`;

export default sql;
