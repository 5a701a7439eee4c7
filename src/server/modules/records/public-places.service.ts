/**
 * Public places kept in step with the template (issue 27, item 4). A record's public centroid (map
 * points, the export's centroid columns), its location and the boxes of its value index are derived
 * when the record is written, from its template's GEOMETRY fields (`record-write.service.ts`). When a template
 * change makes a field stricter (EXACT → GENERALISED → HIDDEN), removes it or retypes it — or looser —
 * `rederivePublicPlaces` rewrites those derived rows of every record holding a value of the field, in
 * the transaction of the template change, so no read or bbox filter still finds the old place.
 *
 * Databases written before this fix may hold such stale rows: migration 0019 queues every record that
 * holds a place under a field that is not an EXACT GEOMETRY field of its template
 * (`cca_public_place_pending`), and `rederivePendingPublicPlaces` (run at every start, a no-op once the
 * queue is empty) rewrites them in batches and empties the queue.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Db, Queryable } from "../../infra/db/db";
import { findChildTemplateIds, findFieldLevels, findLiveParentId, type FieldLevelRow } from "../templates/template.repository";
import { loadWriteTemplate, type RecordTemplate } from "../templates/template-loader.service";
import type { RestrictionOverrides } from "@/contracts/restrictions";
import { deriveRecord } from "./record-document";
import { effectiveRestrictions } from "./treatments";
import { locationOf } from "./record-location";
import type { ValueIndexRow } from "./record-values";
import { clearPendingPlaces, findPlaceRows, findPlaceRowsByIds, replaceIndexRows, takePendingPlaces, updatePlaces, type PlaceRow, type PlaceUpdate } from "./public-places.repository";

const BATCH = 500;

const overridesOf = (raw: PlaceRow["restrictions"]): RestrictionOverrides => ({ record: (raw as RestrictionOverrides).record ?? null, fields: (raw as RestrictionOverrides).fields ?? {} });

/**
 * Derives the public form of records `ids` again (every field), in the caller's transaction: after their
 * labels or their curators' overrides changed (issue 30, item 2), or an embargo ended. Invalidates the
 * record caches on every instance.
 */
export async function rederiveRecords(tx: Queryable, ids: readonly number[]): Promise<void> {
  const rows = await findPlaceRowsByIds(tx, ids);
  const byTemplate = new Map<number, PlaceRow[]>();
  for (const row of rows) byTemplate.set(row.template_id, [...(byTemplate.get(row.template_id) ?? []), row]);
  for (const [templateId, list] of byTemplate) {
    const template = await loadWriteTemplate(tx, templateId);
    if (template) await rederiveRows(tx, template, list, null);
  }
  invalidateCache(CACHE_KEYS.records);
}

/** What a field makes public of what it holds: a place's precision when GEOMETRY, and its default treatment (issue 30). */
const levelOf = (row: FieldLevelRow | undefined): string =>
  row === undefined ? "GONE" : `${row.type === "GEOMETRY" ? (row.public_precision ?? "EXACT") : "NOT-GEOMETRY"}|${JSON.stringify(row.restriction ?? null)}`;

async function levelsOf(db: Queryable, templateId: number): Promise<Map<string, FieldLevelRow>> {
  const rows = await findFieldLevels(db, templateId);
  return new Map(rows.map((r) => [r.field_id, r]));
}

/** A template's fields (what its children's records are written with) and the fields its own records are written with. */
export interface PlaceLevels {
  own: Map<string, FieldLevelRow>;
  records: Map<string, FieldLevelRow>;
}

/** Each field's type and precision, read before and after a template change. */
export async function placeLevels(db: Queryable, templateId: number): Promise<PlaceLevels> {
  const own = await levelsOf(db, templateId);
  const parentId = await findLiveParentId(db, templateId);
  return { own, records: parentId !== null ? await levelsOf(db, parentId) : own };
}

/** Field ids whose public form of a place changed between two readings of `fieldLevels`. */
export function changedPlaceFields(before: ReadonlyMap<string, FieldLevelRow>, after: ReadonlyMap<string, FieldLevelRow>): string[] {
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((id) => {
    const a = before.get(id);
    const b = after.get(id);
    // A field that never held a place nor a treatment changes nothing public when it changes.
    if (a?.type !== "GEOMETRY" && b?.type !== "GEOMETRY" && !a?.restriction && !b?.restriction) return false;
    return levelOf(a) !== levelOf(b);
  });
}

/**
 * Rewrites the public places of records `ids` of one template: the public centroid, the location when
 * that centroid moved (the rule of data/save: a record whose places are all hidden keeps its state
 * only), and the value index rows of `fieldIds` (every field when null). Call inside a transaction.
 */
