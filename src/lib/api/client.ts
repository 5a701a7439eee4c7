import axios, { AxiosHeaders, type AxiosAdapter, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import type { TokenPair } from "@/contracts/auth";
import { appendSetCookies, expiredSessionCookies, sessionCookies, type CookieResponse } from "@/lib/auth/cookie-headers";
import { ACCESS_COOKIE, clearBrowserSession, persistTokens, readAccessToken, REFRESH_COOKIE } from "@/lib/auth/cookies";
import { reportSessionExpired } from "@/lib/auth/session-expiry";
import { hasSessionToken, isTokenExpired } from "@/lib/auth/session";
import { ApiError } from "./api-error";
import { createRenewalQueue, type RenewalQueue } from "./renewal-queue";

declare module "axios" {
  interface AxiosRequestConfig {
    /** Send without a Bearer token and never renew (sign-in, registration, OTP, public reads). */
    skipAuth?: boolean;
  }
}

export const REFRESH_TOKENS_PATH = "user-api/api/v1/authenticate/refresh-tokens";

export interface ApiClientOptions {
  /** Base ending in "/": "/" in the browser, the absolute platform address during SSR. */
  baseURL: string;
  /** Cookies of the incoming request during SSR (access and refresh token). */
  cookies?: Record<string, string | undefined>;
  /** During SSR: the response that renewed (or cleared) session cookies are written to. */
  ssrContext?: { res: CookieResponse };
  /** SSR: the page request's `x-request-id`, sent with every platform call so logs of both line up. */
  requestId?: string;
  /** Cookies written during SSR get the Secure flag (site on https). */
  secureCookies?: boolean;
  /**
   * How requests travel (axios adapter; default HTTP). SSR passes `inProcessAdapter` when the
   * platform runs in this process; renewals go the same way.
   */
  adapter?: AxiosAdapter;
}

/** Where the client keeps the tokens: the browser's cookies, or the SSR request's cookies. */
interface TokenStore {
  accessToken(): string | undefined;
  /** Readable during SSR only (HttpOnly in the browser, where it travels by itself). */
  refreshToken(): string | undefined;
  save(pair: TokenPair, setCookieHeaders: readonly string[]): void;
  clear(): void;
}

function browserStore(): TokenStore {
  return {
    accessToken: readAccessToken,
    refreshToken: () => undefined,
    save: (pair) => persistTokens(pair),
    clear: clearBrowserSession,
  };
}

function ssrStore({ cookies = {}, ssrContext, secureCookies = false }: ApiClientOptions): TokenStore {
  let access = cookies[ACCESS_COOKIE] || undefined;
  let refresh = cookies[REFRESH_COOKIE] || undefined;
  return {
    accessToken: () => access,
    refreshToken: () => refresh,
    save(pair, setCookieHeaders) {
      access = pair.access_token;
      refresh = pair.refresh_token || refresh;
      if (!ssrContext) return;
      const forwarded = setCookieHeaders.filter((c) => c.startsWith(`${ACCESS_COOKIE}=`) || c.startsWith(`${REFRESH_COOKIE}=`));
      appendSetCookies(ssrContext.res, forwarded.length > 0 ? forwarded : sessionCookies(pair, secureCookies));
    },
    clear() {
      access = undefined;
      refresh = undefined;
      if (ssrContext) appendSetCookies(ssrContext.res, expiredSessionCookies(secureCookies));
    },
  };
}

/** Repeated keys for arrays (`f=a&f=b`), as the platform expects. */
function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  return search.toString();
}

export function sessionExpiredError(): ApiError {
  return new ApiError(401, "SESSION_EXPIRED", "The session has expired; sign in again");
}

