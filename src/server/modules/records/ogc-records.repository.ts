/**
 * The public records of one template as OGC API – Features items (modules/ogc): the public tier only
 * (`VISIBLE`: live, public consent, published, not withheld), read by keyset on the primary key so a
 * page deep in 100,000 records costs what the first page costs. A `bbox` is matched against the PUBLIC
 * centroid (a generalised place is its cell's centre, a hidden one has none and never matches), read
 * from the covering map index `cca_data_map_idx (id) include (centroid_lon, centroid_lat)`; `datetime`
 * against the record's last change. The rows themselves are read by `exportRows` (data.repository.ts).
 */
import type { Queryable, SqlParam } from "../../infra/db/db";
import { VISIBLE } from "./data.repository";

export interface OgcRecordFilter {
  templateId: number;
  /** [minLon, minLat, maxLon, maxLat] in WGS 84. */
  bbox: [number, number, number, number] | null;
  /** Last change at or after `from` and before `to` (either open). */
  from: Date | null;
  to: Date | null;
}

function where(f: OgcRecordFilter, params: SqlParam[]): string {
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts = [VISIBLE, `d.template_id = ${add(f.templateId)}`];
  if (f.bbox) {
    const [x0, y0, x1, y1] = f.bbox;
    parts.push(
      `d.centroid_lat is not null and d.centroid_lon >= ${add(x0)}::float8 and d.centroid_lon <= ${add(x1)}::float8 and d.centroid_lat >= ${add(y0)}::float8 and d.centroid_lat <= ${add(y1)}::float8`,
    );
  }
  if (f.from) parts.push(`d.updated_on >= ${add(f.from)}::timestamptz`);
  if (f.to) parts.push(`d.updated_on < ${add(f.to)}::timestamptz`);
  return parts.join(" and ");
}

/** How many public records of the template match. */
export async function countOgcRecords(db: Queryable, f: OgcRecordFilter): Promise<number> {
  const params: SqlParam[] = [];
  return (await db.one<{ n: number }>(`select count(*)::integer as n from cca_data d where ${where(f, params)}`, params)).n;
}

/**
 * Up to `limit` ids of matching records: after id `after` ascending, or (`before`) the last ones before
 * that id, still returned ascending.
 */
export async function ogcRecordIds(db: Queryable, f: OgcRecordFilter, page: { after: number | null; before: number | null; limit: number }): Promise<number[]> {
  const params: SqlParam[] = [];
  const w = where(f, params);
  params.push(page.before ?? page.after ?? 0, Math.trunc(page.limit));
  const n = params.length;
  const sql =
    page.before !== null
      ? `select d.id from cca_data d where ${w} and d.id < $${n - 1} order by d.id desc limit $${n}`
      : `select d.id from cca_data d where ${w} and d.id > $${n - 1} order by d.id limit $${n}`;
  const ids = (await db.query<{ id: number }>(sql, params)).map((r) => r.id);
  return page.before !== null ? ids.reverse() : ids;
}

/** The template of a public record (null when the record is not public). */
export async function publicRecordTemplate(db: Queryable, id: number): Promise<number | null> {
  return (await db.maybeOne<{ template_id: number }>(`select d.template_id from cca_data d where d.id = $1 and ${VISIBLE}`, [id]))?.template_id ?? null;
}
