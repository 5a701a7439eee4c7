/**
 * `POST cca-api/api/v1/data/save` (reference §3.5, issue 13): a member answers a template.
 *
 * Order of refusals: 401 anonymous (routes), 400 a body that is not `{shortName, usergroups?, ccaFieldValues}`,
 * 404 unknown or deleted template, 403 a caller without a role of the template's `permissions` (admins
 * always may), 400 `VALIDATION_FAILED` with `fieldErrors` keyed by field id (the shared rule module
 * `src/contracts/record-rules.ts`, the form's too; FILE paths must also exist in the files store) and by
 * `usergroups`.
 *
 * Groups: a member may post only to groups they belong to (admins to any live group). Groups the caller
 * is not a member of are REFUSED (400, `usergroups` → `template:record.errors.group_not_member`, the
 * message names them) rather than dropped: the form only offers the member's own groups, so another id
 * is a stale form or a crafted call, and silently publishing to fewer places than asked would surprise.
 * (`data/update/usergroup`, issue 14, keeps the reference's silent drop.)
 *
 * The record: values normalised (`normaliseRecordValues`), each stored with the field's English name and
 * type; fields of the parent template when the template has `parentName`; location
 * `{state, district, tahsil}` of the public centroid (the locationInfo service; none without a public
 * geometry); activity "Data created"; `CACHE_KEYS.records` invalidated (by `createRecords`, and here
 * again after the commit).
 */
import SITE_CONFIG from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import type { ConsentInput } from "@/contracts/consent";
import { FORM_ERRORS, type FieldErrorKey } from "@/contracts/field-errors";
import { dataSaveBodySchema } from "@/contracts/record.schema";
import { checkRecordValues, FILE_PATH_PREFIX, normaliseRecordValues, recordFields, type RecordErrors } from "@/contracts/record-rules";
import type { CCAField, TemplateLanguage } from "@/contracts/template";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import { validateWith } from "../../infra/http/validate";
import { statStoredFile, storedFileKey } from "../../infra/files/file-storage";
import type { FileStore } from "../../infra/files/file-store";
import { insertActivity } from "../activity/activity.repository";
import { getRecord } from "./data.service";
import { createRecord } from "./record-write.service";
import { checkConsentDocument } from "./record-consent.service";
import { findGroupMemberships } from "./record-write.repository";
import { locationOf } from "./record-location";
import { cleanRichTextValues } from "./rich-text";
import { acceptRecordValues } from "@/contracts/accepted-encodings";
import type { StoredFieldValue } from "./record-values";
import { templateForRecords } from "../templates/template-loader.service";
import { KeyTaken, keyReusedError, type SubmissionKey } from "./submission-key";
import { claimSubmissionKey, findSubmissionKey, setSubmissionKeyRecord } from "./submission-key.repository";

export const DATA_CREATED = "Data created";

export const DATA_SAVE_MSG = {
  groupNotMember: "template:record.errors.group_not_member",
  fileMissing: "template:record.errors.file_missing",
} as const satisfies Record<string, FieldErrorKey>;

const LANGUAGES = SITE_CONFIG.LANG.LIST.map((l) => l.code) as readonly string[];

export interface DataSaveInput {
  shortName: string;
  usergroups: number[];
  values: Record<string, unknown>;
  /** None: stored without consent (not public). */
  consent: ConsentInput | null;
}

/** The body's shape (not its values): 400 with field errors (the record contract, src/contracts/record.schema.ts). */
export async function readDataSaveBody(body: Record<string, unknown>): Promise<DataSaveInput> {
  const { shortName, usergroups, ccaFieldValues, consent } = await validateWith(dataSaveBodySchema, body);
  return { shortName, usergroups, values: ccaFieldValues, consent: (consent ?? null) as ConsentInput | null };
}

/** `/files-api/api/get/raw/<dir>/<a>/<b>` → whether the file exists in the store. */
export async function fileExists(store: FileStore, uri: string): Promise<boolean> {
  const [directory, ...segments] = uri.slice(FILE_PATH_PREFIX.length).split("/");
  try {
    await statStoredFile(store, storedFileKey(directory ?? "", segments));
    return true;
  } catch {
    return false;
  }
}

export async function checkFilesExist(store: FileStore, fields: readonly CCAField[], values: Record<string, unknown>, errors: RecordErrors): Promise<void> {
  for (const field of recordFields(fields)) {
    if (field.type !== "FILE" || errors[field.fieldId] || !Array.isArray(values[field.fieldId])) continue;
    for (const item of values[field.fieldId] as Array<{ path: string }>) {
      if (!(await fileExists(store, item.path))) {
        errors[field.fieldId] = DATA_SAVE_MSG.fileMissing;
        break;
      }
    }
  }
}

