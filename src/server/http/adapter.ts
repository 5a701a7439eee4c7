/**
 * What every way into the platform shares: the Next API route (`src/pages/api/platform/[...path].ts`)
 * and the in-process dispatch used by server-side rendering (`in-process.ts`) build the same
 * PlatformRequest, pick the router the same way and answer with the same wire form.
 */
import type { Env } from "@/config/env";
import { AppError } from "./app-error";
import { serializeBody, type PlatformRouter } from "./router";
import type { PlatformDeps, PlatformResponse } from "./types";
import { createPlatformRouter } from "../platform-router";

/** The parts of the running platform an entry point needs. */
export interface PlatformHandle {
  env?: Pick<Env, "trustProxy">;
  router: PlatformRouter;
  deps: PlatformDeps;
}

/** The router to answer with: in development rebuilt per request (cheap) so edited route code applies without a restart. */
export function routerOf(platform: PlatformHandle): PlatformRouter {
  return process.env.NODE_ENV === "development" ? createPlatformRouter(platform.deps) : platform.router;
}

/**
 * The caller's address (for throttling): the socket peer, or — with TRUST_PROXY, behind a proxy that
 * overwrites the header — the first X-Forwarded-For entry. Trusting the header otherwise would let
 * anyone pick their own address.
 */
export function clientAddressOf(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const first = (Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor)?.split(",")[0]?.trim();
    if (first) return first;
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
