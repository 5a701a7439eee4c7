/**
 * THE template loader: every other module (records, exports, activity, the seed, migrations) loads a
 * template through this file, in one of three shapes, all built on `template.repository.ts`:
 * - `getTemplate` (template-read.service.ts): the API's `CCATemplate`, its field tree in a language;
 * - `viewTemplateByName` / `viewTemplateById` / `recordFieldsView`: the flat `ViewTemplate` record reads
 *   and exports project through (labels in a language, summary/title/filter flags, public precision);
 * - `loadRecordTemplate` / `loadWriteTemplate` / `templateForRecords`: the `RecordTemplate` a record
 *   write derives its stored form from (types, precisions, title fields, option labels of every language).
 * A record of a template with a live `parentName` is written and judged with its parent's fields.
 */
import type { FieldRestriction } from "@/contracts/restrictions";
import SITE_CONFIG from "@site-config";
import { cached } from "@/shared/cache/memory-cache";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { optionParents, PARENT_LABEL_KEY, type CCAField, type FieldType, type PublicPrecision, type TemplateLanguage } from "@/contracts/template";
import type { Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import {
  findAllFieldLabels,
  findFieldRows,
  findFieldTexts,
  findTemplateById,
  findTemplateByShortName,
  findTemplateRef,
  findTemplateTexts,
  findWriteFieldRows,
  type TemplateRow,
} from "./template.repository";
import { getTemplate } from "./template-read.service";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
const languageIdOf = (language: TemplateLanguage) => SITE_CONFIG.LANG.LIST.find((l) => l.code === language)?.id ?? DEFAULT_LANGUAGE_ID;
const TEMPLATE_TTL = 5 * 60_000;

// ── Reads: a template in a language (cached until a template write) ──────────────────────────────

export interface ViewField {
  fieldId: string;
  type: FieldType;
  name: string;
  isSummary: boolean;
  isTitle: boolean;
  isFilterable: boolean;
  precision: PublicPrecision;
  /** valueId → label and value → label in the language. */
  labelById: Map<string, string>;
  labelByValue: Map<string, string>;
  /** An option parent's name in the language ("Forest" → "वन"), for parents that have one. */
  labelByParent: Map<string, string>;
}

export interface ViewTemplate {
  id: number;
  shortName: string;
  /** The template's title in the language (the default language's when it has none). */
  name: string;
  /** The template whose fields its records are written with (data/save), when it has one. */
  parentName: string | null;
  updatedOn: number;
  fields: ViewField[];
  byId: Map<string, ViewField>;
}

async function buildView(db: Queryable, row: TemplateRow, language: TemplateLanguage): Promise<ViewTemplate> {
  const languageId = languageIdOf(language);
  const [rows, texts, titles] = await Promise.all([findFieldRows(db, row.id), findFieldTexts(db, row.id, [DEFAULT_LANGUAGE_ID, languageId]), findTemplateTexts(db, [row.id])]);
  const name = titles.find((t) => t.language_id === languageId)?.name || titles.find((t) => t.language_id === DEFAULT_LANGUAGE_ID)?.name || row.short_name;
  const textOf = (fieldId: string, lang: number) => texts.find((t) => t.field_id === fieldId && t.language_id === lang);
  const fields = rows.map((r): ViewField => {
    const own = textOf(r.field_id, languageId);
    const base = textOf(r.field_id, DEFAULT_LANGUAGE_ID);
    const labelOf = (valueId: string, value: string) => own?.option_labels[valueId] || base?.option_labels[valueId] || value;
    return {
      fieldId: r.field_id,
      type: r.type,
      name: own?.name || base?.name || r.field_id,
      isSummary: r.is_summary_field,
      isTitle: r.is_title_column,
      isFilterable: r.is_filterable,
      precision: r.type === "GEOMETRY" ? (r.public_precision ?? "EXACT") : "EXACT",
      labelById: new Map(r.value_options.map((o) => [o.valueId, labelOf(o.valueId, o.value)])),
      labelByValue: new Map(r.value_options.map((o) => [o.value, labelOf(o.valueId, o.value)])),
      labelByParent: new Map(
        optionParents(r.value_options)
          .map((p): [string, string] => [p, own?.option_labels[PARENT_LABEL_KEY(p)] || base?.option_labels[PARENT_LABEL_KEY(p)] || ""])
          .filter(([, label]) => label !== ""),
      ),
    };
  });
  return { id: row.id, shortName: row.short_name, name, parentName: row.parent_name, updatedOn: row.updated_on.getTime(), fields, byId: new Map(fields.map((f) => [f.fieldId, f])) };
}

/** A live template by shortName in a language (404 when unknown or deleted); cached until a template write. */
export function viewTemplateByName(db: Queryable, shortName: string, language: TemplateLanguage): Promise<ViewTemplate> {
  return cached(`${CACHE_KEYS.templates}data-view:name:${shortName.toLowerCase()}:${language}`, TEMPLATE_TTL, async () => {
    const row = await findTemplateByShortName(db, shortName);
    if (!row) throw notFound(`Template "${shortName}" not found`);
    return buildView(db, row, language);
  });
}

export function viewTemplateById(db: Queryable, id: number, language: TemplateLanguage): Promise<ViewTemplate> {
  return cached(`${CACHE_KEYS.templates}data-view:id:${id}:${language}`, TEMPLATE_TTL, async () => {
    const row = await findTemplateById(db, id, true);
    if (!row) throw notFound(`Template ${id} not found`);
    return buildView(db, row, language);
  });
}

/**
 * The fields a record of template `templateId` is written with (data/save): its parent's when it has a
 * live one, else its own. `publicValueOf` judges the record's stored values against these.
 */
export async function recordFieldsView(db: Queryable, templateId: number, language: TemplateLanguage): Promise<ViewTemplate> {
  const own = await viewTemplateById(db, templateId, language);
  if (own.parentName === null) return own;
  return (await viewTemplateByName(db, own.parentName, language).catch(() => null)) ?? own;
}

// ── Writes: what a record write needs of a template ─────────────────────────────────────────────

export interface RecordTemplateField {
  type: FieldType;
  /** English (default language) name: what a stored value's `name` holds when the writer gave none. */
  name: string;
  precision: PublicPrecision;
  /** The field's default treatment (issue 30, item 2), null for none. */
  restriction: FieldRestriction | null;
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
  const row = await findTemplateRef(db, ref);
  if (!row) throw notFound(`Template ${ref.templateId ?? `"${ref.shortName}"`} not found`);
  const fieldRows = await findWriteFieldRows(db, row.id);
  const texts = await findAllFieldLabels(db, row.id);
  const fields = new Map<string, RecordTemplateField>();
  for (const f of fieldRows) {
    const own = texts.filter((t) => t.field_id === f.field_id);
    const optionLabels = new Map<string, string[]>();
    for (const o of f.value_options) optionLabels.set(o.value, own.map((t) => t.option_labels[o.valueId]).filter((l): l is string => typeof l === "string" && l !== ""));
    fields.set(f.field_id, {
      type: f.type,
      name: own.find((t) => t.language_id === DEFAULT_LANGUAGE_ID)?.name ?? own[0]?.name ?? f.field_id,
      precision: f.type === "GEOMETRY" ? (f.public_precision ?? "EXACT") : "EXACT",
      restriction: f.restriction ?? null,
      isTitle: f.is_title_column,
      optionLabels,
    });
  }
  return { id: row.id, shortName: row.short_name, fields };
}

/**
 * The fields records of template `templateId` (deleted too) are written with: its parent's when it has
 * a live one (as data/save does), else its own. Null when there is no such template.
 */
export async function loadWriteTemplate(db: Queryable, templateId: number): Promise<RecordTemplate | null> {
  const row = await findTemplateRef(db, { templateId, includeDeleted: true });
  if (!row) return null;
  const own = await loadRecordTemplate(db, { templateId, includeDeleted: true });
  if (row.parent_name === null) return own;
  const parent = await loadRecordTemplate(db, { shortName: row.parent_name }).catch(() => null);
  return parent ? { ...own, fields: parent.fields } : own;
}

/** A live template as a record of it is checked and written: its form fields, its write view (both its parent's when it has one), its permissions. */
export interface TemplateForRecords {
  id: number;
  fields: CCAField[];
  write: RecordTemplate;
  permissions: string[];
  /** Its records wait for a curator's review (its own setting, not its parent's). */
  needsReview: boolean;
}

/** The fields a record of `shortName` answers (its parent's when it has one) and its write view; 404 when unknown or deleted. */
export async function templateForRecords(db: Queryable, shortName: string): Promise<TemplateForRecords> {
  const row = await findTemplateByShortName(db, shortName);
  if (!row) throw notFound(`Template "${shortName}" not found`);
  const own = await getTemplate(db, row.short_name, "en");
  let fields = own.fields;
  let write = await loadRecordTemplate(db, { templateId: row.id });
  if (own.parentName) {
    const parent = await getTemplate(db, own.parentName, "en");
    fields = parent.fields;
    const parentWrite = await loadRecordTemplate(db, { shortName: own.parentName });
    write = { ...write, fields: parentWrite.fields };
  }
  return { fields, write, permissions: row.permissions, id: row.id, needsReview: row.needs_review };
}
