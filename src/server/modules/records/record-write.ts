/**
 * The record write core: stores a record's document (`field_values`) with everything reads derive
 * from it in the same transaction — the PUBLIC centroid, the typed value index (`cca_data_value`),
 * the free-text words (`search_text`, `search_vector`, `title_vector`), the counts and the group rows.
 * No rules are checked here: `data/save` (issue 13) checks them before calling `createRecord`. Used by
 * the demo seed, the bulk generator (`createRecords`, set-based) and the tests.
 *
 * Sensitive locations (template field `publicPrecision`): the stored centroid and the value index hold
 * only what anyone may see — an EXACT field's own shape, a GENERALISED field's 0.1° cell, nothing of a
 * HIDDEN field. The exact value stays in `field_values`, which reads hand out only to its editors.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import SITE_CONFIG from "@site-config";
import type { FieldType, PublicPrecision } from "@/contracts/template";
import type { RecordLocation } from "@/contracts/cca-data";
import type { Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { indexFieldValues, writeRecordValues, type StoredFieldValue, type ValueIndexRow } from "./record-values";
import { publicCentroid, searchWords, stripTags } from "./record-derive";
import { isGeometryValue, publicPrecisionOf } from "./public-value";

const DEFAULT_ID = SITE_CONFIG.LANG.DEFAULT_ID;

export interface RecordTemplateField {
  type: FieldType;
  /** English (default language) name: what a stored value's `name` holds when the writer gave none. */
  name: string;
  precision: PublicPrecision;
  isTitle: boolean;
  /** Option value → its labels in every language (search words). */
  optionLabels: Map<string, string[]>;
}

/** What a write needs to know of a template: field types, precisions, title fields and option labels. */
export interface RecordTemplate {
  id: number;
  shortName: string;
  fields: Map<string, RecordTemplateField>;
}

/** Loads a live template by id or shortName (404 when missing or deleted; `includeDeleted` by id: deleted too). */
export async function loadRecordTemplate(db: Queryable, ref: { templateId?: number; shortName?: string; includeDeleted?: boolean }): Promise<RecordTemplate> {
  const row = await db.maybeOne<{ id: number; short_name: string }>(
    ref.templateId !== undefined
      ? `select id, short_name from cca_template where id = $1${ref.includeDeleted ? "" : " and not is_deleted"}`
      : "select id, short_name from cca_template where lower(short_name) = lower($1) and not is_deleted",
    [ref.templateId ?? ref.shortName ?? ""],
  );
  if (!row) throw notFound(`Template ${ref.templateId ?? `"${ref.shortName}"`} not found`);
  const fieldRows = await db.query<{ field_id: string; type: FieldType; public_precision: PublicPrecision | null; is_title_column: boolean; value_options: Array<{ valueId: string; value: string }> }>(
    "select field_id, type, public_precision, is_title_column, value_options from cca_template_field where template_id = $1 order by position",
    [row.id],
  );
  const texts = await db.query<{ field_id: string; language_id: number; name: string; option_labels: Record<string, string> }>(
    "select field_id, language_id, name, option_labels from cca_template_field_translation where template_id = $1",
    [row.id],
  );
  const fields = new Map<string, RecordTemplateField>();
  for (const f of fieldRows) {
    const own = texts.filter((t) => t.field_id === f.field_id);
    const optionLabels = new Map<string, string[]>();
    for (const o of f.value_options) optionLabels.set(o.value, own.map((t) => t.option_labels[o.valueId]).filter((l): l is string => typeof l === "string" && l !== ""));
    fields.set(f.field_id, {
      type: f.type,
      name: own.find((t) => t.language_id === DEFAULT_ID)?.name ?? own[0]?.name ?? f.field_id,
      precision: f.type === "GEOMETRY" ? (f.public_precision ?? "EXACT") : "EXACT",
      isTitle: f.is_title_column,
      optionLabels,
    });
  }
  return { id: row.id, shortName: row.short_name, fields };
}

