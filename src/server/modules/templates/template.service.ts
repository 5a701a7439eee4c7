/**
 * cca-api templates (reference §3.5, §4.3): reads in a language with fallback to the default one,
 * writes by admins and template curators, soft delete and restore (records hidden with the template),
 * the master template's translations, filter and chart fields, counts of stored values per field.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import SITE_CONFIG, { languageIdFor } from "@site-config";
import { hasAccess } from "@/shared/access";
import { checkTemplate, checkTemplateTexts, TEMPLATE_MSG, type CleanTemplate, type RuleResult } from "@/contracts/template-rules";
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
import type { Db, Queryable } from "../../infra/db/db";
import { ROW_VERSION_MAX } from "../../infra/db/row-version";
import { AppError, notFound } from "../../infra/http/app-error";
import { ACTIVITY, insertActivity } from "../activity/activity.repository";
import {
  countTemplateValues,
  findFieldRows,
  findFieldTexts,
  findMasterFieldTypes,
  findParentChain,
  findTemplateById,
  findTemplateByShortName,
  findTemplateTexts,
  insertTemplate,
  isShortNameTaken,
  listTemplateRows,
  lockTemplateAtVersion,
  replaceFields,
  setTemplateDeleted,
  touchTemplate,
  updateTemplateMeta,
  upsertFieldTexts,
  upsertTemplateText,
  type FieldRow,
  type FieldTextRow,
  type TemplateRow,
  type TemplateTextRow,
  rowToClean,
} from "./template.repository";
import { templateWriteFollower } from "./template-followers";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT as TemplateLanguage;

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

async function toTemplate(db: Queryable, row: TemplateRow, language: TemplateLanguage): Promise<CCATemplate> {
  const texts = await findTemplateTexts(db, [row.id]);
  return { ...toSummary(row, texts, language), fields: await loadFields(db, row.id, language) };
}

async function requireTemplate(db: Queryable, shortName: string): Promise<TemplateRow> {
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
export async function getValueCounts(db: Queryable, shortName: string): Promise<TemplateValueCounts> {
  const row = await requireTemplate(db, shortName);
  const counts = await countTemplateValues(db, row.id);
  const options: TemplateValueCounts["options"] = {};
  for (const o of counts.options) (options[o.field_id] ??= {})[o.option_value] = o.n;
  return { total: counts.total, fields: Object.fromEntries(counts.fields.map((f) => [f.field_id, f.n])), options };
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────

export function assertTemplateWriter(account: Account): void {
  if (!isTemplateWriter(account)) throw new AppError("FORBIDDEN", "Only administrators and template curators may change templates");
}

function failIfInvalid<T>(result: RuleResult<T>): T {
  if (Object.keys(result.errors).length > 0) {
    const list = Object.entries(result.reasons).map(([field, reason]) => `${field} ${reason}`).join("; ");
    throw new AppError("VALIDATION_FAILED", `The template is not valid: ${list}`, result.errors);
  }
  return result.value;
}

async function checkBody(db: Queryable, body: Record<string, unknown>): Promise<CleanTemplate> {
  return failIfInvalid(checkTemplate(body, { masterFields: await findMasterFieldTypes(db, MASTER_SHORT_NAME) }));
}

/** shortName free (409 SHORT_NAME_TAKEN), parent a live template that does not lead back here (400). */
async function checkNames(db: Queryable, template: CleanTemplate, exceptId: number | null): Promise<void> {
  if (await isShortNameTaken(db, template.shortName, exceptId)) {
    throw new AppError("SHORT_NAME_TAKEN", `The short name "${template.shortName}" is taken by another template (deleted ones included)`, { shortName: TEMPLATE_MSG.shortNameTaken });
  }
  if (template.parentName !== null) {
    if (!(await findTemplateByShortName(db, template.parentName))) {
      throw new AppError("VALIDATION_FAILED", `The template is not valid: parentName "${template.parentName}" is not a template`, { parentName: TEMPLATE_MSG.parentUnknown });
    }
    if ((await findParentChain(db, template.parentName)).includes(template.shortName.toLowerCase())) {
      throw new AppError("VALIDATION_FAILED", `The template is not valid: parentName "${template.parentName}" leads back to this template`, { parentName: TEMPLATE_MSG.parentCycle });
    }
  }
}

