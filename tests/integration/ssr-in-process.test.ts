/**
 * Server-side rendering reaches the platform in-process (`inProcessAdapter` + the dispatch the
 * platform registers) or over HTTP (the Next API route behind a socket). Both must give the same
 * answers: the same PlatformRequest reaches the router, and the SSR client sees the same statuses,
 * bodies, errors and Set-Cookie headers — on a real, seeded database.
 *
 * The HTTP side is the real API route (`src/pages/api/platform/[...path].ts`) on a real socket, with
 * the real axios HTTP adapter; only Next's routing in front of it (the rewrite of
 * `/{service}-api/api/:path*` and the catch-all parameter) is reproduced by `nextRouting` below.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextApiRequest, NextApiResponse } from "next";
import type { AxiosInstance } from "axios";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROLES } from "@site-config";
import type { AuthResponse } from "@/contracts/auth";
import { ApiError } from "@/lib/api/api-error";
import { createApiClient, currentAccessToken, REFRESH_TOKENS_PATH } from "@/lib/api/client";
import { fetchGroupList, fetchMembershipMap } from "@/lib/api/groups";
import { createPage, fetchPage } from "@/lib/api/pages";
import { inProcessAdapter } from "@/lib/api/in-process-adapter";
import { inProcessDispatch, setInProcessDispatch } from "@/shared/in-process-dispatch";
import type { CookieResponse } from "@/lib/auth/cookie-headers";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import type { PlatformHandle } from "@/server/app/adapter";
import { createInProcessDispatch, platformRequestOf } from "@/server/app/in-process";
import { json, Router } from "@/server/infra/http/router";
import type { PlatformDeps } from "@/server/infra/http/types";
import platformApi from "@/pages/api/platform/[...path]";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, TEST_JWT_SECRET, type TestPlatform } from "./helpers/test-platform";

const current = vi.hoisted(() => ({ platform: undefined as unknown }));
vi.mock("@/server/app/boot", () => ({ getPlatform: async () => current.platform }));


let api: TestPlatform;
let real: PlatformHandle;
let server: http.Server;
let base: string;
let httpHits = 0;
let inProcessHits = 0;

/** Next in front of the API route: the rewrite to `/api/platform/{service}/...` and its query. */
function nextRouting(req: IncomingMessage, res: ServerResponse): void {
  httpHits++;
  const url = new URL(req.url ?? "/", "http://next.invalid");
  const match = /^\/([^/]+)-api\/api(?:\/(.*))?$/.exec(url.pathname);
  if (!match) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  const rest = match[2] ? match[2].split("/") : [];
  query.path = [match[1]!, ...rest.map(decodeURIComponent)];
  const nextReq = Object.assign(req, { query }) as unknown as NextApiRequest;
  const nextRes = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return nextRes;
    },
  }) as unknown as NextApiResponse;
  void platformApi(nextReq, nextRes);
}

/** The page response SSR writes cookies on. */
function pageResponse(): CookieResponse & { cookies(): string[] } {
  const headers = new Map<string, number | string | readonly string[]>();
  return {
    getHeader: (name) => headers.get(name.toLowerCase()) as number | string | string[] | undefined,
    setHeader: (name, value) => headers.set(name.toLowerCase(), value),
    cookies() {
      const value = headers.get("set-cookie");
      return value === undefined ? [] : Array.isArray(value) ? [...value] : [String(value)];
    },
  };
}

interface Pair {
  http: AxiosInstance;
  local: AxiosInstance;
  httpRes: ReturnType<typeof pageResponse>;
  localRes: ReturnType<typeof pageResponse>;
}

/** The same SSR client twice, on the same cookies: over HTTP, and in-process. */
function clients(cookies: Record<string, string | undefined> = {}): Pair {
  const httpRes = pageResponse();
  const localRes = pageResponse();
  return {
    http: createApiClient({ baseURL: base, cookies, ssrContext: { res: httpRes } }),
    local: createApiClient({ baseURL: base, cookies, ssrContext: { res: localRes }, adapter: inProcessAdapter }),
    httpRes,
    localRes,
  };
}

type Outcome = { ok: true; status: number; data: unknown; setCookie: string[] } | { ok: false; error: ApiError };

async function outcome(call: Promise<{ status: number; data: unknown; headers: Record<string, unknown> }>): Promise<Outcome> {
  try {
    const res = await call;
    const setCookie = res.headers["set-cookie"];
    return { ok: true, status: res.status, data: res.data, setCookie: Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [] };
  } catch (error) {
    return { ok: false, error: ApiError.from(error) };
  }
}