export interface RecordInput {
  userId: number;
  values: Record<string, StoredFieldValue>;
  userGroupIds?: readonly number[];
  allowedUsers?: readonly number[];
  /** ISO date or Date; now when absent (also `updatedOn`). */
  createdOn?: string | Date;
  location?: RecordLocation | null;
}

export interface CreateRecordInput extends RecordInput {
  templateId?: number;
  template?: RecordTemplate;
}

/** Everything stored with a record, derived from its values and its template. */
export interface DerivedRecord {
  fieldValues: Record<string, StoredFieldValue>;
  centroid: [number, number] | null;
  searchText: string;
  words: string[];
  titleWords: string[];
  /** The "Title A–Z" key (`cca_data.title_sort`): null for a record without a title. */
  titleSort: string | null;
  richTextCount: number;
  textFieldCount: number;
  indexRows: ValueIndexRow[];
}

function optionItems(value: unknown): Array<{ value?: unknown; label?: unknown }> {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.filter((o): o is { value?: unknown; label?: unknown } => typeof o === "object" && o !== null);
}

/** The texts of one value that free-text search finds: text, rich text (tags removed), option labels and values. */
function textsOf(stored: StoredFieldValue, field: RecordTemplateField | undefined): string[] {
  const v = stored.value;
  switch (stored.type) {
    case "TEXT":
    case "TEXT_AREA":
      return typeof v === "string" ? [v] : [];
    case "RICHTEXT":
      return typeof v === "string" ? [stripTags(v)] : [];
    case "SINGLE_SELECT_DROPDOWN":
    case "SINGLE_SELECT_RADIO":
    case "MULTI_SELECT_DROPDOWN":
    case "MULTI_SELECT_CHECKBOX":
      return optionItems(v).flatMap((o) => {
        const value = typeof o.value === "string" ? o.value : "";
        const labels = field?.optionLabels.get(value) ?? [];
        const own = typeof o.label === "string" ? [o.label] : [];
        // "Parent|Child": both parts are words ("forest" finds every forest type); "Others|?" keeps the typed label only.
        return [...labels, ...own, ...value.split("|").filter((part) => part !== "?")];
      });
    case "NUMBER":
    case "YEAR":
      return typeof v === "number" || typeof v === "string" ? [String(v)] : [];
    default:
      return [];
  }
}

/** Field id → public precision of a record's stored values under its own template (`publicPrecisionOf`). */
export const precisionsOf = (template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>) => (fieldId: string): PublicPrecision =>
  publicPrecisionOf(values[fieldId], template.fields.get(fieldId));

/** Longest title sort key kept (enough to order; keeps the index rows small). */
const TITLE_SORT_MAX = 200;

/** The words of one title value as read: text as typed, an option's label (else its value's last part), numbers and dates. */
function titleTextOf(stored: StoredFieldValue | undefined): string {
  if (!stored) return "";
  const v = stored.value;
  if (typeof v === "string") return stripTags(v);
  if (typeof v === "number") return String(v);
  return optionItems(v)
    .map((o) => (typeof o.label === "string" && o.label ? o.label : typeof o.value === "string" ? (o.value.split("|").filter((p) => p !== "?").pop() ?? "") : ""))
    .join(" ");
}

/**
 * The record's "Title A–Z" key: its title fields' values in template order, lower-cased, Latin accents
 * removed (never Devanagari vowel signs), spaces collapsed; null when there is no title to sort by.
 */
