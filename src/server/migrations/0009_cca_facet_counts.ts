/**
 * 0009: what the unfiltered facets of the data list (issue 12) need at 100,000 records: counts kept by
 * the writes instead of reading every facet field's index whole (~800,000 rows) on each cold call.
 *
 * - `cca_facet_count (field_id, option_value, count)`: visible option rows of the value index per
 *   field and value (exactly `count(*) … where visible and option_value is not null group by 1, 2`).
 * - `cca_group_count (user_group_id, count)`: visible records per group, and `cca_data_user_group.visible`
 *   (like `cca_data_value.visible`) so neither the count nor a filtered group facet joins `cca_data`.
 * - Both counts are kept by statement triggers with transition tables on the two tables, so every
 *   writer (record writes, bulk seeding, cascaded deletes, bare SQL) keeps them, in its own
 *   transaction, one upsert per statement. The visibility sync of 0008 becomes a statement trigger
 *   too: deleting or restoring a template with 100,000 records is one update of each table.
 * - Indexes on the upper ends (`-num_hi`, `date '2000-01-01' - date_hi`), so an unfiltered range facet
 *   reads its min and max from the two index ends.
 */
const sql = /* sql */ `
create table cca_facet_count (
  field_id     text not null,
  option_value text not null,
  count        integer not null,
  primary key (field_id, option_value)
);
insert into cca_facet_count (field_id, option_value, count)
  select field_id, option_value, count(*) from cca_data_value where visible and option_value is not null group by 1, 2;

create function cca_facet_count_sync() returns trigger language plpgsql as $$
begin
  -- Keys in order, so concurrent writers lock the count rows in the same order.
  if tg_op = 'INSERT' then
    insert into cca_facet_count as c (field_id, option_value, count)
      select field_id, option_value, count(*) from new_rows where visible and option_value is not null group by 1, 2 order by 1, 2
      on conflict (field_id, option_value) do update set count = c.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into cca_facet_count as c (field_id, option_value, count)
      select field_id, option_value, -count(*) from old_rows where visible and option_value is not null group by 1, 2 order by 1, 2
      on conflict (field_id, option_value) do update set count = c.count + excluded.count;
  else
    insert into cca_facet_count as c (field_id, option_value, count)
      select field_id, option_value, sum(n) from (
        select field_id, option_value, 1 as n from new_rows where visible and option_value is not null
        union all
        select field_id, option_value, -1 from old_rows where visible and option_value is not null) x
      group by 1, 2 having sum(n) <> 0 order by 1, 2
      on conflict (field_id, option_value) do update set count = c.count + excluded.count;
  end if;
  return null;
end
$$;
create trigger cca_facet_count_insert after insert on cca_data_value referencing new table as new_rows
  for each statement execute function cca_facet_count_sync();
create trigger cca_facet_count_delete after delete on cca_data_value referencing old table as old_rows
  for each statement execute function cca_facet_count_sync();
create trigger cca_facet_count_update after update on cca_data_value referencing old table as old_rows new table as new_rows
  for each statement execute function cca_facet_count_sync();

alter table cca_data_user_group add column visible boolean not null default true;
update cca_data_user_group g set visible = false from cca_data d where d.id = g.data_id and (d.is_deleted or d.is_template_deleted);
create function cca_data_user_group_visible() returns trigger language plpgsql as $$
begin
  new.visible := coalesce((select not (d.is_deleted or d.is_template_deleted) from cca_data d where d.id = new.data_id), true);
  return new;
end
$$;
create trigger cca_data_user_group_visible before insert on cca_data_user_group
  for each row execute function cca_data_user_group_visible();

create table cca_group_count (
  user_group_id integer primary key,
  count         integer not null
);
insert into cca_group_count (user_group_id, count) select user_group_id, count(*) from cca_data_user_group where visible group by 1;

create function cca_group_count_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into cca_group_count as c (user_group_id, count)
      select user_group_id, count(*) from new_rows where visible group by 1 order by 1
      on conflict (user_group_id) do update set count = c.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into cca_group_count as c (user_group_id, count)
      select user_group_id, -count(*) from old_rows where visible group by 1 order by 1
      on conflict (user_group_id) do update set count = c.count + excluded.count;
  else
    insert into cca_group_count as c (user_group_id, count)
      select user_group_id, sum(n) from (
        select user_group_id, 1 as n from new_rows where visible
        union all
        select user_group_id, -1 from old_rows where visible) x
      group by 1 having sum(n) <> 0 order by 1
      on conflict (user_group_id) do update set count = c.count + excluded.count;
  end if;
  return null;
end
$$;
create trigger cca_group_count_insert after insert on cca_data_user_group referencing new table as new_rows
  for each statement execute function cca_group_count_sync();
create trigger cca_group_count_delete after delete on cca_data_user_group referencing old table as old_rows
  for each statement execute function cca_group_count_sync();
create trigger cca_group_count_update after update on cca_data_user_group referencing old table as old_rows new table as new_rows
  for each statement execute function cca_group_count_sync();

-- The visibility of a record follows its two delete flags into both index tables, once per statement
-- (a template delete or restore updates all its records in one statement).
drop trigger cca_data_visibility on cca_data;
drop function cca_data_visibility_sync();
create function cca_data_visibility_sync() returns trigger language plpgsql as $$
begin
  with x as (
    select n.id, not (n.is_deleted or n.is_template_deleted) as visible from new_rows n join old_rows o on o.id = n.id
     where (n.is_deleted or n.is_template_deleted) <> (o.is_deleted or o.is_template_deleted)
  ), v as (
    update cca_data_value v set visible = x.visible from x where v.data_id = x.id and v.visible <> x.visible
  )
  update cca_data_user_group g set visible = x.visible from x where g.data_id = x.id and g.visible <> x.visible;
  return null;
end
$$;
create trigger cca_data_visibility after update on cca_data referencing old table as old_rows new table as new_rows
  for each statement execute function cca_data_visibility_sync();

-- The upper ends by an expression no filter contains (the negated value), so a range filter keeps the
-- index-only scans of 0008 (on (field_id, num_hi) the planner took a bitmap heap scan for area-ha > 11).
create index cca_data_value_number_hi_idx on cca_data_value (field_id, (-num_hi)) where visible and num_lo is not null;
create index cca_data_value_date_hi_idx on cca_data_value (field_id, (date '2000-01-01' - date_hi)) where visible and date_lo is not null;
`;

export default sql;
