/**
 * 0019 (issue 27, item 4): queue the records whose public places may be stale. Before this fix a
 * template change that made a GEOMETRY field stricter, removed or retyped it left each record's public
 * centroid, location and value-index box as they were (the exact place). Every record holding a place
 * (a value stored as GEOMETRY, held by a GEOMETRY field, or shaped like GeoJSON) under a field that is
 * not an EXACT GEOMETRY field of the template its records are written with (its live parent's, else its
 * own) is queued here; the platform rewrites the queued records at start (`rederivePendingPublicPlaces`
 * in src/server/modules/records/public-places.service.ts, batches of 500, each in a transaction that empties its rows).
 */
const sql = /* sql */ `
create table cca_public_place_pending (data_id integer primary key);

insert into cca_public_place_pending (data_id)
select distinct d.id
  from cca_data d
  cross join lateral jsonb_each(case when jsonb_typeof(d.field_values) = 'object' then d.field_values else '{}'::jsonb end) as e(field_id, stored)
  join cca_template t on t.id = d.template_id
  left join cca_template p on lower(p.short_name) = lower(t.parent_name) and not p.is_deleted and p.id <> t.id
  left join cca_template_field f on f.template_id = coalesce(p.id, t.id) and f.field_id = e.field_id
 where (e.stored->>'type' = 'GEOMETRY'
        or f.type = 'GEOMETRY'
        or (jsonb_typeof(e.stored->'value') = 'object'
            and ((e.stored->'value') ?| array['features', 'coordinates', 'geometries', 'geometry'] or e.stored->'value'->>'type' = 'Feature')))
   and (f.field_id is null or f.type <> 'GEOMETRY' or coalesce(f.public_precision, 'EXACT') <> 'EXACT')
on conflict do nothing;
`;

export default sql;
