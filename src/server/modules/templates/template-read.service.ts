/**
 * cca-api template reads (reference §3.5, §4.3): a template in a language with fallback to the default
 * one, the list by the caller's roles, filter and chart fields, the master's translations pulled, counts
 * of stored values per field. Writes are template-write.service.ts; the shapes other modules load a
 * template in are template-loader.service.ts.
 */
import SITE_CONFIG, { languageIdFor } from "@site-config";
import { hasAccess } from "@/shared/access";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import {
  flattenFields,
  MASTER_SHORT_NAME,
  optionParents,
  PARENT_LABEL_KEY,
  TEMPLATE_WRITERS,
  type CCAField,
  type CCATemplate,
  type CCATemplateSummary,
  type TemplateLanguage,
  type TemplatePermission,
  type TemplatePlatform,
  type TemplateValueCounts,
} from "@/contracts/template";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import {
  findFieldRows,
  findFieldTexts,
  findTemplateById,
  findTemplateByShortName,
  findTemplateTexts,
  listTemplateRows,
  rowToClean,
  type FieldRow,
  type FieldTextRow,
  type TemplateRow,
  type TemplateTextRow,
} from "./template.repository";
import { templateWriteFollower } from "./template-followers";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

function pickText(texts: readonly TemplateTextRow[], languageId: number): { name: string; description: string } {
  const own = texts.find((t) => t.language_id === languageId);
  const fallback = texts.find((t) => t.language_id === DEFAULT_LANGUAGE_ID);
  return { name: own?.name || fallback?.name || "", description: own?.description || fallback?.description || "" };
}

function toSummary(row: TemplateRow, texts: readonly TemplateTextRow[], language: TemplateLanguage): CCATemplateSummary {
  return {
    id: row.id,
    userId: row.user_id === null ? "" : String(row.user_id),
    createdOn: row.created_on.toISOString(),
    updatedOn: row.updated_on.toISOString(),
    version: row.version,
    ...pickText(texts, languageIdFor(language)),
    shortName: row.short_name,
    parentName: row.parent_name,
    permissions: row.permissions as TemplatePermission[],
    platform: row.platform as TemplatePlatform[],
    language,
    isDeleted: row.is_deleted,
    needsReview: row.needs_review,
  };
}

/** `{parentLabels}` of a field whose options have parents: each parent's name in the language, else the default's, else its value. */
function parentLabelsOf(options: readonly { value: string }[], own: Record<string, string> | undefined, base: Record<string, string> | undefined): Pick<CCAField, "parentLabels"> {
  const parents = optionParents(options);
  if (parents.length === 0) return {};
  return { parentLabels: Object.fromEntries(parents.map((p) => [p, own?.[PARENT_LABEL_KEY(p)] || base?.[PARENT_LABEL_KEY(p)] || p])) };
}

/** The field tree with its texts in `languageId`, each text falling back to the default language's. */
function buildTree(rows: readonly FieldRow[], texts: readonly FieldTextRow[], languageId: number): CCAField[] {
  const textOf = (fieldId: string, lang: number) => texts.find((t) => t.field_id === fieldId && t.language_id === lang);
  const byParent = new Map<string | null, CCAField[]>();
  const nodes = rows.map((row) => {
    const own = textOf(row.field_id, languageId);
    const base = textOf(row.field_id, DEFAULT_LANGUAGE_ID);
    const field: CCAField = {
      ...rowToClean(row),
      name: own?.name || base?.name || "",
      question: own?.question || base?.question || "",
      helpText: own?.help_text || base?.help_text || "",
      valueOptions: row.value_options.map((o) => ({
        valueId: o.valueId,
        label: own?.option_labels[o.valueId] || base?.option_labels[o.valueId] || o.value,
        value: o.value,
      })),
      ...parentLabelsOf(row.value_options, own?.option_labels, base?.option_labels),
      createdOn: row.created_on.toISOString(),
      updatedOn: row.updated_on.toISOString(),
      children: [],
    };
    return { parent: row.parent_field_id, field };
  });
  const known = new Set(rows.map((r) => r.field_id));
  for (const { parent, field } of nodes) {
    const key = parent !== null && known.has(parent) ? parent : null;
    const list = byParent.get(key) ?? [];
    list.push(field);
    byParent.set(key, list);
  }
  for (const { field } of nodes) field.children = byParent.get(field.fieldId) ?? [];
  return byParent.get(null) ?? [];
}

async function loadFields(db: Queryable, templateId: number, language: TemplateLanguage): Promise<CCAField[]> {
  const languageId = languageIdFor(language);
  const [rows, texts] = await Promise.all([findFieldRows(db, templateId), findFieldTexts(db, templateId, [DEFAULT_LANGUAGE_ID, languageId])]);
  return buildTree(rows, texts, languageId);
}

export async function toTemplate(db: Queryable, row: TemplateRow, language: TemplateLanguage): Promise<CCATemplate> {
  const texts = await findTemplateTexts(db, [row.id]);
  return { ...toSummary(row, texts, language), fields: await loadFields(db, row.id, language) };
}

