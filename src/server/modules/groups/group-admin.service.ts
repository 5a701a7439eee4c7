import { acceptGroupBody } from "@/contracts/accepted-encodings";
import SITE_CONFIG from "@site-config";
import type { GroupAdministrators, GroupBulkRemoveResult, GroupListItem, GroupTranslation, UserGroupEditData } from "@/contracts/group";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { toIbp } from "../accounts/user.service";
import type { Db, Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import { requireGroupEditor } from "./group-access";
import { countFounders, countLiveUsers, deleteMember, findLiveGroup, findLiveUserIdByEmail, findRole, findStaff, upsertMemberRole } from "./group-membership.repository";
import { GROUP_ERRORS, groupAddMembersSchema, groupCreateSchema, groupEditSchema } from "@/contracts/group.schema";
import { validateWith, validationFailed } from "../../infra/http/validate";
import {
  findDomainOwner,
  findGroupBase,
  findGroupById,
  findSlugOwner,
  findTranslations,
  insertGroup,
  updateGroup,
} from "./group.repository";
import { toGroupInput, type GroupInput } from "./group-input";
import { toListItem } from "./group.service";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;

/** The result of a membership-administration write. */
export interface AdminResult<M extends string> {
  status: true;
  message: M;
}

function slugTaken(slug: string): AppError {
  return new AppError("SLUG_TAKEN", `The address "${slug}" is already used by another group`, { webAddress: GROUP_ERRORS.slugTaken });
}

function domainTaken(domain: string): AppError {
  return new AppError("DOMAIN_TAKEN", `The domain ${domain} is already used by another group`, { domainName: GROUP_ERRORS.domainTaken });
}

/** 409 when another group (deleted ones included: their addresses stay reserved) holds the slug or domain. */
async function assertAddressFree(db: Queryable, group: GroupInput, ownId: number | null): Promise<void> {
  const slugOwner = await findSlugOwner(db, group.slug);
  if (slugOwner !== null && slugOwner !== ownId) throw slugTaken(group.slug);
  if (group.domainName) {
    const domainOwner = await findDomainOwner(db, group.domainName);
    if (domainOwner !== null && domainOwner !== ownId) throw domainTaken(group.domainName);
  }
}

/** A unique index answering for a race the checks above lost. */
function asAddressConflict(error: unknown, group: GroupInput): unknown {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "23505") return error;
  const text = String((error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message ?? "");
  if (text.includes("domain") && group.domainName) return domainTaken(group.domainName);
  return slugTaken(group.slug);
}

/** Live, non-deleted users among `ids`; 400 with `field` when one is unknown. */
async function assertUsersExist(db: Queryable, ids: number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  if ((await countLiveUsers(db, ids)) !== ids.length) throw validationFailed({ [field]: GROUP_ERRORS.unknownUser });
}

/** User ids of the e-mail addresses; 400 with `field` when one belongs to nobody. */
async function usersByEmail(db: Queryable, emails: string[], field: string): Promise<number[]> {
  const ids: number[] = [];
  for (const email of emails) {
    const id = await findLiveUserIdByEmail(db, email);
    if (id === null) throw validationFailed({ [field]: GROUP_ERRORS.unknownEmail });
    ids.push(id);
  }
  return ids;
}

async function listItemOf(db: Queryable, id: number): Promise<GroupListItem> {
  const row = await findGroupById(db, id, DEFAULT_LANGUAGE_ID);
  if (!row) throw notFound(`Group ${id} not found`);
  return toListItem(row);
}

/**
 * POST …/create (admins): the group, its translations, and its founders and moderators (the invited
 * ones; the creating admin founds it when nobody is invited as founder or moderator).
 */
export async function createGroupAs(db: Db, account: Account, body: Record<string, unknown>, siteUrl: string): Promise<GroupListItem> {
  // The original front end's body (`name`, `description`, `languageId`, no address) is read as well.
  const input = await validateWith(groupCreateSchema({ siteUrl }), acceptGroupBody(body));
  const group = toGroupInput(input);
  const founderIds = input.invitationData?.founderIds ?? [];
  const moderatorIds = (input.invitationData?.moderatorsIds ?? []).filter((id) => !founderIds.includes(id));
  await assertAddressFree(db, group, null);
  await assertUsersExist(db, founderIds, "invitationData.founderIds");
  await assertUsersExist(db, moderatorIds, "invitationData.moderatorsIds");
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const newId = await insertGroup(tx, group);
      const founders = founderIds.length === 0 && moderatorIds.length === 0 ? [account.id] : founderIds;
      for (const userId of founders) await upsertMemberRole(tx, newId, userId, "founder");
      for (const userId of moderatorIds) await upsertMemberRole(tx, newId, userId, "moderator");
      return newId;
    });
  } catch (error) {
    throw asAddressConflict(error, group);
  }
  invalidateCache(CACHE_KEYS.groupList);
  return listItemOf(db, id);
}

/** GET …/edit/{id} (admins and the group's founders). */
export async function getEditData(db: Queryable, account: Account, id: number): Promise<UserGroupEditData> {
  await requireGroupEditor(db, account, id);
  const base = await findGroupBase(db, id);
  if (!base) throw notFound(`Group ${id} not found`);
  const translation: GroupTranslation[] = [{ language: DEFAULT_LANGUAGE_ID as GroupTranslation["language"], name: base.name, description: base.description }];
  for (const t of await findTranslations(db, id)) {
    if (t.language_id !== DEFAULT_LANGUAGE_ID) {
      translation.push({ language: t.language_id as GroupTranslation["language"], name: t.name, description: t.description });
    }
  }
  return {
    translation,
    nameLocal: base.name_local,
    webAddress: base.slug,
    domainName: base.domain_name,
    icon: base.icon,
    allowUserToJoin: base.allow_user_to_join,
    displayOrder: base.display_order,
  };
}

