/**
 * Sign-in, registration with a one-time code, password reset and change, token renewal
 * (reference §2, with the fixes of issue 3). Answers are AuthResponse; failures AppError with an
 * AUTH_CODES code.
 */
import { CACHE_KEYS, invalidateCache } from "@/lib/cache/invalidation";
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
import { hashPassword, needsRehash, verifyPassword } from "../auth/password";
import {
  checkOtp,
  codesSentToday,
  consumeOtp,
  createOtp,
  hasLiveOtp,
  lastOtpChannel,
  OTP_MAX_PER_DAY,
  OTP_TTL_SECONDS,
  otpLimitReached,
  type CheckedOtp,
  type OtpChannel,
  type OtpPurpose,
} from "../auth/otp";
import { assertNotThrottled, consumeRate, recordFailure, resetThrottle, THROTTLE } from "../auth/throttle";
import { clearedTokenCookies, consumeRefresh, issueTokens, revokeRefresh, verifyRefreshToken } from "../auth/tokens";
import { AppError } from "../http/app-error";
import type { PlatformDeps } from "../http/types";
import { otpMessage, passwordChangedMessage } from "../notify/messages";
import { notify } from "../notify/notify";
import type { Account } from "./account-context";
import {
  contactTaken,
  findUserById,
  findUserByLogin,
  insertUser,
  revokeRefreshTokens,
  setPasswordHash,
  touchLastLogin,
  unlockUser,
  type UserRow,
} from "./user.repository";
import { checkPasswordLength, collectFieldErrors, fieldId, validateWith, validationFailed } from "./validation";

/** An answer and the cookies it sets. */
export interface AuthResult {
  body: AuthResponse;
  cookies: string[];
}

const answer = (body: AuthResponse, cookies: string[] = []): AuthResult => ({ body, cookies });

function pending(user: Pick<UserRow, "id" | "email" | "mobile_number">): PendingUser {
  return { id: user.id, email: user.email, mobileNumber: user.mobile_number };
}

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
 * Creates a code and sends it. Checks, in order: a contact to send to, the account's daily limit
 * (429 OTP_ATTEMPTS_EXCEEDED), the caller address's send rate (429 TOO_MANY_ATTEMPTS).
 */
async function sendCode(deps: PlatformDeps, address: string, user: UserRow, purpose: OtpPurpose, preferred: OtpChannel): Promise<void> {
  const target = recipientFor(user, preferred);
  if (!target) throw new AppError("BAD_REQUEST", "This account has no e-mail address or mobile number to send a code to");
  if ((await codesSentToday(deps.db, user.id)) >= OTP_MAX_PER_DAY) throw otpLimitReached();
  await consumeRate(deps.db, THROTTLE.sendAddress(address));
  const code = await createOtp(deps.db, deps.jwtSecret, user.id, purpose, target.channel);
  const message = otpMessage(purpose, code, OTP_TTL_SECONDS / 60);
  await notify(deps, { channel: target.channel, to: target.to, ...message });
}

async function sendPasswordChanged(deps: PlatformDeps, user: UserRow): Promise<void> {
  const target = recipientFor(user, "email");
  if (target) await notify(deps, { ...target, ...passwordChangedMessage() });
}

/** Checks a code, counting a wrong one against the caller's address. */
async function checkCode(deps: PlatformDeps, address: string, userId: number, purpose: OtpPurpose, code: string): Promise<CheckedOtp> {
  try {
    return await checkOtp(deps.db, deps.jwtSecret, userId, purpose, code);
  } catch (error) {
    if (error instanceof AppError && (error.code === "INVALID_OR_EXPIRED_OTP" || error.code === "OTP_ATTEMPTS_EXCEEDED")) {
      await recordFailure(deps.db, THROTTLE.otpAddress(address));
    }
    throw error;
  }
}

function withTokens(tokens: TokenPair, message: AuthResponse["message"]): AuthResponse {
  return { ...tokens, status: true, message, verificationRequired: false };
}

// ---------------------------------------------------------------------------------------------

