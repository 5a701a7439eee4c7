/** Users (reference §3.1, §4.9): profiles, the directory, details, picture, roles, deletion. */
import { ROLES } from "@site-config";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Gender } from "@/contracts/auth";
import { MSG, userDetailsSchema } from "@/contracts/auth.schema";
import { FORM_ERRORS } from "@/contracts/field-errors";
import type { ReferenceUserProfile, Role, UserIbp, UserListItem, UserListResponse, UserProfile } from "@/contracts/user";
import type { Db, Queryable } from "../../infra/db/db";
import { statStoredFile, storedFileKey } from "../../infra/files/file-storage";
import type { FileStore } from "../../infra/files/file-store";
import { AppError } from "../../infra/http/app-error";
import { revokeRefreshTokens } from "../../infra/auth/session.repository";
import type { Account } from "./account-context";
import {
  autocompleteUsers,
  contactTaken,
  findUserById,
  findUsersByIds,
  listRoles,
  listUsers,
  markDeleted,
  updateDetails,
  updateProfilePic,
  updateRolesAndState,
  type UserListRow,
  type UserRow,
} from "./user.repository";
import { collectFieldErrors, fieldId, validateWith, validationFailed } from "../../infra/http/validate";

const userNotFound = () => new AppError("USER_NOT_FOUND", "There is no such user");

async function roleIds(db: Queryable): Promise<Map<string, number>> {
  return new Map((await listRoles(db)).map((r) => [r.authority, r.id]));
}

function rolesOf(authorities: readonly string[], ids: Map<string, number>): Role[] {
  return authorities.flatMap((authority) => {
    const id = ids.get(authority);
    return id === undefined ? [] : [{ id, authority }];
  });
}

/**
 * The profile; contact details, the map position (latitude/longitude) and the last sign-in only when
 * `showContact` (the user themself or an administrator; issue 27 item 16: a public profile showed
 * where someone lives and when they were last here). `location`, the place as the user wrote it, stays public.
 */
export function toProfile(row: UserRow, ids: Map<string, number>, showContact: boolean): UserProfile {
  return {
    id: row.id,
    userName: row.user_name,
    name: row.name,
    email: showContact ? row.email : null,
    mobileNumber: showContact ? row.mobile_number : null,
    sexType: row.sex_type,
    occupation: row.occupation,
    institution: row.institution,
    location: row.location,
    latitude: showContact ? row.latitude : null,
    longitude: showContact ? row.longitude : null,
    aboutMe: row.about_me,
    website: row.website,
    profilePic: row.profile_pic,
    dateCreated: row.created_on.toISOString(),
    lastLoginDate: showContact ? (row.last_login_date?.toISOString() ?? null) : null,
    enabled: row.enabled,
    accountLocked: row.account_locked,
    roles: rolesOf(row.roles, ids),
  };
}

function toListItem(row: UserListRow): UserListItem {
  return {
    id: row.id,
    name: row.name,
    profilePic: row.profile_pic,
    institution: row.institution,
    roles: row.roles,
    dateCreated: row.created_on.toISOString(),
  };
}

export function toIbp(row: Pick<UserListRow, "id" | "name" | "profile_pic" | "roles">): UserIbp {
  return { id: row.id, name: row.name, profilePic: row.profile_pic, isAdmin: row.roles.includes(ROLES.ADMIN) };
}

async function liveUser(db: Queryable, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row || row.is_deleted) throw userNotFound();
  return row;
}

/** GET v1/user/{id}: anyone; e-mail and mobile number only for the user and administrators. */
export async function getProfile(db: Db, caller: Account | null, id: number): Promise<UserProfile> {
  const row = await liveUser(db, id);
  return toProfile(row, await roleIds(db), !!caller && (caller.id === id || caller.isAdmin));
}

/** A profile in the reference's User shape (cca-integrator read/profile, the user list): see ReferenceUserProfile. */
export function toReferenceProfile(profile: UserProfile): ReferenceUserProfile {
  return {
    ...profile,
    isAdmin: profile.roles.some((role) => role.authority === ROLES.ADMIN),
    accountExpired: false,
    passwordExpired: false,
    sendNotification: true,
    identificationMail: false,
    hideEmial: true,
    sendPushNotification: false,
    sendDigest: false,
  };
}