/**
 * PUT …/edit/save/{id} (admins and the group's founders). A new slug or domain works at once; the old one stops.
 * Only administrators set the group's own domain: a founder's save keeps the stored one whatever the body
 * says (issue 27 item 14: `/group/{slug}/…` redirects to the domain, so a founder could make it an open
 * redirect to any origin). Ignored rather than refused, so the edit screen's save of the other fields works.
 */
export async function saveGroupAs(db: Db, account: Account, id: number, body: Record<string, unknown>, siteUrl: string): Promise<GroupListItem> {
  await requireGroupEditor(db, account, id);
  const before = await findGroupBase(db, id);
  if (!before) throw notFound(`Group ${id} not found`);
  const parsed = toGroupInput(await validateWith(groupEditSchema({ siteUrl }), account.isAdmin ? body : { ...body, domainName: null }));
  const group: GroupInput = account.isAdmin ? parsed : { ...parsed, domainName: before.domain_name };
  await assertAddressFree(db, group, id);
  try {
    await db.transaction((tx) => updateGroup(tx, id, group));
  } catch (error) {
    throw asAddressConflict(error, group);
  }
  invalidateCache(CACHE_KEYS.groupList);
  if (before.slug !== group.slug || before.domain_name !== group.domainName) invalidateCache(CACHE_KEYS.pages);
  return listItemOf(db, id);
}

/** GET …/adminstration/members/{id} (open): founders and moderators. */
export async function getAdministrators(db: Queryable, id: number): Promise<GroupAdministrators> {
  if (!(await findLiveGroup(db, id))) throw notFound(`Group ${id} not found`);
  const staff = await findStaff(db, id);
  return {
    founderList: staff.filter((s) => s.role === "founder").map(toIbp),
    moderatorList: staff.filter((s) => s.role === "moderator").map(toIbp),
  };
}

function lastFounder(groupId: number): AppError {
  return new AppError("LAST_FOUNDER", `Group ${groupId} needs at least one founder: make someone else a founder first`);
}

/**
 * POST …/add/members (admins and the group's founders): the users become founders or moderators
 * (members too when they were not). Someone in both lists becomes a founder. A founder listed as
 * moderator is demoted, unless that leaves the group without a founder (409 LAST_FOUNDER).
 */
export async function addAdministrators(db: Db, account: Account, body: Record<string, unknown>): Promise<AdminResult<"MEMBERS_ADDED">> {
  const input = await validateWith(groupAddMembersSchema, body);
  const groupId = input.userGroupId!;
  const founderIds = input.founderIds ?? [];
  const moderatorIds = input.moderatorsIds ?? [];
  await requireGroupEditor(db, account, groupId);
  await assertUsersExist(db, founderIds, "founderIds");
  await assertUsersExist(db, moderatorIds, "moderatorsIds");
  const founders = new Set([...founderIds, ...(await usersByEmail(db, input.founderEmail ?? [], "founderEmail"))]);
  const moderators = new Set([...moderatorIds, ...(await usersByEmail(db, input.moderatorsEmail ?? [], "moderatorsEmail"))]);
  await db.transaction(async (tx) => {
    for (const userId of founders) await upsertMemberRole(tx, groupId, userId, "founder");
    for (const userId of moderators) if (!founders.has(userId)) await upsertMemberRole(tx, groupId, userId, "moderator");
    if ((await countFounders(tx, groupId)) === 0) throw lastFounder(groupId);
  });
  invalidateCache(CACHE_KEYS.groupList);
  return { status: true, message: "MEMBERS_ADDED" };
}

/**
 * GET …/remove/members?userGroupId=&userId= (admins and the group's founders): the user stops being a
 * founder or moderator and stays a plain member. 404 when they hold neither role; 409 LAST_FOUNDER.
 */
export async function removeAdministrator(db: Db, account: Account, groupId: number, userId: number): Promise<AdminResult<"MEMBER_REMOVED">> {
  await requireGroupEditor(db, account, groupId);
  await db.transaction(async (tx) => {
    const role = await findRole(tx, groupId, userId);
    if (role !== "founder" && role !== "moderator") throw notFound(`User ${userId} is not a founder or moderator of group ${groupId}`);
    await upsertMemberRole(tx, groupId, userId, "member");
    if (role === "founder" && (await countFounders(tx, groupId)) === 0) throw lastFounder(groupId);
  });
  invalidateCache(CACHE_KEYS.groupList);
  return { status: true, message: "MEMBER_REMOVED" };
}

/** At most this many users per bulk removal. */
export const BULK_REMOVE_MAX = 500;

/**
 * PUT …/remove/bulk/members?userIds=&userGroupId=&selectAll= (admins and the group's founders; the
 * original's user list): the listed users leave the group (whatever their role there); users who are not
 * members are skipped. `selectAll` is not read: only the users named are removed. 409 LAST_FOUNDER
 * when it would leave the group without a founder (nobody is removed then).
 */
export async function removeMembers(db: Db, account: Account, groupId: number, userIds: readonly number[]): Promise<GroupBulkRemoveResult> {
  await requireGroupEditor(db, account, groupId);
  const removed = await db.transaction(async (tx) => {
    let n = 0;
    for (const userId of new Set(userIds)) if (await deleteMember(tx, groupId, userId)) n++;
    if ((await countFounders(tx, groupId)) === 0) throw lastFounder(groupId);
    return n;
  });
  invalidateCache(CACHE_KEYS.groupList);
  return { status: true, message: "MEMBERS_REMOVED", removed };
}
