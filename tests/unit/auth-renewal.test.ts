import axios, { AxiosHeaders, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { createApiClient, REFRESH_TOKENS_PATH } from "@/lib/api/client";
import { createRenewalQueue } from "@/lib/api/renewal-queue";
import { readAccessToken } from "@/lib/auth/cookies";
import { onSessionExpired } from "@/lib/auth/session-expiry";
import { clearCookies, expiredToken, liveToken } from "./helpers/tokens";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("[SESSION] the renewal queue asks once for everyone waiting", () => {
  it("three parallel renewals → one request, the same token for all", async () => {
    const answer = deferred<string>();
    const renewTokens = vi.fn(() => answer.promise);
    const queue = createRenewalQueue({ renewTokens });
    const waiting = [queue.renew(), queue.renew(), queue.renew()];
    expect(queue.busy).toBe(true);
    answer.resolve("new-token");
    await expect(Promise.all(waiting)).resolves.toEqual(["new-token", "new-token", "new-token"]);
    expect(renewTokens).toHaveBeenCalledTimes(1);
    expect(queue.busy).toBe(false);
  });

  it("a failed renewal rejects all three and reports once; the next expiry tries again", async () => {
    const onFailed = vi.fn();
    const renewTokens = vi.fn().mockRejectedValueOnce(new Error("refused")).mockResolvedValueOnce("later-token");
    const queue = createRenewalQueue({ renewTokens, onFailed, toError: () => "SESSION_EXPIRED" });
    const results = await Promise.allSettled([queue.renew(), queue.renew(), queue.renew()]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(results.map((r) => (r.status === "rejected" ? r.reason : null))).toEqual(["SESSION_EXPIRED", "SESSION_EXPIRED", "SESSION_EXPIRED"]);
    expect(onFailed).toHaveBeenCalledTimes(1);
    await expect(queue.renew()).resolves.toBe("later-token");
    expect(renewTokens).toHaveBeenCalledTimes(2);
  });
});

/** A fake platform for the client's own calls: records the Authorization header of each call. */
function fakePlatform(client: AxiosInstance, answer: (auth: string | undefined, config: InternalAxiosRequestConfig) => number = () => 200) {
  const seen: (string | undefined)[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const auth = AxiosHeaders.from(config.headers).get("Authorization");
    const value = typeof auth === "string" ? auth : undefined;
    seen.push(value);
    const status = answer(value, config);
    const response = { data: status === 200 ? { ok: true } : { message: "Sign-in required", code: "UNAUTHORIZED" }, status, statusText: "", headers: {}, config };
    if (status >= 400) throw new axios.AxiosError("failed", "ERR_BAD_REQUEST", config, null, response);
    return response;
  };
  client.defaults.adapter = adapter;
  return seen;
}

describe("[SESSION] the browser client renews an expired session once for parallel calls", () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;
  let stopListening: () => void;

  beforeEach(() => {
    clearCookies();
    expired = vi.fn<() => void>();
    stopListening = onSessionExpired(expired);
  });
  afterEach(() => {
    stopListening();
    vi.restoreAllMocks();
    clearCookies();
  });

  it("three calls with an expired token → exactly one renewal, all three sent with the new token", async () => {
    document.cookie = `BAToken=${expiredToken()}; path=/`;
    const fresh = liveToken();
    const answer = deferred<{ data: unknown; headers: Record<string, unknown> }>();
    const refresh = vi.spyOn(axios, "post").mockImplementation(() => answer.promise as never);
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client);

    const calls = [client.get("a"), client.get("b"), client.get("c")];
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    answer.resolve({ data: { access_token: fresh, refresh_token: "r2", token_type: "bearer", timeout: 0 }, headers: {} });
    await Promise.all(calls);

    expect(refresh).toHaveBeenCalledTimes(1);
    // Browser: no query and no body; the HttpOnly BRToken cookie travels by itself.
    expect(refresh.mock.calls[0]?.[0]).toBe(REFRESH_TOKENS_PATH);
    expect(refresh.mock.calls[0]?.[1]).toBeNull();
    expect(seen).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(readAccessToken()).toBe(fresh);
    expect(expired).not.toHaveBeenCalled();
  });

  it("three calls answered 401 → one renewal, each retried once with the new token", async () => {
    const old = liveToken(7, "Asha Devi");
    const fresh = liveToken(7, "Asha Devi Renewed");
    document.cookie = `BAToken=${old}; path=/`;
    const refresh = vi.spyOn(axios, "post").mockResolvedValue({ data: { access_token: fresh, refresh_token: "r2" }, headers: {} });
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client, (auth) => (auth === `Bearer ${fresh}` ? 200 : 401));

    await Promise.all([client.get("a"), client.get("b"), client.get("c")]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s === `Bearer ${old}`)).toHaveLength(3);
    expect(seen.filter((s) => s === `Bearer ${fresh}`)).toHaveLength(3);
  });

  it("a refused renewal rejects all three with SESSION_EXPIRED, clears the session and reports once", async () => {
    document.cookie = `BAToken=${expiredToken()}; path=/`;
    const refresh = vi.spyOn(axios, "post").mockRejectedValue(new axios.AxiosError("refused", "ERR_BAD_REQUEST"));
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client);

    const results = await Promise.allSettled([client.get("a"), client.get("b"), client.get("c")]);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.code).toBe("SESSION_EXPIRED");
      expect(reason.status).toBe(401);
    }
    expect(seen).toEqual([]);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(readAccessToken()).toBeUndefined();
  });

  it("a renewal that cannot reach the platform (offline) keeps the session and fails as a network error", async () => {
    const token = expiredToken();
    document.cookie = `BAToken=${token}; path=/`;
    vi.spyOn(axios, "post").mockRejectedValue(new axios.AxiosError("Network Error", "ERR_NETWORK"));
    const client = createApiClient({ baseURL: "/" });
    fakePlatform(client);
    await expect(client.get("a")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(expired).not.toHaveBeenCalled();
    expect(readAccessToken()).toBe(token);
  });

  it("a retried call that is refused again is not renewed a second time", async () => {
    document.cookie = `BAToken=${liveToken()}; path=/`;
    const refresh = vi.spyOn(axios, "post").mockResolvedValue({ data: { access_token: liveToken(7, "Other") }, headers: {} });
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client, () => 401);
    await expect(client.get("a")).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });

  it("anonymous visitors never trigger a renewal and send no Authorization header", async () => {
    const refresh = vi.spyOn(axios, "post");
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client, () => 401);
    await expect(client.get("a")).rejects.toBeInstanceOf(ApiError);
    await client.get("b", { skipAuth: true }).catch(() => undefined);
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toEqual([undefined, undefined]);
  });

  it("sign-in calls (skipAuth) go without a token even when one exists", async () => {
    document.cookie = `BAToken=${expiredToken()}; path=/`;
    const refresh = vi.spyOn(axios, "post");
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client);
    await client.post("login", null, { skipAuth: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toEqual([undefined]);
  });
});

