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
 * - `request`: a signed-in user who is not yet an editor; one pending request per record and person.
 * - `grant`: the owner, data curators and admins, with the token of the request's message.
 *
 * Visitors see editors (the record page's contributors) and groups (lists, facets), so those writes
 * invalidate `CACHE_KEYS.records`; followers and requests change nothing a visitor sees.
 */
import { ROLES } from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import {
  ALLOWED_USERS_MAX,
  CONTRIBUTOR_MESSAGE_MAX,
  CONTRIBUTOR_TOKEN_TTL_DAYS,
  SOCIAL_ERRORS,
  verifyTokenLink,
  type ContributorRequestView,
} from "@/contracts/cca-social";
import { FORM_ERRORS, maxLengthError, wholeNumberError } from "@/contracts/field-errors";
import type { TemplateLanguage } from "@/contracts/template";
import type { UserIbp } from "@/contracts/user";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { toIbp } from "../accounts/user.service";
import { findUsersByIds } from "../accounts/user.repository";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { notify } from "../../infra/notify/notify";
import { contactOf } from "../groups/group-messages";
import { insertActivity } from "./cca-activity";
import { expiryOf, hashMatches, issueToken, tokenHash, tokenState, verifyToken } from "../records/contributor-token";
import { getRecord, viewTemplateByName } from "../records/data.service";
import { findRecords, type RecordRow } from "../records/data.repository";
import { addFollower, notifyFollowers, removeFollower } from "./record-followers";
import { contributorGrantedMessage, contributorRequestMessage, editorNotice } from "./data-social.messages";
import { publicValueOf } from "../records/public-value";

export const SOCIAL_ACTIVITY = {
  permissionAdded: "Permission added",
  permissionRemoved: "Permission removed",
  postedResource: "Posted resource",
  removedResource: "Removed resource",
} as const;

type Body = Record<string, unknown>;

const MAX_ID = 2_147_483_647;

/** A positive id given as a number or a string of digits; null otherwise. */
function idOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

function requireId(body: Body, name: string): number {
  const id = idOf(body[name]);
  if (id === null) {
    const given = body[name] === undefined ? "nothing" : JSON.stringify(body[name]);
    throw new AppError("VALIDATION_FAILED", `${name} must be a record id (got ${given})`, { [name]: body[name] === undefined ? FORM_ERRORS.required : wholeNumberError(1) });
  }
  return id;
}

/** A list of ids (numbers or digit strings), without repeats; 400 naming the field otherwise. */
function idList(body: Body, name: string, max: number): number[] {
  const raw = body[name];
  if (!Array.isArray(raw)) throw new AppError("VALIDATION_FAILED", `${name} must be a list of ids`, { [name]: raw === undefined ? FORM_ERRORS.required : FORM_ERRORS.invalid });
  const ids: number[] = [];
  for (const item of raw) {
    const id = idOf(item);
    if (id === null) throw new AppError("VALIDATION_FAILED", `${name} holds ${JSON.stringify(item)}, which is not an id`, { [name]: FORM_ERRORS.invalid });
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > max) throw new AppError("VALIDATION_FAILED", `${name} may hold at most ${max} ids`, { [name]: SOCIAL_ERRORS.tooManyEditors });
  return ids;
}

async function liveRecord(db: Queryable, id: number): Promise<RecordRow> {
  const [row] = await findRecords(db, [id]);
  if (!row) throw notFound(`Record ${id} not found`);
  return row;
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
        return stored ? valueText(publicValueOf(stored, undefined, { exact: false, shownAs: f.type }).value) : "";
      })
      .filter(Boolean)
      .join(", ");
    if (text) return text;
  }
  return `CCA ${row.id}`;
}

const siteOf = (deps: PlatformDeps) => deps.settings.siteUrl.replace(/\/+$/, "");
const recordLink = (deps: PlatformDeps, id: number) => `${siteOf(deps)}/data/show/${id}`;

// ── Followers ────────────────────────────────────────────────────────────────────────────────────

