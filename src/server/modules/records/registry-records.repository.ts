/**
 * The records that may go to international registries (issue 31: the WDPCA / ICCA Registry pack and its
 * coverage, modules/recognition): the public tier (`VISIBLE`: live, public consent, published, not
 * withheld) whose current consent also says `registries` (migration 0023), of the whole site or of one
 * group. Read in batches by primary key, so a pack of 100,000 records never holds more than one batch.
 * Values come as JSON text parsed here (as `exportRows`: PGlite's jsonb reading is slower).
 */
import type { EffectiveRestrictions } from "@/contracts/restrictions";
import type { Queryable, SqlParam } from "../../infra/db/db";
import { VISIBLE } from "./data.repository";

export interface RegistryRecordRow {
  id: number;
  template_id: number;
  field_values: Record<string, { fieldId?: string; name?: string; type: string; value: unknown }>;
  treatments: EffectiveRestrictions;
  location_state: string | null;
  centroid_lon: number | null;
  centroid_lat: number | null;
}

const REGISTRIES = `${VISIBLE} and d.consent_registries`;

function scope(groupId: number | null, params: SqlParam[]): string {
  if (groupId === null) return REGISTRIES;
  params.push(groupId);
  return `${REGISTRIES} and exists (select 1 from cca_data_user_group g where g.data_id = d.id and g.user_group_id = $${params.length})`;
}

const COLUMNS = "d.id, d.template_id, d.field_values::text as field_values, d.treatments, d.location_state, d.centroid_lon, d.centroid_lat";
const parse = (rows: Array<Omit<RegistryRecordRow, "field_values"> & { field_values: string }>): RegistryRecordRow[] =>
  rows.map((r) => ({ ...r, field_values: JSON.parse(r.field_values) as RegistryRecordRow["field_values"] }));

/** How many records of the site (groupId null) or of a group may go to the registries. */
export async function countRegistryRecords(db: Queryable, groupId: number | null): Promise<number> {
  const params: SqlParam[] = [];
  const where = scope(groupId, params);
  return (await db.one<{ n: number }>(`select count(*)::integer as n from cca_data d where ${where}`, params)).n;
}

/** The next batch after `afterId`, by id (the pack's reader). */
export async function registryRecordsAfter(db: Queryable, groupId: number | null, afterId: number, limit: number): Promise<RegistryRecordRow[]> {
  const params: SqlParam[] = [afterId, limit];
  const where = scope(groupId, params);
  return parse(await db.query(`select ${COLUMNS} from cca_data d where ${where} and d.id > $1 order by d.id limit $2`, params));
}

/** One page by id (coverage, paged on the server). */
export async function registryRecordsPage(db: Queryable, groupId: number | null, offset: number, limit: number): Promise<RegistryRecordRow[]> {
  const params: SqlParam[] = [offset, limit];
  const where = scope(groupId, params);
  return parse(await db.query(`select ${COLUMNS} from cca_data d where ${where} order by d.id offset $1 limit $2`, params));
}
