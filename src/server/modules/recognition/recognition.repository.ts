/** SQL of the registry mapping (migration 0030, `recognition_mapping`): one row per field set. */
import type { FieldSetId, FieldSetMapping } from "@/contracts/recognition";
import type { Queryable } from "../../infra/db/db";

export interface MappingRow {
  field_set: FieldSetId;
  mapping: FieldSetMapping;
  updated_by: number | null;
  updated_on: Date;
}

export function findMapping(db: Queryable, fieldSet: FieldSetId): Promise<MappingRow | null> {
  return db.maybeOne<MappingRow>(`select field_set, mapping, updated_by, updated_on from recognition_mapping where field_set = $1`, [fieldSet]);
}

export async function saveMapping(db: Queryable, fieldSet: FieldSetId, mapping: FieldSetMapping, userId: number): Promise<void> {
  await db.query(
    `insert into recognition_mapping (field_set, mapping, updated_by, updated_on) values ($1, $2::jsonb, $3, now())
     on conflict (field_set) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_on = now()`,
    [fieldSet, JSON.stringify(mapping), userId],
  );
}
