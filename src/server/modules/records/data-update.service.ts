/**
 * Curating a CCA record (reference §3.5, §4.4; issue 14): `data/update` (partial), `data/update/location`,
 * `data/delete/{id}` (soft), `data/restore/{id}` and `data/comment`, with the record's history.
 *
 * Who may (decided on the stored account; 401 anonymous, 404 unknown/deleted record, then 403):
 * - every verb: only a caller the visibility engine lets see the record (visibility.ts; 404 otherwise);
 * - update: owner, allowed editors (`allowed_users`), data curators, admins (the engine's `exact`);
 * - update/location and delete: owner, data curators, admins (reference §5.3: not allowed editors);
 * - restore: data curators and admins;
 * - comment: anyone signed in (the commenter becomes a follower).
 *
 * Update: the given values are checked by the rule module of `data/save` (`checkRecordValues` with
 * `partial`: only the fields given, a required one given empty refused), normalised, merged into the
 * stored document (an empty value clears the stored one) and written with everything derived from it
 * (`updateRecord` in record-write.service.ts; the location again when a geometry changed). Every field whose
 * value really changed gets a "Field updated" activity whose `details` hold the field id, its English
 * name, its type and the old and new values (`compactValue`, src/contracts/record-change.ts), so the
 * record page phrases the history in the visitor's language. Followers hear of every change and comment
 * (`notifyFollowers`). Every write invalidates `CACHE_KEYS.records`.
 */
import { ROLES } from "@site-config";
import SITE_CONFIG from "@site-config";
import type { ActivityEntry } from "@/contracts/activity";
import type { CCAData, RecordLocation } from "@/contracts/cca-data";
import { maxLengthError } from "@/contracts/field-errors";
import { commentBodySchema, dataUpdateBodySchema, recordLocationBodySchema } from "@/contracts/record.schema";
import { checkRecordValues, normaliseRecordValues } from "@/contracts/record-rules";
import { compactValue, describeChange, isFieldChange, RECORD_ACTIVITY, valuesDiffer, withheldChange, type FieldChangeDetails } from "@/contracts/record-change";
import { TEMPLATE_COMMENT_MAX } from "@/contracts/template-rules";
import type { TemplateLanguage } from "@/contracts/template";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { parseCount } from "../../infra/http/params";
import { validateWith } from "../../infra/http/validate";
import type { PlatformDeps } from "../../infra/http/types";
import { addComment, insertActivity, listActivity } from "../activity/activity.repository";
import { checkFilesExist, recordInvalid } from "./data-save.service";
import { templateForRecords } from "../templates/template-loader.service";
import { locationOf } from "./record-location";
import { getRecord } from "./data.service";
import { accessOf } from "./record-access.service";
import type { RecordAccess } from "./visibility";
import { addFollower } from "./record-social.repository";
import { notifyFollowers, type FollowerNotice } from "./record-followers.service";
import { resubmitAfterEdit } from "./record-review.service";
import { restrictionsOfRecord, updateRecord } from "./record-write.service";
import { findTreatments } from "./record-treatments.repository";
import { fieldTreatment } from "./treatments";
import { findEditRow, findRecordTitle, setRecordDeleted, setRecordLocation, type EditRow } from "./record-write.repository";
import { cleanRichTextValues } from "./rich-text";
import { acceptRecordValues } from "@/contracts/accepted-encodings";
import type { StoredFieldValue } from "./record-values";

export { LOCATION_PART_MAX } from "@/contracts/record.schema";
export const COMMENT_MAX = TEMPLATE_COMMENT_MAX;

/**
 * A record of a live template (deleted ones too) the caller may see, with what they may do: 404 when
 * there is none or the visibility engine hides it from them (visibility.ts).
 */
