/** SQL of cca templates (tables of migration 0006). Every function takes the db or a transaction. */
import type { FieldRestriction } from "@/contracts/restrictions";
import type { CleanField } from "@/contracts/template-rules";
import { PARENT_LABEL_KEY, type FieldType, type MinMax, type PublicPrecision } from "@/contracts/template";
import type { Queryable } from "../../infra/db/db";
import { ROW_VERSION_SQL } from "../../infra/db/row-version";

export interface TemplateRow {
  id: number;
  short_name: string;
  parent_name: string | null;
  permissions: string[];
  platform: string[];
  user_id: number | null;
  is_deleted: boolean;
  /** Its records wait for a curator's review (migration 0026). */
  needs_review: boolean;
  created_on: Date;
  updated_on: Date;
  /** `updated_on` to the microsecond, as text: the optimistic version editors send back (issue 27 item 16). */
  version: string;
}

export interface TemplateTextRow {
  template_id: number;
  language_id: number;
  name: string;
  description: string;
}

export interface FieldRow {
  field_id: string;
  parent_field_id: string | null;
  position: number;
  type: FieldType;
  is_required: boolean;
  is_master_field: boolean;
  is_summary_field: boolean;
  is_title_column: boolean;
  is_filterable: boolean;
  is_chart: boolean;
  min_max: MinMax;
  value_options: Array<{ valueId: string; value: string }>;
  public_precision: PublicPrecision | null;
  restriction: FieldRestriction | null;
  created_on: Date;
  updated_on: Date;
}

export interface FieldTextRow {
  field_id: string;
  language_id: number;
  name: string;
  question: string;
  help_text: string;
  option_labels: Record<string, string>;
}

const TEMPLATE_COLUMNS = `id, short_name, parent_name, permissions, platform, user_id, is_deleted, needs_review, created_on, updated_on, ${ROW_VERSION_SQL} as version`;

/** A template by shortName regardless of case; deleted ones only when asked. */
export function findTemplateByShortName(db: Queryable, shortName: string, includeDeleted = false): Promise<TemplateRow | null> {
  return db.maybeOne<TemplateRow>(
    `select ${TEMPLATE_COLUMNS} from cca_template where lower(short_name) = lower($1) ${includeDeleted ? "" : "and not is_deleted"}`,
    [shortName],
  );
}

export function findTemplateById(db: Queryable, id: number, includeDeleted = false): Promise<TemplateRow | null> {
  return db.maybeOne<TemplateRow>(`select ${TEMPLATE_COLUMNS} from cca_template where id = $1 ${includeDeleted ? "" : "and not is_deleted"}`, [id]);
}

/** Live templates, or only deleted ones; with a platform, those offered on it. */
export function listTemplateRows(db: Queryable, options: { deleted: boolean; platform: string | null }): Promise<TemplateRow[]> {
  return db.query<TemplateRow>(
    `select ${TEMPLATE_COLUMNS} from cca_template
      where is_deleted = $1 and ($2::text is null or $2::text = any(platform))
      order by id`,
    [options.deleted, options.platform],
  );
}

export function findTemplateTexts(db: Queryable, templateIds: readonly number[]): Promise<TemplateTextRow[]> {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db.query<TemplateTextRow>("select template_id, language_id, name, description from cca_template_translation where template_id = any($1::integer[])", [templateIds]);
}

export function findFieldRows(db: Queryable, templateId: number): Promise<FieldRow[]> {
  return db.query<FieldRow>(
    `select field_id, parent_field_id, position, type, is_required, is_master_field, is_summary_field, is_title_column,
            is_filterable, is_chart, min_max, value_options, public_precision, restriction, created_on, updated_on
       from cca_template_field where template_id = $1 order by position`,
    [templateId],
  );
}

export function findFieldTexts(db: Queryable, templateId: number, languageIds: readonly number[]): Promise<FieldTextRow[]> {
  return db.query<FieldTextRow>(
    `select field_id, language_id, name, question, help_text, option_labels
       from cca_template_field_translation where template_id = $1 and language_id = any($2::integer[])`,
    [templateId, languageIds],
  );
}

/** Field id → type of the live master template's fields (empty without a master). */
export async function findMasterFieldTypes(db: Queryable, masterShortName: string): Promise<Map<string, FieldType>> {
  const rows = await db.query<{ field_id: string; type: FieldType }>(
    `select f.field_id, f.type from cca_template_field f join cca_template t on t.id = f.template_id
      where lower(t.short_name) = lower($1) and not t.is_deleted`,
    [masterShortName],
  );
  return new Map(rows.map((r) => [r.field_id, r.type]));
}

export interface TemplateMetaInput {
  shortName: string;
  parentName: string | null;
  permissions: readonly string[];
  platform: readonly string[];
  needsReview: boolean;
}

