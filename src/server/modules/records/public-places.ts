/**
 * Public places kept in step with the template (issue 27, item 4). A record's public centroid (map
 * points, the export's centroid columns), its location and the boxes of its value index are derived
 * when the record is written, from its template's GEOMETRY fields (`record-write.ts`). When a template
 * change makes a field stricter (EXACT → GENERALISED → HIDDEN), removes it or retypes it — or looser —
 * `rederivePublicPlaces` rewrites those derived rows of every record holding a value of the field, in
 * the transaction of the template change, so no read or bbox filter still finds the old place.
 *
 * Databases written before this fix may hold such stale rows: migration 0019 queues every record that
 * holds a place under a field that is not an EXACT GEOMETRY field of its template
 * (`cca_public_place_pending`), and `rederivePendingPublicPlaces` (run at every start, a no-op once the
 * queue is empty) rewrites them in batches and empties the queue.
 */
import type { PublicPrecision } from "@/contracts/template";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Db, Queryable } from "../../infra/db/db";
import { locationOf } from "./data-save.service";
import { loadRecordTemplate, deriveRecord, type RecordTemplate } from "./record-write";
import type { StoredFieldValue } from "./record-values";

const BATCH = 500;

interface FieldLevelRow {
  field_id: string;
  type: string;
  public_precision: PublicPrecision | null;
}

/** What a field makes public of a place it holds: its precision when GEOMETRY, else nothing of it. */
const levelOf = (row: FieldLevelRow | undefined): string => (row === undefined ? "GONE" : row.type === "GEOMETRY" ? (row.public_precision ?? "EXACT") : `NOT-GEOMETRY`);

async function levelsOf(db: Queryable, templateId: number): Promise<Map<string, FieldLevelRow>> {
  const rows = await db.query<FieldLevelRow>("select field_id, type, public_precision from cca_template_field where template_id = $1", [templateId]);
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
  const parent = await db.maybeOne<{ id: number }>(
    `select p.id from cca_template t join cca_template p on lower(p.short_name) = lower(t.parent_name) and not p.is_deleted where t.id = $1 and p.id <> t.id`,
    [templateId],
  );
  return { own, records: parent ? await levelsOf(db, parent.id) : own };
}

/** Field ids whose public form of a place changed between two readings of `fieldLevels`. */
export function changedPlaceFields(before: ReadonlyMap<string, FieldLevelRow>, after: ReadonlyMap<string, FieldLevelRow>): string[] {
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((id) => {
    const a = before.get(id);
    const b = after.get(id);
    if (a?.type !== "GEOMETRY" && b?.type !== "GEOMETRY") return false;
    return levelOf(a) !== levelOf(b);
  });
}

/** The fields records of a template are written with: its parent's when it has a live one (as data/save does). */
async function writeTemplateOf(db: Queryable, templateId: number): Promise<RecordTemplate | null> {
  const row = await db.maybeOne<{ id: number; short_name: string; parent_name: string | null }>("select id, short_name, parent_name from cca_template where id = $1", [templateId]);
  if (!row) return null;
  const own = await loadRecordTemplate(db, { templateId, includeDeleted: true });
  if (row.parent_name === null) return own;
  const parent = await loadRecordTemplate(db, { shortName: row.parent_name }).catch(() => null);
  return parent ? { ...own, fields: parent.fields } : own;
}

interface PlaceRow {
  id: number;
  field_values: Record<string, StoredFieldValue>;
  centroid_lon: number | null;
  centroid_lat: number | null;
}

/**
 * Rewrites the public places of records `ids` of one template: the public centroid, the location when
 * that centroid moved (the rule of data/save: a record whose places are all hidden keeps its state
 * only), and the value index rows of `fieldIds` (every field when null). Call inside a transaction.
 */