/** A service function's result as an outcome (its data; the status it succeeded with). */
function served<T>(call: Promise<T>) {
  return call.then((data) => ({ status: 200, data: data as unknown, headers: {} }));
}

/** Runs `call` over HTTP and in-process and checks the in-process one never touched the socket. */
async function both<T>(pair: Pair, call: (client: AxiosInstance) => Promise<T>): Promise<[T, T]> {
  const httpBefore = httpHits;
  const localBefore = inProcessHits;
  const overHttp = await call(pair.http);
  expect(httpHits).toBeGreaterThan(httpBefore);
  const hitsAfterHttp = httpHits;
  const inProcess = await call(pair.local);
  expect(httpHits, "the in-process client went over HTTP").toBe(hitsAfterHttp);
  expect(inProcessHits).toBeGreaterThan(localBefore);
  return [overHttp, inProcess];
}

/** Set-Cookie lines with the token values blanked (each answer mints its own tokens). */
function cookieShapes(lines: readonly string[]): string[] {
  return lines.map((line) => line.replace(/^([^=]+)=[^;]+/, "$1=<value>"));
}

function sign(userId: number, roles: string[], expiresIn: string | number): Promise<string> {
  return new SignJWT({ id: userId, name: `user ${userId}`, roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(TEST_JWT_SECRET);
}

function loginForm(user: { email: string | null; password: string }): URLSearchParams {
  return new URLSearchParams({ username: user.email!, password: user.password, mode: "manual" });
}

beforeAll(async () => {
  api = await createTestPlatform();
  real = { router: api.router, deps: api.deps, env: { trustProxy: false } };
  current.platform = real;
  const dispatch = createInProcessDispatch(async () => current.platform as PlatformHandle);
  setInProcessDispatch(async (request) => {
    inProcessHits++;
    return dispatch(request);
  });
  server = http.createServer(nextRouting);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  setInProcessDispatch(undefined);
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

describe(`[SSR-IN-PROCESS] SSR's platform calls in-process and over HTTP answer alike (${TEST_DB})`, () => {
  it("the router receives the same request: service, re-encoded path, repeated query keys, headers, body, client address", async () => {
    const echo = new Router({ logger: console } as unknown as PlatformDeps);
    const answer = (ctx: Parameters<Parameters<Router["get"]>[2]>[0]) => {
      const h = ctx.request.headers;
      return json({
        method: ctx.request.method,
        service: ctx.request.service,
        path: ctx.request.path,
        rest: ctx.rest,
        query: ctx.request.query,
        body: ctx.request.body === undefined ? null : ctx.request.body.toString("utf8"),
        clientAddress: ctx.request.clientAddress ?? null,
        headers: { authorization: h.authorization, "content-type": h["content-type"], "content-length": h["content-length"], host: h.host },
      });
    };
    echo.get("pages", "/v1/echo/*rest", answer).post("pages", "/v1/echo/*rest", answer).put("pages", "/v1/echo/*rest", answer);
    current.platform = { router: echo, deps: {} as PlatformDeps, env: { trustProxy: false } };
    try {
      const token = await sign(7, [ROLES.USER], "1h");
      const pair = clients({ BAToken: token });
      const calls: Array<(c: AxiosInstance) => Promise<unknown>> = [
        (c) => c.get("pages-api/api/v1/echo/a%20b/c%2Fd/%C3%A9", { params: { tag: ["x", "y z"], languageId: 206, empty: "" } }).then((r) => r.data),
        (c) => c.post("pages-api/api/v1/echo/json?x=1&x=2", { title: "नमस्ते", n: 1 }).then((r) => r.data),
        (c) => c.post("pages-api/api/v1/echo/form", new URLSearchParams({ a: "1", b: "two words" }), { skipAuth: true }).then((r) => r.data),
        (c) => c.put("pages-api/api/v1/echo/empty").then((r) => r.data),
      ];
      for (const call of calls) {
        const [overHttp, inProcess] = await both(pair, call);
        expect(inProcess).toEqual(overHttp);
      }
      const [first] = await both(pair, calls[0]!);
      expect(first).toMatchObject({
        method: "GET",
        service: "pages",
        path: "/v1/echo/a%20b/c%2Fd/%C3%A9",
        rest: ["a b", "c/d", "é"],
        query: { tag: ["x", "y z"], languageId: "206", empty: "" },
        body: null,
        clientAddress: "127.0.0.1",
        headers: { authorization: `Bearer ${token}` },
      });
    } finally {
      current.platform = real;
    }
  });

  it("the request the in-process dispatch builds matches the API route's reading of the URL", () => {
    const request = platformRequestOf(
      { method: "delete", url: "/userGroup-api/api/v1/group/leave/3/?path=x&a=1&a=2", headers: { "x-forwarded-for": "203.0.113.9" } },
      false,
    );
    expect(request).toEqual({
      method: "DELETE",
      service: "userGroup",
      path: "/v1/group/leave/3",
      query: { a: ["1", "2"] },
      headers: { "x-forwarded-for": "203.0.113.9" },
      body: Buffer.alloc(0),
      clientAddress: "127.0.0.1",
    });
    // Behind one trusted proxy the right-most entry (the proxy's own) is the client; with two, the next one (issue 27 item 6).
    expect(platformRequestOf({ method: "GET", url: "/files-api/api/x", headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1" } }, true)?.clientAddress).toBe("10.0.0.1");
    expect(platformRequestOf({ method: "GET", url: "/files-api/api/x", headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1" } }, 2)?.clientAddress).toBe("203.0.113.9");
    expect(platformRequestOf({ method: "GET", url: "/not-a-platform-path", headers: {} }, false)).toBeNull();
  });

  it("a success: same status and body", async () => {
    const [overHttp, inProcess] = await both(clients(), (c) => outcome(c.get("userGroup-api/api/v1/group/all", { params: { languageId: 205 } })));
    expect(overHttp.ok && overHttp.status).toBe(200);
    expect(inProcess).toEqual(overHttp);
    const [a, b] = await both(clients(), (c) => fetchGroupList(c, 206));
    expect(b).toEqual(a);
    expect(b.length).toBeGreaterThan(0);
  });

  it("a 404: the same ApiError (status, code, message)", async () => {
    const [overHttp, inProcess] = await both(clients(), (c) => outcome(served(fetchPage(c, 999_999, "full", 205))));
    expect(overHttp.ok).toBe(false);
    expect(!overHttp.ok && overHttp.error.status).toBe(404);
    expect(inProcess).toEqual(overHttp);
    // An endpoint that does not exist is a 404 both ways too.
    const [h, l] = await both(clients(), (c) => outcome(c.get("pages-api/api/v1/no/such/endpoint")));
    expect(!h.ok && h.error.status).toBe(404);
    expect(!l.ok && l.error.status).toBe(404);
  });

  it("a 400 with fieldErrors: the same ApiError with the same field errors", async () => {
    const admin = SEED_USER_BY_ROLE.admin;
    const token = await sign(admin.id, [ROLES.ADMIN, ROLES.USER], "1h");
    const [overHttp, inProcess] = await both(clients({ BAToken: token }), (c) =>
      outcome(served(createPage(c, { title: "", content: "", pageType: "Content", languageId: 205 } as unknown as Parameters<typeof createPage>[1]))),
    );
    expect(overHttp.ok).toBe(false);
    if (overHttp.ok) return;
    expect(overHttp.error.status).toBe(400);
    expect(overHttp.error.fieldErrors).toBeTruthy();
    expect(Object.keys(overHttp.error.fieldErrors ?? {}).length).toBeGreaterThan(0);
    expect(inProcess).toEqual(overHttp);
    if (!inProcess.ok) expect(inProcess.error.fieldErrors).toEqual(overHttp.error.fieldErrors);
  });

  it("a 401: the same ApiError for a call that needs a session", async () => {
    const [overHttp, inProcess] = await both(clients(), (c) => outcome(served(fetchMembershipMap(c))));
    expect(!overHttp.ok && overHttp.error.status).toBe(401);
    expect(inProcess).toEqual(overHttp);
  });

  it("sign-in: the same body shape and the same Set-Cookie headers (names and attributes)", async () => {
    const user = SEED_USER_BY_ROLE.user;
    const [overHttp, inProcess] = await both(clients(), (c) =>
      outcome(c.post<AuthResponse>("userGroup-api/api/v1/group/login", loginForm(user), { skipAuth: true })),
    );
    expect(overHttp.ok && inProcess.ok).toBe(true);
    if (!overHttp.ok || !inProcess.ok) return;
    expect(overHttp.setCookie.length).toBe(2);
    expect(cookieShapes(inProcess.setCookie)).toEqual(cookieShapes(overHttp.setCookie));
    expect(Object.keys(inProcess.data as object).sort()).toEqual(Object.keys(overHttp.data as object).sort());
  });

  it("an expired access token is renewed once with the refresh cookie, the call then succeeds, and the page gets the same cookies", async () => {
    const user = SEED_USER_BY_ROLE.user;
    const refreshOf = async (client: AxiosInstance) =>
      (await client.post<AuthResponse>("userGroup-api/api/v1/group/login", loginForm(user), { skipAuth: true })).data.refresh_token!;
    const signIn = clients();
    const [httpRefresh, localRefresh] = [await refreshOf(signIn.http), await refreshOf(signIn.local)];
    const expired = await sign(user.id, [ROLES.USER], Math.floor(Date.now() / 1000) - 60);

    const httpPair = clients({ BAToken: expired, BRToken: httpRefresh });
    const localPair = clients({ BAToken: expired, BRToken: localRefresh });
    const httpBefore = httpHits;
    const overHttp = await outcome(served(fetchMembershipMap(httpPair.http)));
    expect(httpHits - httpBefore).toBe(2); // the renewal, then the call
    const hitsAfterHttp = httpHits;
    const localBefore = inProcessHits;
    const inProcess = await outcome(served(fetchMembershipMap(localPair.local)));
    expect(httpHits).toBe(hitsAfterHttp);
    expect(inProcessHits - localBefore).toBe(2);

    expect(overHttp.ok).toBe(true);
    expect(inProcess).toEqual(overHttp);
    expect(httpPair.httpRes.cookies().length).toBe(2);
    expect(cookieShapes(localPair.localRes.cookies())).toEqual(cookieShapes(httpPair.httpRes.cookies()));
    const renewed = currentAccessToken(localPair.local);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(expired);
    expect(localPair.localRes.cookies()[0]).toContain(encodeURIComponent(renewed!));
  });

  it("a refused renewal clears the session alike: SESSION_EXPIRED and the same expired cookies", async () => {
    const expired = await sign(SEED_USER_BY_ROLE.user.id, [ROLES.USER], Math.floor(Date.now() / 1000) - 60);
    const pair = clients({ BAToken: expired, BRToken: "not-a-refresh-token" });
    const overHttp = await outcome(served(fetchMembershipMap(pair.http)));
    const inProcess = await outcome(served(fetchMembershipMap(pair.local)));
    expect(!overHttp.ok && overHttp.error.code).toBe("SESSION_EXPIRED");
    expect(inProcess).toEqual(overHttp);
    expect(pair.localRes.cookies()).toEqual(pair.httpRes.cookies());
    expect(pair.localRes.cookies().every((c) => c.includes("Max-Age=0"))).toBe(true);
  });

  it("the refresh call itself answers alike (status and Set-Cookie shape) for a valid and a refused token", async () => {
    const user = SEED_USER_BY_ROLE.user;
    const signIn = clients();
    const tokens = [
      (await signIn.http.post<AuthResponse>("userGroup-api/api/v1/group/login", loginForm(user), { skipAuth: true })).data.refresh_token!,
      (await signIn.http.post<AuthResponse>("userGroup-api/api/v1/group/login", loginForm(user), { skipAuth: true })).data.refresh_token!,
    ];
    const call = (c: AxiosInstance, token: string) =>
      outcome(c.post(REFRESH_TOKENS_PATH, null, { skipAuth: true, headers: { Cookie: `BRToken=${encodeURIComponent(token)}` } }));
    const pair = clients();
    const overHttp = await call(pair.http, tokens[0]!);
    const inProcess = await call(pair.local, tokens[1]!);
    expect(overHttp.ok && inProcess.ok).toBe(true);
    if (overHttp.ok && inProcess.ok) expect(cookieShapes(inProcess.setCookie)).toEqual(cookieShapes(overHttp.setCookie));
    // Used again after the 20 s grace? Not waited for here; a token never issued is refused alike.
    const [refusedHttp, refusedLocal] = await both(pair, (c) => call(c, "forged"));
    expect(refusedHttp.ok).toBe(false);
    expect(refusedLocal).toEqual(refusedHttp);
  });

  it("without a registered platform the adapter goes over HTTP", async () => {
    const registered = inProcessDispatch();
    setInProcessDispatch(undefined);
    try {
      const pair = clients();
      const before = httpHits;
      const groups = await fetchGroupList(pair.local, 205);
      expect(groups.length).toBeGreaterThan(0);
      expect(httpHits).toBe(before + 1);
    } finally {
      setInProcessDispatch(registered);
    }
  });
});
