import type { AxiosInstance } from "axios";

/**
 * The browser's API client (`getBrowserClient` in client.ts), loaded on first use: axios and the
 * session renewal are then not part of a page's first-load JavaScript. Use it in event handlers and
 * query functions of screens that visitors open; code that is itself loaded lazily may import
 * client.ts directly.
 */
export function loadBrowserClient(): Promise<AxiosInstance> {
  return import("./client").then((module) => module.getBrowserClient());
}
