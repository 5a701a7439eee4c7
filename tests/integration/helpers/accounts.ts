/** Helpers for the accounts tests: form and JSON calls, codes from the outbox, cookies, fresh identities. */
import { decodeJwt } from "jose";
import type { AuthResponse } from "@/contracts/auth";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { TestPlatform, ApiResult } from "./test-platform";

export interface CallOptions {
  token?: string;
  address?: string;
  headers?: Record<string, string>;
}

let addressCounter = 0;
/** A client address no other test uses, so throttling in one test never spills into another. */
export function freshAddress(): string {
  addressCounter++;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

let identityCounter = 0;
/** An e-mail address and a valid Indian mobile number no seeded user has. */
export function freshIdentity(): { email: string; mobile: string } {
  identityCounter++;
  const n = String(identityCounter).padStart(5, "0");
  return { email: `tester.${n}@example.com`, mobile: `+9191234${n}` };
}

function headersFor(options: CallOptions, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers };
  if (contentType) headers["content-type"] = contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return headers;
}

export function postForm(api: TestPlatform, url: string, fields: Record<string, string | number>, options: CallOptions = {}): Promise<ApiResult> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return api.request("POST", url, {
    headers: headersFor(options, "application/x-www-form-urlencoded"),
    body: Buffer.from(body),
    clientAddress: options.address ?? freshAddress(),
  });
}

export function sendJson(api: TestPlatform, method: string, url: string, body: unknown, options: CallOptions = {}): Promise<ApiResult> {
  return api.request(method, url, {
    headers: headersFor(options, "application/json"),
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    clientAddress: options.address ?? freshAddress(),
  });
}

export function getAs(api: TestPlatform, url: string, token?: string): Promise<ApiResult> {
  return api.request("GET", url, { headers: headersFor({ token }), clientAddress: freshAddress() });
}

export const LOGIN = "userGroup-api/api/v1/group/login";
export const AUTH = "user-api/api/v1/authenticate";

export function login(api: TestPlatform, username: string, password: string, address?: string): Promise<ApiResult> {
  return postForm(api, LOGIN, { username, password, mode: "manual" }, { address });
}

/** Signs in and returns the answer, failing loudly when sign-in does not succeed. */
export async function tokensOf(api: TestPlatform, username: string, password: string): Promise<Required<Pick<AuthResponse, "access_token" | "refresh_token">>> {
  const res = await login(api, username, password);
  const body = res.body as AuthResponse;
  if (res.status !== 200 || !body.access_token || !body.refresh_token) {
    throw new Error(`Sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token };
}

export function claims(token: string): Record<string, unknown> {
  return decodeJwt(token) as Record<string, unknown>;
}

/** The newest message to `to` in the outbox. */
export async function lastMessage(api: TestPlatform, to: string): Promise<{ id: number; channel: string; subject: string; body: string }> {
  const row = await api.db.maybeOne<{ id: number; channel: string; subject: string; body: string }>(
    "select id, channel, subject, body from outbox where lower(recipient) = lower($1) order by id desc limit 1",
    [to],
  );
  if (!row) throw new Error(`No message to ${to}`);
  return row;
}

export async function messageCount(api: TestPlatform, to: string): Promise<number> {
  const row = await api.db.one<{ n: number }>("select count(*)::integer as n from outbox where lower(recipient) = lower($1)", [to]);
  return row.n;
}

/** The 6-digit code of the newest message to `to`. */
export async function lastCode(api: TestPlatform, to: string): Promise<string> {
  const match = /\b(\d{6})\b/.exec((await lastMessage(api, to)).body);
  if (!match) throw new Error(`The last message to ${to} holds no code`);
  return match[1]!;
}

export function setCookies(res: ApiResult): string[] {
  const value = res.headers["set-cookie"];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function cookie(res: ApiResult, name: string): { value: string; attributes: string[] } | null {
  for (const line of setCookies(res)) {
    const [pair, ...attributes] = line.split(";").map((s) => s.trim());
    const eq = pair!.indexOf("=");
    if (pair!.slice(0, eq) === name) return { value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  }
  return null;
}

export interface NewAccount {
  id: number;
  email: string | null;
  mobile: string | null;
  password: string;
}

/** Registers an account (locked until verified); `via` chooses the channel of the code. */
export async function registerAccount(api: TestPlatform, via: "email" | "mobile", extra: Record<string, unknown> = {}): Promise<NewAccount> {
  const identity = freshIdentity();
  const password = "correct horse 42";
  const body = {
    username: `Tester ${identity.email.split("@")[0]}`,
    gender: "Female",
    email: via === "email" ? identity.email : null,
    mobileNumber: via === "mobile" ? identity.mobile : null,
    verificationType: via === "email" ? "EMAIL" : "MOBILE",
    password,
    confirmPassword: password,
    location: "Puri, Odisha",
    latitude: 19.81,
    longitude: 85.83,
    mode: "manual",
    ...extra,
  };
  const res = await sendJson(api, "POST", `${AUTH}/signup`, body);
  if (res.status !== 200) throw new Error(`Sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const user = (res.body as AuthResponse).user!;
  // The answer names no account (the same for a taken contact); the id is the database's.
  const row = await api.db.one<{ id: number }>("select id from app_user where lower(email) = lower($1) or mobile_number = $2", [
    user.email ?? "",
    user.mobileNumber ?? "",
  ]);
  return { id: row.id, email: user.email, mobile: user.mobileNumber, password };
}

/** Registers and verifies an account; returns it with its first tokens. */
export async function verifiedAccount(api: TestPlatform, via: "email" | "mobile" = "email"): Promise<NewAccount & { access: string; refresh: string }> {
  const account = await registerAccount(api, via);
  const code = await lastCode(api, (account.email ?? account.mobile)!);
  const res = await postForm(api, `${AUTH}/validate`, { id: account.id, otp: code });
  const body = res.body as AuthResponse;
  if (res.status !== 200 || !body.access_token) throw new Error(`Verification failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, access: body.access_token, refresh: body.refresh_token! };
}

/** The demo cast the governance tests sign in as (seed roles, demo-users.ts). */
export const GOVERNANCE_CAST = { member: "user", outsider: "extDataContributor", dataCurator: "dataCurator", founder: "groupFounder", admin: "admin" } as const;

/** Signs each of `cast` (name → seed role) in and answers their access tokens by name. */
export async function signInCast<K extends string>(api: TestPlatform, cast: Record<K, keyof typeof SEED_USER_BY_ROLE>): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const [name, role] of Object.entries(cast) as Array<[K, keyof typeof SEED_USER_BY_ROLE]>) {
    const user = SEED_USER_BY_ROLE[role];
    tokens[name] = (await tokensOf(api, user.email!, user.password)).access_token;
  }
  return tokens;
}