export async function insertTemplate(tx: Queryable, meta: TemplateMetaInput, userId: number | null): Promise<number> {
  const { id } = await tx.one<{ id: number }>(
    "insert into cca_template (short_name, parent_name, permissions, platform, user_id, needs_review) values ($1, $2, $3::text[], $4::text[], $5, $6) returning id",
    [meta.shortName, meta.parentName, meta.permissions, meta.platform, userId, meta.needsReview],
  );
  return id;
}

export async function updateTemplateMeta(tx: Queryable, id: number, meta: TemplateMetaInput): Promise<void> {
  await tx.query(
    "update cca_template set short_name = $2, parent_name = $3, permissions = $4::text[], platform = $5::text[], needs_review = $6, updated_on = now() where id = $1",
    [id, meta.shortName, meta.parentName, meta.permissions, meta.platform, meta.needsReview],
  );
}

export async function touchTemplate(tx: Queryable, id: number): Promise<void> {
  await tx.query("update cca_template set updated_on = now() where id = $1", [id]);
}

export async function upsertTemplateText(tx: Queryable, templateId: number, languageId: number, name: string, description: string): Promise<void> {
  await tx.query(
    `insert into cca_template_translation (template_id, language_id, name, description) values ($1, $2, $3, $4)
     on conflict (template_id, language_id) do update set name = excluded.name, description = excluded.description`,
    [templateId, languageId, name, description],
  );
}

/** A field of the tree with its place: its parent and its position among all fields (depth first). */
interface PlacedField {
  field: CleanField;
  parentId: string | null;
  position: number;
}

function placeFields(fields: readonly CleanField[]): PlacedField[] {
  const placed: PlacedField[] = [];
  const walk = (list: readonly CleanField[], parentId: string | null) => {
    for (const field of list) {
      placed.push({ field, parentId, position: placed.length });
      walk(field.children, field.fieldId);
    }
  };
  walk(fields, null);
  return placed;
}

/** What a field's row holds apart from its place and dates: a change of any of it bumps updatedOn. */
function structureOf(f: CleanField): string {
  return JSON.stringify([f.type, f.isRequired, f.isMasterField, f.isSummaryField, f.isTitleColumn, f.isFilterable, f.isChart, f.minMax, f.valueOptions.map((o) => [o.valueId, o.value]), f.publicPrecision, f.restriction ?? null]);
}

/**
 * Replaces the field tree of a template with `fields` (structure), writing their texts in
 * `languageIds` (the default language, and the language of a create in another one). Fields left out
 * are removed with their texts in every language; a kept field keeps its createdOn and its other
 * languages' texts, and its updatedOn changes only when its structure or these texts change.
 * Returns the ids added, removed and changed.
 */
