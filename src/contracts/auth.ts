/**
 * Accounts contract (reference platform-api §2, §3.1): shared by the forms, the client session and
 * the user-api back end. Failures are 4xx ApiErrorBody { message (English), code (one of the codes
 * below), fieldErrors? (field → translation key) }; the UI translates `code` (lower-cased) in auth:codes.*.
 */
export type VerificationType = "EMAIL" | "MOBILE";
export type Gender = "Male" | "Female" | "Others";

export const AUTH_CODES = [
  "AUTHENTICATION_SUCCESSFUL",
  "ACCOUNT_LOCKED",
  "USER_NOT_FOUND",
  "ACCOUNT_DISABLED",
  "INVALID_CREDENTIALS",
  "TOO_MANY_ATTEMPTS",
  "USER_CREATED",
  "USER_VERIFICATION_SUCCESSFUL",
  "INVALID_OR_EXPIRED_OTP",
  "VERIFIED_OR_OTP_DELETED",
  "OTP_REGENERATED",
  "OTP_ATTEMPTS_EXCEEDED",
  "INVALID_ACTION",
  "EMAIL_SMS_SENT",
  "USER_DELETED",
  "PASSWORD_UPDATED",
  "INVALID_PASSWORD",
  "EMAIL_MOBILE_ALREADY_EXISTS",
  "INVALID_REFRESH_TOKEN",
  "LOGGED_OUT",
  "VALIDATION_FAILED",
] as const;
export type AuthCode = (typeof AUTH_CODES)[number];

/**
 * The account waiting for OTP verification. `id` is the account's id only after a sign-in with the right
 * password; sign-up and forgot-password answer with the contact typed (the same whether or not an account
 * exists), whose code is then checked by that contact (`verificationId`). Their `id` is that contact too:
 * the original front end sends `user.id` back as the form field `id`, which the platform reads as the
 * contact when it is not a number (issue 34).
 */
export interface PendingUser {
  id?: number | string;
  email: string | null;
  mobileNumber: string | null;
}

/** How a code request names its account: the id when known, else the e-mail or mobile number the code went to. */
export type CodeSubject = { id: number; verificationId?: undefined } | { id?: undefined; verificationId: string };

/** The subject of a pending user's code requests (the contact of `verificationType` when no id). */
export function codeSubjectOf(user: PendingUser, verificationType?: VerificationType): CodeSubject {
  if (typeof user.id === "number") return { id: user.id };
  const contact = verificationType === "MOBILE" ? (user.mobileNumber ?? user.email) : (user.email ?? user.mobileNumber);
  return { verificationId: contact ?? "" };
}

/** Tokens as the platform answers them (snake_case, as the reference). `timeout`: access-token expiry, epoch ms. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
  timeout: number;
}

/** 200 answer of login, signup, validate, regenerate-otp, forgot/reset/change-password. */
export interface AuthResponse extends Partial<TokenPair> {
  status: true;
  message: AuthCode;
  verificationRequired?: boolean;
  user?: PendingUser;
}

/** POST userGroup-api/api/v1/group/login, form-encoded. `username` is an e-mail or an E.164 mobile number. */
export interface LoginRequest {
  username: string;
  password: string;
  mode: "manual";
}

/** POST user-api/api/v1/authenticate/signup, JSON. */
export interface SignupRequest {
  username: string;
  gender: Gender;
  email?: string | null;
  mobileNumber?: string | null;
  verificationType: VerificationType;
  password: string;
  confirmPassword: string;
  profession?: string | null;
  institution?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  mode?: "manual";
}

/** POST user-api/api/v1/authenticate/validate, form: id (or verificationId), otp. */
export type ValidateOtpRequest = CodeSubject & { otp: string };

/** POST user-api/api/v1/authenticate/regenerate-otp, form: id (or verificationId), action (0 registration, 1 forgot password). */
export type RegenerateOtpRequest = CodeSubject & { action: 0 | 1 };

/** POST user-api/api/v1/authenticate/forgot-password, form: verificationId (e-mail or mobile). */
export interface ForgotPasswordRequest {
  verificationId: string;
}

/** POST user-api/api/v1/authenticate/reset-password, form: id (or verificationId), otp, password, confirmPassword. */
export type ResetPasswordRequest = CodeSubject & {
  otp: string;
  password: string;
  confirmPassword: string;
};

/** POST user-api/api/v1/authenticate/change-password, JSON, Bearer. Admins may omit oldPassword for others. */
export interface ChangePasswordRequest {
  id: number;
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}