/** GET cca-integrator read/profile/{id}: getProfile, in the reference's User shape. */
export async function getReferenceProfile(db: Db, caller: Account | null, id: number): Promise<ReferenceUserProfile> {
  return toReferenceProfile(await getProfile(db, caller, id));
}

export async function getIbp(db: Db, id: number): Promise<UserIbp> {
  return toIbp(await liveUser(db, id));
}

export async function getIbps(db: Db, ids: readonly number[]): Promise<UserIbp[]> {
  return (await findUsersByIds(db, ids)).map(toIbp);
}

export async function autocomplete(db: Db, name: string): Promise<UserIbp[]> {
  return (await autocompleteUsers(db, name, 10)).map(toIbp);
}

export interface UserListQuery {
  name: string | null;
  role: string | null;
  sort: "dateCreated" | "lastLoginDate";
  offset: number;
  limit: number;
}

export async function userList(db: Db, caller: Account | null, query: UserListQuery): Promise<UserListResponse> {
  if (query.role !== null && !(await roleIds(db)).has(query.role)) {
    throw new AppError("BAD_REQUEST", `Unknown role "${query.role}"`, { role: FORM_ERRORS.unknownRole });
  }
  // The last sign-in is private: others' "lastLoginDate" order falls back to the newest accounts.
  const sort = caller?.isAdmin || query.sort !== "lastLoginDate" ? query.sort : "dateCreated";
  const { rows, total } = await listUsers(db, { ...query, sort, includeInactive: !!caller?.isAdmin });
  return { userList: rows.map(toListItem), totalCount: total, offset: query.offset, limit: query.limit };
}

function ownerOrAdmin(caller: Account, id: number): void {
  if (caller.id !== id && !caller.isAdmin) throw new AppError("FORBIDDEN", "Only the user or an administrator may change this profile");
}

function optionalNumber(value: unknown, field: string, min: number, max: number): number | null {
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw validationFailed({ [field]: "form:invalid_number" });
  if (n < min) throw validationFailed({ [field]: `form:min_value|${JSON.stringify({ min })}` });
  if (n > max) throw validationFailed({ [field]: `form:max_value|${JSON.stringify({ max })}` });
  return n;
}

const blankToNull = (value: string | null | undefined): string | null => (value ? value : null);