describe("[SESSION] during SSR the request's cookies are used and renewed cookies go to the response", () => {
  afterEach(() => vi.restoreAllMocks());

  function fakeResponse() {
    const headers: Record<string, unknown> = {};
    return {
      headers,
      getHeader: (name: string) => headers[name.toLowerCase()] as string[] | undefined,
      setHeader: (name: string, value: unknown) => {
        headers[name.toLowerCase()] = value;
      },
    };
  }

  it("renews with the BRToken cookie, forwards the platform's cookies without Domain, uses the new token", async () => {
    const fresh = liveToken();
    const res = fakeResponse();
    res.setHeader("Set-Cookie", ["NEXT_LOCALE=en; Path=/"]);
    const refresh = vi.spyOn(axios, "post").mockResolvedValue({
      data: { access_token: fresh, refresh_token: "r2", token_type: "bearer", timeout: 0 },
      headers: { "set-cookie": [`BAToken=${fresh}; Max-Age=604800; Path=/; Domain=127.0.0.1; SameSite=Lax`, "BRToken=r2; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax"] },
    });
    const client = createApiClient({ baseURL: "http://127.0.0.1:3000/", cookies: { BAToken: expiredToken(), BRToken: "r1" }, ssrContext: { res } });
    const seen = fakePlatform(client);

    await Promise.all([client.get("a"), client.get("b")]);
    expect(refresh).toHaveBeenCalledTimes(1);
    const config = refresh.mock.calls[0]?.[2] as { headers?: Record<string, string> } | undefined;
    expect(config?.headers?.Cookie).toBe("BRToken=r1");
    expect(seen).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(res.headers["set-cookie"]).toEqual([
      "NEXT_LOCALE=en; Path=/",
      `BAToken=${fresh}; Max-Age=604800; Path=/; SameSite=Lax`,
      "BRToken=r2; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax",
    ]);
  });

  it("a refused renewal deletes both cookies on the response and the page carries on anonymously", async () => {
    const res = fakeResponse();
    vi.spyOn(axios, "post").mockRejectedValue(new axios.AxiosError("refused", "ERR_BAD_REQUEST"));
    const client = createApiClient({ baseURL: "http://127.0.0.1:3000/", cookies: { BAToken: expiredToken(), BRToken: "used" }, ssrContext: { res } });
    const seen = fakePlatform(client);
    await expect(client.get("a")).rejects.toMatchObject({ code: "SESSION_EXPIRED" });
    await client.get("b");
    expect(seen).toEqual([undefined]);
    const cookies = res.headers["set-cookie"] as string[];
    expect(cookies.some((c) => c.startsWith("BAToken=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("BRToken=;") && c.includes("Max-Age=0") && c.includes("HttpOnly"))).toBe(true);
  });
});

describe("[SESSION] a renewal that lost the race to another tab", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearCookies();
  });

  it("uses the access cookie the other tab just stored instead of expiring the session", async () => {
    document.cookie = `BAToken=${expiredToken()}; path=/`;
    const elsewhere = liveToken(7, "Renewed Elsewhere");
    vi.spyOn(axios, "post").mockImplementation(async () => {
      document.cookie = `BAToken=${elsewhere}; path=/`;
      throw new axios.AxiosError("refresh token already used", "ERR_BAD_REQUEST");
    });
    const expired = vi.fn<() => void>();
    const stop = onSessionExpired(expired);
    const client = createApiClient({ baseURL: "/" });
    const seen = fakePlatform(client);
    await client.get("a");
    stop();
    expect(seen).toEqual([`Bearer ${elsewhere}`]);
    expect(expired).not.toHaveBeenCalled();
  });
});