/** The live groups among `ids` the caller may post to; 400 naming the others. */
async function checkGroups(db: Queryable, account: Account, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await findGroupMemberships(db, ids, account.id);
  const live = new Map(rows.map((r) => [r.id, r.member]));
  const unknown = ids.filter((id) => !live.has(id));
  const refused = account.isAdmin ? [] : ids.filter((id) => live.get(id) === false);
  if (unknown.length > 0) {
    throw new AppError("VALIDATION_FAILED", `The record is not valid: usergroups ${unknown.join(", ")} are not groups`, { usergroups: FORM_ERRORS.invalid });
  }
  if (refused.length > 0) {
    throw new AppError("VALIDATION_FAILED", `The record is not valid: you are not a member of usergroups ${refused.join(", ")}`, {
      usergroups: DATA_SAVE_MSG.groupNotMember,
    });
  }
}

/** 400 `VALIDATION_FAILED` naming each field and its problem, `fieldErrors` keyed by field id. */
export function recordInvalid(fields: readonly CCAField[], errors: RecordErrors): AppError {
  const names = new Map(recordFields(fields).map((f) => [f.fieldId, f.name]));
  const reasons = Object.entries(errors).map(([id, key]) => `${names.get(id) ?? id} (${id}): ${key.split("|")[0]!.split(".").pop()!.replace(/_/g, " ")}`);
  return new AppError("VALIDATION_FAILED", `The record is not valid: ${reasons.join("; ")}`, errors);
}

/** The record a key already made (its body must be the same), or null when the key is new. */
async function replayOf(db: Db, account: Account, key: SubmissionKey, language: TemplateLanguage): Promise<CCAData | null> {
  const row = await findSubmissionKey(db, account.id, key.key);
  if (row === null) return null;
  if (row.body_hash !== key.bodyHash) throw keyReusedError();
  if (row.data_id === null) throw new AppError("CONFLICT", "This record is still being saved: try again in a moment");
  return getRecord(db, row.data_id, LANGUAGES.includes(language) ? language : "en", account);
}

/**
 * `data/save` with an optional idempotency key (submission-key.ts): `replayed` when the key had made the
 * record already (nothing is written then).
 */
export async function saveRecordOnce(
  deps: { db: Db; fileStore: FileStore },
  account: Account,
  input: DataSaveInput,
  language: TemplateLanguage,
  key: SubmissionKey | null,
): Promise<{ record: CCAData; replayed: boolean }> {
  if (key === null) return { record: await saveRecord(deps, account, input, language), replayed: false };
  const earlier = await replayOf(deps.db, account, key, language);
  if (earlier) return { record: earlier, replayed: true };
  try {
    return { record: await saveRecord(deps, account, input, language, key), replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const replay = await replayOf(deps.db, account, key, language);
    if (replay === null) throw new AppError("CONFLICT", "This record is still being saved: try again in a moment");
    return { record: replay, replayed: true };
  }
}

export async function saveRecord(
  deps: { db: Db; fileStore: FileStore },
  account: Account,
  input: DataSaveInput,
  language: TemplateLanguage = "en",
  key: SubmissionKey | null = null,
): Promise<CCAData> {
  const { db, fileStore } = deps;
  const template = await templateForRecords(db, input.shortName);
  if (!account.isAdmin && !template.permissions.some((role) => account.roles.includes(role))) {
    throw new AppError("FORBIDDEN", `Your roles do not allow answering template "${input.shortName}"`);
  }
  // The reference's encodings (an option left empty, nothing drawn, date-times, absolute file URLs) first.
  const submitted = cleanRichTextValues(template.fields, acceptRecordValues(template.fields, input.values));
  const errors = checkRecordValues(template.fields, submitted);
  const normalised = Object.keys(errors).length === 0 ? normaliseRecordValues(template.fields, submitted) : {};
  if (Object.keys(errors).length === 0) await checkFilesExist(fileStore, template.fields, normalised, errors);
  if (Object.keys(errors).length > 0) throw recordInvalid(template.fields, errors);
  await checkGroups(db, account, input.usergroups);
  if (input.consent) await checkConsentDocument({ fileStore }, input.consent, "consent.document");

  const values: Record<string, StoredFieldValue> = {};
  for (const [fieldId, value] of Object.entries(normalised)) {
    const field = template.write.fields.get(fieldId);
    values[fieldId] = { fieldId, name: field?.name ?? fieldId, type: field?.type ?? "TEXT", value };
  }
  const location = await locationOf(template.write, values);
  const id = await db.transaction(async (tx) => {
    if (key !== null && !(await claimSubmissionKey(tx, account.id, key.key, key.bodyHash))) throw new KeyTaken();
    const recordId = await createRecord(tx, { template: template.write, userId: account.id, values, userGroupIds: input.usergroups, location, consent: input.consent, reviewState: template.needsReview ? "PENDING" : "PUBLISHED" });
    await insertActivity(tx, { holderType: "ccaData", holderId: recordId, userId: account.id, activityType: DATA_CREATED });
    if (key !== null) await setSubmissionKeyRecord(tx, account.id, key.key, recordId);
    return recordId;
  });
  invalidateCache(CACHE_KEYS.records);
  return getRecord(db, id, LANGUAGES.includes(language) ? language : "en", account);
}

