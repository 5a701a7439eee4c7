/**
 * "Request to contribute" → grant (reference §3.5, §5.3; issue 14):
 * - `request`: a signed-in user who is not yet an editor; one pending request per record and person.
 *   The owner and data curators get a link with a signed token (valid CONTRIBUTOR_TOKEN_TTL_DAYS days).
 * - `grant`: the owner, data curators and admins, with the token of the request's message; the token
 *   works once. A grant makes the requester an allowed editor, so it invalidates `CACHE_KEYS.records`.
 */
import { ROLES } from "@site-config";
import { CONTRIBUTOR_TOKEN_TTL_DAYS, SOCIAL_ERRORS, verifyTokenLink, type ContributorRequestView } from "@/contracts/cca-social";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { contributorRequestSchema } from "@/contracts/record-social.schema";
import { readRowId } from "@/contracts/record.schema";
import type { UserIbp } from "@/contracts/user";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { toIbp } from "../accounts/user.service";
import { findUsersByIds } from "../accounts/user.repository";
import type { Queryable } from "../../infra/db/db";
import { AppError, notFound } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { notify } from "../../infra/notify/notify";
import { contactOf } from "../groups/group-messages";
import { expiryOf, hashMatches, issueToken, tokenHash, tokenState, verifyToken } from "./contributor-token";
import { insertActivity } from "../activity/activity.repository";
import {
  appendAllowedUser,
  contactOfUser,
  findRequest,
  hasPendingRequest,
  insertRequest,
  ownerAndRoleContacts,
  setRequestToken,
  spendRequest,
  type RequestRow,
} from "./record-social.repository";
import { contributorGrantedMessage, contributorRequestMessage, editorNotice } from "./record-social.messages";
import { canManageEditors, isRecordEditor, liveRecord, recordLink, recordTitleText, siteOf, SOCIAL_ACTIVITY } from "./record-social.service";
import { notifyFollowers } from "./record-followers.service";


/** POST data/request `{ccaid, requestorId?, role?, requestorMessage}` → `true`; the owner and data curators get the link. */
export async function requestToContribute(deps: PlatformDeps, account: Account, body: unknown): Promise<true> {
  const { ccaid: id, requestorId, requestorMessage: message } = await validateWith(contributorRequestSchema, body);
  if (requestorId !== undefined && requestorId !== null && readRowId(requestorId) !== account.id) {
    throw new AppError("FORBIDDEN", "You can ask to contribute only for yourself", { requestorId: SOCIAL_ERRORS.selfOnly });
  }
  const row = await liveRecord(deps.db, id, account);
  if (isRecordEditor(account, row)) {
    throw new AppError("CONFLICT", "You can already edit this record", { ccaid: SOCIAL_ERRORS.alreadyEditor });
  }
  if (await hasPendingRequest(deps.db, id, account.id)) throw new AppError("CONFLICT", "Your request to contribute to this record is still waiting for an answer", { ccaid: SOCIAL_ERRORS.pending });

  const token = await deps.db.transaction(async (tx) => {
    const created = await insertRequest(tx, id, account.id, message);
    const issued = issueToken(deps.jwtSecret, created.id);
    await setRequestToken(tx, created.id, tokenHash(issued), expiryOf(created.created_on, CONTRIBUTOR_TOKEN_TTL_DAYS));
    return issued;
  });

  // The owner and every data curator with a live account and an address (the requester is neither: editors were refused above).
  const recipients = await ownerAndRoleContacts(deps.db, row.user_id, account.id, ROLES.DATACURATOR);
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
  const row = parts ? await findRequest(deps.db, parts.requestId) : null;
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
  const record = await liveRecord(deps.db, request.data_id, account);
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
export async function grantRequest(deps: PlatformDeps, account: Account, body: { token?: unknown }): Promise<true> {
  const request = await requestOfToken(deps, body.token);
  const record = await liveRecord(deps.db, request.data_id, account);
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
    if (!(await spendRequest(tx, request.id, account.id))) throw new AppError("VALIDATION_FAILED", "This request was already answered: its link works once", { token: SOCIAL_ERRORS.tokenUsed });
    const updated = await appendAllowedUser(tx, record.id, request.requester_id);
    if (updated) {
      await insertActivity(tx, {
        holderType: "ccaData",
        holderId: record.id,
        userId: account.id,
        activityType: SOCIAL_ACTIVITY.permissionAdded,
        description: requester[0]!.name,
        details: { userId: request.requester_id, requestId: request.id },
      });
    }
    return updated;
  });
  if (added) {
    invalidateCache(CACHE_KEYS.records);
    const title = await recordTitleText(deps.db, record);
    const contact = await contactOfUser(deps.db, request.requester_id);
    const target = contact ? contactOf(contact) : null;
    if (target) await notify(deps, { ...target, ...contributorGrantedMessage(title, recordLink(deps, record.id)) });
    await notifyFollowers(deps, record.id, account.id, title, editorNotice([requester[0]!.name]));
  }
  return true;
}