const metaOf = (t: CleanTemplate) => ({ shortName: t.shortName, parentName: t.parentName, permissions: t.permissions, platform: t.platform });

/** The languages a full write stores its texts in: the default, and the body's own when it is another. */
const textLanguages = (language: TemplateLanguage): number[] =>
  language === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE_ID] : [DEFAULT_LANGUAGE_ID, languageIdFor(language)];

/** POST template/save. */
export async function createTemplate(db: Db, account: Account, body: Record<string, unknown>): Promise<CCATemplate> {
  assertTemplateWriter(account);
  const template = await checkBody(db, body);
  await checkNames(db, template, null);
  const id = await db.transaction(async (tx) => {
    const templateId = await insertTemplate(tx, metaOf(template), account.id);
    for (const languageId of textLanguages(template.language)) await upsertTemplateText(tx, templateId, languageId, template.name, template.description);
    await replaceFields(tx, templateId, template.fields, textLanguages(template.language));
    await insertActivity(tx, { holderType: "ccaTemplate", holderId: templateId, userId: account.id, activityType: ACTIVITY.templateCreated, description: template.shortName });
    return templateId;
  }).catch(rethrowShortNameRace(template.shortName));
  invalidateCache(CACHE_KEYS.templates);
  return toTemplate(db, (await findTemplateById(db, id))!, template.language);
}

/** A unique-index violation by a concurrent save of the same shortName is a 409 too. */
function rethrowShortNameRace(shortName: string) {
  return (error: unknown): never => {
    if (error instanceof Error && /cca_template_short_name_key/.test(error.message)) {
      throw new AppError("SHORT_NAME_TAKEN", `The short name "${shortName}" is taken by another template`, { shortName: TEMPLATE_MSG.shortNameTaken });
    }
    throw error;
  };
}

function readTemplateId(body: Record<string, unknown>): number {
  const raw = body.id;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError("VALIDATION_FAILED", "The template is not valid: id must be the id of the template", { id: TEMPLATE_MSG.invalid });
  }
  return id;
}

/**
 * PUT template/update. In the default language: metadata, the field tree and the default texts
 * (other languages' texts of kept fields stay). In another language: only that language's texts.
 */
/** The body's optimistic `version` (CCATemplate.version); null when the client sends none (the reference UI), which saves unchecked. */
function readVersion(input: Record<string, unknown>): string | null {
  const raw = input.version;
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw !== "string" || raw.length > ROW_VERSION_MAX) throw new AppError("VALIDATION_FAILED", "version must be the text the template was read with", { version: TEMPLATE_MSG.invalid });
  return raw;
}

/** 409 when the template changed since the editor read `version` (issue 27 item 16: a stale save dropped fields and their Hindi texts). */
async function assertVersion(tx: Queryable, id: number, version: string | null): Promise<void> {
  if (version !== null && !(await lockTemplateAtVersion(tx, id, version))) {
    throw new AppError("CONFLICT", "Someone saved this template after you read it: reload it and make your changes again", { version: TEMPLATE_MSG.staleVersion });
  }
}

