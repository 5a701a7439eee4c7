/**
 * 0023 (issue 30, item 1): consent on every record.
 *
 * - `cca_data_consent`: every consent given, changed or withdrawn for a record (who gave it, how, when,
 *   for which audience, and whether it may go to international registries), newest last. The record's
 *   current consent is copied onto `cca_data` (`consent_audience`, `consent_registries`) with the one
 *   derived flag every read of the public tier needs: `is_public` (consent for the public).
 * - A record without public consent is not public: the `visible` flag of the value index and of the
 *   record's group rows (0008, 0009: what lists, facets, counts, maps and exports read) now also needs
 *   `is_public`, kept in step by the same statement trigger; value rows inserted for a record that is not
 *   public are turned invisible at the end of their insert statement. The partial indexes on `cca_data`
 *   that serve public reads get `is_public` in their predicate; the owner's index (`data/myList`, which
 *   shows one's own records whatever their consent) keeps the live predicate.
 * - Records stored before consent was tracked were all submitted with the participation form's
 *   declaration ("I confirm that this information may be published…"): each gets that declaration as
 *   its first consent (the contributor, on the record's creation date, for the public).
 * - `download_log.superseded_on`: exports made before a record's consent was narrowed are marked.
 */
const sql = /* sql */ `
create table cca_data_consent (
  id           serial primary key,
  data_id      integer not null references cca_data (id) on delete cascade,
  audience     text not null,
  registries   boolean not null default false,
  given_by     text not null,
  method       text not null,
  given_on     date not null,
  document     text,
  note         text,
  recorded_by  integer references app_user (id) on delete set null,
  recorded_on  timestamptz not null default now(),
  constraint cca_data_consent_audience check (audience in ('NONE', 'COMMUNITY', 'CURATORS', 'MEMBERS', 'PUBLIC')),
  constraint cca_data_consent_given_by check (given_by in ('COMMUNITY', 'REPRESENTATIVE', 'CONTRIBUTOR')),
  constraint cca_data_consent_method check (method in ('FPIC_DOCUMENT', 'MEETING', 'DECLARATION')),
  constraint cca_data_consent_registries check (not registries or audience = 'PUBLIC'),
  constraint cca_data_consent_note_length check (note is null or char_length(note) <= 1000)
);
create index cca_data_consent_data_idx on cca_data_consent (data_id, id);

alter table cca_data
  add column consent_audience text not null default 'NONE',
  add column consent_registries boolean not null default false,
  add column is_public boolean not null default false;

insert into cca_data_consent (data_id, audience, registries, given_by, method, given_on, note, recorded_by, recorded_on)
select id, 'PUBLIC', false, 'CONTRIBUTOR', 'DECLARATION', created_on::date,
       'Declared on the participation form before consent was recorded separately', user_id, created_on
  from cca_data order by id;
update cca_data set consent_audience = 'PUBLIC', is_public = true;

-- The public tier: live and public, into both index tables, once per statement.
drop trigger cca_data_visibility on cca_data;
drop function cca_data_visibility_sync();
create function cca_data_visibility_sync() returns trigger language plpgsql as $$
begin
  with x as (
    select n.id, (not (n.is_deleted or n.is_template_deleted) and n.is_public) as visible from new_rows n join old_rows o on o.id = n.id
     where (not (n.is_deleted or n.is_template_deleted) and n.is_public) <> (not (o.is_deleted or o.is_template_deleted) and o.is_public)
  ), v as (
    update cca_data_value v set visible = x.visible from x where v.data_id = x.id and v.visible <> x.visible
  )
  update cca_data_user_group g set visible = x.visible from x where g.data_id = x.id and g.visible <> x.visible;
  return null;
end
$$;
create trigger cca_data_visibility after update on cca_data referencing old table as old_rows new table as new_rows
  for each statement execute function cca_data_visibility_sync();

create or replace function cca_data_user_group_visible() returns trigger language plpgsql as $$
begin
  new.visible := coalesce((select not (d.is_deleted or d.is_template_deleted) and d.is_public from cca_data d where d.id = new.data_id), true);
  return new;
end
$$;

create function cca_data_value_insert_visible() returns trigger language plpgsql as $$
begin
  update cca_data_value v set visible = false
    from (select distinct data_id from new_rows where visible) n join cca_data d on d.id = n.data_id
   where v.data_id = n.data_id and v.visible and not (not (d.is_deleted or d.is_template_deleted) and d.is_public);
  return null;
end
$$;
create trigger cca_data_value_insert_visible after insert on cca_data_value referencing new table as new_rows
  for each statement execute function cca_data_value_insert_visible();

drop index cca_data_template_idx;
drop index cca_data_state_idx;
drop index cca_data_search_idx;
drop index cca_data_map_idx;
drop index cca_data_rich_text_idx;
drop index cca_data_title_sort_idx;
create index cca_data_template_idx on cca_data (template_id, id) where not is_deleted and not is_template_deleted and is_public;
create index cca_data_state_idx on cca_data (location_state) where not is_deleted and not is_template_deleted and is_public;
create index cca_data_search_idx on cca_data using gin (search_vector) where not is_deleted and not is_template_deleted and is_public;
create index cca_data_map_idx on cca_data (id) include (centroid_lon, centroid_lat)
  where not is_deleted and not is_template_deleted and is_public and centroid_lat is not null;
create index cca_data_rich_text_idx on cca_data (rich_text_count, id) where not is_deleted and not is_template_deleted and is_public;
create index cca_data_title_sort_idx on cca_data (title_sort, id) where not is_deleted and not is_template_deleted and is_public;
-- What the public tier does not list: the few records its readers' own pages and queues look up.
create index cca_data_restricted_idx on cca_data (id) where not is_public;

alter table download_log add column superseded_on timestamptz;
`;

export default sql;
