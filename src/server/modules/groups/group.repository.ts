import type { Queryable } from "../../infra/db/db";

/** The stored fields of a live group (English name and description are the base row). */
export interface GroupBaseRow {
  id: number;
  slug: string;
  name: string;
  name_local: string | null;
  description: string;
  icon: string | null;
  domain_name: string | null;
  allow_user_to_join: boolean;
  display_order: number;
}

/** A group with its name and description in one language (`language_id`). */
export interface UserGroupRow extends GroupBaseRow {
  language_id: number;
}

// Name and description in the requested language, English (the base row) when there is no translation
// (or, for the description, when the translation left it blank).
const SELECT_IN_LANGUAGE = `
  select g.id, g.slug, coalesce(t.name, g.name) as name, g.name_local,
         coalesce(nullif(t.description, ''), g.description) as description, g.icon, g.domain_name,
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

export interface UserGroupExpandedRow extends UserGroupRow {
  member_count: number;
}

/** Every live group in the language, with its number of members with live accounts (founders and moderators included). */
export function findGroupsExpanded(db: Queryable, languageId: number): Promise<UserGroupExpandedRow[]> {
  return db.query<UserGroupExpandedRow>(
    `select q.*, (select count(*)::integer from user_group_member m join app_user u on u.id = m.user_id
               where m.user_group_id = q.id and not u.is_deleted) as member_count
       from (${SELECT_IN_LANGUAGE}) q
      order by q.display_order, q.id`,
    [languageId],
  );
}


export function findGroupBase(db: Queryable, id: number): Promise<GroupBaseRow | null> {
  return db.maybeOne<GroupBaseRow>(
    `select id, slug, name, name_local, description, icon, domain_name, allow_user_to_join, display_order
       from user_group where id = $1 and not is_deleted`,
    [id],
  );
}

export interface GroupTranslationRow {
  language_id: number;
  name: string;
  description: string;
}

/** Translations other than the base (English) row. */
export function findTranslations(db: Queryable, id: number): Promise<GroupTranslationRow[]> {
  return db.query<GroupTranslationRow>(
    "select language_id, name, description from user_group_translation where user_group_id = $1 order by language_id",
    [id],
  );
}

/** Id of the group (deleted ones included: the unique index covers them) holding the slug in any case. */
export async function findSlugOwner(db: Queryable, slug: string): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>("select id from user_group where lower(slug) = lower($1)", [slug]);
  return row?.id ?? null;
}

/** Id of the group (deleted ones included) answering on this domain, in any case. */
export async function findDomainOwner(db: Queryable, domainName: string): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>("select id from user_group where lower(domain_name) = lower($1)", [domainName]);
  return row?.id ?? null;
}

export type GroupFieldsUpdate = Omit<NewUserGroup, "id">;

/** Replaces the stored fields of a group and its translations (languages not given are removed). */
export async function updateGroup(db: Queryable, id: number, group: GroupFieldsUpdate): Promise<void> {
  await db.query(
    `update user_group
        set slug = $2, name = $3, name_local = $4, description = $5, icon = $6, domain_name = $7,
            allow_user_to_join = $8, display_order = $9, updated_on = now()
      where id = $1`,
    [id, group.slug, group.name, group.nameLocal, group.description, group.icon, group.domainName, group.allowUserToJoin, group.displayOrder],
  );
  const translations = group.translations ?? [];
  await db.query("delete from user_group_translation where user_group_id = $1 and not (language_id = any($2::integer[]))", [
    id,
    translations.map((t) => t.languageId),
  ]);
  for (const t of translations) {
    await db.query(
      `insert into user_group_translation (user_group_id, language_id, name, description) values ($1, $2, $3, $4)
       on conflict (user_group_id, language_id) do update set name = excluded.name, description = excluded.description, updated_on = now()`,
      [id, t.languageId, t.name, t.description],
    );
  }
}
