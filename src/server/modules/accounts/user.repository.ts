/** SQL of the accounts: app_user and role (sessions and refresh tokens: src/server/infra/auth/session.repository.ts). Every function takes the db (or a transaction). */
import type { Queryable } from "../../infra/db/db";

export interface UserRow {
  id: number;
  user_name: string | null;
  name: string;
  email: string | null;
  mobile_number: string | null;
  password_hash: string | null;
  roles: string[];
  profile_pic: string | null;
  sex_type: "Male" | "Female" | "Others" | null;
  occupation: string | null;
  institution: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  about_me: string | null;
  website: string | null;
  enabled: boolean;
  account_locked: boolean;
  is_deleted: boolean;
  last_login_date: Date | null;
  email_validated: boolean;
  mobile_validated: boolean;
  created_on: Date;
}

export const USER_COLUMNS = `id, user_name, name, email, mobile_number, password_hash, roles, profile_pic, sex_type, occupation,
  institution, location, latitude, longitude, about_me, website, enabled, account_locked, is_deleted, last_login_date,
  email_validated, mobile_validated, created_on`;

/** A user by id, deleted ones included (callers decide). */
export function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  return db.maybeOne<UserRow>(`select ${USER_COLUMNS} from app_user where id = $1`, [id]);
}

/** The user signing in with an e-mail address (any case) or an E.164 mobile number. */
export function findUserByLogin(db: Queryable, username: string): Promise<UserRow | null> {
  return username.includes("@")
    ? db.maybeOne<UserRow>(`select ${USER_COLUMNS} from app_user where lower(email) = lower($1)`, [username])
    : db.maybeOne<UserRow>(`select ${USER_COLUMNS} from app_user where mobile_number = $1`, [username]);
}

/** Users (deleted ones included) holding this e-mail address or mobile number, except `exceptId`. */
export async function contactTaken(
  db: Queryable,
  email: string | null | undefined,
  mobileNumber: string | null | undefined,
  exceptId: number | null = null,
): Promise<boolean> {
  if (!email && !mobileNumber) return false;
  const row = await db.maybeOne(
    `select 1 as taken from app_user
      where (lower(email) = lower($1::text) or mobile_number = $2::text) and ($3::integer is null or id <> $3::integer)
      limit 1`,
    [email || null, mobileNumber || null, exceptId],
  );
  return row !== null;
}

export interface NewUser {
  name: string;
  email: string | null;
  mobileNumber: string | null;
  passwordHash: string;
  roles: string[];
  sexType?: string | null;
  occupation?: string | null;
  institution?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  accountLocked: boolean;
  emailValidated: boolean;
  mobileValidated: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const row = await db.one<{ id: number }>(
    `insert into app_user (name, email, mobile_number, password_hash, roles, sex_type, occupation, institution, location,
                           latitude, longitude, account_locked, email_validated, mobile_validated)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     returning id`,
    [
      user.name,
      user.email,
      user.mobileNumber,
      user.passwordHash,
      user.roles,
      user.sexType ?? null,
      user.occupation ?? null,
      user.institution ?? null,
      user.location ?? null,
      user.latitude ?? null,
      user.longitude ?? null,
      user.accountLocked,
      user.emailValidated,
      user.mobileValidated,
    ],
  );
  return row.id;
}

/** Unlocks a verified account: marks the channel validated and grants ROLE_USER. */
export async function unlockUser(db: Queryable, id: number, channel: "email" | "sms"): Promise<void> {
  await db.query(
    `update app_user set account_locked = false,
        email_validated = email_validated or $2, mobile_validated = mobile_validated or $3,
        roles = case when 'ROLE_USER' = any(roles) then roles else array_append(roles, 'ROLE_USER') end,
        updated_on = now()
      where id = $1`,
    [id, channel === "email", channel === "sms"],
  );
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query("update app_user set password_hash = $2, updated_on = now() where id = $1", [id, hash]);
}

export async function touchLastLogin(db: Queryable, id: number): Promise<void> {
  await db.query("update app_user set last_login_date = now() where id = $1", [id]);
}

export interface DetailsChange {
  name: string;
  sexType: string | null;
  occupation: string | null;
  institution: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  aboutMe: string | null;
  website: string | null;
  /** Undefined: left as is (only admins change contact details). */
  email?: string | null;
  mobileNumber?: string | null;
}

