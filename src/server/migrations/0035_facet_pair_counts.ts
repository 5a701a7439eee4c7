/**
 * 0035 (issue 35, item 5): the facets of a data list filtered by one option value (the `/data/list` of one
 * state: ~10,000 of 100,000 records) from counts the writes keep, instead of hashing every facet field's
 * index rows (~100,000 each) against the filter's records on every cold call.
 *
 * - `cca_facet_pair_count (key_field, key_value, field_id, option_value, count)`: over the public tier (the
 *   `visible` option rows of the value index and group rows, exactly what the facets read), per option
 *   value a record holds (the key, each once per record) and per entry of the same record: an option row
 *   of another field (as many as it has: the facets count rows), a group (`field_id` '@groups', the group id
 *   as the value), or another value of the key's own field (each once: the records holding both, so a
 *   filter of several values can tell whether their counts may be added).
 * - `cca_facet_record (data_id, fields, vals)`: what each record counts for now (its visible option rows
 *   and group rows, ordered), so a write recomputes its records' pairs from their present state and
 *   takes away what they counted for before — the same result in whatever order statements and nested
 *   triggers (0023's insert visibility, the visibility sync) run. A record counting for nothing has no row.
 * - Statement triggers on `cca_data_value` and `cca_data_user_group` (every writer: record writes, imports,
 *   consent, curation and review changes through the visibility sync, cascaded deletes, bare SQL) refresh
 *   the records their statement touched, in its transaction. Writers of one record are serialised on its
 *   `cca_data` row, so a concurrent writer never takes away counts from a stale state.
 * - The upper-end indexes of 0009 carry the value and the record (`include`): a range facet of such a call
 *   walks them from the top, checking each row's record, without reading the table (the planner took a
 *   sort of the field's every row over a walk with table reads).
 */
