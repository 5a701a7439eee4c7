/**
 * 0008: what the data-list reads (issue 12) need at 100,000 records (measured plans in
 * src/server/README.md, "Browsing records").
 *
 * - `cca_data_value.visible` carries the record's visibility (not deleted, template not deleted) into
 *   the typed value index, kept in step by a trigger on the two flags of `cca_data`; the value indexes
 *   become partial on it, so a filter or a facet is answered from the index alone instead of joining
 *   every candidate back to `cca_data` (the slow part of the first measure).
 * - `cca_data.search_vector` / `title_vector`: the record's words as tsvectors built from words the
 *   application normalised (`array_to_tsvector`, no text-search parser, so the same lexemes on every
 *   server locale and on PGlite); GIN on the first answers prefix queries, the second ranks title hits.
 * - A covering index for the map points of the whole set (`id, centroid_lon, centroid_lat`).
 * - Extended statistics on (field_id, option_value), so filter estimates follow the real counts.
 */
const sql = /* sql */ `
alter table cca_data_value add column visible boolean not null default true;
update cca_data_value v set visible = not (d.is_deleted or d.is_template_deleted) from cca_data d where d.id = v.data_id;

create function cca_data_visibility_sync() returns trigger language plpgsql as $$
begin
  update cca_data_value set visible = not (new.is_deleted or new.is_template_deleted) where data_id = new.id;
  return null;
end
$$;
create trigger cca_data_visibility after update of is_deleted, is_template_deleted on cca_data
  for each row when (old.is_deleted is distinct from new.is_deleted or old.is_template_deleted is distinct from new.is_template_deleted)
  execute function cca_data_visibility_sync();

drop index cca_data_value_option_idx;
drop index cca_data_value_number_idx;
drop index cca_data_value_date_idx;
drop index cca_data_value_bbox_idx;
create index cca_data_value_option_idx on cca_data_value (field_id, option_value, data_id) where visible and option_value is not null;
create index cca_data_value_number_idx on cca_data_value (field_id, num_lo, num_hi, data_id) where visible and num_lo is not null;
create index cca_data_value_date_idx on cca_data_value (field_id, date_lo, date_hi, data_id) where visible and date_lo is not null;
create index cca_data_value_text_idx on cca_data_value (field_id, data_id) where visible and text_value is not null;
create index cca_data_value_bbox_idx on cca_data_value using gist (bbox) where visible and bbox is not null;
-- field_id and option_value are far from independent ("Odisha" only occurs under "state"): without
-- this the planner guesses 50 rows where a state has thousands, and picks nested loops.
create statistics cca_data_value_option_stats (mcv, dependencies) on field_id, option_value from cca_data_value;

alter table cca_data add column search_vector tsvector not null default '';
alter table cca_data add column title_vector tsvector not null default '';
update cca_data set search_vector = array_to_tsvector(array_remove(string_to_array(search_text, ' '), '')) where search_text <> '';
drop index cca_data_search_idx;
create index cca_data_search_idx on cca_data using gin (search_vector) where not is_deleted and not is_template_deleted;
create index cca_data_map_idx on cca_data (id) include (centroid_lon, centroid_lat)
  where not is_deleted and not is_template_deleted and centroid_lat is not null;
create index cca_data_rich_text_idx on cca_data (rich_text_count, id) where not is_deleted and not is_template_deleted;
`;

export default sql;
