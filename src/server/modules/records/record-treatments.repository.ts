/**
 * SQL of a record's treatments (migration 0027): what they are derived from (the record's label ids and
 * its curators' overrides, `cca_data.restrictions`), the overrides' write, and the records whose embargo
 * ends (`treatments_due`), queued for derivation (`cca_public_place_pending`, public-places.service.ts).
 */
import { NO_OVERRIDES, type EffectiveRestrictions, type RestrictionOverrides } from "@/contracts/restrictions";
import type { Queryable } from "../../infra/db/db";

export interface TreatmentInputs {
  labels: string[];
  restrictions: RestrictionOverrides;
}

const overridesOf = (raw: unknown): RestrictionOverrides => {
  const o = (raw ?? {}) as Partial<RestrictionOverrides>;
  return { record: o.record ?? null, fields: o.fields ?? {} };
};

/** A record's label ids and overrides (none for an unknown id). */
export async function findTreatmentInputs(db: Queryable, dataId: number): Promise<TreatmentInputs> {
  const row = await db.maybeOne<{ restrictions: unknown; labels: string[] | null }>(
    "select d.restrictions, array(select l.label_id from cca_data_label l where l.data_id = d.id order by l.label_id) as labels from cca_data d where d.id = $1",
    [dataId],
  );
  return row ? { labels: row.labels ?? [], restrictions: overridesOf(row.restrictions) } : { labels: [], restrictions: NO_OVERRIDES };
}

/** A record's treatments as last derived (`cca_data.treatments`; none for an unknown id). */
export async function findTreatments(db: Queryable, dataId: number): Promise<EffectiveRestrictions> {
  const row = await db.maybeOne<{ treatments: Partial<EffectiveRestrictions> }>("select treatments from cca_data where id = $1", [dataId]);
  return { record: row?.treatments.record ?? null, fields: row?.treatments.fields ?? {} };
}

/** Stores a record's overrides (the caller derives the record again in the same transaction). */
export async function updateOverrides(tx: Queryable, dataId: number, overrides: RestrictionOverrides): Promise<void> {
  await tx.query("update cca_data set restrictions = $2::jsonb where id = $1", [dataId, JSON.stringify(overrides)]);
}

/** Queues records for derivation: the given ids, and every record whose embargo ends by today. Returns how many were queued. */
export async function queueForDerivation(db: Queryable, ids: readonly number[] | "due"): Promise<number> {
  const rows =
    ids === "due"
      ? await db.query<{ data_id: number }>(
          "insert into cca_public_place_pending (data_id) select id from cca_data where treatments_due <= current_date on conflict do nothing returning data_id",
        )
      : await db.query<{ data_id: number }>(
          "insert into cca_public_place_pending (data_id) select unnest($1::integer[]) on conflict do nothing returning data_id",
          [ids],
        );
  return rows.length;
}
