/**
 * SQL of public places kept in step with the template (public-places.service.ts): the records holding a
 * place under changed fields, their rewritten centroid/location and value index rows, and the queue of
 * migration 0019 (`cca_public_place_pending`). Every function takes the db or a transaction.
 */
import type { EffectiveRestrictions, RestrictionOverrides } from "@/contracts/restrictions";
import type { Queryable } from "../../infra/db/db";
import type { StoredFieldValue, ValueIndexRow } from "./record-values";

/** What rewriting a record's public place reads of it. */
export interface PlaceRow {
  id: number;
  field_values: Record<string, StoredFieldValue>;
  centroid_lon: number | null;
  centroid_lat: number | null;
  /** What its treatments are derived from (issue 30, item 2): its curators' overrides and its label ids. */
  restrictions: RestrictionOverrides | Record<string, never>;
  labels: string[];
}

/** A record's new public centroid and, when it `moved`, its new location; its treatments and the public words and counts they allow. */
export interface PlaceUpdate {
  id: number;
  lon: number | null;
  lat: number | null;
  moved: boolean;
  state: string | null;
  district: string | null;
  tahsil: string | null;
  treatments: EffectiveRestrictions;
  record_withheld: boolean;
  treatments_due: string | null;
  search_text: string;
  words: string[];
  title_words: string[];
  fuzzy_text: string;
  fuzzy_lexemes: string[];
  title_sort: string | null;
  rich_text_count: number;
  text_field_count: number;
}

const PLACE_COLUMNS = `d.id, d.field_values, d.centroid_lon, d.centroid_lat, d.restrictions,
       array(select l.label_id from cca_data_label l where l.data_id = d.id order by l.label_id) as labels`;

/** Records (deleted ones too) of a template after id `after` holding a value of one of `fieldIds`, in id order. */
export function findPlaceRows(tx: Queryable, templateId: number, after: number, fieldIds: readonly string[], limit: number): Promise<PlaceRow[]> {
  return tx.query<PlaceRow>(
    `select ${PLACE_COLUMNS} from cca_data d
      where d.template_id = $1 and d.id > $2 and d.field_values ?| $3::text[] order by d.id limit ${Math.trunc(limit)}`,
    [templateId, after, fieldIds],
  );
}

/** Records `ids` (deleted ones too) as rewriting their public form reads them, with their template ids. */
export function findPlaceRowsByIds(tx: Queryable, ids: readonly number[]): Promise<Array<PlaceRow & { template_id: number }>> {
  return tx.query<PlaceRow & { template_id: number }>(`select ${PLACE_COLUMNS}, d.template_id from cca_data d where d.id = any($1::integer[]) order by d.id`, [ids]);
}

/** Writes new public centroids (and locations of the records that moved). */
export async function updatePlaces(tx: Queryable, updates: readonly PlaceUpdate[]): Promise<void> {
  await tx.query(
    `update cca_data d set centroid_lon = x.lon, centroid_lat = x.lat,
            location_state = case when x.moved then x.state else d.location_state end,
            location_district = case when x.moved then x.district else d.location_district end,
            location_tahsil = case when x.moved then x.tahsil else d.location_tahsil end,
            treatments = x.treatments, record_withheld = x.record_withheld, treatments_due = x.treatments_due,
            search_text = x.search_text, search_vector = array_to_tsvector(x.words), title_vector = array_to_tsvector(x.title_words),
            fuzzy_text = x.fuzzy_text, fuzzy_vector = array_to_tsvector(x.fuzzy_lexemes), title_sort = x.title_sort, rich_text_count = x.rich_text_count, text_field_count = x.text_field_count
       from jsonb_to_recordset($1::jsonb) as x(id integer, lon double precision, lat double precision, moved boolean, state text, district text, tahsil text,
            treatments jsonb, record_withheld boolean, treatments_due date, search_text text, words text[], title_words text[], fuzzy_text text, fuzzy_lexemes text[], title_sort text,
            rich_text_count integer, text_field_count integer)
      where d.id = x.id and (x.moved or d.centroid_lon is distinct from x.lon or d.centroid_lat is distinct from x.lat or d.treatments is distinct from x.treatments
             or d.record_withheld is distinct from x.record_withheld or d.treatments_due is distinct from x.treatments_due or d.search_text is distinct from x.search_text
             or d.title_sort is distinct from x.title_sort or d.fuzzy_text is distinct from x.fuzzy_text)`,
    [JSON.stringify(updates)],
  );
}

/** Replaces the value index rows of records `ids` (only those of `fieldIds`; every field when null) with `rows`. */
export async function replaceIndexRows(tx: Queryable, ids: readonly number[], fieldIds: readonly string[] | null, rows: ReadonlyArray<ValueIndexRow & { data_id: number }>): Promise<void> {
  if (fieldIds === null) await tx.query("delete from cca_data_value where data_id = any($1::integer[])", [ids]);
  else await tx.query("delete from cca_data_value where data_id = any($1::integer[]) and field_id = any($2::text[])", [ids, fieldIds]);
  if (rows.length === 0) return;
  await tx.query(
    `insert into cca_data_value (data_id, field_id, ordinal, option_value, num_lo, num_hi, date_lo, date_hi, text_value, bbox, visible)
     select x.data_id, x.field_id, x.ordinal, x.option_value, x.num_lo, x.num_hi, x.date_lo, x.date_hi, x.text_value, x.bbox::box,
            not (d.is_deleted or d.is_template_deleted) and d.is_public
       from jsonb_to_recordset($1::jsonb) as x(data_id integer, field_id text, ordinal smallint, option_value text, num_lo double precision,
            num_hi double precision, date_lo date, date_hi date, text_value text, bbox text)
       join cca_data d on d.id = x.data_id`,
    [JSON.stringify(rows)],
  );
}

/** Takes up to `limit` queued records (locked, skipping rows another process holds) and drops queue rows of records that are gone. */
export async function takePendingPlaces(tx: Queryable, limit: number): Promise<{ rows: Array<PlaceRow & { template_id: number }>; orphans: number }> {
  const rows = await tx.query<PlaceRow & { template_id: number }>(
    `select ${PLACE_COLUMNS}, d.template_id
       from cca_public_place_pending p join cca_data d on d.id = p.data_id
      order by d.id limit ${Math.trunc(limit)} for update of p skip locked`,
  );
  const orphans = await tx.query<{ data_id: number }>("delete from cca_public_place_pending p where not exists (select 1 from cca_data d where d.id = p.data_id) returning data_id");
  return { rows, orphans: orphans.length };
}

/** Empties the queue rows of records `ids`. */
export async function clearPendingPlaces(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query("delete from cca_public_place_pending where data_id = any($1::integer[])", [ids]);
}
