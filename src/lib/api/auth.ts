import type { AxiosInstance } from "axios";
import type {
  AuthResponse,
  ChangePasswordRequest,
  CodeSubject,
  ForgotPasswordRequest,
  LoginRequest,
  RegenerateOtpRequest,
  ResetPasswordRequest,
  SignupRequest,
  ValidateOtpRequest,
} from "@/contracts/auth";
import { persistTokens, REFRESH_COOKIE } from "@/lib/auth/cookies";

const USER_AUTH = "user-api/api/v1/authenticate";

function form(values: Record<string, string | number>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) body.append(key, String(value));
  return body;
}

/** The account of a code request: its id, or the contact the code went to. */
function subjectFields(subject: CodeSubject): Record<string, string | number> {
  return subject.id !== undefined ? { id: subject.id } : { verificationId: subject.verificationId };
}

/** Answers carrying tokens also set the session cookies (the platform does; this covers a platform that does not). */
function keepTokens(data: AuthResponse): AuthResponse {
  if (data.access_token) persistTokens(data);
  return data;
}

/** Sign in with an e-mail address or an E.164 mobile number. Tokens, or ACCOUNT_LOCKED + verificationRequired. */
export async function login(client: AxiosInstance, request: Omit<LoginRequest, "mode">): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(
    "userGroup-api/api/v1/group/login",
    form({ username: request.username, password: request.password, mode: "manual" }),
    { skipAuth: true },
  );
  return keepTokens(data);
}

export async function signup(client: AxiosInstance, request: SignupRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(`${USER_AUTH}/signup`, { ...request, mode: "manual" }, { skipAuth: true });
  return keepTokens(data);
}

export async function validateOtp(client: AxiosInstance, request: ValidateOtpRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(`${USER_AUTH}/validate`, form({ ...subjectFields(request), otp: request.otp }), { skipAuth: true });
  return keepTokens(data);
}

export async function regenerateOtp(client: AxiosInstance, request: RegenerateOtpRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(`${USER_AUTH}/regenerate-otp`, form({ ...subjectFields(request), action: request.action }), { skipAuth: true });
  return data;
}

export async function forgotPassword(client: AxiosInstance, request: ForgotPasswordRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(`${USER_AUTH}/forgot-password`, form({ verificationId: request.verificationId }), { skipAuth: true });
  return data;
}

export async function resetPassword(client: AxiosInstance, request: ResetPasswordRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(
    `${USER_AUTH}/reset-password`,
    form({ ...subjectFields(request), otp: request.otp, password: request.password, confirmPassword: request.confirmPassword }),
    { skipAuth: true },
  );
  return data;
}

/** Bearer required: users change their own password; admins anyone's without the old one. */
export async function changePassword(client: AxiosInstance, request: ChangePasswordRequest): Promise<AuthResponse> {
  const { data } = await client.post<AuthResponse>(`${USER_AUTH}/change-password`, request);
  return data;
}

/**
 * POST user-api/api/v1/authenticate/logout: the platform refuses this refresh token from now on.
 * Server side (the refresh cookie is HttpOnly): the token travels as the request's cookie.
 */
export async function revokeRefreshToken(client: AxiosInstance, refreshToken: string): Promise<void> {
  await client.post(`${USER_AUTH}/logout`, null, {
    skipAuth: true,
    timeout: 3_000,
    headers: { Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}` },
  });
}