async function loadRow(db: Queryable, id: number, account: Account | null): Promise<EditRow & { access: RecordAccess }> {
  const row = await findEditRow(db, id);
  if (!row) throw notFound(`Record ${id} not found`);
  const access = await accessOf(db, account, row);
  if (!access.see) throw notFound(`Record ${id} not found`);
  return { ...row, access };
}

async function loadLive(db: Queryable, id: number, account: Account | null): Promise<EditRow & { access: RecordAccess }> {
  const row = await loadRow(db, id, account);
  if (row.is_deleted) throw notFound(`Record ${id} not found`);
  return row;
}

const isCurator = (account: Account) => account.isAdmin || account.roles.includes(ROLES.DATACURATOR);
const isOwnerOrCurator = (account: Account, row: EditRow) => account.id === row.user_id || isCurator(account);

function forbid(what: string): never {
  throw new AppError("FORBIDDEN", `You may not ${what} this record`);
}

const LANGUAGES = SITE_CONFIG.LANG.LIST.map((l) => l.code) as readonly string[];
const languageOr = (language: TemplateLanguage): TemplateLanguage => (LANGUAGES.includes(language) ? language : "en");

/** A record's title for messages: its title fields' values, else "Record {id}". */
async function titleOf(db: Queryable, id: number): Promise<string> {
  return (await findRecordTitle(db, id)) || `Record ${id}`;
}

async function tellFollowers(deps: PlatformDeps, id: number, actorId: number, notice: FollowerNotice): Promise<void> {
  try {
    await notifyFollowers(deps, id, actorId, await titleOf(deps.db, id), notice);
  } catch (error) {
    // The write has committed; a failed notice is logged, never an error for the writer.
    deps.logger.error("cca: could not notify the followers of record", id, error);
  }
}

/** The followers' notice: the changes of restricted fields without their values (followers may not see them: issue 30). */
const noticeOf = (changes: readonly FieldChangeDetails[], restricted: ReadonlySet<string> = new Set()): FollowerNotice => {
  const told = changes.map((c) => (restricted.has(c.fieldId) ? withheldChange(c) : c));
  return { en: told.map((c) => describeChange(c, "en")).join("\n"), hi: told.map((c) => describeChange(c, "hi")).join("\n") };
};

// ── data/update ──────────────────────────────────────────────────────────────────────────────────

export interface DataUpdateInput {
  id: number;
  values: Record<string, unknown>;
}

/** `{id, shortName?, ccaFieldValues: {fieldId: {fieldId?, value}}}`: the shape only (the record contract; 400 with field errors). */
export async function readDataUpdateBody(body: Record<string, unknown>): Promise<DataUpdateInput> {
  const { id, ccaFieldValues } = await validateWith(dataUpdateBodySchema, body);
  return { id, values: ccaFieldValues };
}

