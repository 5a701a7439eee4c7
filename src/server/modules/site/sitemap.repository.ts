/** The SQL of the sitemap and robots.txt outside records: live groups (with their own domains) and content pages. */
import type { Queryable } from "../../infra/db/db";

export interface SitemapGroupRow {
  id: number;
  slug: string;
  domain_name: string | null;
  updated_on: Date | null;
}

export interface SitemapPageRow {
  id: number;
  user_group_id: number | null;
  updated_on: Date;
}

/** The live groups by id (`updated_on` is null: groups keep no change date). */
export function findSitemapGroups(db: Queryable): Promise<SitemapGroupRow[]> {
  return db.query<SitemapGroupRow>("select id, slug, domain_name, null::timestamptz as updated_on from user_group where not is_deleted order by id");
}

/** The own domains of the live groups. */
export function findGroupDomains(db: Queryable): Promise<{ domain_name: string }[]> {
  return db.query<{ domain_name: string }>("select domain_name from user_group where not is_deleted and domain_name is not null");
}

/** The live content pages by id: every one (`groupId` undefined) or one group's. */
export function findContentPages(db: Queryable, groupId?: number): Promise<SitemapPageRow[]> {
  if (groupId === undefined) {
    return db.query<SitemapPageRow>("select id, user_group_id, updated_on from page where not is_deleted and page_type = 'Content' order by id");
  }
  return db.query<SitemapPageRow>("select id, user_group_id, updated_on from page where not is_deleted and page_type = 'Content' and user_group_id = $1 order by id", [groupId]);
}
