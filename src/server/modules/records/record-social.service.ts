/**
 * The social writes of a CCA record (reference §3.5, §5.3; issue 14): follow/unfollow, allowed editors,
 * the record's microsites, and "request to contribute" → grant.
 *
 * Who may do what (decided on the stored account, `requireAccount`; order 401, 400 body, 404 record, 403):
 * - `update/followers`: any signed-in user, for themself only (a `followers` list naming anyone else → 403).
 * - `update/permission`: the owner, data curators and admins. Unknown or deleted users → 400.
 * - `update/usergroup`: any signed-in user, but only for groups they belong to (admins: any live group).
 *   As in the reference, groups outside the caller's reach are dropped silently, both ways: asking for
 *   a group one is not in adds nothing, and leaving out a group one is not in keeps it (a member of
 *   group A cannot take a record out of group B). Compare `data/save`, which refuses them (see its comment).
 *   Taking the record OUT of a group within reach also needs the right to edit the record (owner, allowed
 *   editors, data curators, admins) or founder/moderator standing in that group: otherwise 403 with
 *   `SOCIAL_ERRORS.groupRemoveForbidden` and nothing changes (issue 27 item 9: the reference let anyone
 *   who joined an open group take everyone's records out of it).
 * - `request` and `grant`: see contributor-request.service.ts.
 *
 * Visitors see editors (the record page's contributors) and groups (lists, facets), so those writes
 * invalidate `CACHE_KEYS.records`; followers and requests change nothing a visitor sees.
 */
import { ROLES } from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import { SOCIAL_ERRORS } from "@/contracts/cca-social";
import { followUpdateSchema, permissionUpdateSchema, usergroupUpdateSchema } from "@/contracts/record-social.schema";
import type { TemplateLanguage } from "@/contracts/template";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { findUsersByIds } from "../accounts/user.repository";
import type { Queryable } from "../../infra/db/db";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { insertActivity } from "../activity/activity.repository";
import { getRecord, viewTemplateByName } from "./data.service";
import type { RecordRow } from "./data.repository";
import { requireRecordAccess } from "./record-access.service";
import { notifyFollowers } from "./record-followers.service";
import { addFollower, addRecordGroups, groupsInReach, moderatedGroupIds, removeFollower, removeRecordGroups, setAllowedUsers } from "./record-social.repository";
import { editorNotice } from "./record-social.messages";
import { publicValueOf } from "./public-value";
import { fieldTreatment } from "./treatments";

export const SOCIAL_ACTIVITY = {
  permissionAdded: "Permission added",
  permissionRemoved: "Permission removed",
  postedResource: "Posted resource",
  removedResource: "Removed resource",
} as const;

/** A live record the caller may see (the visibility engine; 404 otherwise). */
export async function liveRecord(db: Queryable, id: number, account: Account): Promise<RecordRow> {
  return (await requireRecordAccess(db, id, account)).row;
}

/** Owner, data curator or admin: may change the editors and grant requests. */
export function canManageEditors(account: Account, row: Pick<RecordRow, "user_id">): boolean {
  return account.id === row.user_id || account.isAdmin || account.roles.includes(ROLES.DATACURATOR);
}

/** May edit the record's values: a manager or an allowed user. */
export function isRecordEditor(account: Pick<Account, "id" | "isAdmin" | "roles">, row: Pick<RecordRow, "user_id" | "allowed_users">): boolean {
  return account.id === row.user_id || row.allowed_users.includes(account.id) || account.isAdmin || account.roles.includes(ROLES.DATACURATOR);
}

/** Display text of a stored value (title fields: text, numbers, options). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const o = value as { label?: unknown; value?: unknown };
    return valueText(typeof o.label === "string" && o.label ? o.label : o.value);
  }
  return "";
}

/** The record's title for messages: its title fields (its own template's, else master's), else "CCA {id}". */
export async function recordTitleText(db: Queryable, row: RecordRow): Promise<string> {
  for (const shortName of [row.short_name, "master"]) {
    const view = await viewTemplateByName(db, shortName, "en").catch(() => null);
    const text = (view?.fields ?? [])
      .filter((f) => f.isTitle)
      .map((f) => {
        const stored = row.field_values[f.fieldId];
        // A place is never a title (`publicValueOf` withholds it under any field but its own GEOMETRY one).
        return stored ? valueText(publicValueOf(stored, undefined, { exact: false, shownAs: f.type, treatment: fieldTreatment(row.treatments, f.fieldId) }).value) : "";
      })
      .filter(Boolean)
      .join(", ");
    if (text) return text;
  }
  return `CCA ${row.id}`;
}

export const siteOf = (deps: PlatformDeps) => deps.settings.siteUrl.replace(/\/+$/, "");
export const recordLink = (deps: PlatformDeps, id: number) => `${siteOf(deps)}/data/show/${id}`;

// ── Followers ────────────────────────────────────────────────────────────────────────────────────