export async function updateDetails(db: Queryable, id: number, change: DetailsChange): Promise<void> {
  const setContact = change.email !== undefined || change.mobileNumber !== undefined;
  await db.query(
    `update app_user set name = $2, sex_type = $3, occupation = $4, institution = $5, location = $6, latitude = $7,
        longitude = $8, about_me = $9, website = $10,
        email = case when $11 then $12::text else email end,
        mobile_number = case when $11 then $13::text else mobile_number end,
        email_validated = case when $11 and lower(coalesce(email, '')) <> lower(coalesce($12::text, '')) then $12::text is not null else email_validated end,
        mobile_validated = case when $11 and coalesce(mobile_number, '') <> coalesce($13::text, '') then $13::text is not null else mobile_validated end,
        updated_on = now()
      where id = $1`,
    [
      id,
      change.name,
      change.sexType,
      change.occupation,
      change.institution,
      change.location,
      change.latitude,
      change.longitude,
      change.aboutMe,
      change.website,
      setContact,
      change.email ?? null,
      change.mobileNumber ?? null,
    ],
  );
}

export async function updateProfilePic(db: Queryable, id: number, profilePic: string | null): Promise<void> {
  await db.query("update app_user set profile_pic = $2, updated_on = now() where id = $1", [id, profilePic]);
}

export async function updateRolesAndState(
  db: Queryable,
  id: number,
  roles: string[],
  enabled: boolean | undefined,
  accountLocked: boolean | undefined,
): Promise<void> {
  await db.query(
    `update app_user set roles = $2, enabled = coalesce($3, enabled), account_locked = coalesce($4, account_locked), updated_on = now()
      where id = $1`,
    [id, roles, enabled ?? null, accountLocked ?? null],
  );
}

export async function markDeleted(db: Queryable, id: number): Promise<void> {
  await db.query("update app_user set is_deleted = true, updated_on = now() where id = $1", [id]);
}

export interface RoleRow {
  id: number;
  authority: string;
}

export function listRoles(db: Queryable): Promise<RoleRow[]> {
  return db.query<RoleRow>("select id, authority from role order by id");
}

export interface UserListFilter {
  name: string | null;
  role: string | null;
  /** Admins also see unverified and disabled accounts. */
  includeInactive: boolean;
  sort: "dateCreated" | "lastLoginDate";
  offset: number;
  limit: number;
}

export interface UserListRow {
  id: number;
  name: string;
  profile_pic: string | null;
  institution: string | null;
  roles: string[];
  created_on: Date;
}

/** `%` and `_` typed by the user match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(db: Queryable, filter: UserListFilter): Promise<{ rows: UserListRow[]; total: number }> {
  const where = `where not is_deleted
      and ($1::boolean or (enabled and not account_locked))
      and ($2::text is null or name ilike $2::text)
      and ($3::text is null or $3::text = any(roles))`;
  const params = [filter.includeInactive, filter.name === null ? null : likePattern(filter.name), filter.role];
  const order = filter.sort === "lastLoginDate" ? "last_login_date desc nulls last, id desc" : "created_on desc, id desc";
  const [rows, count] = await Promise.all([
    db.query<UserListRow>(
      `select id, name, profile_pic, institution, roles, created_on from app_user ${where} order by ${order} limit $4 offset $5`,
      [...params, filter.limit, filter.offset],
    ),
    db.one<{ n: number }>(`select count(*)::integer as n from app_user ${where}`, params),
  ]);
  return { rows, total: count.n };
}

export function autocompleteUsers(db: Queryable, name: string, limit: number): Promise<UserListRow[]> {
  return db.query<UserListRow>(
    `select id, name, profile_pic, institution, roles, created_on from app_user
      where not is_deleted and enabled and not account_locked and name ilike $1
      order by lower(name), id limit $2`,
    [likePattern(name), limit],
  );
}

export function findUsersByIds(db: Queryable, ids: readonly number[]): Promise<UserListRow[]> {
  return db.query<UserListRow>(
    `select id, name, profile_pic, institution, roles, created_on from app_user where id = any($1::integer[]) and not is_deleted order by id`,
    [ids],
  );
}
