/**
 * The record write core: stores a record's document (`field_values`) with everything reads derive
 * from it in the same transaction — the PUBLIC centroid, the typed value index (`cca_data_value`),
 * the free-text words (`search_text`, `search_vector`, `title_vector`), the counts and the group rows
 * (`deriveRecord`, record-document.ts; the SQL in record-write.repository.ts). No rules are checked
 * here: `data/save` (issue 13) checks them before calling `createRecord`. Used by the demo seed, the
 * bulk generator (`createRecords`, set-based) and the tests.
 *
 * Sensitive locations (template field `publicPrecision`): the stored centroid and the value index hold
 * only what anyone may see. The exact value stays in `field_values`, which reads hand out only to its editors.
 */
import type { ConsentInput } from "@/contracts/consent";
import type { EffectiveRestrictions, RestrictionOverrides } from "@/contracts/restrictions";
import type { ReviewState } from "@/contracts/review";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { RecordLocation } from "@/contracts/cca-data";
import type { Queryable } from "../../infra/db/db";
import { loadRecordTemplate, type RecordTemplate } from "../templates/template-loader.service";
import { deriveRecord, type DerivedRecord } from "./record-document";
import { effectiveRestrictions } from "./treatments";
import { findTreatmentInputs } from "./record-treatments.repository";
import { consentRowOf } from "./record-consent";
import { insertConsents } from "./record-consent.repository";
import { insertGroupLinks, insertRecordRows, insertValueRows, nextRecordIds, updateRecordDocument, writeValueRows, type RecordInsertRow } from "./record-write.repository";
import type { StoredFieldValue } from "./record-values";

export interface RecordInput {
  userId: number;
  values: Record<string, StoredFieldValue>;
  userGroupIds?: readonly number[];
  allowedUsers?: readonly number[];
  /** ISO date or Date; now when absent (also `updatedOn`). */
  createdOn?: string | Date;
  location?: RecordLocation | null;
  /**
   * The record's consent (src/contracts/consent.ts). `data/save` always passes what the contributor gave
   * (null: none, the record is not public). Left out (the demo seed, the bulk generator, tests): the
   * contributor's declaration for the public, on the record's creation date.
   */
  consent?: ConsentInput | null;
  /** PENDING when its template asks for a curator's review (data/save); published otherwise. */
  reviewState?: ReviewState;
  /** Curators' treatment overrides it starts with (the bulk generator; issue 30): none when absent. */
  restrictions?: RestrictionOverrides;
}

export interface CreateRecordInput extends RecordInput {
  templateId?: number;
  template?: RecordTemplate;
}

const toIso = (d: string | Date | undefined) => (d === undefined ? null : new Date(d).toISOString());

/** A record row for the set-based insert (also used for one record). */
function recordRow(id: number, template: RecordTemplate, input: RecordInput, derived: DerivedRecord): RecordInsertRow {
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
    fuzzy_text: derived.fuzzyText,
    fuzzy_lexemes: derived.fuzzyLexemes,
    title_sort: derived.titleSort,
    created_on: toIso(input.createdOn),
    review_state: input.reviewState ?? "PUBLISHED",
    restrictions: input.restrictions ?? null,
    treatments: derived.treatments,
    record_withheld: derived.recordWithheld,
    treatments_due: derived.treatmentsDue,
  };
}

/** The consent of a record made without a form (seed, bulk, tests): the contributor's declaration for the public. */
function publicDeclaration(createdOn: string | Date | undefined): ConsentInput {
  const day = (createdOn === undefined ? new Date() : new Date(createdOn)).toISOString().slice(0, 10);
  return { audience: "PUBLIC", registries: false, givenBy: "CONTRIBUTOR", method: "DECLARATION", givenOn: day, document: null, note: null };
}

/**
 * Inserts records of one template in one statement per table (set-based; the bulk generator sends
 * batches of ~1,000). Returns their ids in input order. Call `invalidateCache(CACHE_KEYS.records)`
 * after the transaction commits (this function does it too, for callers that forget).
 */
export async function createRecords(tx: Queryable, template: RecordTemplate, inputs: readonly RecordInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const ids = await nextRecordIds(tx, inputs.length);
  const derived = inputs.map((input) => deriveRecord(template, input.values, input.restrictions ? effectiveRestrictions(template.fields, [], input.restrictions) : undefined));
  await insertRecordRows(tx, inputs.map((input, i) => recordRow(ids[i]!, template, input, derived[i]!)));
  await insertValueRows(tx, derived.flatMap((d, i) => d.indexRows.map((r) => ({ ...r, data_id: ids[i]! }))));
  await insertConsents(
    tx,
    inputs.map((input, i) => consentRowOf(ids[i]!, input.userId, input.consent === undefined ? publicDeclaration(input.createdOn) : input.consent)).filter((r) => r !== null),
  );
  await insertGroupLinks(tx, inputs.flatMap((input, i) => [...new Set(input.userGroupIds ?? [])].map((g) => ({ data_id: ids[i]!, user_group_id: g }))));
  invalidateCache(CACHE_KEYS.records);
  return ids;
}

/** Creates one record (its template by id, or loaded already) and returns its id. */
export async function createRecord(tx: Queryable, input: CreateRecordInput): Promise<number> {
  const template = input.template ?? (await loadRecordTemplate(tx, { templateId: input.templateId }));
  const [id] = await createRecords(tx, template, [input]);
  return id!;
}

/** A stored record's treatments under `template` (its labels and its curators' overrides; treatments.ts). */
export async function restrictionsOfRecord(tx: Queryable, template: RecordTemplate, id: number): Promise<EffectiveRestrictions> {
  const { labels, restrictions } = await findTreatmentInputs(tx, id);
  return effectiveRestrictions(template.fields, labels, restrictions);
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
  const derived = deriveRecord(template, input.values, await restrictionsOfRecord(tx, template, id));
  await updateRecordDocument(tx, id, derived, input.location);
  await writeValueRows(tx, id, derived.indexRows);
  invalidateCache(CACHE_KEYS.records);
}
