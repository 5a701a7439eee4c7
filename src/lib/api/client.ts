import axios, { type AxiosInstance } from "axios";
import SITE_CONFIG from "@site-config";
import { ApiError } from "./api-error";

export interface ApiClientOptions {
  /** Base ending in "/": "/" in the browser, the absolute platform address during SSR. */
  baseURL: string;
  /** Cookies of the incoming request during SSR (for the access token). */
  cookies?: Record<string, string | undefined>;
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

function readBrowserCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The one HTTP client of the front end. Service modules take it as a parameter, so the same
 * functions run in the browser and during server-side rendering.
 * Token renewal (single-flight refresh, retry once) arrives with the accounts issue.
 */
export function createApiClient({ baseURL, cookies }: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: 15_000,
    paramsSerializer: { serialize: serializeParams },
  });
  client.interceptors.request.use((config) => {
    const token = cookies ? cookies[SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME] : readBrowserCookie(SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME);
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => Promise.reject(ApiError.from(error)),
  );
  return client;
}

let browserClient: AxiosInstance | undefined;

/** The browser's client (site API base "/"). */
export function getBrowserClient(): AxiosInstance {
  browserClient ??= createApiClient({ baseURL: "/" });
  return browserClient;
}
