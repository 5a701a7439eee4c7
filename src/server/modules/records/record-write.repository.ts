/**
 * SQL of record writes (tables `cca_data`, `cca_data_value`, `cca_data_user_group` of migrations 0007–0022):
 * inserting records set-based, rewriting a record's document and value index, its location, its delete
 * flag, and the edit row (owner, editors, document) curating checks. Every function takes the db or a
 * transaction. Rules and cache invalidation live in the services (record-write.service.ts,
 * data-save.service.ts, data-update.service.ts).
 */
import type { ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";
import type { EffectiveRestrictions, RestrictionOverrides } from "@/contracts/restrictions";
import type { Queryable } from "../../infra/db/db";
import { indexFieldValues, type PrecisionOf, type StoredFieldValue, type ValueIndexRow } from "./record-values";

/** One `cca_data` row of the set-based insert. */
export interface RecordInsertRow {
  id: number;
  template_id: number;
  user_id: number;
  field_values: Record<string, StoredFieldValue>;
  centroid_lon: number | null;
  centroid_lat: number | null;
  location_state: string | null;
  location_district: string | null;
  location_tahsil: string | null;
  allowed_users: number[];
  rich_text_count: number;
  text_field_count: number;
  search_text: string;
  words: string[];
  title_words: string[];
  /** Phonetic keys of the public title words (site search's spelling tolerance, migration 0032). */
  fuzzy_text: string;
  fuzzy_lexemes: string[];
  title_sort: string | null;
  /** ISO; now when null (also `updated_on`). */
  created_on: string | null;
  review_state: ReviewState;
  /** Its curators' overrides (null: none); its treatments (records/treatments.ts), whether they withhold it today, and when an embargo ends. */
  restrictions: RestrictionOverrides | null;
  treatments: EffectiveRestrictions;
  record_withheld: boolean;
  treatments_due: string | null;
}

/** `count` fresh record ids from the table's sequence. */
export async function nextRecordIds(tx: Queryable, count: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('cca_data', 'id'))::integer as id from generate_series(1, $1::integer)", [count]);
  return rows.map((r) => r.id);
}

/** Inserts records in one statement. */
export async function insertRecordRows(tx: Queryable, rows: readonly RecordInsertRow[]): Promise<void> {
  await tx.query(
    `insert into cca_data (id, template_id, user_id, field_values, centroid_lon, centroid_lat, location_state, location_district, location_tahsil,
                           allowed_users, rich_text_count, text_field_count, search_text, search_vector, title_vector, fuzzy_text, fuzzy_vector, title_sort, created_on, updated_on, review_state,
                           restrictions, treatments, record_withheld, treatments_due)
     select x.id, x.template_id, x.user_id, x.field_values, x.centroid_lon, x.centroid_lat, x.location_state, x.location_district, x.location_tahsil,
            x.allowed_users, x.rich_text_count, x.text_field_count, x.search_text, array_to_tsvector(x.words), array_to_tsvector(x.title_words),
            coalesce(x.fuzzy_text, ''), array_to_tsvector(coalesce(x.fuzzy_lexemes, '{}')), x.title_sort, coalesce(x.created_on, now()), coalesce(x.created_on, now()), x.review_state,
            coalesce(x.restrictions, '{}'::jsonb), coalesce(x.treatments, '{}'::jsonb), coalesce(x.record_withheld, false), x.treatments_due
       from jsonb_to_recordset($1::jsonb) as x(id integer, template_id integer, user_id integer, field_values jsonb, centroid_lon double precision,
            centroid_lat double precision, location_state text, location_district text, location_tahsil text, allowed_users integer[],
            rich_text_count integer, text_field_count integer, search_text text, words text[], title_words text[], fuzzy_text text, fuzzy_lexemes text[], title_sort text, created_on timestamptz,
            review_state text, restrictions jsonb, treatments jsonb, record_withheld boolean, treatments_due date)`,
    [JSON.stringify(rows)],
  );
}

/** Inserts value index rows of new records (their `visible` default: new records are live). */
export async function insertValueRows(tx: Queryable, rows: ReadonlyArray<ValueIndexRow & { data_id: number }>): Promise<void> {
  // Large batches go in slices so one statement's parameter stays a few MB.
  for (let start = 0; start < rows.length; start += 20_000) {
    await tx.query(
      `insert into cca_data_value (data_id, field_id, ordinal, option_value, num_lo, num_hi, date_lo, date_hi, text_value, bbox)
       select x.data_id, x.field_id, x.ordinal, x.option_value, x.num_lo, x.num_hi, x.date_lo, x.date_hi, x.text_value, x.bbox::box
         from jsonb_to_recordset($1::jsonb) as x(data_id integer, field_id text, ordinal smallint, option_value text, num_lo double precision,
              num_hi double precision, date_lo date, date_hi date, text_value text, bbox text)`,
      [JSON.stringify(rows.slice(start, start + 20_000))],
    );
  }
}