export function titleSortOf(template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>): string | null {
  const parts: string[] = [];
  for (const [fieldId, field] of template.fields) if (field.isTitle) parts.push(titleTextOf(values[fieldId]));
  const key = parts
    .join(" ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLocaleLowerCase("en")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TITLE_SORT_MAX);
  return key === "" ? null : key;
}

const hasText = (stored: StoredFieldValue) => typeof stored.value === "string" && stripTags(stored.value) !== "";

/** Pure: the stored form of a record and everything derived from it. */
export function deriveRecord(template: RecordTemplate, values: Readonly<Record<string, StoredFieldValue>>): DerivedRecord {
  const fieldValues: Record<string, StoredFieldValue> = {};
  const texts: string[] = [];
  const titleTexts: string[] = [];
  const geometries: Array<{ value: unknown; precision: PublicPrecision }> = [];
  let richTextCount = 0;
  let textFieldCount = 0;
  for (const [fieldId, stored] of Object.entries(values)) {
    const field = template.fields.get(fieldId);
    const type = stored.type ?? field?.type;
    const value: StoredFieldValue = { fieldId, name: stored.name ?? field?.name ?? fieldId, type, value: stored.value };
    fieldValues[fieldId] = value;
    const own = textsOf(value, field);
    texts.push(...own);
    if (field?.isTitle) titleTexts.push(...own);
    if (type === "RICHTEXT" && hasText(value)) richTextCount++;
    if ((type === "TEXT" || type === "TEXT_AREA" || type === "RICHTEXT") && hasText(value)) textFieldCount++;
    // A place counts at its own field's precision; HIDDEN when the template no longer has that GEOMETRY field.
    if (isGeometryValue(value, field)) geometries.push({ value: value.value, precision: publicPrecisionOf(value, field) });
  }
  const words = searchWords(texts.join(" "));
  const centroid = publicCentroid(geometries);
  return {
    fieldValues,
    centroid,
    searchText: words.join(" "),
    words,
    titleWords: searchWords(titleTexts.join(" ")),
    titleSort: titleSortOf(template, fieldValues),
    richTextCount,
    textFieldCount,
    indexRows: indexFieldValues(fieldValues, precisionsOf(template, fieldValues)),
  };
}

const toIso = (d: string | Date | undefined) => (d === undefined ? null : new Date(d).toISOString());

/** A record row for the set-based insert (also used for one record). */
function recordRow(id: number, template: RecordTemplate, input: RecordInput, derived: DerivedRecord) {
  return {
    id,
    template_id: template.id,
    user_id: input.userId,
    field_values: derived.fieldValues,
    centroid_lon: derived.centroid?.[0] ?? null,
    centroid_lat: derived.centroid?.[1] ?? null,
    location_state: input.location?.state ?? null,
    location_district: input.location?.district ?? null,
    location_tahsil: input.location?.tahsil ?? null,
    allowed_users: [...(input.allowedUsers ?? [])],
    rich_text_count: derived.richTextCount,
    text_field_count: derived.textFieldCount,
    search_text: derived.searchText,
    words: derived.words,
    title_words: derived.titleWords,
    title_sort: derived.titleSort,
    created_on: toIso(input.createdOn),
  };
}

async function nextIds(tx: Queryable, count: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('cca_data', 'id'))::integer as id from generate_series(1, $1::integer)", [count]);
  return rows.map((r) => r.id);
}

/**
 * Inserts records of one template in one statement per table (set-based; the bulk generator sends
 * batches of ~1,000). Returns their ids in input order. Call `invalidateCache(CACHE_KEYS.records)`
 * after the transaction commits (this function does it too, for callers that forget).
 */