async function rederiveRows(tx: Queryable, template: RecordTemplate, rows: readonly PlaceRow[], fieldIds: readonly string[] | null): Promise<void> {
  if (rows.length === 0) return;
  const updates: Array<{ id: number; lon: number | null; lat: number | null; moved: boolean; state: string | null; district: string | null; tahsil: string | null }> = [];
  const indexRows: Array<Record<string, unknown>> = [];
  const only = fieldIds === null ? null : new Set(fieldIds);
  for (const row of rows) {
    const derived = deriveRecord(template, row.field_values);
    const lon = derived.centroid?.[0] ?? null;
    const lat = derived.centroid?.[1] ?? null;
    const moved = lon !== row.centroid_lon || lat !== row.centroid_lat;
    const location = moved ? await locationOf(template, row.field_values) : null;
    updates.push({ id: row.id, lon, lat, moved, state: location?.state ?? null, district: location?.district ?? null, tahsil: location?.tahsil ?? null });
    for (const r of derived.indexRows) if (only === null || only.has(r.field_id)) indexRows.push({ ...r, data_id: row.id });
  }
  await tx.query(
    `update cca_data d set centroid_lon = x.lon, centroid_lat = x.lat,
            location_state = case when x.moved then x.state else d.location_state end,
            location_district = case when x.moved then x.district else d.location_district end,
            location_tahsil = case when x.moved then x.tahsil else d.location_tahsil end
       from jsonb_to_recordset($1::jsonb) as x(id integer, lon double precision, lat double precision, moved boolean, state text, district text, tahsil text)
      where d.id = x.id and (x.moved or d.centroid_lon is distinct from x.lon or d.centroid_lat is distinct from x.lat)`,
    [JSON.stringify(updates)],
  );
  const ids = rows.map((r) => r.id);
  if (fieldIds === null) await tx.query("delete from cca_data_value where data_id = any($1::integer[])", [ids]);
  else await tx.query("delete from cca_data_value where data_id = any($1::integer[]) and field_id = any($2::text[])", [ids, fieldIds]);
  if (indexRows.length === 0) return;
  await tx.query(
    `insert into cca_data_value (data_id, field_id, ordinal, option_value, num_lo, num_hi, date_lo, date_hi, text_value, bbox, visible)
     select x.data_id, x.field_id, x.ordinal, x.option_value, x.num_lo, x.num_hi, x.date_lo, x.date_hi, x.text_value, x.bbox::box,
            not (d.is_deleted or d.is_template_deleted)
       from jsonb_to_recordset($1::jsonb) as x(data_id integer, field_id text, ordinal smallint, option_value text, num_lo double precision,
            num_hi double precision, date_lo date, date_hi date, text_value text, bbox text)
       join cca_data d on d.id = x.data_id`,
    [JSON.stringify(indexRows)],
  );
}

/** The public places of every record (deleted ones too) of one template holding a value of one of `fieldIds`. */
async function rederiveTemplate(tx: Queryable, templateId: number, fieldIds: readonly string[]): Promise<number> {
  if (fieldIds.length === 0) return 0;
  const template = await writeTemplateOf(tx, templateId);
  if (!template) return 0;
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = await tx.query<PlaceRow>(
      `select id, field_values, centroid_lon, centroid_lat from cca_data
        where template_id = $1 and id > $2 and field_values ?| $3::text[] order by id limit ${BATCH}`,
      [templateId, after, fieldIds],
    );
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
    const children = await tx.query<{ id: number }>(
      `select c.id from cca_template c join cca_template t on lower(t.short_name) = lower(c.parent_name) where t.id = $1 and c.id <> $1`,
      [templateId],
    );
    for (const child of children) count += await rederiveTemplate(tx, child.id, forChildren);
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
      const rows = await tx.query<PlaceRow & { template_id: number }>(
        `select d.id, d.template_id, d.field_values, d.centroid_lon, d.centroid_lat
           from cca_public_place_pending p join cca_data d on d.id = p.data_id
          order by d.id limit ${BATCH} for update of p skip locked`,
      );
      const orphans = await tx.query<{ data_id: number }>("delete from cca_public_place_pending p where not exists (select 1 from cca_data d where d.id = p.data_id) returning data_id");
      if (rows.length === 0) return orphans.length > 0 ? 0 : -1;
      const byTemplate = new Map<number, PlaceRow[]>();
      for (const row of rows) byTemplate.set(row.template_id, [...(byTemplate.get(row.template_id) ?? []), row]);
      for (const [templateId, list] of byTemplate) {
        const template = await writeTemplateOf(tx, templateId);
        if (template) await rederiveRows(tx, template, list, null);
      }
      await tx.query("delete from cca_public_place_pending where data_id = any($1::integer[])", [rows.map((r) => r.id)]);
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
export async function withChildrenPlaces(tx: Queryable, templateId: number, change: () => Promise<void>): Promise<number> {
  const children = await tx.query<{ id: number }>(
    `select c.id from cca_template c join cca_template t on lower(t.short_name) = lower(c.parent_name) where t.id = $1 and c.id <> $1`,
    [templateId],
  );
  const before = await Promise.all(children.map((c) => placeLevels(tx, c.id)));
  await change();
  let count = 0;
  for (const [i, child] of children.entries()) {
    count += await rederiveTemplate(tx, child.id, changedPlaceFields(before[i]!.records, (await placeLevels(tx, child.id)).records));
  }
  if (count > 0) invalidateCache(CACHE_KEYS.records);
  return count;
}