export async function updateTemplate(db: Db, account: Account, input: Record<string, unknown>, queryLanguage: TemplateLanguage | null = null): Promise<CCATemplate> {
  assertTemplateWriter(account);
  const id = readTemplateId(input);
  const row = await findTemplateById(db, id);
  if (!row) throw notFound(`Template ${id} not found`);

  // The body's language counts; a client that names it only in the query (as the reference UI does) means it too.
  const bodyLanguage = input.language === undefined || input.language === null || input.language === "" ? null : input.language;
  if (bodyLanguage !== null && queryLanguage !== null && bodyLanguage !== queryLanguage) {
    throw new AppError("VALIDATION_FAILED", `The template is not valid: language "${String(bodyLanguage)}" differs from ?language=${queryLanguage}`, { language: TEMPLATE_MSG.language });
  }
  const language = bodyLanguage ?? queryLanguage ?? DEFAULT_LANGUAGE;
  const body = { ...input, language };
  const version = readVersion(input);
  if (language !== DEFAULT_LANGUAGE) {
    const texts = failIfInvalid(checkTemplateTexts(body));
    const languageId = languageIdFor(texts.language);
    await db.transaction(async (tx) => {
      await assertVersion(tx, id, version);
      await upsertTemplateText(tx, id, languageId, texts.name, texts.description);
      const written = await upsertFieldTexts(tx, id, languageId, [...texts.fields].map(([fieldId, t]) => ({ fieldId, ...t })));
      await touchTemplate(tx, id);
      await insertActivity(tx, { holderType: "ccaTemplate", holderId: id, userId: account.id, activityType: ACTIVITY.templateTranslated, description: texts.language, details: { language: texts.language, fields: written } });
    });
    invalidateCache(CACHE_KEYS.templates);
    invalidateCache(CACHE_KEYS.records); // facets and map points cached under the template's version
    return toTemplate(db, (await findTemplateById(db, id))!, texts.language);
  }

  const template = await checkBody(db, body);
  if (row.short_name.toLowerCase() === MASTER_SHORT_NAME && template.shortName !== row.short_name) {
    throw new AppError("VALIDATION_FAILED", `The template is not valid: the master template keeps the short name "${row.short_name}"`, { shortName: TEMPLATE_MSG.masterRename });
  }
  await checkNames(db, template, id);
  await db.transaction(async (tx) => {
    await assertVersion(tx, id, version);
    // A GEOMETRY field made stricter, looser, retyped or removed (or another parent): the records' public places follow now (issue 27).
    const change = await templateWriteFollower().fieldsChange(tx, id, async () => {
      await updateTemplateMeta(tx, id, metaOf(template));
      await upsertTemplateText(tx, id, DEFAULT_LANGUAGE_ID, template.name, template.description);
      return replaceFields(tx, id, template.fields, [DEFAULT_LANGUAGE_ID]);
    });
    await insertActivity(tx, {
      holderType: "ccaTemplate",
      holderId: id,
      userId: account.id,
      activityType: ACTIVITY.templateUpdated,
      description: `${change.added.length} field(s) added, ${change.removed.length} removed, ${change.changed.length} changed`,
      details: { language: DEFAULT_LANGUAGE, addedFields: change.added, removedFields: change.removed, changedFields: change.changed },
    });
  }).catch(rethrowShortNameRace(template.shortName));
  invalidateCache(CACHE_KEYS.templates);
  // Which fields are facets (isFilterable), their types and options: cached facets and map points go too.
  invalidateCache(CACHE_KEYS.records);
  return toTemplate(db, (await findTemplateById(db, id))!, DEFAULT_LANGUAGE);
}

/** DELETE template/delete/{shortName}: soft; its records are hidden until a restore. The master stays. */
export async function deleteTemplate(db: Db, account: Account, shortName: string): Promise<CCATemplate> {
  assertTemplateWriter(account);
  const row = await requireTemplate(db, shortName);
  if (row.short_name.toLowerCase() === MASTER_SHORT_NAME) {
    throw new AppError("CONFLICT", "The master template cannot be deleted: filters, summaries and titles of every template depend on it");
  }
  await db.transaction(async (tx) => {
    // Its children's records are judged by their own fields from now on (issue 27).
    await templateWriteFollower().deleteOrRestore(tx, row.id, () => setTemplateDeleted(tx, row.id, true));
    await insertActivity(tx, { holderType: "ccaTemplate", holderId: row.id, userId: account.id, activityType: ACTIVITY.templateDeleted });
  });
  invalidateCache(CACHE_KEYS.templates);
  invalidateCache(CACHE_KEYS.records);
  return toTemplate(db, (await findTemplateById(db, row.id, true))!, DEFAULT_LANGUAGE);
}

/** PUT template/restore/{shortName}: a deleted template and its records come back (a live one answers as is). */
export async function restoreTemplate(db: Db, account: Account, shortName: string): Promise<CCATemplate> {
  assertTemplateWriter(account);
  const row = await findTemplateByShortName(db, shortName, true);
  if (!row) throw notFound(`Template "${shortName}" not found`);
  if (row.is_deleted) {
    await db.transaction(async (tx) => {
      await templateWriteFollower().deleteOrRestore(tx, row.id, () => setTemplateDeleted(tx, row.id, false));
      await insertActivity(tx, { holderType: "ccaTemplate", holderId: row.id, userId: account.id, activityType: ACTIVITY.templateRestored });
    });
  }
  invalidateCache(CACHE_KEYS.templates);
  invalidateCache(CACHE_KEYS.records);
  return toTemplate(db, (await findTemplateById(db, row.id))!, DEFAULT_LANGUAGE);
}