/** PUT v1/user/update/details: the owner or an administrator; e-mail and mobile number change for administrators only. */
export async function updateUserDetails(db: Db, caller: Account, fields: Record<string, unknown>): Promise<UserProfile> {
  const id = fieldId(fields.id, "id");
  ownerOrAdmin(caller, id);
  let input = {} as Awaited<ReturnType<typeof userDetailsSchema.validate>>;
  let latitude: number | null = null;
  let longitude: number | null = null;
  await collectFieldErrors(
    async () => (input = await validateWith(userDetailsSchema, fields)),
    () => (latitude = optionalNumber(fields.latitude, "latitude", -90, 90)),
    () => (longitude = optionalNumber(fields.longitude, "longitude", -180, 180)),
  );
  const current = await liveUser(db, id);

  let email: string | null | undefined;
  let mobileNumber: string | null | undefined;
  if (caller.isAdmin && ("email" in fields || "mobileNumber" in fields)) {
    email = "email" in fields ? blankToNull(input.email) : current.email;
    mobileNumber = "mobileNumber" in fields ? blankToNull(input.mobileNumber) : current.mobile_number;
    if (!email && !mobileNumber) throw validationFailed({ email: MSG.emailOrMobile });
    if (await contactTaken(db, email, mobileNumber, id)) {
      throw new AppError("EMAIL_MOBILE_ALREADY_EXISTS", "Another account has this e-mail address or mobile number");
    }
  }
  try {
    await updateDetails(db, id, {
      name: input.name,
      sexType: (input.sexType ?? null) as Gender | null,
      occupation: blankToNull(input.occupation),
      institution: blankToNull(input.institution),
      location: blankToNull(input.location),
      latitude,
      longitude,
      aboutMe: blankToNull(input.aboutMe),
      website: blankToNull(input.website),
      email,
      mobileNumber,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "23505") {
      throw new AppError("EMAIL_MOBILE_ALREADY_EXISTS", "Another account has this e-mail address or mobile number");
    }
    throw error;
  }
  invalidateCache(CACHE_KEYS.users);
  return toProfile(await liveUser(db, id), await roleIds(db), true);
}

/**
 * PUT v1/user/update/image?id=&profilePic=: the owner or an administrator. `profilePic` is the path of
 * an uploaded file inside the `users` files directory (as the upload answers it, e.g. `/ab/cd.jpg`),
 * or empty to remove the picture.
 */
export async function updateUserImage(
  db: Db,
  fileStore: FileStore,
  caller: Account,
  idValue: string | undefined,
  profilePic: string | undefined,
): Promise<UserProfile> {
  const id = fieldId(idValue, "id");
  ownerOrAdmin(caller, id);
  await liveUser(db, id);
  let stored: string | null = null;
  if (profilePic && profilePic.trim() !== "") {
    const value = profilePic.trim();
    const invalid = () => new AppError("BAD_REQUEST", "profilePic must be the path of a file in the users directory", { profilePic: FORM_ERRORS.file });
    const segments = value.replace(/^\/+/, "").split("/");
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//")) throw invalid();
    try {
      await statStoredFile(fileStore, storedFileKey("users", segments));
    } catch (error) {
      if (error instanceof AppError) throw invalid();
      throw error;
    }
    stored = `/${segments.join("/")}`;
  }
  await updateProfilePic(db, id, stored);
  invalidateCache(CACHE_KEYS.users);
  return toProfile(await liveUser(db, id), await roleIds(db), true);
}

export async function allRoles(db: Db): Promise<Role[]> {
  return listRoles(db);
}

/**
 * PUT v1/user/update/roles: administrators only (the reference let anyone edit their own roles).
 * An administrator cannot take their own administrator role away, nor disable or lock themself.
 */
export async function updateUserRoles(db: Db, caller: Account, fields: Record<string, unknown>): Promise<UserProfile> {
  if (!caller.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may change roles");
  const id = fieldId(fields.id, "id");
  if (!Array.isArray(fields.roles)) throw new AppError("BAD_REQUEST", "roles must be a list of {authority}", { roles: FORM_ERRORS.invalid });
  const known = await roleIds(db);
  const authorities: string[] = [];
  for (const item of fields.roles as unknown[]) {
    const authority = typeof item === "string" ? item : typeof item === "object" && item !== null ? (item as { authority?: unknown }).authority : undefined;
    if (typeof authority !== "string" || !known.has(authority)) {
      throw new AppError("BAD_REQUEST", `Unknown role ${JSON.stringify(authority ?? item)}`, { roles: FORM_ERRORS.unknownRole });
    }
    if (!authorities.includes(authority)) authorities.push(authority);
  }
  const flag = (name: "enabled" | "accountLocked"): boolean | undefined => {
    const value = fields[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "boolean") throw new AppError("BAD_REQUEST", `${name} must be true or false`, { [name]: FORM_ERRORS.boolean });
    return value;
  };
  const enabled = flag("enabled");
  const accountLocked = flag("accountLocked");
  await liveUser(db, id);
  if (id === caller.id && (!authorities.includes(ROLES.ADMIN) || enabled === false || accountLocked === true)) {
    throw new AppError("FORBIDDEN", "You cannot remove your own administrator role or disable your own account");
  }
  await db.transaction(async (tx) => {
    await updateRolesAndState(tx, id, authorities, enabled, accountLocked);
    if (enabled === false || accountLocked === true) await revokeRefreshTokens(tx, id);
  });
  invalidateCache(CACHE_KEYS.users);
  return toProfile(await liveUser(db, id), known, true);
}

/** DELETE v1/user/delete/{id}: administrators, not themself. Soft delete; the user's sessions end. */
export async function deleteUser(db: Db, caller: Account, id: number): Promise<void> {
  if (!caller.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may delete users");
  if (id === caller.id) throw new AppError("FORBIDDEN", "You cannot delete your own account");
  await liveUser(db, id);
  await db.transaction(async (tx) => {
    await markDeleted(tx, id);
    await revokeRefreshTokens(tx, id);
  });
  invalidateCache(CACHE_KEYS.users);
  // A deleted account no longer counts as a member: the groups' member counts change too.
  invalidateCache(CACHE_KEYS.groupList);
}