/** PUT data/update/followers `{id, type: follow|unfollow, followers?}`: the caller (un)follows. */
export async function updateFollowers(deps: PlatformDeps, account: Account, body: unknown, language: TemplateLanguage): Promise<CCAData> {
  const { id, type, followers } = await validateWith(followUpdateSchema, body);
  if ((followers ?? []).some((userId) => userId !== account.id)) {
    throw new AppError("FORBIDDEN", "You can follow or unfollow a record only for yourself", { followers: SOCIAL_ERRORS.selfOnly });
  }
  await liveRecord(deps.db, id, account);
  if (type === "follow") await addFollower(deps.db, id, account.id);
  else await removeFollower(deps.db, id, account.id);
  return getRecord(deps.db, id, language, account);
}

// ── Allowed editors ──────────────────────────────────────────────────────────────────────────────

/** PUT data/update/permission `{id, allowedUsers}`: the complete list of editors besides the owner. */
export async function updatePermission(deps: PlatformDeps, account: Account, body: unknown, language: TemplateLanguage): Promise<CCAData> {
  const { id, allowedUsers: wanted } = await validateWith(permissionUpdateSchema, body);
  const row = await liveRecord(deps.db, id, account);
  if (!canManageEditors(account, row)) throw new AppError("FORBIDDEN", "Only the record's owner, a data curator or an administrator may change its editors");
  const ids = wanted.filter((userId) => userId !== row.user_id);
  const users = await findUsersByIds(deps.db, ids);
  const unknown = ids.filter((userId) => !users.some((u) => u.id === userId));
  // Editors removed meanwhile (a deleted account) may stay listed by a stale dialog: only new ids must be live.
  const unknownNew = unknown.filter((userId) => !row.allowed_users.includes(userId));
  if (unknownNew.length > 0) {
    throw new AppError("VALIDATION_FAILED", `allowedUsers: no such users ${unknownNew.join(", ")}`, { allowedUsers: SOCIAL_ERRORS.unknownUsers });
  }
  const added = ids.filter((userId) => !row.allowed_users.includes(userId));
  const removed = row.allowed_users.filter((userId) => !ids.includes(userId));
  if (added.length > 0 || removed.length > 0) {
    const names = new Map(users.map((u) => [u.id, u.name]));
    await deps.db.transaction(async (tx) => {
      await setAllowedUsers(tx, id, ids);
      for (const userId of added) {
        await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: SOCIAL_ACTIVITY.permissionAdded, description: names.get(userId) ?? String(userId), details: { userId } });
      }
      for (const userId of removed) {
        await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: SOCIAL_ACTIVITY.permissionRemoved, description: names.get(userId) ?? String(userId), details: { userId } });
      }
    });
    invalidateCache(CACHE_KEYS.records);
    if (added.length > 0) {
      const title = await recordTitleText(deps.db, row);
      await notifyFollowers(deps, id, account.id, title, editorNotice(added.map((userId) => names.get(userId) ?? String(userId))));
    }
  }
  return getRecord(deps.db, id, language, account);
}

// ── Microsites ───────────────────────────────────────────────────────────────────────────────────

/** PUT data/update/usergroup `{id, usergroups}`: the record's groups, within the caller's reach. */
export async function updateUsergroups(deps: PlatformDeps, account: Account, body: unknown, language: TemplateLanguage): Promise<CCAData> {
  const { id, usergroups: wanted } = await validateWith(usergroupUpdateSchema, body);
  const row = await liveRecord(deps.db, id, account);
  // Groups the caller may change: live groups they belong to (admins: every live group).
  const reachable = await groupsInReach(deps.db, [...new Set([...wanted, ...row.usergroups])], account.isAdmin ? null : account.id);
  const inReach = new Map(reachable.map((g) => [g.id, g]));
  const added = wanted.filter((g) => inReach.has(g) && !row.usergroups.includes(g));
  const removed = row.usergroups.filter((g) => inReach.has(g) && !wanted.includes(g));
  if (removed.length > 0 && !isRecordEditor(account, row)) {
    const moderated = await moderatedGroupIds(deps.db, account.id, removed);
    const refused = removed.filter((g) => !moderated.has(g));
    if (refused.length > 0) {
      throw new AppError("FORBIDDEN", `You may not take this record out of group ${refused.map((g) => inReach.get(g)!.name).join(", ")}: only its editors and the group's founders and moderators may`, {
        usergroups: SOCIAL_ERRORS.groupRemoveForbidden,
      });
    }
  }
  if (added.length > 0 || removed.length > 0) {
    await deps.db.transaction(async (tx) => {
      if (removed.length > 0) await removeRecordGroups(tx, id, removed);
      if (added.length > 0) await addRecordGroups(tx, id, added);
      for (const [groupIds, type] of [[added, SOCIAL_ACTIVITY.postedResource], [removed, SOCIAL_ACTIVITY.removedResource]] as const) {
        for (const groupId of groupIds) {
          const g = inReach.get(groupId)!;
          await insertActivity(tx, { holderType: "ccaData", holderId: id, userId: account.id, activityType: type, description: g.name, details: { userGroupId: g.id, userGroupName: g.name, webAddress: `/group/${g.slug}` } });
        }
      }
    });
    invalidateCache(CACHE_KEYS.records);
  }
  return getRecord(deps.db, id, language, account);
}
