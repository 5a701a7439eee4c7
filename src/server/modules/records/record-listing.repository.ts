/**
 * Record listings by id for the addresses of records (the sitemap), and the public coverage per template
 * (the DCAT catalogue, modules/catalog): live records only (not deleted,
 * template not deleted), the site's or one group's visible ones, counted and read in id order by
 * batches. Every such read of records goes through here, so a visibility rule applies in one place.
 */
import type { Queryable } from "../../infra/db/db";

export interface RecordStamp {
  id: number;
  updated_on: Date;
}

/** How many live records the site lists (`groupId` null) or a group shows. */
export async function countListedRecords(db: Queryable, groupId: number | null): Promise<number> {
  const row =
    groupId === null
      ? await db.one<{ n: number }>("select count(*)::int as n from cca_data where not is_deleted and not is_template_deleted and is_public")
      : await db.one<{ n: number }>(
          `select count(*)::int as n from cca_data_user_group g join cca_data d on d.id = g.data_id
            where g.user_group_id = $1 and g.visible and not d.is_deleted and not d.is_template_deleted and d.is_public`,
          [groupId],
        );
  return row.n;
}

/**
 * Up to `limit` listed records by id: after the first `offset`, or (keyset) after `afterId`, with
 * their last change.
 */
export function findListedRecords(db: Queryable, groupId: number | null, offset: number, limit: number, afterId: number | null): Promise<RecordStamp[]> {
  if (groupId === null) {
    return db.query<RecordStamp>(
      "select id, updated_on from cca_data where not is_deleted and not is_template_deleted and is_public and id > $1 order by id offset $2 limit $3",
      [afterId ?? 0, afterId === null ? offset : 0, limit],
    );
  }
  return db.query<RecordStamp>(
    `select d.id, d.updated_on from cca_data_user_group g join cca_data d on d.id = g.data_id
      where g.user_group_id = $1 and g.visible and not d.is_deleted and not d.is_template_deleted and d.is_public and g.data_id > $2
      order by g.data_id offset $3 limit $4`,
    [groupId, afterId ?? 0, afterId === null ? offset : 0, limit],
  );
}

export interface TemplateCoverageRow {
  template_id: number;
  short_name: string;
  records: number;
  min_lon: number | null;
  min_lat: number | null;
  max_lon: number | null;
  max_lat: number | null;
  first_created: Date | null;
  last_updated: Date | null;
}

/**
 * Per live template with public records: how many, the box of their PUBLIC centroids (a generalised
 * location is stored as its cell's centre, a hidden one not at all), the first creation and last change.
 */
export function findTemplateCoverage(db: Queryable): Promise<TemplateCoverageRow[]> {
  return db.query<TemplateCoverageRow>(
    `select t.id as template_id, t.short_name, count(*)::int as records,
            min(d.centroid_lon) as min_lon, min(d.centroid_lat) as min_lat, max(d.centroid_lon) as max_lon, max(d.centroid_lat) as max_lat,
            min(d.created_on) as first_created, max(d.updated_on) as last_updated
       from cca_data d join cca_template t on t.id = d.template_id
      where not d.is_deleted and not d.is_template_deleted and d.is_public and not t.is_deleted
      group by t.id, t.short_name order by t.id`,
  );
}