export async function replaceFields(tx: Queryable, templateId: number, fields: readonly CleanField[], languageIds: readonly number[]): Promise<{ added: string[]; removed: string[]; changed: string[] }> {
  const placed = placeFields(fields);
  const existing = new Map((await findFieldRows(tx, templateId)).map((r) => [r.field_id, r]));
  const texts = new Map((await findFieldTexts(tx, templateId, languageIds)).filter((t) => t.language_id === languageIds[0]).map((t) => [t.field_id, t]));
  const ids = placed.map((p) => p.field.fieldId);
  const removed = [...existing.keys()].filter((id) => !ids.includes(id));
  const added: string[] = [];
  const changed: string[] = [];

  await tx.query("delete from cca_template_field where template_id = $1 and not (field_id = any($2::text[]))", [templateId, ids]);

  const rows = placed.map(({ field: f, parentId, position }) => {
    const before = existing.get(f.fieldId);
    const text = texts.get(f.fieldId);
    const labels = {
      ...Object.fromEntries(f.valueOptions.map((o) => [o.valueId, o.label])),
      ...Object.fromEntries(Object.entries(f.parentLabels ?? {}).map(([parent, label]) => [PARENT_LABEL_KEY(parent), label])),
    };
    const isChanged = !before || structureOf(f) !== structureOf(rowToClean(before)) || !text || text.name !== f.name
      || text.question !== f.question || text.help_text !== f.helpText || JSON.stringify(text.option_labels) !== JSON.stringify(labels);
    if (!before) added.push(f.fieldId);
    else if (isChanged) changed.push(f.fieldId);
    return {
      field_id: f.fieldId,
      parent_field_id: parentId,
      position,
      type: f.type,
      is_required: f.isRequired,
      is_master_field: f.isMasterField,
      is_summary_field: f.isSummaryField,
      is_title_column: f.isTitleColumn,
      is_filterable: f.isFilterable,
      is_chart: f.isChart,
      min_max: f.minMax,
      value_options: f.valueOptions.map((o) => ({ valueId: o.valueId, value: o.value })),
      public_precision: f.publicPrecision,
      restriction: f.restriction ?? null,
      bump: isChanged,
      name: f.name,
      question: f.question,
      help_text: f.helpText,
      option_labels: labels,
    };
  });
  if (rows.length === 0) return { added, removed, changed };

  // One statement per table, whatever the size of the tree.
  await tx.query(
    `insert into cca_template_field (template_id, field_id, parent_field_id, position, type, is_required, is_master_field,
            is_summary_field, is_title_column, is_filterable, is_chart, min_max, value_options, public_precision, restriction)
     select $1, x.field_id, x.parent_field_id, x.position, x.type, x.is_required, x.is_master_field, x.is_summary_field,
            x.is_title_column, x.is_filterable, x.is_chart, x.min_max, x.value_options, x.public_precision, x.restriction
       from jsonb_to_recordset($2::jsonb) as x(field_id text, parent_field_id text, position integer, type text,
            is_required boolean, is_master_field boolean, is_summary_field boolean, is_title_column boolean,
            is_filterable boolean, is_chart boolean, min_max jsonb, value_options jsonb, public_precision text, restriction jsonb, bump boolean)
     on conflict (template_id, field_id) do update set
       parent_field_id = excluded.parent_field_id, position = excluded.position, type = excluded.type,
       is_required = excluded.is_required, is_master_field = excluded.is_master_field,
       is_summary_field = excluded.is_summary_field, is_title_column = excluded.is_title_column,
       is_filterable = excluded.is_filterable, is_chart = excluded.is_chart, min_max = excluded.min_max,
       value_options = excluded.value_options, public_precision = excluded.public_precision, restriction = excluded.restriction,
       updated_on = case when cca_template_field.field_id = any($3::text[]) then now() else cca_template_field.updated_on end`,
    [templateId, JSON.stringify(rows), rows.filter((r) => r.bump).map((r) => r.field_id)],
  );
  for (const languageId of languageIds) {
    await tx.query(
      `insert into cca_template_field_translation (template_id, field_id, language_id, name, question, help_text, option_labels)
       select $1, x.field_id, $2, x.name, x.question, x.help_text, x.option_labels
         from jsonb_to_recordset($3::jsonb) as x(field_id text, name text, question text, help_text text, option_labels jsonb)
       on conflict (template_id, field_id, language_id) do update set name = excluded.name, question = excluded.question,
         help_text = excluded.help_text, option_labels = excluded.option_labels`,
      [templateId, languageId, JSON.stringify(rows)],
    );
  }
  return { added, removed, changed };
}

/** The texts of one language for fields that exist (others are ignored). Returns the ids written. */
export async function upsertFieldTexts(
  tx: Queryable,
  templateId: number,
  languageId: number,
  texts: ReadonlyArray<{ fieldId: string; name: string; question: string; helpText: string; optionLabels: Record<string, string> }>,
): Promise<string[]> {
  if (texts.length === 0) return [];
  const rows = await tx.query<{ field_id: string }>(
    `insert into cca_template_field_translation (template_id, field_id, language_id, name, question, help_text, option_labels)
     select $1, x.field_id, $2, x.name, x.question, x.help_text, x.option_labels
       from jsonb_to_recordset($3::jsonb) as x(field_id text, name text, question text, help_text text, option_labels jsonb)
       join cca_template_field f on f.template_id = $1 and f.field_id = x.field_id
     on conflict (template_id, field_id, language_id) do update set name = excluded.name, question = excluded.question,
       help_text = excluded.help_text, option_labels = excluded.option_labels
     returning field_id`,
    [templateId, languageId, JSON.stringify(texts.map((t) => ({ field_id: t.fieldId, name: t.name, question: t.question, help_text: t.helpText, option_labels: t.optionLabels })))],
  );
  return rows.map((r) => r.field_id);
}

/** A stored field read back as the rules write it (texts left empty). */
export function rowToClean(row: FieldRow): CleanField {
  return {
    fieldId: row.field_id,
    type: row.type,
    name: "",
    question: "",
    helpText: "",
    isRequired: row.is_required,
    isMasterField: row.is_master_field,
    isSummaryField: row.is_summary_field,
    isFilterable: row.is_filterable,
    isTitleColumn: row.is_title_column,
    isChart: row.is_chart,
    minMax: row.min_max,
    valueOptions: row.value_options.map((o) => ({ ...o, label: "" })),
    publicPrecision: row.public_precision,
    restriction: row.restriction ?? null,
    children: [],
  };
}

/** Soft delete or restore (the template's records follow through the records follower, template-followers.ts). */
export async function setTemplateDeleted(tx: Queryable, id: number, deleted: boolean): Promise<void> {
  await tx.query("update cca_template set is_deleted = $2, updated_on = now() where id = $1", [id, deleted]);
}