async function rederiveRows(tx: Queryable, template: RecordTemplate, rows: readonly PlaceRow[], fieldIds: readonly string[] | null): Promise<void> {
  if (rows.length === 0) return;
  const updates: PlaceUpdate[] = [];
  const indexRows: Array<ValueIndexRow & { data_id: number }> = [];
  const only = fieldIds === null ? null : new Set(fieldIds);
  for (const row of rows) {
    const treatments = effectiveRestrictions(template.fields, row.labels, overridesOf(row.restrictions));
    const derived = deriveRecord(template, row.field_values, treatments);
    const lon = derived.centroid?.[0] ?? null;
    const lat = derived.centroid?.[1] ?? null;
    const moved = lon !== row.centroid_lon || lat !== row.centroid_lat;
    const location = moved ? await locationOf(template, row.field_values, treatments) : null;
    updates.push({
      id: row.id,
      lon,
      lat,
      moved,
      state: location?.state ?? null,
      district: location?.district ?? null,
      tahsil: location?.tahsil ?? null,
      treatments,
      record_withheld: derived.recordWithheld,
      treatments_due: derived.treatmentsDue,
      search_text: derived.searchText,
      words: derived.words,
      title_words: derived.titleWords,
      fuzzy_text: derived.fuzzyText,
      fuzzy_lexemes: derived.fuzzyLexemes,
      title_sort: derived.titleSort,
      rich_text_count: derived.richTextCount,
      text_field_count: derived.textFieldCount,
    });
    for (const r of derived.indexRows) if (only === null || only.has(r.field_id)) indexRows.push({ ...r, data_id: row.id });
  }
  await updatePlaces(tx, updates);
  await replaceIndexRows(tx, rows.map((r) => r.id), fieldIds, indexRows);
}

/** The public places of every record (deleted ones too) of one template holding a value of one of `fieldIds`. */
async function rederiveTemplate(tx: Queryable, templateId: number, fieldIds: readonly string[]): Promise<number> {
  if (fieldIds.length === 0) return 0;
  const template = await loadWriteTemplate(tx, templateId);
  if (!template) return 0;
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await findPlaceRows(tx, templateId, after, fieldIds, BATCH);
    if (rows.length === 0) break;
    await rederiveRows(tx, template, rows, fieldIds);
    count += rows.length;
    after = rows.at(-1)!.id;
  }
  return count;
}

/**
 * After a template change, in its transaction (`before` read before any of it, `after` at its end):
 * the public places of the template's records and of its children's (templates whose `parentName` is
 * it: their records are written with its fields) holding a value of a field whose public form of a
 * place changed. Returns how many records were rewritten.
 */
export async function rederivePublicPlaces(tx: Queryable, templateId: number, before: PlaceLevels, after: PlaceLevels): Promise<number> {
  let count = await rederiveTemplate(tx, templateId, changedPlaceFields(before.records, after.records));
  const forChildren = changedPlaceFields(before.own, after.own);
  if (forChildren.length > 0) {
    for (const childId of await findChildTemplateIds(tx, templateId)) count += await rederiveTemplate(tx, childId, forChildren);
  }
  if (count > 0) invalidateCache(CACHE_KEYS.records);
  return count;
}

/**
 * The records migration 0019 queued: rewrites their public places (every field's index rows) in
 * batches, each in its own transaction with the queue rows it empties. Idempotent: with an empty queue
 * it is one small query. Returns how many records were rewritten.
 */
export async function rederivePendingPublicPlaces(db: Db): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows, orphans } = await takePendingPlaces(tx, BATCH);
      if (rows.length === 0) return orphans > 0 ? 0 : -1;
      const byTemplate = new Map<number, PlaceRow[]>();
      for (const row of rows) byTemplate.set(row.template_id, [...(byTemplate.get(row.template_id) ?? []), row]);
      for (const [templateId, list] of byTemplate) {
        const template = await loadWriteTemplate(tx, templateId);
        if (template) await rederiveRows(tx, template, list, null);
      }
      await clearPendingPlaces(tx, rows.map((r) => r.id));
      return rows.length;
    });
    if (done < 0) break;
    count += done;
  }
  if (count > 0) invalidateCache(CACHE_KEYS.records);
  return count;
}

/**
 * Runs `change` (a delete or restore of template `templateId`, in `tx`) and then rewrites the public
 * places of its children's records whose fields changed with it: a child's records are written with
 * its live parent's fields, and with its own once the parent is deleted.
 */
export async function withChildrenPlaces<T>(tx: Queryable, templateId: number, change: () => Promise<T>): Promise<T> {
  const children = await findChildTemplateIds(tx, templateId);
  const before = await Promise.all(children.map((id) => placeLevels(tx, id)));
  const result = await change();
  let count = 0;
  for (const [i, childId] of children.entries()) {
    count += await rederiveTemplate(tx, childId, changedPlaceFields(before[i]!.records, (await placeLevels(tx, childId)).records));
  }
  if (count > 0) invalidateCache(CACHE_KEYS.records);
  return result;
}
