/**
 * cca-api template writes (reference §3.5, §4.3) by admins and template curators: save, update (the
 * default language's structure and texts, or one language's texts), soft delete and restore (records
 * hidden with the template; their public places follow through the follower records registers,
 * template-followers.ts). Bodies are checked by the template contract: `id` and `version` by
 * src/contracts/template.schema.ts (`validateWith`), the rest by the pure rules of src/contracts/template-rules.ts.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import SITE_CONFIG, { languageIdFor } from "@site-config";
import { checkTemplate, checkTemplateTexts, TEMPLATE_MSG, type CleanTemplate, type RuleResult } from "@/contracts/template-rules";
import { MASTER_SHORT_NAME, type CCATemplate, type TemplateLanguage } from "@/contracts/template";
import { templateUpdateKeysSchema } from "@/contracts/template.schema";
import type { Account } from "../accounts/account-context";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { ACTIVITY, insertActivity } from "../activity/activity.repository";
import {
  findMasterFieldTypes,
  findParentChain,
  findTemplateById,
  findTemplateByShortName,
  insertTemplate,
  isShortNameTaken,
  lockTemplateAtVersion,
  replaceFields,
  setTemplateDeleted,
  touchTemplate,
  updateTemplateMeta,
  upsertFieldTexts,
  upsertTemplateText,
} from "./template.repository";
import { isTemplateWriter, requireTemplate, toTemplate } from "./template-read.service";
import { templateWriteFollower } from "./template-followers";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;
const DEFAULT_LANGUAGE = SITE_CONFIG.LANG.DEFAULT as TemplateLanguage;

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

const metaOf = (t: CleanTemplate) => ({ shortName: t.shortName, parentName: t.parentName, permissions: t.permissions, platform: t.platform, needsReview: t.needsReview });

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

/** 409 when the template changed since the editor read `version` (issue 27 item 16: a stale save dropped fields and their Hindi texts). */
async function assertVersion(tx: Queryable, id: number, version: string | null): Promise<void> {
  if (version !== null && !(await lockTemplateAtVersion(tx, id, version))) {
    throw new AppError("CONFLICT", "Someone saved this template after you read it: reload it and make your changes again", { version: TEMPLATE_MSG.staleVersion });
  }
}

/**
 * PUT template/update. In the default language: metadata, the field tree and the default texts
 * (other languages' texts of kept fields stay). In another language: only that language's texts.
 */
export async function updateTemplate(db: Db, account: Account, input: Record<string, unknown>, queryLanguage: TemplateLanguage | null = null): Promise<CCATemplate> {
  assertTemplateWriter(account);
  // Which template and the version its editor read (null: unchecked), by the template contract.
  const { id, version } = await validateWith(templateUpdateKeysSchema, input);
  const row = await findTemplateById(db, id);
  if (!row) throw notFound(`Template ${id} not found`);

  // The body's language counts; a client that names it only in the query (as the reference UI does) means it too.
  const bodyLanguage = input.language === undefined || input.language === null || input.language === "" ? null : input.language;
  if (bodyLanguage !== null && queryLanguage !== null && bodyLanguage !== queryLanguage) {
    throw new AppError("VALIDATION_FAILED", `The template is not valid: language "${String(bodyLanguage)}" differs from ?language=${queryLanguage}`, { language: TEMPLATE_MSG.language });
  }
  const language = bodyLanguage ?? queryLanguage ?? DEFAULT_LANGUAGE;
  const body = { ...input, language };
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
