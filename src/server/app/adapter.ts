/**
 * What every way into the platform shares: the Next API route (`src/pages/api/platform/[...path].ts`)
 * and the in-process dispatch used by server-side rendering (`in-process.ts`) build the same
 * PlatformRequest, pick the router the same way and answer with the same wire form.
 */
import type { Env } from "@/config/env";
import { AppError } from "../infra/http/app-error";
import { serializeBody, type PlatformRouter } from "../infra/http/router";
import type { PlatformDeps, PlatformResponse } from "../infra/http/types";
import { createPlatformRouter } from "./platform-router";

/** The parts of the running platform an entry point needs. */
export interface PlatformHandle {
  env?: Pick<Env, "trustProxy"> & Partial<Pick<Env, "trustProxyHops">>;
  router: PlatformRouter;
  deps: PlatformDeps;
}

/** The router to answer with: in development rebuilt per request (cheap) so edited route code applies without a restart. */
export function routerOf(platform: PlatformHandle): PlatformRouter {
  return process.env.NODE_ENV === "development" ? createPlatformRouter(platform.deps) : platform.router;
}

/**
 * How many reverse proxies in front of the portal append to X-Forwarded-For (TRUST_PROXY): `false` 0,
 * `true` 1, or a number of hops.
 */
export function trustedHopsOf(env: Partial<Pick<Env, "trustProxy" | "trustProxyHops">> | undefined): number {
  if (!env) return 0;
  if (typeof env.trustProxyHops === "number") return env.trustProxyHops;
  return env.trustProxy ? 1 : 0;
}

/**
 * The caller's address (for throttling): the socket peer, or — behind `trustedHops` proxies that each
 * append the address they received the request from (nginx `$proxy_add_x_forwarded_for`) — the entry
 * the farthest trusted proxy added, counted from the right. Entries to its left came from the client
 * and are ignored: taking the left-most one would let anyone pick their own address per request.
 */
export function clientAddressOf(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number | boolean,
): string | undefined {
  const hops = trustedHops === true ? 1 : trustedHops === false ? 0 : Math.max(0, Math.floor(trustedHops));
  if (hops > 0 && forwardedFor !== undefined) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped some of them; the left-most is then the best we know.
    const chosen = entries[Math.max(0, entries.length - hops)];
    if (chosen) return chosen;
  }
  return socketAddress || undefined;
}

/** Bodies of JSON answers the router did not produce (the platform not available, a body refused before routing). */
export function errorAnswer(error: unknown): PlatformResponse {
  if (error instanceof AppError) return { status: error.status, headers: { "content-type": "application/json; charset=utf-8" }, body: error.toBody() };
  console.error("[platform] not available:", error);
  return {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: { message: "The platform is not available", code: "SERVICE_UNAVAILABLE" },
  };
}

/** The response as it goes on the wire: no body for HEAD, objects as JSON. */
export function wireBody(response: PlatformResponse, method: string): Buffer | string | undefined {
  return method === "HEAD" ? undefined : serializeBody(response);
}