export async function createRecords(tx: Queryable, template: RecordTemplate, inputs: readonly RecordInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const ids = await nextIds(tx, inputs.length);
  const derived = inputs.map((input) => deriveRecord(template, input.values));
  const rows = inputs.map((input, i) => recordRow(ids[i]!, template, input, derived[i]!));
  await tx.query(
    `insert into cca_data (id, template_id, user_id, field_values, centroid_lon, centroid_lat, location_state, location_district, location_tahsil,
                           allowed_users, rich_text_count, text_field_count, search_text, search_vector, title_vector, title_sort, created_on, updated_on)
     select x.id, x.template_id, x.user_id, x.field_values, x.centroid_lon, x.centroid_lat, x.location_state, x.location_district, x.location_tahsil,
            x.allowed_users, x.rich_text_count, x.text_field_count, x.search_text, array_to_tsvector(x.words), array_to_tsvector(x.title_words),
            x.title_sort, coalesce(x.created_on, now()), coalesce(x.created_on, now())
       from jsonb_to_recordset($1::jsonb) as x(id integer, template_id integer, user_id integer, field_values jsonb, centroid_lon double precision,
            centroid_lat double precision, location_state text, location_district text, location_tahsil text, allowed_users integer[],
            rich_text_count integer, text_field_count integer, search_text text, words text[], title_words text[], title_sort text, created_on timestamptz)`,
    [JSON.stringify(rows)],
  );
  const valueRows = derived.flatMap((d, i) => d.indexRows.map((r) => ({ ...r, data_id: ids[i]! })));
  // Large batches go in slices so one statement's parameter stays a few MB.
  for (let start = 0; start < valueRows.length; start += 20_000) {
    await tx.query(
      `insert into cca_data_value (data_id, field_id, ordinal, option_value, num_lo, num_hi, date_lo, date_hi, text_value, bbox)
       select x.data_id, x.field_id, x.ordinal, x.option_value, x.num_lo, x.num_hi, x.date_lo, x.date_hi, x.text_value, x.bbox::box
         from jsonb_to_recordset($1::jsonb) as x(data_id integer, field_id text, ordinal smallint, option_value text, num_lo double precision,
              num_hi double precision, date_lo date, date_hi date, text_value text, bbox text)`,
      [JSON.stringify(valueRows.slice(start, start + 20_000))],
    );
  }
  const groupRows = inputs.flatMap((input, i) => [...new Set(input.userGroupIds ?? [])].map((g) => ({ data_id: ids[i]!, user_group_id: g })));
  if (groupRows.length > 0) {
    await tx.query(
      `insert into cca_data_user_group (data_id, user_group_id)
       select x.data_id, x.user_group_id from jsonb_to_recordset($1::jsonb) as x(data_id integer, user_group_id integer)`,
      [JSON.stringify(groupRows)],
    );
  }
  invalidateCache(CACHE_KEYS.records);
  return ids;
}

/** Creates one record (its template by id, or loaded already) and returns its id. */
export async function createRecord(tx: Queryable, input: CreateRecordInput): Promise<number> {
  const template = input.template ?? (await loadRecordTemplate(tx, { templateId: input.templateId }));
  const [id] = await createRecords(tx, template, [input]);
  return id!;
}

export interface RecordUpdateInput {
  /** The record's whole document after the change (stored values merged with the new ones). */
  values: Record<string, StoredFieldValue>;
  /** Left as stored when undefined. */
  location?: RecordLocation | null;
}

/**
 * Rewrites a live record's document and everything derived from it, the way `createRecords` derives
 * them for a new record: public centroid, counts, words, value index (`writeRecordValues`), `updated_on`.
 * Groups, owner, editors and followers are not touched. Invalidates `CACHE_KEYS.records`.
 */
export async function updateRecord(tx: Queryable, template: RecordTemplate, id: number, input: RecordUpdateInput): Promise<void> {
  const derived = deriveRecord(template, input.values);
  const keepLocation = input.location === undefined;
  await tx.query(
    `update cca_data set field_values = $2::jsonb, centroid_lon = $3, centroid_lat = $4, rich_text_count = $5, text_field_count = $6,
            search_text = $7, search_vector = array_to_tsvector($8::text[]), title_vector = array_to_tsvector($9::text[]), title_sort = $14,
            location_state = case when $10 then location_state else $11 end,
            location_district = case when $10 then location_district else $12 end,
            location_tahsil = case when $10 then location_tahsil else $13 end,
            updated_on = now()
      where id = $1`,
    [
      id,
      JSON.stringify(derived.fieldValues),
      derived.centroid?.[0] ?? null,
      derived.centroid?.[1] ?? null,
      derived.richTextCount,
      derived.textFieldCount,
      derived.searchText,
      derived.words,
      derived.titleWords,
      keepLocation,
      input.location?.state ?? null,
      input.location?.district ?? null,
      input.location?.tahsil ?? null,
      derived.titleSort,
    ],
  );
  await writeRecordValues(tx, id, derived.fieldValues, precisionsOf(template, derived.fieldValues));
  invalidateCache(CACHE_KEYS.records);
}