/** Links records to groups. */
export async function insertGroupLinks(tx: Queryable, rows: ReadonlyArray<{ data_id: number; user_group_id: number }>): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into cca_data_user_group (data_id, user_group_id)
     select x.data_id, x.user_group_id from jsonb_to_recordset($1::jsonb) as x(data_id integer, user_group_id integer)`,
    [JSON.stringify(rows)],
  );
}

/** A record's rewritten document and what is derived from it; the location stays as stored when `location` is undefined. */
export async function updateRecordDocument(
  tx: Queryable,
  id: number,
  doc: {
    fieldValues: Record<string, StoredFieldValue>;
    centroid: [number, number] | null;
    richTextCount: number;
    textFieldCount: number;
    searchText: string;
    words: string[];
    titleWords: string[];
    fuzzyText: string;
    fuzzyLexemes: string[];
    titleSort: string | null;
    treatments: EffectiveRestrictions;
    recordWithheld: boolean;
    treatmentsDue: string | null;
  },
  location: { state: string | null; district: string | null; tahsil: string | null } | null | undefined,
): Promise<void> {
  await tx.query(
    `update cca_data set field_values = $2::jsonb, centroid_lon = $3, centroid_lat = $4, rich_text_count = $5, text_field_count = $6,
            search_text = $7, search_vector = array_to_tsvector($8::text[]), title_vector = array_to_tsvector($9::text[]), title_sort = $14,
            location_state = case when $10 then location_state else $11 end,
            location_district = case when $10 then location_district else $12 end,
            location_tahsil = case when $10 then location_tahsil else $13 end,
            treatments = $15::jsonb, record_withheld = $16, treatments_due = $17, fuzzy_text = $18, fuzzy_vector = array_to_tsvector($19::text[]),
            updated_on = now()
      where id = $1`,
    [
      id,
      JSON.stringify(doc.fieldValues),
      doc.centroid?.[0] ?? null,
      doc.centroid?.[1] ?? null,
      doc.richTextCount,
      doc.textFieldCount,
      doc.searchText,
      doc.words,
      doc.titleWords,
      location === undefined,
      location?.state ?? null,
      location?.district ?? null,
      location?.tahsil ?? null,
      doc.titleSort,
      JSON.stringify(doc.treatments),
      doc.recordWithheld,
      doc.treatmentsDue,
      doc.fuzzyText,
      doc.fuzzyLexemes,
    ],
  );
}

const EXACT: PrecisionOf = () => "EXACT";

/** Rewrites the index rows of one record (call in the transaction that saves it). */
export async function writeRecordValues(
  tx: Queryable,
  dataId: number,
  values: Readonly<Record<string, StoredFieldValue>>,
  precisionOf: PrecisionOf = EXACT,
): Promise<void> {
  await writeValueRows(tx, dataId, indexFieldValues(values, precisionOf));
}

/** Replaces the index rows of one record with `rows` (derived with its treatments: `deriveRecord`). */
export async function writeValueRows(tx: Queryable, dataId: number, rows: readonly ValueIndexRow[]): Promise<void> {
  await tx.query("delete from cca_data_value where data_id = $1", [dataId]);
  if (rows.length === 0) return;
  // `visible` (migrations 0008, 0023): the record is live and public.
  await tx.query(
    `insert into cca_data_value (data_id, field_id, ordinal, option_value, num_lo, num_hi, date_lo, date_hi, text_value, bbox, visible)
     select $1, x.field_id, x.ordinal, x.option_value, x.num_lo, x.num_hi, x.date_lo, x.date_hi, x.text_value, x.bbox::box,
            coalesce((select not (d.is_deleted or d.is_template_deleted) and d.is_public from cca_data d where d.id = $1), true)
       from jsonb_to_recordset($2::jsonb) as x(field_id text, ordinal smallint, option_value text, num_lo double precision,
            num_hi double precision, date_lo date, date_hi date, text_value text, bbox text)`,
    [dataId, JSON.stringify(rows)],
  );
}

/**
 * Inserts a record with its value index (no rules checked: `data/save` of issue 13 checks them first;
 * tests use this to make records). Public, with the contributor's declaration as its consent, like the
 * records of `createRecords` made without a form.
 */
export async function insertRecord(tx: Queryable, input: { templateId: number; userId: number; values: Record<string, StoredFieldValue> }): Promise<number> {
  const { id } = await tx.one<{ id: number }>(
    "insert into cca_data (template_id, user_id, field_values, consent_audience, is_public) values ($1, $2, $3::jsonb, 'PUBLIC', true) returning id",
    [input.templateId, input.userId, JSON.stringify(input.values)],
  );
  await tx.query(
    "insert into cca_data_consent (data_id, audience, given_by, method, given_on, recorded_by) values ($1, 'PUBLIC', 'CONTRIBUTOR', 'DECLARATION', current_date, $2)",
    [id, input.userId],
  );
  await writeRecordValues(tx, id, input.values);
  return id;
}

// ── Curating (data/update, location, delete, restore) ────────────────────────────────────────────

/** What curating a record reads of it: its template, owner, editors, delete flag, document and location. */
export interface EditRow {
  id: number;
  short_name: string;
  user_id: number;
  allowed_users: number[];
  is_deleted: boolean;
  field_values: Record<string, StoredFieldValue>;
  location_state: string | null;
  location_district: string | null;
  location_tahsil: string | null;
  consent_audience: ConsentAudience;
  review_state: ReviewState;
  usergroups: number[];
}

/** A record of a live template (deleted ones too; null when there is none). `lock` inside a transaction. */
export function findEditRow(db: Queryable, id: number, lock = false): Promise<EditRow | null> {
  return db.maybeOne<EditRow>(
    `select d.id, t.short_name, d.user_id, d.allowed_users, d.is_deleted, d.field_values, d.location_state, d.location_district, d.location_tahsil,
            d.consent_audience, d.review_state,
            coalesce((select array_agg(g.user_group_id order by g.user_group_id) from cca_data_user_group g where g.data_id = d.id), '{}') as usergroups
       from cca_data d join cca_template t on t.id = d.template_id
      where d.id = $1 and not d.is_template_deleted${lock ? " for update of d" : ""}`,
    [id],
  );
}

/** What the visibility engine needs of a record, deleted or not (null when there is none). */
export function findRecordFacts(
  db: Queryable,
  id: number,
): Promise<{ user_id: number; allowed_users: number[]; consent_audience: ConsentAudience; review_state: ReviewState; usergroups: number[] } | null> {
  return db.maybeOne(
    `select d.user_id, d.allowed_users, d.consent_audience, d.review_state,
            coalesce((select array_agg(g.user_group_id order by g.user_group_id) from cca_data_user_group g where g.data_id = d.id), '{}') as usergroups
       from cca_data d where d.id = $1`,
    [id],
  );
}

/** A record's title for messages: its title fields' indexed texts in template order (null without any). */
export async function findRecordTitle(db: Queryable, id: number): Promise<string | null> {
  const row = await db.maybeOne<{ title: string | null }>(
    `select string_agg(v.text_value, ', ' order by f.position, v.ordinal) as title
       from cca_data d join cca_template_field f on f.template_id = d.template_id and f.is_title_column
       join cca_data_value v on v.data_id = d.id and v.field_id = f.field_id and v.text_value is not null
      where d.id = $1`,
    [id],
  );
  return row?.title ?? null;
}

export async function setRecordLocation(tx: Queryable, id: number, location: { state: string | null; district: string | null; tahsil: string | null }): Promise<void> {
  await tx.query("update cca_data set location_state = $2, location_district = $3, location_tahsil = $4, updated_on = now() where id = $1", [
    id,
    location.state,
    location.district,
    location.tahsil,
  ]);
}

/** Soft delete or restore of one record. */
export async function setRecordDeleted(tx: Queryable, id: number, deleted: boolean): Promise<void> {
  await tx.query("update cca_data set is_deleted = $2, updated_on = now() where id = $1", [id, deleted]);
}

// ── What a write checks or picks elsewhere ───────────────────────────────────────────────────────

/** The live groups among `ids`, each with whether `userId` is a member (data/save's group check). */
export function findGroupMemberships(db: Queryable, ids: readonly number[], userId: number): Promise<Array<{ id: number; member: boolean }>> {
  return db.query<{ id: number; member: boolean }>(
    `select g.id, exists (select 1 from user_group_member m where m.user_group_id = g.id and m.user_id = $2) as member
       from user_group g where g.id = any($1::integer[]) and not g.is_deleted`,
    [[...ids], userId],
  );
}

/** Ids of live users and of live groups, in id order (owners and groups of synthetic records). */
export async function findLiveUserAndGroupIds(db: Queryable): Promise<{ userIds: number[]; groupIds: number[] }> {
  const userIds = (await db.query<{ id: number }>("select id from app_user where not is_deleted order by id")).map((r) => r.id);
  const groupIds = (await db.query<{ id: number }>("select id from user_group where not is_deleted order by id")).map((r) => r.id);
  return { userIds, groupIds };
}