export async function updateRecordValues(deps: PlatformDeps, account: Account, input: DataUpdateInput, language: TemplateLanguage): Promise<CCAData> {
  const { db } = deps;
  const row = await loadLive(db, input.id, account);
  if (!row.access.exact) forbid("edit");
  const template = await templateForRecords(db, row.short_name);
  // The reference's encodings (an option left empty, nothing drawn, date-times, absolute file URLs) first.
  const submitted = cleanRichTextValues(template.fields, acceptRecordValues(template.fields, input.values));
  const errors = checkRecordValues(template.fields, submitted, { partial: true });
  const normalised = Object.keys(errors).length === 0 ? normaliseRecordValues(template.fields, submitted, { partial: true }) : {};
  if (Object.keys(errors).length === 0) await checkFilesExist(deps.fileStore, template.fields, normalised, errors);
  if (Object.keys(errors).length > 0) throw recordInvalid(template.fields, errors);

  const changes = await db.transaction(async (tx) => {
    // Locked for the merge (the caller's access was decided above).
    const current = await findEditRow(tx, input.id, true);
    if (!current || current.is_deleted) throw notFound(`Record ${input.id} not found`);
    const merged: Record<string, StoredFieldValue> = { ...current.field_values };
    const found: FieldChangeDetails[] = [];
    for (const [fieldId, value] of Object.entries(normalised)) {
      const field = template.write.fields.get(fieldId);
      const type = field?.type ?? "TEXT";
      const before = current.field_values[fieldId]?.value ?? null;
      if (!valuesDiffer(before, value)) continue;
      if (value === null) delete merged[fieldId];
      else merged[fieldId] = { fieldId, name: field?.name ?? fieldId, type, value };
      found.push({ fieldId, name: field?.name ?? fieldId, type, old: compactValue(type, before), new: compactValue(type, value) });
    }
    if (found.length === 0) return found;
    const geometryChanged = found.some((c) => c.type === "GEOMETRY");
    const location = geometryChanged ? await locationOf(template.write, merged, await restrictionsOfRecord(tx, template.write, input.id)) : undefined;
    await updateRecord(tx, template.write, input.id, { values: merged, location });
    for (const change of found) {
      await insertActivity(tx, {
        holderType: "ccaData",
        holderId: input.id,
        userId: account.id,
        activityType: RECORD_ACTIVITY.fieldUpdated,
        description: describeChange(change, "en"),
        details: { ...change },
      });
    }
    // Its owner's edit of a record sent back by a reviewer sends it for review again.
    await resubmitAfterEdit(tx, input.id, account.id, current.user_id, current.review_state);
    return found;
  });
  if (changes.length > 0) {
    invalidateCache(CACHE_KEYS.records);
    await tellFollowers(deps, input.id, account.id, noticeOf(changes, await restrictedChangeFields(db, input.id)));
  }
  return getRecord(db, input.id, languageOr(language), account);
}

// ── data/update/location ─────────────────────────────────────────────────────────────────────────

export async function readLocationBody(body: Record<string, unknown>): Promise<{ id: number; location: RecordLocation }> {
  const { id, location } = await validateWith(recordLocationBodySchema, body);
  return { id, location: { state: location!.state ?? null, district: location!.district ?? null, tahsil: location!.tahsil ?? null } };
}

export async function updateRecordLocation(deps: PlatformDeps, account: Account, input: { id: number; location: RecordLocation }, language: TemplateLanguage): Promise<CCAData> {
  const { db } = deps;
  const row = await loadLive(db, input.id, account);
  if (!isOwnerOrCurator(account, row)) forbid("change the location of");
  const before: RecordLocation = { state: row.location_state, district: row.location_district, tahsil: row.location_tahsil };
  const change: FieldChangeDetails = { fieldId: "location", name: "Location", type: "LOCATION", old: compactValue("LOCATION", before), new: compactValue("LOCATION", input.location) };
  if (change.old === change.new) return getRecord(db, input.id, languageOr(language), account);
  await db.transaction(async (tx) => {
    await setRecordLocation(tx, input.id, input.location);
    await insertActivity(tx, { holderType: "ccaData", holderId: input.id, userId: account.id, activityType: RECORD_ACTIVITY.locationUpdated, description: describeChange(change, "en"), details: { ...change } });
  });
  invalidateCache(CACHE_KEYS.records);
  await tellFollowers(deps, input.id, account.id, noticeOf([change], await restrictedChangeFields(db, input.id)));
  return getRecord(db, input.id, languageOr(language), account);
}

// ── delete / restore ─────────────────────────────────────────────────────────────────────────────

/** Soft delete: the record as it was (its editors' view); hidden from every read afterwards. */
export async function deleteRecord(deps: PlatformDeps, account: Account, id: number, language: TemplateLanguage): Promise<CCAData> {
  const { db } = deps;
  const row = await loadLive(db, id, account);
  if (!isOwnerOrCurator(account, row)) forbid("delete");
  const record = await getRecord(db, id, languageOr(language), account);
  await db.transaction(async (tx) => {
    await setRecordDeleted(tx, id, true);
    await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: RECORD_ACTIVITY.deleted });
  });
  invalidateCache(CACHE_KEYS.records);
  await tellFollowers(deps, id, account.id, { en: "The record was deleted", hi: "यह रिकॉर्ड हटा दिया गया" });
  return record;
}

