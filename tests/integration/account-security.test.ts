/**
 * Accounts and sessions against the attacks of issue 27 (items 5, 6, 10, 11, 12), on the real
 * database of the lane: parallel password guessing, forged X-Forwarded-For entries, telling known
 * from unknown accounts by their answers, spending the owner's limits, sessions outliving sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { AuthResponse } from "@/contracts/auth";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { createInProcessDispatch } from "@/server/app/in-process";
import { AUTH, claims as claimsOf, freshAddress, freshIdentity, lastCode, lastMessage, login, messageCount, postForm, sendJson, verifiedAccount } from "./helpers/accounts";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const errorOf = (res: ApiResult) => res.body as ApiErrorBody;
const authOf = (res: ApiResult) => res.body as AuthResponse;
const member = SEED_USER_BY_ROLE.user;

describe(`[THROTTLE] attempts are counted before the password is checked (${TEST_DB})`, () => {
  it("25 parallel wrong passwords for one account from one address: 5 are checked, the rest answer 429", async () => {
    const account = await verifiedAccount(api);
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(api, account.email!, "wrong-password", address)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect((await login(api, account.email!, account.password, address)).status).toBe(429);
  });

  it("25 parallel wrong passwords for different accounts from one address: at most 20 are checked", async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(api, `guess${i}.${address}@example.org`, "whatever-123", address)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe(`[CLIENT ADDRESS] behind TRUST_PROXY hops, a forged X-Forwarded-For does not reset the limits (${TEST_DB})`, () => {
  async function viaProxy(hops: number, forwardedFor: string, username: string): Promise<number> {
    const dispatch = createInProcessDispatch(async () => ({ router: api.router, deps: api.deps, env: { trustProxy: hops > 0, trustProxyHops: hops } }));
    const body = new URLSearchParams({ username, password: "wrong-password", mode: "manual" }).toString();
    const res = await dispatch({
      method: "POST",
      url: "/userGroup-api/api/v1/group/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
      body: Buffer.from(body),
    });
    return res.status;
  }

  it("one proxy: a new left-most entry per request is ignored, the proxy's right-most entry is the address", async () => {
    const real = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await viaProxy(1, `198.51.100.${i + 1}, ${real}`, `spoof${i}.${real}@example.org`));
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The client's own made-up entry is not blocked: it never was the address.
    expect(await viaProxy(1, `198.51.100.1, ${freshAddress()}`, "someone@example.org")).toBe(401);
  });

  it("two proxies: the entry the outer proxy added counts, whatever the client wrote before it", async () => {
    const real = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await viaProxy(2, `203.0.113.${i + 1}, ${real}, 10.0.0.2`, `hop${i}.${real}@example.org`));
    expect(statuses[19]).toBe(401);
    expect(statuses[20]).toBe(429);
  });
});

describe(`[ENUMERATION] known and unknown accounts answer alike (${TEST_DB})`, () => {
  it("sign-in: an unknown account and a wrong password get the same 401", async () => {
    const wrong = await login(api, member.email!, "not-the-password");
    const unknown = await login(api, "no-such-person@example.org", "not-the-password");
    const unknownMobile = await login(api, "+919999900001", "not-the-password");
    expect(wrong.status).toBe(401);
    for (const res of [unknown, unknownMobile]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(wrong.body);
    }
  });

  it("sign-in: 5 tries at an unknown account from one address are throttled like a known one", async () => {
    const address = freshAddress();
    const unknown = `ghost.${address}@example.org`;
    for (let i = 0; i < 5; i++) expect((await login(api, unknown, "x-password", address)).status).toBe(401);
    expect((await login(api, unknown, "x-password", address)).status).toBe(429);
  });

  it("sign-up: a taken e-mail or mobile number gets the answer of a new one, and its owner a notice, not a code", async () => {
    const signup = (email: string | null, mobileNumber: string | null) =>
      sendJson(api, "POST", `${AUTH}/signup`, {
        username: "Someone",
        gender: "Female",
        email,
        mobileNumber,
        verificationType: email ? "EMAIL" : "MOBILE",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      });
    const fresh = freshIdentity();
    const created = await signup(fresh.email, null);
    const taken = await signup(member.email!, null);
    expect(taken.status).toBe(created.status);
    // `id` is the contact the code went to (issue 34), never the account's id.
    expect(authOf(taken)).toEqual({ ...authOf(created), user: { ...authOf(created).user, id: member.email, email: member.email } });
    expect(Object.keys(authOf(taken).user!).sort()).toEqual(["email", "id", "mobileNumber"]);
    const notice = await lastMessage(api, member.email!);
    expect(notice.subject).toContain("you already have an account");
    expect(notice.body).not.toMatch(/\b\d{6}\b/);

    const freshMobile = await signup(null, freshIdentity().mobile);
    const takenMobile = await signup(null, member.mobileNumber!);
    expect(takenMobile.status).toBe(freshMobile.status);
    expect(authOf(takenMobile).message).toBe(authOf(freshMobile).message);
    expect((await lastMessage(api, member.mobileNumber!)).body).toContain("already has an account");
  });

  it("forgot-password: the same answer for a known and an unknown contact; only the owner gets a code", async () => {
    const account = await verifiedAccount(api);
    const before = await messageCount(api, account.email!);
    const known = await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! });
    const unknown = await postForm(api, `${AUTH}/forgot-password`, { verificationId: "no-such-person@example.org" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(authOf(unknown)).toEqual({ ...authOf(known), user: { id: "no-such-person@example.org", email: "no-such-person@example.org", mobileNumber: null } });
    expect(await messageCount(api, account.email!)).toBe(before + 1);
    expect(await messageCount(api, "no-such-person@example.org")).toBe(0);

    // Checking a code by contact: an unknown contact and a wrong code answer alike.
    const wrongCode = await postForm(api, `${AUTH}/reset-password`, { verificationId: account.email!, otp: "000000", password: "new-pass-123", confirmPassword: "new-pass-123" });
    const noAccount = await postForm(api, `${AUTH}/reset-password`, { verificationId: "no-such-person@example.org", otp: "000000", password: "new-pass-123", confirmPassword: "new-pass-123" });
    expect(wrongCode.status).toBe(400);
    expect(noAccount.body).toEqual(wrongCode.body);
    const resend = await postForm(api, `${AUTH}/regenerate-otp`, { verificationId: "no-such-person@example.org", action: 1 });
    expect(resend.status).toBe(200);
    expect(authOf(resend).message).toBe("OTP_REGENERATED");

    const code = await lastCode(api, account.email!);
    const reset = await postForm(api, `${AUTH}/reset-password`, { verificationId: account.email!, otp: code, password: "new-pass-123", confirmPassword: "new-pass-123" });
    expect(reset.status).toBe(200);
  });

  it("forgot-password is throttled per address before the lookup, for unknown contacts too", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await postForm(api, `${AUTH}/forgot-password`, { verificationId: `nobody${i}.${address}@example.org` }, { address })).status).toBe(200);
    }
    const blocked = await postForm(api, `${AUTH}/forgot-password`, { verificationId: member.email! }, { address });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).code).toBe("TOO_MANY_ATTEMPTS");
  });
});

describe(`[RECOVERY] an attacker cannot spend the owner's limits (${TEST_DB})`, () => {
  it("codes asked from another address do not use up the owner's; repeated wrong passwords elsewhere do not lock the owner out", async () => {
    const account = await verifiedAccount(api);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! }, { address: attacker });
    for (let i = 0; i < 6; i++) await login(api, account.email!, "wrong-password", attacker);
    expect(await messageCount(api, account.email!)).toBeGreaterThanOrEqual(6);

    const owner = freshAddress();
    expect((await login(api, account.email!, account.password, owner)).status).toBe(200);
    expect((await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! }, { address: owner })).status).toBe(200);
    const code = await lastCode(api, account.email!);
    const reset = await postForm(api, `${AUTH}/reset-password`, { verificationId: account.email!, otp: code, password: "owner-again-1", confirmPassword: "owner-again-1" }, { address: owner });
    expect(reset.status).toBe(200);
  });
});

describe(`[RECOVERY CODES] someone asking for new codes does not kill the one that reached the owner (${TEST_DB})`, () => {
  it("the owner's reset code still works after others asked for more; once used, the others are dead", async () => {
    const account = await verifiedAccount(api);
    await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! });
    const owners = await lastCode(api, account.email!);
    const attacker = freshAddress();
    for (let i = 0; i < 3; i++) await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! }, { address: attacker });
    const later = await lastCode(api, account.email!);
    const reset = (otp: string, password: string) => postForm(api, `${AUTH}/reset-password`, { verificationId: account.email!, otp, password, confirmPassword: password });
    expect((await reset(owners, "owner-new-pass-1")).status).toBe(200);
    if (later !== owners) expect((await reset(later, "thief-pass-123")).status).toBe(400);
    expect((await login(api, account.email!, "owner-new-pass-1")).status).toBe(200);
  });
});

describe(`[SESSIONS] signing out, a password change and a copied refresh token end sessions at once (${TEST_DB})`, () => {
  const ME = "user-api/api/v1/user/me";
  const REFRESH = `${AUTH}/refresh-tokens`;
  const me = (token: string) => api.request("GET", ME, { headers: { authorization: `Bearer ${token}` } });
  const refresh = (token: string) => api.request("POST", `${REFRESH}?refreshToken=${token}`, {});

  it("an access token is refused right after its session signs out; another session of the user goes on", async () => {
    const account = await verifiedAccount(api);
    const other = authOf(await login(api, account.email!, account.password));
    expect((await me(account.access)).status).toBe(200);
    const out = await api.request("POST", `${AUTH}/logout`, { headers: { cookie: `BRToken=${account.refresh}` } });
    expect(out.status).toBe(200);
    const after = await me(account.access);
    expect(after.status).toBe(401);
    expect(errorOf(after).code).toBe("UNAUTHORIZED");
    expect((await refresh(account.refresh)).status).toBe(401);
    expect((await me(other.access_token!)).status).toBe(200);
  });

  it("signing out everywhere ends every session of the user", async () => {
    const account = await verifiedAccount(api);
    const other = authOf(await login(api, account.email!, account.password));
    await api.request("POST", `${AUTH}/logout?everywhere=true`, { headers: { cookie: `BRToken=${account.refresh}` } });
    expect((await me(account.access)).status).toBe(401);
    expect((await me(other.access_token!)).status).toBe(401);
    expect((await refresh(other.refresh_token!)).status).toBe(401);
    expect((await login(api, account.email!, account.password)).status).toBe(200);
  });

  it("a password change refuses every earlier access token at once; the changer's new tokens work", async () => {
    const account = await verifiedAccount(api);
    const other = authOf(await login(api, account.email!, account.password));
    const changed = await sendJson(
      api,
      "POST",
      `${AUTH}/change-password`,
      { oldPassword: account.password, newPassword: "changed-pass-1", confirmNewPassword: "changed-pass-1" },
      { token: account.access },
    );
    expect(changed.status).toBe(200);
    expect((await me(account.access)).status).toBe(401);
    expect((await me(other.access_token!)).status).toBe(401);
    expect((await refresh(other.refresh_token!)).status).toBe(401);
    expect((await me(authOf(changed).access_token!)).status).toBe(200);
    expect((await refresh(authOf(changed).refresh_token!)).status).toBe(200);
  });

  it("a password reset by code refuses earlier access tokens too", async () => {
    const account = await verifiedAccount(api);
    await postForm(api, `${AUTH}/forgot-password`, { verificationId: account.email! });
    const code = await lastCode(api, account.email!);
    expect((await postForm(api, `${AUTH}/reset-password`, { verificationId: account.email!, otp: code, password: "reset-pass-12", confirmPassword: "reset-pass-12" })).status).toBe(200);
    expect((await me(account.access)).status).toBe(401);
  });

  it("a refresh token used again after its grace ends its whole chain, access tokens included; racing renewals within the grace still work", async () => {
    const account = await verifiedAccount(api);
    const first = authOf(await refresh(account.refresh));
    const raced = await refresh(account.refresh);
    expect(raced.status).toBe(200);
    const second = authOf(await refresh(first.refresh_token!));
    expect((await me(second.access_token!)).status).toBe(200);

    // The grace of the first token is over; someone presents it again (a stolen copy).
    await api.db.query("update refresh_token set used_at = used_at - interval '1 minute' where jti = $1", [String(claimsOf(account.refresh).jti)]);
    const reused = await refresh(account.refresh);
    expect(reused.status).toBe(401);
    expect(errorOf(reused).code).toBe("INVALID_REFRESH_TOKEN");
    expect((await refresh(second.refresh_token!)).status).toBe(401);
    expect((await refresh(authOf(raced).refresh_token!)).status).toBe(401);
    expect((await me(second.access_token!)).status).toBe(401);
    // Other sessions of the user are not that chain.
    expect((await login(api, account.email!, account.password)).status).toBe(200);
  });
});