/** POST userGroup-api/api/v1/group/login (form username, password, mode=manual). */
export async function login(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const input = await validateWith(loginSchema, fields);
  checkMode(fields.mode);
  await assertNotThrottled(deps.db, [THROTTLE.loginAddress(address)]);

  const found = await findUserByLogin(deps.db, input.username);
  if (!found || found.is_deleted) {
    await recordFailure(deps.db, THROTTLE.loginAddress(address));
    throw userNotFound();
  }
  const accountRule = THROTTLE.loginAccount(found.id);
  await assertNotThrottled(deps.db, [accountRule]);
  if (!(await verifyPassword(input.password, found.password_hash))) {
    await recordFailure(deps.db, accountRule);
    await recordFailure(deps.db, THROTTLE.loginAddress(address));
    throw new AppError("INVALID_CREDENTIALS", "The username or password you entered is incorrect.");
  }
  const user = usable(found);
  await resetThrottle(deps.db, accountRule);
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

/** POST user-api/api/v1/authenticate/signup (JSON SignupRequest). */
export async function signup(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const input = await validateWith(signupSchema, fields);
  checkPasswordLength(input.password, "password");
  checkMode(fields.mode);
  const email = input.email || null;
  const mobileNumber = input.mobileNumber || null;
  const duplicate = () => new AppError("EMAIL_MOBILE_ALREADY_EXISTS", "An account with this e-mail address or mobile number exists already");
  if (await contactTaken(deps.db, email, mobileNumber)) throw duplicate();

  await assertNotThrottled(deps.db, [THROTTLE.sendAddress(address)]);
  const passwordHash = await hashPassword(input.password);
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
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  const user = (await findUserById(deps.db, id))!;
  await sendCode(deps, address, user, "registration", input.verificationType === "MOBILE" ? "sms" : "email");
  return answer({ status: true, message: "USER_CREATED", verificationRequired: true, user: pending(user) });
}

/** POST user-api/api/v1/authenticate/validate (form id, otp): unlocks the account, grants ROLE_USER, signs in. */
export async function validateAccount(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  let id = 0;
  let otp = "";
  await collectFieldErrors(
    () => (id = fieldId(fields.id, "id")),
    async () => (otp = (await validateWith(otpSchema, fields)).otp),
  );
  await assertNotThrottled(deps.db, [THROTTLE.otpAddress(address)]);
  const user = usable(await findUserById(deps.db, id));
  if (!user.account_locked) throw new AppError("VERIFIED_OR_OTP_DELETED", "This account is verified already; sign in");

  const checked = await checkCode(deps, address, user.id, "registration", otp);
  const issued = await deps.db.transaction(async (tx) => {
    await consumeOtp(tx, checked);
    await unlockUser(tx, user.id, checked.channel);
    await touchLastLogin(tx, user.id);
    return issueTokens(tx, deps, (await findUserById(tx, user.id))!);
  });
  await resetThrottle(deps.db, THROTTLE.loginAccount(user.id));
  invalidateCache(CACHE_KEYS.users); // a verified account joins the people list
  return answer(withTokens(issued.tokens, "USER_VERIFICATION_SUCCESSFUL"), issued.cookies);
}

/** POST user-api/api/v1/authenticate/regenerate-otp (form id, action 0 registration | 1 password reset). */
export async function regenerateOtp(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const id = fieldId(fields.id, "id");
  const action = fields.action === undefined || fields.action === null || fields.action === "" ? null : String(fields.action).trim();
  if (action === null) throw validationFailed({ action: MSG.required });
  if (action !== "0" && action !== "1") throw new AppError("INVALID_ACTION", `action must be 0 (registration) or 1 (password reset), got "${action}"`);
  const purpose: OtpPurpose = action === "0" ? "registration" : "reset";

  const user = usable(await findUserById(deps.db, id));
  if (purpose === "registration" && !user.account_locked) {
    throw new AppError("VERIFIED_OR_OTP_DELETED", "This account is verified already; sign in");
  }
  await sendCode(deps, address, user, purpose, await defaultChannel(deps, user, purpose));
  return answer({ status: true, message: "OTP_REGENERATED" });
}

/** POST user-api/api/v1/authenticate/forgot-password (form verificationId = e-mail or mobile number). */
export async function forgotPassword(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  const { verificationId } = await validateWith(forgotPasswordSchema, fields);
  const user = usable(await findUserByLogin(deps.db, verificationId));
  const byEmail = isEmail(verificationId);
  await sendCode(deps, address, user, "reset", byEmail ? "email" : "sms");
  // Only the contact the visitor typed is echoed: the other one is none of their business.
  return answer({
    status: true,
    message: "EMAIL_SMS_SENT",
    user: { id: user.id, email: byEmail ? user.email : null, mobileNumber: byEmail ? null : user.mobile_number },
  });
}

/** POST user-api/api/v1/authenticate/reset-password (form id, otp, password, confirmPassword); signs in. */
export async function resetPassword(deps: PlatformDeps, address: string, fields: Record<string, unknown>): Promise<AuthResult> {
  let id = 0;
  let password = "";
  let otp = "";
  await collectFieldErrors(
    () => (id = fieldId(fields.id, "id")),
    async () => {
      const input = await validateWith(resetPasswordSchema, fields);
      checkPasswordLength(input.password, "password");
      password = input.password;
      otp = String(input.otp);
    },
  );
  await assertNotThrottled(deps.db, [THROTTLE.otpAddress(address)]);
  const user = usable(await findUserById(deps.db, id));
  const checked = await checkCode(deps, address, user.id, "reset", otp);
  const passwordHash = await hashPassword(password);
  const issued = await deps.db.transaction(async (tx) => {
    await consumeOtp(tx, checked);
    await setPasswordHash(tx, user.id, passwordHash);
    // The code proves the contact: an account never verified is verified by it.
    if (user.account_locked) await unlockUser(tx, user.id, checked.channel);
    await revokeRefreshTokens(tx, user.id);
    await touchLastLogin(tx, user.id);
    return issueTokens(tx, deps, (await findUserById(tx, user.id))!);
  });
  await resetThrottle(deps.db, THROTTLE.loginAccount(user.id));
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
    await assertNotThrottled(deps.db, [rule]);
    if (!(await verifyPassword(input.oldPassword, target.password_hash))) {
      await recordFailure(deps.db, rule);
      throw new AppError("INVALID_PASSWORD", "The current password is not correct");
    }
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
  const issued = await deps.db.transaction(async (tx) => {
    await consumeRefresh(tx, token);
    return issueTokens(tx, deps, user);
  });
  return answer({ ...issued.tokens, status: true, message: "AUTHENTICATION_SUCCESSFUL" }, issued.cookies);
}

/**
 * POST user-api/api/v1/authenticate/logout: the refresh token presented (cookie or query) is refused
 * from now on and both session cookies are removed. Always succeeds, so signing out never fails.
 */
export async function logout(deps: PlatformDeps, refreshToken: string | undefined): Promise<AuthResult> {
  if (refreshToken) {
    try {
      await revokeRefresh(deps.db, await verifyRefreshToken(refreshToken, deps.jwtSecret));
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // an invalid or used token needs no revoking
    }
  }
  return answer({ status: true, message: "LOGGED_OUT" }, clearedTokenCookies(deps.settings.secureCookies));
}