const sql = /* sql */ `
create table cca_facet_record (
  data_id integer primary key,
  fields  text[] not null,
  vals    text[] not null
);

create table cca_facet_pair_count (
  key_field    text not null,
  key_value    text not null,
  field_id     text not null,
  option_value text not null,
  count        integer not null,
  primary key (key_field, key_value, field_id, option_value)
);

-- The pairs one record counts for (its entries as cca_facet_record keeps them).
create function cca_facet_pairs(f text[], v text[]) returns table (key_field text, key_value text, field_id text, option_value text, n integer)
language sql immutable as $$
  with e as (select u.field_id, u.option_value from unnest(f, v) as u(field_id, option_value)),
       k as (select distinct e.field_id, e.option_value from e where e.field_id <> '@groups')
  select k.field_id, k.option_value, e.field_id, e.option_value, count(*)::integer
    from k join e on e.field_id <> k.field_id
   group by 1, 2, 3, 4
  union all
  select k.field_id, k.option_value, x.field_id, x.option_value, 1
    from k join (select distinct e.field_id, e.option_value from e) x on x.field_id = k.field_id and x.option_value <> k.option_value
$$;

create function cca_facet_pairs_sync(ids integer[]) returns void language plpgsql as $$
begin
  if cardinality(ids) = 0 then
    return;
  end if;
  -- One writer of a record at a time (a statement of this transaction may already hold the lock).
  perform 1 from cca_data d where d.id = any(ids) order by d.id for no key update;
  with present as (
    select i.id as data_id, e.f, e.v
      from (select distinct u.id from unnest(ids) as u(id)) i
      cross join lateral (
        select coalesce(array_agg(x.field_id order by x.field_id, x.option_value), '{}') as f,
               coalesce(array_agg(x.option_value order by x.field_id, x.option_value), '{}') as v
          from (select dv.field_id, dv.option_value from cca_data_value dv where dv.data_id = i.id and dv.visible and dv.option_value is not null
                union all
                select '@groups', g.user_group_id::text from cca_data_user_group g where g.data_id = i.id and g.visible) x) e
  ),
  changed as (
    select p.data_id, p.f, p.v, r.fields as old_f, r.vals as old_v
      from present p left join cca_facet_record r on r.data_id = p.data_id
     where (p.f, p.v) is distinct from (coalesce(r.fields, '{}'), coalesce(r.vals, '{}'))
  ),
  delta as (
    select q.key_field, q.key_value, q.field_id, q.option_value, sum(q.n)::integer as n from (
      select a.key_field, a.key_value, a.field_id, a.option_value, a.n from changed c cross join lateral cca_facet_pairs(c.f, c.v) a
      union all
      select b.key_field, b.key_value, b.field_id, b.option_value, -b.n from changed c cross join lateral cca_facet_pairs(c.old_f, c.old_v) b
    ) q group by 1, 2, 3, 4 having sum(q.n) <> 0
  ),
  counted as (
    -- Keys in order, so concurrent writers lock the count rows in the same order.
    insert into cca_facet_pair_count as c (key_field, key_value, field_id, option_value, count)
      select * from delta order by 1, 2, 3, 4
      on conflict (key_field, key_value, field_id, option_value) do update set count = c.count + excluded.count
  ),
  kept as (
    insert into cca_facet_record as r (data_id, fields, vals)
      select c.data_id, c.f, c.v from changed c where cardinality(c.f) > 0
      on conflict (data_id) do update set fields = excluded.fields, vals = excluded.vals
  )
  delete from cca_facet_record r using changed c where r.data_id = c.data_id and cardinality(c.f) = 0;
end
$$;

create function cca_facet_pairs_value_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform cca_facet_pairs_sync(array(select distinct n.data_id from new_rows n where n.option_value is not null));
  elsif tg_op = 'DELETE' then
    perform cca_facet_pairs_sync(array(select distinct o.data_id from old_rows o where o.option_value is not null));
  else
    perform cca_facet_pairs_sync(array(select n.data_id from new_rows n where n.option_value is not null union select o.data_id from old_rows o where o.option_value is not null));
  end if;
  return null;
end
$$;
create trigger cca_facet_pairs_insert after insert on cca_data_value referencing new table as new_rows
  for each statement execute function cca_facet_pairs_value_sync();
create trigger cca_facet_pairs_delete after delete on cca_data_value referencing old table as old_rows
  for each statement execute function cca_facet_pairs_value_sync();
create trigger cca_facet_pairs_update after update on cca_data_value referencing old table as old_rows new table as new_rows
  for each statement execute function cca_facet_pairs_value_sync();

create function cca_facet_pairs_group_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform cca_facet_pairs_sync(array(select distinct n.data_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform cca_facet_pairs_sync(array(select distinct o.data_id from old_rows o));
  else
    perform cca_facet_pairs_sync(array(select n.data_id from new_rows n union select o.data_id from old_rows o));
  end if;
  return null;
end
$$;
create trigger cca_facet_pairs_insert after insert on cca_data_user_group referencing new table as new_rows
  for each statement execute function cca_facet_pairs_group_sync();
create trigger cca_facet_pairs_delete after delete on cca_data_user_group referencing old table as old_rows
  for each statement execute function cca_facet_pairs_group_sync();
create trigger cca_facet_pairs_update after update on cca_data_user_group referencing old table as old_rows new table as new_rows
  for each statement execute function cca_facet_pairs_group_sync();

drop index cca_data_value_number_hi_idx;
create index cca_data_value_number_hi_idx on cca_data_value (field_id, (-num_hi)) include (num_hi, data_id) where visible and num_lo is not null;
drop index cca_data_value_date_hi_idx;
create index cca_data_value_date_hi_idx on cca_data_value (field_id, (date '2000-01-01' - date_hi)) include (date_hi, data_id) where visible and date_lo is not null;

-- What the records count for today.
insert into cca_facet_record (data_id, fields, vals)
  select x.data_id, array_agg(x.field_id order by x.field_id, x.option_value), array_agg(x.option_value order by x.field_id, x.option_value)
    from (select dv.data_id, dv.field_id, dv.option_value from cca_data_value dv where dv.visible and dv.option_value is not null
          union all
          select g.data_id, '@groups', g.user_group_id::text from cca_data_user_group g where g.visible) x
   group by x.data_id;
insert into cca_facet_pair_count (key_field, key_value, field_id, option_value, count)
  select p.key_field, p.key_value, p.field_id, p.option_value, sum(p.n)::integer
    from cca_facet_record r cross join lateral cca_facet_pairs(r.fields, r.vals) p
   group by 1, 2, 3, 4;
`;

export default sql;
