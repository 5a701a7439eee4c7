import type { Queryable } from "../db/db";

export interface UserGroupRow {
  id: number;
  slug: string;
  name: string;
  name_local: string | null;
  description: string;
  icon: string | null;
  domain_name: string | null;
  allow_user_to_join: boolean;
  display_order: number;
  language_id: number;
}

// Name and description in the requested language, English (the base row) when there is no translation.
const SELECT_IN_LANGUAGE = `
  select g.id, g.slug, coalesce(t.name, g.name) as name, g.name_local,
         coalesce(t.description, g.description) as description, g.icon, g.domain_name,
         g.allow_user_to_join, g.display_order, $1::integer as language_id
    from user_group g
    left join user_group_translation t on t.user_group_id = g.id and t.language_id = $1
   where not g.is_deleted`;

export function findGroups(db: Queryable, languageId: number): Promise<UserGroupRow[]> {
  return db.query<UserGroupRow>(`${SELECT_IN_LANGUAGE} order by g.display_order, g.id`, [languageId]);
}

export function findGroupById(db: Queryable, id: number, languageId: number): Promise<UserGroupRow | null> {
  return db.maybeOne<UserGroupRow>(`${SELECT_IN_LANGUAGE} and g.id = $2`, [languageId, id]);
}

export interface NewUserGroup {
  id?: number;
  slug: string;
  name: string;
  nameLocal: string | null;
  description: string;
  icon: string | null;
  domainName: string | null;
  allowUserToJoin: boolean;
  displayOrder: number;
  translations?: { languageId: number; name: string; description: string }[];
}

/** Inserts a group and its translations; returns its id. */
export async function insertGroup(db: Queryable, group: NewUserGroup): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `insert into user_group (id, slug, name, name_local, description, icon, domain_name, allow_user_to_join, display_order)
     values (coalesce($1::integer, nextval(pg_get_serial_sequence('user_group', 'id'))::integer), $2, $3, $4, $5, $6, $7, $8, $9)
     returning id`,
    [group.id ?? null, group.slug, group.name, group.nameLocal, group.description, group.icon, group.domainName, group.allowUserToJoin, group.displayOrder],
  );
  for (const t of group.translations ?? []) {
    await db.query(
      "insert into user_group_translation (user_group_id, language_id, name, description) values ($1, $2, $3, $4)",
      [id, t.languageId, t.name, t.description],
    );
  }
  return id;
}
