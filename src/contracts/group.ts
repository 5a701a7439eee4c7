import type { UserIbp } from "./user";

/**
 * The logo a group without one is answered with (a path in the files `userGroups` directory, served by
 * the files service whatever the store holds): the original front end joins `userGroups` and `icon`,
 * so a null gave it `…/userGroupsnull` (issue 34). The portal's own screens treat it as "no logo".
 */
export const DEFAULT_GROUP_ICON = "/default/group.svg";

/** The group's own logo path, or null for none (also when the answer holds DEFAULT_GROUP_ICON). */
export const ownGroupIcon = (icon: string | null | undefined): string | null => (icon && icon !== DEFAULT_GROUP_ICON ? icon : null);

/** A group as listed by `GET userGroup-api/api/v1/group/all` (reference §4.2, plus nameLocal and displayOrder). */
export interface GroupListItem {
  id: number;
  /** Language-independent id; equal to `id` in this platform. */
  groupId: number;
  name: string;
  /** Name in the group's local language (e.g. Hindi), or null. */
  nameLocal: string | null;
  /** Path of the logo inside the files service `userGroups` directory, e.g. `/logos/forest.svg`; the platform answers DEFAULT_GROUP_ICON (never null) for a group without one. */
  icon: string | null;
  /** `/group/{slug}` for groups on the main domain, or an absolute URL for groups with their own domain. */
  webAddress: string;
  /**
   * The group's slug, also for a group with its own domain (whose webAddress no longer shows it), so
   * its old address `/group/{slug}/…` can send visitors on. Added by this platform (not in reference §4.2).
   */
  slug?: string;
  displayOrder: number;
  isParticipatory: boolean;
}

/** The group shown in the chrome: a real group, or the main site (id null). */
export interface CurrentGroup {
  id: number | null;
  groupId: number | null;
  name: string;
  nameLocal: string | null;
  /** Absolute or root-relative URL of the logo image. */
  icon: string;
  /** Path prefix for group-scoped links: `/group/{slug}`, or "" on the main site and on a group's own domain. */
  linkPrefix: string;
  /** Absolute or root-relative home address of the group. */
  webAddress: string;
}

/** A group as returned by `GET userGroup-api/api/v1/group/{id}/{languageId}`. */
export interface GroupDetail {
  id: number;
  groupId: number;
  languageId: number;
  name: string;
  nameLocal: string | null;
  description: string;
  /** As GroupListItem.icon (DEFAULT_GROUP_ICON when it has none). */
  icon: string | null;
  webAddress: string;
  domainName: string | null;
  allowUserToJoin: boolean;
  displayOrder: number;
}

/** Language ids used in group translations (en 205, hi 206). */
export type GroupLanguageId = 205 | 206;

/** A row of `GET userGroup-api/api/v1/group/list/{languageId}` (`/group/list`). */
export interface GroupListExpanded extends GroupListItem {
  memberCount: number;
  /** Description in the requested language (English when there is no translation). */
  description: string;
  allowUserToJoin: boolean;
}

/** A user's role inside one group (per group, never in the token). */
export type GroupRole = "founder" | "moderator" | "member";

/** `GET …/group/membership/{id}`: the caller's standing in the group (a visitor gets all false / null). */
export interface GroupMembership {
  isMember: boolean;
  role: GroupRole | null;
  /** A join request of the caller is pending (closed groups). */
  requested: boolean;
  /** Admin or founder: may edit the group (info, administrators). */
  canEdit: boolean;
  /** Admin, founder or moderator: may approve or refuse join requests. */
  canModerate: boolean;
}

/**
 * `GET …/group/member/list` (the caller) and `GET …/group/member/list/{userId}` (anyone, reference §3.2
 * axMemberGroupListByUserId): `{ "<groupId>": isMember }` for every live group.
 */
export type GroupMembershipMap = Record<string, boolean>;

/** `{status: true, message}` answers of the group write endpoints. */
export interface GroupActionResult<M extends string = string> {
  status: true;
  message: M;
}

/** `PUT …/group/remove/bulk/members` (the original's user list): how many of the users named left the group. */
export interface GroupBulkRemoveResult extends GroupActionResult<"MEMBERS_REMOVED"> {
  removed: number;
}

/** A pending request to join a closed group (`GET …/group/requests/{id}`, oldest first). */
export interface GroupJoinRequest {
  userId: number;
  name: string;
  profilePic: string | null;
  /** ISO 8601. */
  requestedOn: string;
}

/** One language of a group's name and description in create/edit bodies. */
export interface GroupTranslation {
  language: GroupLanguageId;
  /** Required for English; ≤ 200. */
  name: string;
  /** Plain text, ≤ 5000. */
  description: string;
}

/** Body of `POST …/group/create` and `PUT …/group/edit/save/{id}`; answer of `GET …/group/edit/{id}`. */
export interface UserGroupEditData {
  /** English required, Hindi optional. */
  translation: GroupTranslation[];
  /** Local-language name, ≤ 200. */
  nameLocal: string | null;
  /** The bare slug: letters, digits, - and _ (≤ 60); unique regardless of case. */
  webAddress: string;
  /** Own domain as an http(s) origin, e.g. `https://chilika.example.org`; unique. */
  domainName: string | null;
  /** Path in the files `userGroups` directory (`/<hash>/<name>`), or null. */
  icon: string | null;
  /** Open (true) or closed (false) group. */
  allowUserToJoin: boolean;
  /** ≥ 0; lower first. */
  displayOrder: number;
}

/** Founders and moderators invited when a group is created (none: the creating admin founds it). */
export interface GroupInvitationData {
  founderIds: number[];
  moderatorsIds: number[];
}

export interface UserGroupCreateData extends UserGroupEditData {
  invitationData?: GroupInvitationData;
}

/** `GET …/group/adminstration/members/{id}` (sic). */
export interface GroupAdministrators {
  founderList: UserIbp[];
  moderatorList: UserIbp[];
}

/** Body of `POST …/group/add/members`; unknown e-mails → 400 with fieldErrors. */
export interface GroupAddMembersData {
  userGroupId: number;
  founderIds: number[];
  moderatorsIds: number[];
  founderEmail: string[];
  moderatorsEmail: string[];
}
