/**
 * Sign-in, registration with a one-time code, password reset and change, token renewal
 * (reference §2, with the fixes of issue 3). Answers are AuthResponse; failures AppError with an
 * AUTH_CODES code.
 */
import crypto from "node:crypto";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { AuthResponse, PendingUser, TokenPair } from "@/contracts/auth";
import { FORM_ERRORS } from "@/contracts/field-errors";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  isEmail,
  loginSchema,
  MSG,
  otpSchema,
  resetPasswordSchema,
  signupSchema,
} from "@/contracts/auth.schema";
import { hashPassword, needsRehash, verifyPassword } from "../../infra/auth/password";
import {
  checkOtp,
  codesSentToday,
  consumeOtp,
  createOtp,
  hasLiveOtp,
  lastOtpChannel,
  OTP_MAX_PER_ADDRESS_PER_DAY,
  OTP_MAX_PER_DAY,
  OTP_TTL_SECONDS,
  otpLimitReached,
  type CheckedOtp,
  type OtpChannel,
  type OtpPurpose,
} from "../../infra/auth/otp";
import {
  consumeRate,
  identifierKey,
  refundAttempt,
  resetThrottle,
  takeAttempt,
  takeAttempts,
  THROTTLE,
  type ThrottleRule,
} from "../../infra/auth/throttle";
import { clearedTokenCookies, consumeRefresh, issueTokens, revokeRefresh, verifyRefreshToken } from "../../infra/auth/tokens";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { maskSpentCodes } from "../../infra/notify/outbox-codes";
import { accountExistsMessage, otpMessage, passwordChangedMessage, signInLockedMessage } from "../../infra/notify/messages";
import { notify } from "../../infra/notify/notify";
import { revokeRefreshFamily, revokeRefreshTokens, sessionVersionOf } from "../../infra/auth/session.repository";
import type { Account } from "./account-context";
import {
  contactTaken,
  findUserById,
  findUserByLogin,
  insertUser,
  setPasswordHash,
  touchLastLogin,
  unlockUser,
  type UserRow,
} from "./user.repository";
import { collectFieldErrors, fieldId, validateWith, validationFailed } from "../../infra/http/validate";
import { checkPasswordLength } from "./password-length";

/** An answer and the cookies it sets. */
export interface AuthResult {
  body: AuthResponse;
  cookies: string[];
}

const answer = (body: AuthResponse, cookies: string[] = []): AuthResult => ({ body, cookies });

function pending(user: Pick<UserRow, "id" | "email" | "mobile_number">): PendingUser {
  return { id: user.id, email: user.email, mobileNumber: user.mobile_number };
}

/**
 * Where a sign-up or reset code went, as the visitor typed it and without the account's id: the answer
 * is the same whether or not an account has this contact (issue 27 item 10). The code is then checked
 * by this contact (`verificationId`).
 */
function pendingContact(email: string | null, mobileNumber: string | null, codeTo: string | null): PendingUser {
  // `id`: the contact the code went to, which the original front end sends back as `id` (issue 34).
  return codeTo ? { id: codeTo, email, mobileNumber } : { email, mobileNumber };
}

const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", "The username or password you entered is incorrect.");
/** A bcrypt hash of a random password: unknown accounts cost as much time as known ones. */
let dummyHash: Promise<string> | null = null;
const timingHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

const userNotFound = () => new AppError("USER_NOT_FOUND", "No account has this e-mail address or mobile number");
const accountDisabled = () => new AppError("ACCOUNT_DISABLED", "This account is disabled; contact the site administrators");

/** An account that may take part in a flow: exists, not deleted, not disabled. */
function usable(user: UserRow | null): UserRow {
  if (!user || user.is_deleted) throw userNotFound();
  if (!user.enabled) throw accountDisabled();
  return user;
}

