/**
 * Record listings by id for the addresses of records (the sitemap): live records only (not deleted,
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