/** Whether another template (any state) holds this shortName, regardless of case. */
export async function isShortNameTaken(db: Queryable, shortName: string, exceptId: number | null): Promise<boolean> {
  const row = await db.maybeOne("select 1 as taken from cca_template where lower(short_name) = lower($1) and ($2::integer is null or id <> $2)", [shortName, exceptId]);
  return row !== null;
}

/** The parent chain's shortNames starting at `shortName` (live templates), stopping at a repeat. */
export async function findParentChain(db: Queryable, shortName: string): Promise<string[]> {
  const chain: string[] = [];
  let current: string | null = shortName;
  while (current !== null && !chain.includes(current.toLowerCase()) && chain.length < 50) {
    chain.push(current.toLowerCase());
    const row: { parent_name: string | null } | null = await db.maybeOne<{ parent_name: string | null }>(
      "select parent_name from cca_template where lower(short_name) = lower($1) and not is_deleted",
      [current],
    );
    current = row?.parent_name ?? null;
  }
  return chain;
}

/** Locks the template's row; true when its version is still `version` (no one saved it meanwhile). */
export async function lockTemplateAtVersion(tx: Queryable, id: number, version: string): Promise<boolean> {
  const row = await tx.maybeOne<{ version: string }>(`select ${ROW_VERSION_SQL} as version from cca_template where id = $1 for update`, [id]);
  return row?.version === version;
}

// ── What record writes and reads need of a template ─────────────────────────────────────────────

/** A template's id, shortName and parentName by id (deleted too when asked) or by shortName (live only). */
export function findTemplateRef(
  db: Queryable,
  ref: { templateId?: number; shortName?: string; includeDeleted?: boolean },
): Promise<{ id: number; short_name: string; parent_name: string | null } | null> {
  return db.maybeOne<{ id: number; short_name: string; parent_name: string | null }>(
    ref.templateId !== undefined
      ? `select id, short_name, parent_name from cca_template where id = $1${ref.includeDeleted ? "" : " and not is_deleted"}`
      : "select id, short_name, parent_name from cca_template where lower(short_name) = lower($1) and not is_deleted",
    [ref.templateId ?? ref.shortName ?? ""],
  );
}

export interface WriteFieldRow {
  field_id: string;
  type: FieldType;
  public_precision: PublicPrecision | null;
  restriction: FieldRestriction | null;
  is_title_column: boolean;
  value_options: Array<{ valueId: string; value: string }>;
}

/** The fields as a record write needs them, in template order. */
export function findWriteFieldRows(db: Queryable, templateId: number): Promise<WriteFieldRow[]> {
  return db.query<WriteFieldRow>(
    "select field_id, type, public_precision, restriction, is_title_column, value_options from cca_template_field where template_id = $1 order by position",
    [templateId],
  );
}

/** Every language's field names and option labels (search words of a record write). */
export function findAllFieldLabels(db: Queryable, templateId: number): Promise<Array<{ field_id: string; language_id: number; name: string; option_labels: Record<string, string> }>> {
  return db.query<{ field_id: string; language_id: number; name: string; option_labels: Record<string, string> }>(
    "select field_id, language_id, name, option_labels from cca_template_field_translation where template_id = $1",
    [templateId],
  );
}

export interface FieldLevelRow {
  field_id: string;
  type: string;
  public_precision: PublicPrecision | null;
  restriction: FieldRestriction | null;
}

/** Each field's type and public precision (what it makes public of a place). */
export function findFieldLevels(db: Queryable, templateId: number): Promise<FieldLevelRow[]> {
  return db.query<FieldLevelRow>("select field_id, type, public_precision, restriction from cca_template_field where template_id = $1", [templateId]);
}

/** The live parent template's id of a template (null without one). */
export async function findLiveParentId(db: Queryable, templateId: number): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>(
    `select p.id from cca_template t join cca_template p on lower(p.short_name) = lower(t.parent_name) and not p.is_deleted where t.id = $1 and p.id <> t.id`,
    [templateId],
  );
  return row?.id ?? null;
}

/** Templates (any state) whose `parentName` is template `templateId`. */
export async function findChildTemplateIds(db: Queryable, templateId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select c.id from cca_template c join cca_template t on lower(t.short_name) = lower(c.parent_name) where t.id = $1 and c.id <> $1`,
    [templateId],
  );
  return rows.map((r) => r.id);
}

/** The chart fields of a template (`is_chart`), in template order. */
export function findChartFields(db: Queryable, templateId: number): Promise<Array<{ field_id: string; type: FieldType }>> {
  return db.query<{ field_id: string; type: FieldType }>("select field_id, type from cca_template_field where template_id = $1 and is_chart order by position", [templateId]);
}