/** PUT data/update/followers `{id, type: follow|unfollow, followers?}`: the caller (un)follows. */
export async function updateFollowers(deps: PlatformDeps, account: Account, body: Body, language: TemplateLanguage): Promise<CCAData> {
  const id = requireId(body, "id");
  const type = body.type;
  if (type !== "follow" && type !== "unfollow") {
    throw new AppError("VALIDATION_FAILED", `type must be "follow" or "unfollow" (got ${JSON.stringify(type)})`, { type: type === undefined ? FORM_ERRORS.required : FORM_ERRORS.invalid });
  }
  if (body.followers !== undefined && body.followers !== null) {
    const others = idList(body, "followers", ALLOWED_USERS_MAX).filter((userId) => userId !== account.id);
    if (others.length > 0) throw new AppError("FORBIDDEN", "You can follow or unfollow a record only for yourself", { followers: SOCIAL_ERRORS.selfOnly });
  }
  await liveRecord(deps.db, id);
  if (type === "follow") await addFollower(deps.db, id, account.id);
  else await removeFollower(deps.db, id, account.id);
  return getRecord(deps.db, id, language, account);
}

// ── Allowed editors ──────────────────────────────────────────────────────────────────────────────

/** PUT data/update/permission `{id, allowedUsers}`: the complete list of editors besides the owner. */
export async function updatePermission(deps: PlatformDeps, account: Account, body: Body, language: TemplateLanguage): Promise<CCAData> {
  const id = requireId(body, "id");
  const wanted = idList(body, "allowedUsers", ALLOWED_USERS_MAX);
  const row = await liveRecord(deps.db, id);
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
      await tx.query("update cca_data set allowed_users = $2::integer[] where id = $1", [id, ids]);
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
export async function updateUsergroups(deps: PlatformDeps, account: Account, body: Body, language: TemplateLanguage): Promise<CCAData> {
  const id = requireId(body, "id");
  const wanted = idList(body, "usergroups", 1000);
  const row = await liveRecord(deps.db, id);
  // Groups the caller may change: live groups they belong to (admins: every live group).
  const reachable = await deps.db.query<{ id: number; name: string; slug: string }>(
    account.isAdmin
      ? "select id, name, slug from user_group where not is_deleted and (id = any($1::integer[]) or id = any($2::integer[]))"
      : `select g.id, g.name, g.slug from user_group g join user_group_member m on m.user_group_id = g.id and m.user_id = $3
          where not g.is_deleted and (g.id = any($1::integer[]) or g.id = any($2::integer[]))`,
    account.isAdmin ? [wanted, row.usergroups] : [wanted, row.usergroups, account.id],
  );
  const inReach = new Map(reachable.map((g) => [g.id, g]));
  const added = wanted.filter((g) => inReach.has(g) && !row.usergroups.includes(g));
  const removed = row.usergroups.filter((g) => inReach.has(g) && !wanted.includes(g));
  if (removed.length > 0 && !isRecordEditor(account, row)) {
    const runs = await deps.db.query<{ user_group_id: number }>(
      "select user_group_id from user_group_member where user_id = $1 and role in ('founder', 'moderator') and user_group_id = any($2::integer[])",
      [account.id, removed],
    );
    const moderated = new Set(runs.map((r) => r.user_group_id));
    const refused = removed.filter((g) => !moderated.has(g));
    if (refused.length > 0) {
      throw new AppError("FORBIDDEN", `You may not take this record out of group ${refused.map((g) => inReach.get(g)!.name).join(", ")}: only its editors and the group's founders and moderators may`, {
        usergroups: SOCIAL_ERRORS.groupRemoveForbidden,
      });
    }
  }
  if (added.length > 0 || removed.length > 0) {
    await deps.db.transaction(async (tx) => {
      if (removed.length > 0) await tx.query("delete from cca_data_user_group where data_id = $1 and user_group_id = any($2::integer[])", [id, removed]);
      if (added.length > 0) {
        await tx.query(
          "insert into cca_data_user_group (data_id, user_group_id) select $1, g from unnest($2::integer[]) as g order by g on conflict do nothing",
          [id, [...added].sort((a, b) => a - b)],
        );
      }
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

// ── Request to contribute → grant ────────────────────────────────────────────────────────────────

interface RequestRow {
  id: number;
  data_id: number;
  requester_id: number;
  message: string;
  token_hash: string;
  created_on: Date;
  expires_on: Date;
  used_on: Date | null;
  granted_by: number | null;
}

/** POST data/request `{ccaid, requestorId?, role?, requestorMessage}` → `true`; the owner and data curators get the link. */
export async function requestToContribute(deps: PlatformDeps, account: Account, body: Body): Promise<true> {
  const id = requireId(body, "ccaid");
  if (body.requestorId !== undefined && body.requestorId !== null && idOf(body.requestorId) !== account.id) {
    throw new AppError("FORBIDDEN", "You can ask to contribute only for yourself", { requestorId: SOCIAL_ERRORS.selfOnly });
  }
  const raw = body.requestorMessage;
  if (raw !== undefined && raw !== null && typeof raw !== "string") {
    throw new AppError("VALIDATION_FAILED", "requestorMessage must be text", { requestorMessage: FORM_ERRORS.invalid });
  }
  const message = (raw ?? "").trim();
  if (message === "") throw new AppError("VALIDATION_FAILED", "requestorMessage is required: say why you want to contribute", { requestorMessage: FORM_ERRORS.required });
  if ([...message].length > CONTRIBUTOR_MESSAGE_MAX) {
    throw new AppError("VALIDATION_FAILED", `requestorMessage may hold at most ${CONTRIBUTOR_MESSAGE_MAX} characters`, { requestorMessage: maxLengthError(CONTRIBUTOR_MESSAGE_MAX) });
  }
  const row = await liveRecord(deps.db, id);
  if (isRecordEditor(account, row)) {
    throw new AppError("CONFLICT", "You can already edit this record", { ccaid: SOCIAL_ERRORS.alreadyEditor });
  }
  const pending = await deps.db.maybeOne<{ id: number }>(
    "select id from cca_contributor_request where data_id = $1 and requester_id = $2 and used_on is null and expires_on > now() limit 1",
    [id, account.id],
  );
  if (pending) throw new AppError("CONFLICT", "Your request to contribute to this record is still waiting for an answer", { ccaid: SOCIAL_ERRORS.pending });

  const token = await deps.db.transaction(async (tx) => {
    const created = await tx.one<{ id: number; created_on: Date }>(
      "insert into cca_contributor_request (data_id, requester_id, message, token_hash, expires_on) values ($1, $2, $3, '', now()) returning id, created_on",
      [id, account.id, message],
    );
    const issued = issueToken(deps.jwtSecret, created.id);
    await tx.query("update cca_contributor_request set token_hash = $2, expires_on = $3 where id = $1", [
      created.id,
      tokenHash(issued),
      expiryOf(created.created_on, CONTRIBUTOR_TOKEN_TTL_DAYS),
    ]);
    return issued;
  });

  // The owner and every data curator with a live account and an address (the requester is neither: editors were refused above).
  const recipients = await deps.db.query<{ id: number; email: string | null; mobile_number: string | null }>(
    `select id, email, mobile_number from app_user
      where not is_deleted and enabled and not account_locked and id <> $2 and (id = $1 or $3 = any(roles))
      order by id`,
    [row.user_id, account.id, ROLES.DATACURATOR],
  );
  const title = await recordTitleText(deps.db, row);
  const text = contributorRequestMessage({ requester: account.row.name, title, message, link: verifyTokenLink(siteOf(deps), token), recordLink: recordLink(deps, id), days: CONTRIBUTOR_TOKEN_TTL_DAYS });
  for (const recipient of recipients) {
    const target = contactOf(recipient);
    if (target) await notify(deps, { ...target, ...text });
  }
  return true;
}

/** The request a token names: 400 for a malformed, forged or unknown token (one message for all three). */
async function requestOfToken(deps: PlatformDeps, token: unknown): Promise<RequestRow> {
  const parts = verifyToken(deps.jwtSecret, token);
  const row = parts
    ? await deps.db.maybeOne<RequestRow>(
        "select id, data_id, requester_id, message, token_hash, created_on, expires_on, used_on, granted_by from cca_contributor_request where id = $1",
        [parts.requestId],
      )
    : null;
  if (!parts || !row || !hashMatches(row.token_hash, String(token))) {
    throw new AppError("VALIDATION_FAILED", "This link is not valid: it was not issued by this portal or was changed", { token: token === undefined || token === "" ? FORM_ERRORS.required : SOCIAL_ERRORS.tokenInvalid });
  }
  return row;
}

async function ibpOf(db: Queryable, id: number | null): Promise<UserIbp | null> {
  if (id === null) return null;
  const [row] = await findUsersByIds(db, [id]);
  return row ? toIbp(row) : null;
}

/** GET data/request?token=: who asks for what, for the owner, data curators and admins. */
export async function viewRequest(deps: PlatformDeps, account: Account, token: unknown): Promise<ContributorRequestView> {
  const request = await requestOfToken(deps, token);
  const record = await liveRecord(deps.db, request.data_id);
  if (!canManageEditors(account, record)) throw new AppError("FORBIDDEN", "Only the record's owner, a data curator or an administrator may answer this request");
  const requester = await ibpOf(deps.db, request.requester_id);
  if (!requester) throw notFound("The person who asked no longer has an account");
  return {
    requestId: request.id,
    record: { id: record.id, title: await recordTitleText(deps.db, record), shortName: record.short_name },
    requester,
    message: request.message,
    createdOn: request.created_on.toISOString(),
    expiresOn: request.expires_on.toISOString(),
    status: tokenState({ usedOn: request.used_on, expiresOn: request.expires_on }),
    grantedBy: await ibpOf(deps.db, request.granted_by),
    alreadyEditor: request.requester_id === record.user_id || record.allowed_users.includes(request.requester_id),
  };
}

/** POST data/grant `{token}` → `true`: the requester becomes an allowed editor; the token is spent. */
export async function grantRequest(deps: PlatformDeps, account: Account, body: Body): Promise<true> {
  const request = await requestOfToken(deps, body.token);
  const record = await liveRecord(deps.db, request.data_id);
  if (!canManageEditors(account, record)) throw new AppError("FORBIDDEN", "Only the record's owner, a data curator or an administrator may grant this request");
  const state = tokenState({ usedOn: request.used_on, expiresOn: request.expires_on });
  if (state === "granted") throw new AppError("VALIDATION_FAILED", "This request was already answered: its link works once", { token: SOCIAL_ERRORS.tokenUsed });
  if (state === "expired") {
    throw new AppError("VALIDATION_FAILED", `This link expired (links work for ${CONTRIBUTOR_TOKEN_TTL_DAYS} days): ask the person to send a new request`, { token: SOCIAL_ERRORS.tokenExpired });
  }
  const requester = await findUsersByIds(deps.db, [request.requester_id]);
  if (requester.length === 0) throw notFound("The person who asked no longer has an account");

  const added = await deps.db.transaction(async (tx) => {
    // Spend the token first: of two confirmations at once, only one finds it unused.
    const spent = await tx.query<{ id: number }>(
      "update cca_contributor_request set used_on = now(), granted_by = $2 where id = $1 and used_on is null returning id",
      [request.id, account.id],
    );
    if (spent.length === 0) throw new AppError("VALIDATION_FAILED", "This request was already answered: its link works once", { token: SOCIAL_ERRORS.tokenUsed });
    const updated = await tx.query<{ id: number }>(
      "update cca_data set allowed_users = array_append(allowed_users, $2::integer) where id = $1 and user_id <> $2 and not ($2::integer = any(allowed_users)) returning id",
      [record.id, request.requester_id],
    );
    if (updated.length > 0) {
      await insertActivity(tx, {
        holderType: "ccaData",
        holderId: record.id,
        userId: account.id,
        activityType: SOCIAL_ACTIVITY.permissionAdded,
        description: requester[0]!.name,
        details: { userId: request.requester_id, requestId: request.id },
      });
    }
    return updated.length > 0;
  });
  if (added) {
    invalidateCache(CACHE_KEYS.records);
    const title = await recordTitleText(deps.db, record);
    const contact = await deps.db.maybeOne<{ email: string | null; mobile_number: string | null }>("select email, mobile_number from app_user where id = $1 and not is_deleted", [request.requester_id]);
    const target = contact ? contactOf(contact) : null;
    if (target) await notify(deps, { ...target, ...contributorGrantedMessage(title, recordLink(deps, record.id)) });
    await notifyFollowers(deps, record.id, account.id, title, editorNotice([requester[0]!.name]));
  }
  return true;
}
