import { DEFAULT_GROUP_ICON, type GroupDetail, type GroupListExpanded, type GroupListItem } from "@/contracts/group";
import SITE_CONFIG from "@site-config";
import { invalidateCache, CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import type { Queryable } from "../../infra/db/db";
import { notFound } from "../../infra/http/app-error";
import { findGroupById, findGroups, findGroupsExpanded, insertGroup, type NewUserGroup, type UserGroupRow } from "./group.repository";

/** A group's own domain when it has one, else its path on the main site. */
export function webAddressOf(row: Pick<UserGroupRow, "slug" | "domain_name">): string {
  return row.domain_name ?? `/group/${row.slug}`;
}

export function toListItem(row: UserGroupRow): GroupListItem {
  return {
    id: row.id,
    groupId: row.id,
    name: row.name,
    nameLocal: row.name_local,
    icon: row.icon ?? DEFAULT_GROUP_ICON,
    webAddress: webAddressOf(row),
    slug: row.slug,
    displayOrder: row.display_order,
    isParticipatory: row.allow_user_to_join,
  };
}

export async function listGroups(db: Queryable, languageId: number): Promise<GroupListItem[]> {
  return (await findGroups(db, languageId)).map(toListItem);
}

/**
 * `GET …/list/{languageId}`: the list items with member count, description and open/closed. The same
 * for every caller, so kept in the in-process cache under `groups:` (issue 35: it was counted afresh
 * on every render of /group/list); every write that changes a group or its members (join, leave,
 * approval, removal, founders and moderators, a deleted account) publishes `CACHE_KEYS.groupList`.
 */
export function listGroupsExpanded(db: Queryable, languageId: number): Promise<GroupListExpanded[]> {
  return cached(`${CACHE_KEYS.groupList}expanded:${languageId}`, SITE_CONFIG.CACHE.GROUP_LIST_MS, async () =>
    (await findGroupsExpanded(db, languageId)).map((row) => ({
      ...toListItem(row),
      memberCount: row.member_count,
      description: row.description,
      allowUserToJoin: row.allow_user_to_join,
    })),
  );
}

export async function getGroup(db: Queryable, id: number, languageId: number): Promise<GroupDetail> {
  const row = await findGroupById(db, id, languageId);
  if (!row) throw notFound(`Group ${id} not found`);
  return {
    id: row.id,
    groupId: row.id,
    languageId: row.language_id,
    name: row.name,
    nameLocal: row.name_local,
    description: row.description,
    icon: row.icon ?? DEFAULT_GROUP_ICON,
    webAddress: webAddressOf(row),
    domainName: row.domain_name,
    allowUserToJoin: row.allow_user_to_join,
    displayOrder: row.display_order,
  };
}

/** Creates a group without founders (tests); clears the cached group lists. The endpoint is `createGroupAs`. */
export async function createGroup(db: Queryable, group: NewUserGroup): Promise<number> {
  const id = await insertGroup(db, group);
  invalidateCache(CACHE_KEYS.groupList);
  return id;
}