/** Asks the platform for new tokens with the refresh token (cookie), stores them, returns the access token. */
async function requestNewTokens(baseURL: string, store: TokenStore, isSsr: boolean, adapter: AxiosAdapter | undefined): Promise<string> {
  const refresh = store.refreshToken();
  if (isSsr && !refresh) throw sessionExpiredError();
  const response = await axios.post<TokenPair>(REFRESH_TOKENS_PATH, null, {
    baseURL,
    timeout: 15_000,
    ...(adapter ? { adapter } : {}),
    // Browser: the HttpOnly BRToken cookie goes along by itself. SSR: hand the request's cookie on.
    headers: isSsr && refresh ? { Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refresh)}` } : undefined,
  });
  const pair = response.data;
  if (!pair || typeof pair.access_token !== "string" || !pair.access_token) throw sessionExpiredError();
  const setCookie = response.headers["set-cookie"];
  store.save(pair, Array.isArray(setCookie) ? setCookie : typeof setCookie === "string" ? [setCookie] : []);
  return pair.access_token;
}

interface Session {
  queue: RenewalQueue;
  store: TokenStore;
}

const sessions = new WeakMap<AxiosInstance, Session>();

/** No answer at all (offline, DNS, connection refused): not a refusal of the session. */
const NETWORK_CODES: ReadonlySet<string> = new Set(["ERR_NETWORK", "ECONNABORTED", "ETIMEDOUT", "ECONNREFUSED", "ECONNRESET"]);
const isNetworkFailure = (error: unknown): boolean => axios.isAxiosError(error) && !error.response && NETWORK_CODES.has(error.code ?? "");

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

function bearerOf(config: InternalAxiosRequestConfig): string | undefined {
  const value = AxiosHeaders.from(config.headers).get("Authorization");
  const match = typeof value === "string" ? /^Bearer (.+)$/.exec(value) : null;
  return match?.[1];
}

/**
 * The one HTTP client of the front end, in the browser and during SSR. It sends the access token as
 * `Bearer`; when that token has expired, or a call answers 401, it renews the tokens once for every
 * waiting call (single flight) and retries each call once. When renewal fails, the session is cleared
 * (browser: the access cookie; SSR: both cookies on the response), listeners hear "session expired"
 * (browser only) and the call rejects with ApiError SESSION_EXPIRED. Visitors without a session are
 * never renewed. Every failure is an ApiError.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const { baseURL, adapter } = options;
  const isSsr = options.cookies !== undefined || options.ssrContext !== undefined;
  const store = isSsr ? ssrStore(options) : browserStore();
  const queue = createRenewalQueue({
    renewTokens: async () => {
      const before = store.accessToken();
      try {
        return await requestNewTokens(baseURL, store, isSsr, adapter);
      } catch (error) {
        // Refresh tokens are single use: another tab or a page load may have renewed first. Its fresh
        // access cookie is as good as ours would have been.
        const now = store.accessToken();
        if (now && now !== before && !isTokenExpired(now)) return now;
        throw error;
      }
    },
    // A renewal that could not reach the platform (offline) proves nothing about the session: it is
    // kept, and the call fails as a network error the caller can retry (participation drafts, issue 13).
    onFailed: (error) => {
      if (isNetworkFailure(error)) return;
      store.clear();
      if (!isSsr) reportSessionExpired();
    },
    toError: (error) =>
      isNetworkFailure(error) ? ApiError.from(error) : error instanceof ApiError && error.code === "SESSION_EXPIRED" ? error : sessionExpiredError(),
  });

  const client = axios.create({
    baseURL,
    timeout: 15_000,
    paramsSerializer: { serialize: serializeParams },
    ...(adapter ? { adapter } : {}),
    ...(options.requestId ? { headers: { "x-request-id": options.requestId } } : {}),
  });
  sessions.set(client, { queue, store });

  client.interceptors.request.use(async (config) => {
    if (config.skipAuth) {
      config.headers.delete("Authorization");
      return config;
    }
    let token = store.accessToken();
    const signedIn = hasSessionToken(token) || (!token && !!store.refreshToken());
    if (!signedIn) return config;
    if (!token || isTokenExpired(token)) token = await queue.renew();
    config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    async (error: AxiosError | ApiError) => {
      if (error instanceof ApiError) throw error;
      const config = error.config as RetriableConfig | undefined;
      const used = config ? bearerOf(config) : undefined;
      if (error.response?.status === 401 && config && !config.skipAuth && !config._retried && used) {
        config._retried = true;
        const current = store.accessToken();
        // Another call may have renewed meanwhile: then its token is used, not a second renewal.
        if (!current || current === used || isTokenExpired(current)) await queue.renew();
        return client.request(config);
      }
      throw ApiError.from(error);
    },
  );
  return client;
}

/**
 * Renews the client's session now (single flight with its calls). Resolves with the new access token,
 * or null when there is no session or the platform refused (the session is then cleared).
 */
export async function renewSession(client: AxiosInstance): Promise<string | null> {
  const session = sessions.get(client);
  if (!session) return null;
  if (!hasSessionToken(session.store.accessToken()) && !session.store.refreshToken()) return null;
  try {
    return await session.queue.renew();
  } catch {
    return null;
  }
}

/** The access token the client currently holds (after any renewal). */
export function currentAccessToken(client: AxiosInstance): string | undefined {
  return sessions.get(client)?.store.accessToken();
}

let browserClient: AxiosInstance | undefined;

/** The browser's client (site API base "/"). */
export function getBrowserClient(): AxiosInstance {
  browserClient ??= createApiClient({ baseURL: "/" });
  return browserClient;
}