/** Brings a deleted record back (a live one answers unchanged). Data curators and admins. */
export async function restoreRecord(deps: PlatformDeps, account: Account, id: number, language: TemplateLanguage): Promise<CCAData> {
  const { db } = deps;
  const row = await loadRow(db, id, account);
  if (!isCurator(account)) forbid("restore");
  if (row.is_deleted) {
    await db.transaction(async (tx) => {
      await setRecordDeleted(tx, id, false);
      await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: RECORD_ACTIVITY.restored });
    });
    invalidateCache(CACHE_KEYS.records);
    await tellFollowers(deps, id, account.id, { en: "The record was restored", hi: "यह रिकॉर्ड वापस लाया गया" });
  }
  return getRecord(db, id, languageOr(language), account);
}

// ── data/comment ─────────────────────────────────────────────────────────────────────────────────

export interface RecordCommentInput {
  id: number;
  body: string;
  languageId: number;
}

const recordCommentSchema = commentBodySchema("ccaData", COMMENT_MAX, maxLengthError(COMMENT_MAX));

/** `{body, languageId, rootHolderId, rootHolderType: "ccaData", subRootHolderId?, subRootHolderType?}` (400 with field errors). */
export async function readRecordComment(body: Record<string, unknown>): Promise<RecordCommentInput> {
  const input = await validateWith(recordCommentSchema, body);
  return { id: input.rootHolderId, body: input.body, languageId: input.languageId };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function commentOnRecord(deps: PlatformDeps, account: Account, input: RecordCommentInput): Promise<ActivityEntry> {
  await loadLive(deps.db, input.id, account);
  const entry = await deps.db.transaction(async (tx) => {
    const added = await addComment(tx, { holderType: "ccaData", holderId: input.id, userId: account.id, body: input.body, languageId: input.languageId });
    await addFollower(tx, input.id, account.id);
    return added;
  });
  invalidateCache(CACHE_KEYS.records);
  const name = account.row.name;
  const excerpt = clip(input.body, 500);
  await tellFollowers(deps, input.id, account.id, { en: `${name} commented: ${excerpt}`, hi: `${name} ने टिप्पणी की: ${excerpt}` });
  return entry;
}

/** The history and comments of a record, newest first: open like the record (404 for a missing, deleted or hidden one). */
export async function recordActivity(db: Queryable, id: number, paging: { offset?: string; limit?: string }, account: Account | null) {
  const row = await loadLive(db, id, account);
  const offset = parseCount(paging.offset, "offset", 0, 1_000_000);
  const limit = parseCount(paging.limit, "limit", 10, 100);
  const list = await listActivity(db, "ccaData", id, offset, limit);
  if (row.access.exact) return list;
  // What its treatments withhold or generalise, the history does not tell either (issue 30).
  const restricted = await restrictedChangeFields(db, id);
  if (restricted.size === 0) return list;
  return {
    ...list,
    activity: list.activity.map((entry) => {
      if (!isFieldChange(entry.details) || !restricted.has(entry.details.fieldId)) return entry;
      const details = withheldChange(entry.details);
      return { ...entry, description: describeChange(details, "en"), details: { ...details } };
    }),
  };
}

/**
 * Field ids whose changes readers without exact values may not see: every field with a treatment in
 * force, and the record's location (state, district, tahsil) when one of its places is restricted.
 */
async function restrictedChangeFields(db: Queryable, id: number): Promise<Set<string>> {
  const treatments = await findTreatments(db, id);
  const ids = new Set(Object.keys(treatments.fields).filter((fieldId) => fieldTreatment(treatments, fieldId) !== null));
  if (ids.size > 0) ids.add("location");
  return ids;
}