export async function requireTemplate(db: Queryable, shortName: string): Promise<TemplateRow> {
  const row = await findTemplateByShortName(db, shortName);
  if (!row) throw notFound(`Template "${shortName}" not found`);
  return row;
}

/** GET template/{shortName}: a live template in `language` (404 for a missing or deleted one). */
export async function getTemplate(db: Queryable, shortName: string, language: TemplateLanguage): Promise<CCATemplate> {
  return toTemplate(db, await requireTemplate(db, shortName), language);
}

export const isTemplateWriter = (account: Account | null): boolean => hasAccess(TEMPLATE_WRITERS, account);

/**
 * GET template/all: admins and template curators see every template; others those whose permissions
 * name one of their roles. `deleted` lists the deleted ones instead (writers only).
 */
export async function listTemplates(
  db: Queryable,
  account: Account,
  options: { language: TemplateLanguage; platform: TemplatePlatform | null; excludeFields: boolean; deleted: boolean },
): Promise<CCATemplateSummary[]> {
  const isWriter = isTemplateWriter(account);
  if (options.deleted && !isWriter) throw new AppError("FORBIDDEN", "Only administrators and template curators may list deleted templates");
  const rows = (await listTemplateRows(db, { deleted: options.deleted, platform: options.platform })).filter(
    (row) => isWriter || row.permissions.some((role) => account.roles.includes(role)),
  );
  const texts = await findTemplateTexts(db, rows.map((r) => r.id));
  const list: CCATemplateSummary[] = [];
  for (const row of rows) {
    const summary = toSummary(row, texts.filter((t) => t.template_id === row.id), options.language);
    list.push(options.excludeFields ? summary : { ...summary, fields: await loadFields(db, row.id, options.language) });
  }
  return list.sort((a, b) => Number(b.shortName === MASTER_SHORT_NAME) - Number(a.shortName === MASTER_SHORT_NAME) || a.name.localeCompare(b.name));
}

/** The template's fields, flattened depth first, that pass `keep` (filter and chart fields). */
export async function getFlatFields(db: Queryable, shortName: string, language: TemplateLanguage, keep: (f: CCAField) => boolean): Promise<CCAField[]> {
  const row = await requireTemplate(db, shortName);
  return flattenFields(await loadFields(db, row.id, language))
    .filter(keep)
    .map((f) => ({ ...f, children: [] }));
}

const FLAT_FIELDS_TTL = 5 * 60_000;

/**
 * GET template/filter/fields: the filterable fields, flat. The same for every caller and asked by every
 * render of /data/list (issue 35), so kept in the data cache under `templates:`, which every template
 * write clears (the template's short name and language in the key; an unknown template is not kept).
 */
export function getFilterFields(db: Queryable, shortName: string, language: TemplateLanguage): Promise<CCAField[]> {
  return cached(`${CACHE_KEYS.templates}filter-fields:${shortName.toLowerCase()}:${language}`, FLAT_FIELDS_TTL, () => getFlatFields(db, shortName, language, (f) => f.isFilterable));
}

/** GET template/pullMasterTranslation: the template with its master copies' texts taken from master (not saved). */
export async function pullMasterTranslation(db: Queryable, templateId: number, language: TemplateLanguage): Promise<CCATemplate> {
  const row = await findTemplateById(db, templateId);
  if (!row) throw notFound(`Template ${templateId} not found`);
  const template = await toTemplate(db, row, language);
  const master = await findTemplateByShortName(db, MASTER_SHORT_NAME);
  if (!master || master.id === row.id) return template;
  const masterFields = new Map(flattenFields(await loadFields(db, master.id, language)).map((f) => [f.fieldId, f]));
  const pull = (fields: CCAField[]): CCAField[] =>
    fields.map((field) => {
      const source = field.isMasterField ? masterFields.get(field.fieldId) : undefined;
      if (!source) return { ...field, children: pull(field.children) };
      const labelOf = (o: { valueId: string; value: string; label: string }) =>
        (source.valueOptions.find((m) => m.valueId === o.valueId) ?? source.valueOptions.find((m) => m.value === o.value))?.label ?? o.label;
      return {
        ...field,
        name: source.name,
        question: source.question,
        helpText: source.helpText,
        valueOptions: field.valueOptions.map((o) => ({ ...o, label: labelOf(o) })),
        children: pull(field.children),
      };
    });
  return { ...template, fields: pull(template.fields) };
}

/** GET template/counts/{shortName}: what a destructive change in the editor would touch. */
export async function getValueCounts(db: Queryable, shortName: string, account: Account): Promise<TemplateValueCounts> {
  const row = await requireTemplate(db, shortName);
  const counts = await templateWriteFollower().countValues(db, row.id, { id: account.id, roles: account.roles });
  const options: TemplateValueCounts["options"] = {};
  for (const o of counts.options) (options[o.field_id] ??= {})[o.option_value] = o.n;
  return { total: counts.total, fields: Object.fromEntries(counts.fields.map((f) => [f.field_id, f.n])), options };
}
