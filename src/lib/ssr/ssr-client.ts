import type { AxiosInstance } from "axios";
import type { Env } from "@/config/env";
import { createApiClient, type ApiClientOptions } from "@/lib/api/client";
import { inProcessAdapter } from "@/lib/api/in-process-adapter";

/**
 * The API client of server-side rendering: the one client (`createApiClient`) on `API_ENDPOINT`,
 * carried in-process when the platform is this process (no API_ENDPOINT set), else over HTTP.
 */
export function createSsrApiClient(env: Env, options: Omit<ApiClientOptions, "baseURL" | "adapter" | "secureCookies">): AxiosInstance {
  return createApiClient({
    ...options,
    baseURL: env.apiEndpointSsr,
    secureCookies: env.secureCookies,
    ...(env.platformInProcess ? { adapter: inProcessAdapter } : {}),
  });
}
