/**
 * The social side of a CCA record (reference §3.5): following, allowed editors, the record's microsites,
 * and "request to contribute" → grant. Bodies as the reference's clients send them; shared by the
 * record page and cca-api. Pure: no server or browser imports.
 */
import type { FieldErrorKey } from "./field-errors";
import type { UserIbp } from "./user";

/** `PUT cca-api/api/v1/data/update/followers`: the caller follows or stops following the record. */
export interface FollowUpdate {
  id: number | string;
  type: "follow" | "unfollow";
  /** Reference: the users to (un)follow; only the caller themself is accepted (default). */
  followers?: Array<number | string>;
}

/** `PUT cca-api/api/v1/data/update/permission`: the complete list of allowed editors (besides the owner). */
export interface PermissionUpdate {
  id: number | string;
  allowedUsers: Array<number | string>;
}

/** `PUT cca-api/api/v1/data/update/usergroup`: the groups the record should be posted in. */
export interface UsergroupUpdate {
  id: number | string;
  usergroups: Array<number | string>;
}

/** `POST cca-api/api/v1/data/request`: ask the owner and the data curators for edit rights. */
export interface ContributorRequestBody {
  ccaid: number | string;
  /** The caller (the reference sends it; another user's id is refused). */
  requestorId?: number | string;
  role?: string;
  requestorMessage: string;
}

/** `POST cca-api/api/v1/data/grant`: confirm a request with the token of its message. */
export interface GrantBody {
  token: string;
}

/** The most characters of a request message. */
export const CONTRIBUTOR_MESSAGE_MAX = 200;
/** How long a request's link stays usable. */
export const CONTRIBUTOR_TOKEN_TTL_DAYS = 7;
/** The `type` of the link's query, as the reference spells it (sic). */
export const CONTRIBUTOR_REQUEST_TYPE = "cca-contibutor-request";
/** The most allowed editors of one record. */
export const ALLOWED_USERS_MAX = 100;

/** What a request's link shows before the owner or a curator confirms it (`GET data/request?token=`). */
export interface ContributorRequestView {
  requestId: number;
  record: { id: number; title: string; shortName: string };
  requester: UserIbp;
  message: string;
  /** ISO 8601. */
  createdOn: string;
  expiresOn: string;
  /** pending: can be granted; granted: used already (by `grantedBy`); expired: too old. */
  status: "pending" | "granted" | "expired";
  grantedBy: UserIbp | null;
  /** The requester is already an editor (owner or allowed user), e.g. added through the editors dialog. */
  alreadyEditor: boolean;
}

/** Field-error keys of these writes (namespace `contribute`, en and hi). */
export const SOCIAL_ERRORS = {
  tokenInvalid: "contribute:errors.token_invalid",
  tokenExpired: "contribute:errors.token_expired",
  tokenUsed: "contribute:errors.token_used",
  selfOnly: "contribute:errors.self_only",
  unknownUsers: "contribute:errors.unknown_users",
  tooManyEditors: "contribute:errors.too_many_editors",
  alreadyEditor: "contribute:errors.already_editor",
  groupRemoveForbidden: "contribute:errors.group_remove_forbidden",
  pending: "contribute:errors.request_pending",
} as const satisfies Record<string, FieldErrorKey>;

/** The link a request's message carries (`siteUrl` without a trailing slash). */
export function verifyTokenLink(siteUrl: string, token: string): string {
  const query = new URLSearchParams({ type: CONTRIBUTOR_REQUEST_TYPE, token });
  return `${siteUrl.replace(/\/+$/, "")}/continue/verify-token?${query.toString()}`;
}
