import type { Role as RoleName } from "@site-config";
import type { Gender } from "./auth";

/** The signed-in user as decoded from the access token (BAToken). */
export interface SessionUser {
  id: number;
  name: string;
  roles: RoleName[];
  /** Expiry, seconds since epoch. */
  exp: number;
}

/** A role as listed by GET user-api/api/v1/roles/all. */
export interface Role {
  id: number;
  authority: string;
}

/** Short user reference (reference §4.9 UserIbp). */
export interface UserIbp {
  id: number;
  name: string;
  profilePic: string | null;
  isAdmin: boolean;
}

/**
 * GET user-api/api/v1/user/{id}. `email` and `mobileNumber` are null unless the caller is the user
 * or an admin (the original leaked them to everyone).
 */
export interface UserProfile {
  id: number;
  userName: string | null;
  name: string;
  email: string | null;
  mobileNumber: string | null;
  sexType: Gender | null;
  occupation: string | null;
  institution: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  aboutMe: string | null;
  website: string | null;
  profilePic: string | null;
  /** ISO 8601. */
  dateCreated: string;
  lastLoginDate: string | null;
  enabled: boolean;
  accountLocked: boolean;
  roles: Role[];
}

/**
 * GET cca-integrator-api/api/v1/services/read/profile/{userId} (reference §3.12, §4.9): the profile of
 * user-api in the reference's User shape, plus `isAdmin`. The portal keeps no account expiry, password
 * expiry or notification preferences; those fields state what the portal does: accounts and passwords
 * never expire, messages about the user's groups are sent, the e-mail address is never shown to others,
 * and there are no identification mails, push notifications or digests.
 */
export interface ReferenceUserProfile extends UserProfile {
  isAdmin: boolean;
  accountExpired: false;
  passwordExpired: false;
  sendNotification: true;
  identificationMail: false;
  hideEmial: true;
  sendPushNotification: false;
  sendDigest: false;
}

/** One card of the user directory. */
export interface UserListItem {
  id: number;
  name: string;
  profilePic: string | null;
  institution: string | null;
  roles: string[];
  dateCreated: string;
}

/** GET user-api/api/v1/user/list?name=&role=&offset=&limit= (limit default 10). */
export interface UserListResponse {
  userList: UserListItem[];
  totalCount: number;
  offset: number;
  limit: number;
}

/** The fields `aggregationData` counts users by (the filters of the reference's user list). */
export type UserFacet = "role" | "taxonomyRole" | "userGroup" | "institution" | "profession" | "sex";

/** One row of POST user-api/api/v1/user/list/extended_user/_doc (reference §3.1). */
export interface UserSearchItem {
  id: number;
  /** The User of read/profile: contact details only for the user themself and administrators. */
  user: ReferenceUserProfile;
  /** The user's groups with their role in each. */
  userGroup: { id: number; name: string; role: "member" | "founder" | "moderator" }[];
  /** Always empty: the portal has no species taxonomy, so no taxonomy roles. */
  taxonomy: never[];
  /** Always null: the reference does not say its shape; `user.location/latitude/longitude` hold the place. */
  locationInformation: null;
}

/**
 * POST user-api/api/v1/user/list/extended_user/_doc: a page of users, the number matching, and per
 * filter field the count of matching users for each value (each field's counts ignore that field's own
 * filter, so a list of checkboxes shows what ticking another one adds). Group counts are keyed by group id.
 */
export interface UserSearchResponse {
  userList: UserSearchItem[];
  aggregationData: Record<UserFacet, Record<string, number>>;
  totalCount: number;
  offset: number;
  limit: number;
}

/** PUT user-api/api/v1/user/update/details (owner or admin; email/mobile applied for admins only). */
export interface UserDetailsUpdate {
  id: number;
  name: string;
  sexType?: Gender | null;
  occupation?: string | null;
  institution?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  aboutMe?: string | null;
  website?: string | null;
  email?: string | null;
  mobileNumber?: string | null;
}

/** PUT user-api/api/v1/user/update/roles (admin only). */
export interface UserRolesUpdate {
  id: number;
  roles: Pick<Role, "authority">[];
  enabled?: boolean;
  accountLocked?: boolean;
}
