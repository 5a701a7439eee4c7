/** A group as listed by `GET userGroup-api/api/v1/group/all` (reference §4.2, plus nameLocal and displayOrder). */
export interface GroupListItem {
  id: number;
  /** Language-independent id; equal to `id` in this platform. */
  groupId: number;
  name: string;
  /** Name in the group's local language (e.g. Hindi), or null. */
  nameLocal: string | null;
  /** Path of the logo inside the files service `userGroups` directory, e.g. `/logos/forest.svg`. */
  icon: string | null;
  /** `/group/{slug}` for groups on the main domain, or an absolute URL for groups with their own domain. */
  webAddress: string;
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
  icon: string | null;
  webAddress: string;
  domainName: string | null;
  allowUserToJoin: boolean;
  displayOrder: number;
}