function checkMode(mode: unknown): void {
  if (mode !== undefined && mode !== null && mode !== "" && mode !== "manual") {
    throw new AppError("BAD_REQUEST", `Only mode=manual is supported (got "${String(mode)}")`, { mode: FORM_ERRORS.invalid });
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

/** Where a code of `channel` goes for this user; the other contact when that one is missing. */
function recipientFor(user: UserRow, preferred: OtpChannel): { channel: OtpChannel; to: string } | null {
  if (preferred === "email" && user.email) return { channel: "email", to: user.email };
  if (preferred === "sms" && user.mobile_number) return { channel: "sms", to: user.mobile_number };
  if (user.email) return { channel: "email", to: user.email };
  if (user.mobile_number) return { channel: "sms", to: user.mobile_number };
  return null;
}

async function defaultChannel(deps: PlatformDeps, user: UserRow, purpose: OtpPurpose): Promise<OtpChannel> {
  return (await lastOtpChannel(deps.db, user.id, purpose)) ?? (user.email ? "email" : "sms");
}

/**
 * Creates a code and sends it. Checks, in order: a contact to send to, the caller address's send rate
 * (429 TOO_MANY_ATTEMPTS; skipped when the caller counted it already), the codes this address asked
 * for this account today and the account's daily total (429 OTP_ATTEMPTS_EXCEEDED).
 */
async function sendCode(
  deps: PlatformDeps,
  address: string,
  user: UserRow,
  purpose: OtpPurpose,
  preferred: OtpChannel,
  options: { addressCounted?: boolean } = {},
): Promise<void> {
  const target = recipientFor(user, preferred);
  if (!target) throw new AppError("BAD_REQUEST", "This account has no e-mail address or mobile number to send a code to");
  if (!options.addressCounted) await consumeRate(deps.db, THROTTLE.sendAddress(address));
  await takeCodeAttempt(deps, codeRule(`user:${user.id}`, address));
  if ((await codesSentToday(deps.db, user.id)) >= OTP_MAX_PER_DAY) throw otpLimitReached();
  const code = await createOtp(deps.db, deps.jwtSecret, user.id, purpose, target.channel);
  const message = otpMessage(purpose, code, OTP_TTL_SECONDS / 60);
  await notify(deps, { channel: target.channel, to: target.to, ...message });
}

/** Codes one address may have sent to one account (or contact) in 24 hours, so others cannot spend the owner's. */
function codeRule(subject: string, address: string): ThrottleRule {
  return { key: `otp:send:${subject}:${address}`, limit: OTP_MAX_PER_ADDRESS_PER_DAY, windowSeconds: 24 * 3600, lockSeconds: 3600 };
}

async function takeCodeAttempt(deps: PlatformDeps, rule: ThrottleRule): Promise<void> {
  try {
    await takeAttempt(deps.db, rule);
  } catch (error) {
    if (error instanceof AppError && error.code === "TOO_MANY_ATTEMPTS") throw otpLimitReached();
    throw error;
  }
}

/** Sends the code of a flow that names its account by contact only; the answer never tells whether it went. */
async function sendCodeQuietly(deps: PlatformDeps, address: string, user: UserRow, purpose: OtpPurpose, preferred: OtpChannel): Promise<void> {
  try {
    await sendCode(deps, address, user, purpose, preferred, { addressCounted: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

async function sendPasswordChanged(deps: PlatformDeps, user: UserRow): Promise<void> {
  const target = recipientFor(user, "email");
  if (target) await notify(deps, { ...target, ...passwordChangedMessage() });
}

function withTokens(tokens: TokenPair, message: AuthResponse["message"]): AuthResponse {
  return { ...tokens, status: true, message, verificationRequired: false };
}

// ---------------------------------------------------------------------------------------------

/**
 * POST userGroup-api/api/v1/group/login (form username, password, mode=manual). Attempts are counted
 * before the account is looked up or the password checked (per address, per identifier from this
 * address, per identifier), and an unknown account answers exactly like a wrong password.
 */
export async function login(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const input = await validateWith(loginSchema, fields);
  checkMode(fields.mode);
  const addressRule = THROTTLE.loginAddress(address);
  const fromHereRule = THROTTLE.loginIdentifierFrom(input.username, address);
  const identifierRule = THROTTLE.loginIdentifier(input.username);
  await takeAttempts(deps.db, [addressRule, fromHereRule]);
  // Soft lockout: when attempts from everywhere lock the account, its owner is told how to unlock it
  // (a new password by code lifts the lock) instead of only being refused.
  await takeAttempt(deps.db, identifierRule, () => tellOwnerSignInLocked(deps, input.username));

  const found = await findUserByLogin(deps.db, input.username);
  const known = found && !found.is_deleted ? found : null;
  const passwordOk = await verifyPassword(input.password, known?.password_hash ?? (await timingHash()));
  if (!known || !passwordOk) throw invalidCredentials();
  const user = usable(known);
  await refundAttempt(deps.db, addressRule);
  await resetThrottle(deps.db, fromHereRule);
  await resetThrottle(deps.db, identifierRule);
  if (needsRehash(user.password_hash!)) await setPasswordHash(deps.db, user.id, await hashPassword(input.password));

  if (user.account_locked) {
    // Not verified yet: a fresh code unless a usable one is out; limits reached mean no new code.
    if (!(await hasLiveOtp(deps.db, user.id, "registration"))) {
      try {
        await sendCode(deps, address, user, "registration", await defaultChannel(deps, user, "registration"));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return answer({ status: true, message: "ACCOUNT_LOCKED", verificationRequired: true, user: pending(user) });
  }

  const issued = await issueTokens(deps.db, deps, user);
  await touchLastLogin(deps.db, user.id);
  return answer(withTokens(issued.tokens, "AUTHENTICATION_SUCCESSFUL"), issued.cookies);
}

/**
 * POST user-api/api/v1/authenticate/signup (JSON SignupRequest). A contact that has an account already
 * gets the same answer as a new one; the existing account is told by a message instead of a code.
 */
export async function signup(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const input = await validateWith(signupSchema, fields);
  checkPasswordLength(input.password, "password");
  checkMode(fields.mode);
  const email = input.email || null;
  const mobileNumber = input.mobileNumber || null;
  const byMobile = input.verificationType === "MOBILE";
  // Counted before the lookup, for new and existing contacts alike.
  await takeAttempt(deps.db, THROTTLE.sendAddress(address));
  await takeCodeAttempt(deps, codeRule(`contact:${identifierKey((byMobile ? mobileNumber : email) ?? "")}`, address));
  const passwordHash = await hashPassword(input.password);
  const created = answer({ status: true, message: "USER_CREATED", verificationRequired: true, user: pendingContact(email, mobileNumber, byMobile ? mobileNumber : email) });

  if (await contactTaken(deps.db, email, mobileNumber)) {
    await tellExistingAccounts(deps, email, mobileNumber);
    return created;
  }
  let id: number;
  try {
    id = await insertUser(deps.db, {
      name: input.username,
      email,
      mobileNumber,
      passwordHash,
      roles: [],
      sexType: input.gender,
      occupation: input.profession || null,
      institution: input.institution || null,
      location: input.location || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      accountLocked: true,
      emailValidated: false,
      mobileValidated: false,
    });
  } catch (error) {
    // Registered in parallel with the same contact: as if it had existed.
    if (isUniqueViolation(error)) {
      await tellExistingAccounts(deps, email, mobileNumber);
      return created;
    }
    throw error;
  }
  const user = (await findUserById(deps.db, id))!;
  await sendCodeQuietly(deps, address, user, "registration", byMobile ? "sms" : "email");
  return created;
}

async function tellOwnerSignInLocked(deps: PlatformDeps, identifier: string): Promise<void> {
  const owner = await findUserByLogin(deps.db, identifier);
  if (!owner || owner.is_deleted || !owner.enabled) return;
  const target = recipientFor(owner, isEmail(identifier) ? "email" : "sms");
  if (!target) return;
  const resetUrl = `${deps.settings.siteUrl.replace(/\/+$/, "")}/register/forgotPassword`;
  await notify(deps, { ...target, ...signInLockedMessage(resetUrl) });
}

/** A notice (not a code) to each contact of the sign-up that belongs to an account already. */
async function tellExistingAccounts(deps: PlatformDeps, email: string | null, mobileNumber: string | null): Promise<void> {
  const contacts: { channel: OtpChannel; to: string }[] = [];
  if (email) contacts.push({ channel: "email", to: email });
  if (mobileNumber) contacts.push({ channel: "sms", to: mobileNumber });
  for (const contact of contacts) {
    const owner = await findUserByLogin(deps.db, contact.to);
    if (owner && !owner.is_deleted) await notify(deps, { ...contact, ...accountExistsMessage() });
  }
}

/**
 * The account a code flow names: by `id` (after a sign-in with the right password, which told the id)
 * or by `verificationId`, the e-mail address or mobile number the code went to (after sign-up or
 * forgot-password, which do not tell whether an account exists).
 */
type CodeSubject = { id: number; identifier?: undefined } | { id?: undefined; identifier: string };

async function codeSubject(fields: Record<string, unknown>): Promise<CodeSubject> {
  const raw = fields.verificationId;
  if ((fields.id === undefined || fields.id === null || fields.id === "") && typeof raw === "string" && raw.trim() !== "") {
    return { identifier: (await validateWith(forgotPasswordSchema, { verificationId: raw })).verificationId };
  }
  // The original front end sends back the `user.id` of the sign-up or forgot-password answer: the contact.
  if (typeof fields.id === "string" && !/^\s*\d+\s*$/.test(fields.id) && fields.id.trim() !== "") {
    return { identifier: (await validateWith(forgotPasswordSchema, { verificationId: fields.id })).verificationId };
  }
  return { id: fieldId(fields.id, "id") };
}

/** The one answer of a code check by contact that failed, whatever the reason (no account, no code, wrong code). */
const codeRefused = () => new AppError("INVALID_OR_EXPIRED_OTP", "The code is not correct or has expired. Ask for a new one.");

/** The account of a subject: by id as before (404, 403), by contact null when it cannot take part. */
async function subjectUser(deps: PlatformDeps, subject: CodeSubject): Promise<UserRow | null> {
  if (subject.id !== undefined) return usable(await findUserById(deps.db, subject.id));
  const user = await findUserByLogin(deps.db, subject.identifier);
  return user && !user.is_deleted && user.enabled ? user : null;
}

/** Lifts the sign-in locks of every identifier of the account (its owner proved a contact). */
async function clearSignInLocks(deps: PlatformDeps, user: Pick<UserRow, "id" | "email" | "mobile_number">): Promise<void> {
  await resetThrottle(deps.db, THROTTLE.loginAccount(user.id));
  for (const identifier of [user.email, user.mobile_number]) if (identifier) await resetThrottle(deps.db, THROTTLE.loginIdentifier(identifier));
}

/**
 * POST user-api/api/v1/authenticate/validate (form id or verificationId, otp): unlocks the account,
 * grants ROLE_USER, signs in.
 */
export async function validateAccount(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  let subject: CodeSubject = { id: 0 };
  let otp = "";
  await collectFieldErrors(
    async () => (subject = await codeSubject(fields)),
    async () => (otp = (await validateWith(otpSchema, fields)).otp),
  );
  const checked = await checkSubjectCode(deps, address, subject, "registration", otp, (user) => {
    if (!user.account_locked) throw new AppError("VERIFIED_OR_OTP_DELETED", "This account is verified already; sign in");
  });
  const { user } = checked;
  const issued = await deps.db.transaction(async (tx) => {
    await consumeOtp(tx, checked.otp);
    // The used code leaves the stored outbox now (a reset is followed by a message, which sweeps too).
    await maskSpentCodes(tx);
    await unlockUser(tx, user.id, checked.otp.channel);
    await touchLastLogin(tx, user.id);
    return issueTokens(tx, deps, (await findUserById(tx, user.id))!);
  });
  await clearSignInLocks(deps, user);
  invalidateCache(CACHE_KEYS.users); // a verified account joins the people list
  return answer(withTokens(issued.tokens, "USER_VERIFICATION_SUCCESSFUL"), issued.cookies);
}

/**
 * The account and its checked code. The code attempt is counted against the address first (and given
 * back when right). By contact, every failure — no such account, a state `accept` refuses, no code, a
 * wrong one — is the same 400 INVALID_OR_EXPIRED_OTP.
 */
async function checkSubjectCode(
  deps: PlatformDeps,
  address: string,
  subject: CodeSubject,
  purpose: OtpPurpose,
  code: string,
  accept: (user: UserRow) => void = () => {},
): Promise<{ user: UserRow; otp: CheckedOtp }> {
  const addressRule = THROTTLE.otpAddress(address);
  await takeAttempt(deps.db, addressRule);
  try {
    const user = await subjectUser(deps, subject);
    if (!user) throw codeRefused();
    accept(user);
    const otp = await checkOtp(deps.db, deps.jwtSecret, user.id, purpose, code);
    await refundAttempt(deps.db, addressRule);
    return { user, otp };
  } catch (error) {
    if (subject.identifier !== undefined && error instanceof AppError) throw codeRefused();
    throw error;
  }
}

/** POST user-api/api/v1/authenticate/regenerate-otp (form id or verificationId, action 0 registration | 1 password reset). */
export async function regenerateOtp(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const subject = await codeSubject(fields);
  const action = fields.action === undefined || fields.action === null || fields.action === "" ? null : String(fields.action).trim();
  if (action === null) throw validationFailed({ action: MSG.required });
  if (action !== "0" && action !== "1") throw new AppError("INVALID_ACTION", `action must be 0 (registration) or 1 (password reset), got "${action}"`);
  const purpose: OtpPurpose = action === "0" ? "registration" : "reset";
  const regenerated = answer({ status: true, message: "OTP_REGENERATED" });

  if (subject.identifier !== undefined) {
    // By contact: counted before the lookup, and the same answer whether a code went or not.
    await takeAttempt(deps.db, THROTTLE.sendAddress(address));
    await takeCodeAttempt(deps, codeRule(`contact:${identifierKey(subject.identifier)}`, address));
    const user = await subjectUser(deps, subject);
    if (user && (purpose === "reset" || user.account_locked)) {
      await sendCodeQuietly(deps, address, user, purpose, isEmail(subject.identifier) ? "email" : "sms");
    }
    return regenerated;
  }
  const user = (await subjectUser(deps, subject))!;
  if (purpose === "registration" && !user.account_locked) {
    throw new AppError("VERIFIED_OR_OTP_DELETED", "This account is verified already; sign in");
  }
  await sendCode(deps, address, user, purpose, await defaultChannel(deps, user, purpose));
  return regenerated;
}

/**
 * POST user-api/api/v1/authenticate/forgot-password (form verificationId = e-mail or mobile number).
 * The same answer whether or not an account has this contact; the code goes only to an account's own.
 */
export async function forgotPassword(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const { verificationId } = await validateWith(forgotPasswordSchema, fields);
  const byEmail = isEmail(verificationId);
  await takeAttempt(deps.db, THROTTLE.sendAddress(address));
  await takeCodeAttempt(deps, codeRule(`contact:${identifierKey(verificationId)}`, address));
  const user = await subjectUser(deps, { identifier: verificationId });
  if (user) await sendCodeQuietly(deps, address, user, "reset", byEmail ? "email" : "sms");
  // Only the contact the visitor typed is echoed.
  return answer({ status: true, message: "EMAIL_SMS_SENT", user: pendingContact(byEmail ? verificationId : null, byEmail ? null : verificationId, verificationId) });
}

/** POST user-api/api/v1/authenticate/reset-password (form id or verificationId, otp, password, confirmPassword); signs in. */
export async function resetPassword(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  let subject: CodeSubject = { id: 0 };
  let password = "";
  let otp = "";
  await collectFieldErrors(
    async () => (subject = await codeSubject(fields)),
    async () => {
      const input = await validateWith(resetPasswordSchema, fields);
      checkPasswordLength(input.password, "password");
      password = input.password;
      otp = String(input.otp);
    },
  );
  const checked = await checkSubjectCode(deps, address, subject, "reset", otp);
  const { user } = checked;
  const passwordHash = await hashPassword(password);
  const issued = await deps.db.transaction(async (tx) => {
    await consumeOtp(tx, checked.otp);
    await setPasswordHash(tx, user.id, passwordHash);
    // The code proves the contact: an account never verified is verified by it.
    if (user.account_locked) await unlockUser(tx, user.id, checked.otp.channel);
    await revokeRefreshTokens(tx, user.id);
    await touchLastLogin(tx, user.id);
    return issueTokens(tx, deps, (await findUserById(tx, user.id))!);
  });
  await clearSignInLocks(deps, user);
  await sendPasswordChanged(deps, user);
  return answer(withTokens(issued.tokens, "PASSWORD_UPDATED"), issued.cookies);
}

/**
 * POST user-api/api/v1/authenticate/change-password (JSON, Bearer): the owner with the old password,
 * or an administrator for anyone else without it. Other sessions of the user end; the caller's own
 * session continues with the new tokens in the answer.
 */
export async function changePassword(deps: PlatformDeps, caller: Account, fields: Record<string, unknown>): Promise<AuthResult> {
  let id = caller.id;
  let input: { oldPassword?: string; newPassword: string } = { newPassword: "" };
  await collectFieldErrors(
    () => {
      if (fields.id !== undefined && fields.id !== null && fields.id !== "") id = fieldId(fields.id, "id");
    },
    async () => {
      input = await validateWith(changePasswordSchema, fields);
      checkPasswordLength(input.newPassword, "newPassword");
    },
  );
  const self = id === caller.id;
  if (!self && !caller.isAdmin) throw new AppError("FORBIDDEN", "You may only change your own password");
  const target = await findUserById(deps.db, id);
  if (!target || target.is_deleted) throw userNotFound();

  if (self) {
    if (!input.oldPassword) throw validationFailed({ oldPassword: MSG.required });
    const rule = THROTTLE.loginAccount(id);
    await takeAttempt(deps.db, rule);
    if (!(await verifyPassword(input.oldPassword, target.password_hash))) {
      throw new AppError("INVALID_PASSWORD", "The current password is not correct");
    }
    await resetThrottle(deps.db, rule);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const issued = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, id, passwordHash);
    await revokeRefreshTokens(tx, id);
    return self ? issueTokens(tx, deps, target) : null;
  });
  await sendPasswordChanged(deps, target);
  if (!issued) return answer({ status: true, message: "PASSWORD_UPDATED" });
  return answer({ ...issued.tokens, status: true, message: "PASSWORD_UPDATED" }, issued.cookies);
}

/**
 * POST user-api/api/v1/authenticate/refresh-tokens (query refreshToken, or the BRToken cookie):
 * a new pair for a refresh token not used before (or used within the last REFRESH_REUSE_GRACE_SECONDS);
 * the one presented is refused once that grace is over.
 */
export async function refreshTokens(deps: PlatformDeps, refreshToken: string | undefined): Promise<AuthResult> {
  if (!refreshToken) throw new AppError("INVALID_REFRESH_TOKEN", "No refresh token was sent; sign in again");
  const token = await verifyRefreshToken(refreshToken, deps.jwtSecret);
  const user = await findUserById(deps.db, token.userId);
  if (!user || user.is_deleted || !user.enabled || user.account_locked) {
    throw new AppError("INVALID_REFRESH_TOKEN", "This account can no longer sign in");
  }
  let reusedFamily: string | null = null;
  try {
    const issued = await deps.db.transaction(async (tx) => {
      const family = await consumeRefresh(tx, token, (f) => (reusedFamily = f));
      if (token.version !== (await sessionVersionOf(tx, user.id))) throw new AppError("INVALID_REFRESH_TOKEN", "This session has ended; sign in again");
      return issueTokens(tx, deps, user, family);
    });
    return answer({ ...issued.tokens, status: true, message: "AUTHENTICATION_SUCCESSFUL" }, issued.cookies);
  } catch (error) {
    // A copied refresh token: its whole chain ends, whoever holds the newer tokens.
    if (reusedFamily) await revokeRefreshFamily(deps.db, reusedFamily, user.id);
    throw error;
  }
}

/**
 * POST user-api/api/v1/authenticate/logout (`everywhere=true` to end every session of the user): the
 * session of the refresh token presented (cookie or query) ends — its refresh tokens are refused and
 * its access tokens open nothing more — and both session cookies are removed. Always succeeds, so
 * signing out never fails.
 */
export async function logout(deps: PlatformDeps, refreshToken: string | undefined, everywhere = false): Promise<AuthResult> {
  if (refreshToken) {
    try {
      const token = await verifyRefreshToken(refreshToken, deps.jwtSecret);
      await revokeRefresh(deps.db, token);
      // Only a token still valid may end the other sessions too.
      if (everywhere && token.version === (await sessionVersionOf(deps.db, token.userId))) await revokeRefreshTokens(deps.db, token.userId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // an invalid or used token needs no revoking
    }
  }
  return answer({ status: true, message: "LOGGED_OUT" }, clearedTokenCookies(deps.settings.secureCookies));
}
