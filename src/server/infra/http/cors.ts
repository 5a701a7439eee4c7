/**
 * Cross-origin access to the platform API for the origins of CORS_ORIGINS (src/config/env.ts), so the
 * original platform's web front end or a partner's site on another origin can call it from the browser
 * with the visitor's credentials. Origins not listed get no CORS headers, and their preflights are
 * refused, so browsers keep them out. Never `*`: responses allow credentials.
 */
import type { PlatformRequest, PlatformResponse } from "./types";

/** Every method the platform's routes use (the router answers OPTIONS itself). */
export const CORS_METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
/** Request headers the platform reads beyond the CORS-safelisted ones: tokens, JSON bodies, ranges of files. */
export const CORS_HEADERS = "Authorization, Content-Type, Accept, Accept-Language, Range, X-Requested-With, Idempotency-Key";
/** Response headers a client may read beyond the safelisted ones: throttling, ranges, downloads. */
export const CORS_EXPOSED = "Retry-After, Content-Range, Accept-Ranges, Content-Disposition, ETag";
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = "7200";

function header(request: PlatformRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's Origin when it is on the allow-list, else null. */
export function allowedOrigin(request: PlatformRequest, allowList: readonly string[]): string | null {
  const origin = header(request, "origin");
  if (!origin || allowList.length === 0) return null;
  return allowList.includes(origin) ? origin : null;
}

/** A CORS preflight: OPTIONS with an Origin and the method the browser wants to send. */
export function isPreflight(request: PlatformRequest): boolean {
  return request.method.toUpperCase() === "OPTIONS" && !!header(request, "origin") && !!header(request, "access-control-request-method");
}

function withVary(headers: Record<string, string | string[]>, value: string): Record<string, string | string[]> {
  const current = headers.vary;
  const existing = (Array.isArray(current) ? current.join(", ") : current ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (existing.some((v) => v === "*" || v.toLowerCase() === value.toLowerCase())) return headers;
  return { ...headers, vary: [...existing, value].join(", ") };
}

/** The answer to a preflight from an allowed origin (204, every method and header the platform uses). */
export function preflightResponse(origin: string): PlatformResponse {
  return {
    status: 204,
    headers: {
      "access-control-allow-origin": origin,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": CORS_METHODS,
      "access-control-allow-headers": CORS_HEADERS,
      "access-control-max-age": PREFLIGHT_MAX_AGE,
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    },
    body: "",
  };
}

/**
 * Adds the CORS headers of an allowed origin to an actual response. With an allow-list, every answer
 * says `Vary: Origin` (whether the headers are there depends on the Origin, so caches must not mix them).
 */
export function withCorsHeaders(response: PlatformResponse, origin: string | null, allowList: readonly string[]): PlatformResponse {
  if (allowList.length === 0) return response;
  let headers = withVary(response.headers, "Origin");
  if (origin) {
    headers = {
      ...headers,
      "access-control-allow-origin": origin,
      "access-control-allow-credentials": "true",
      "access-control-expose-headers": CORS_EXPOSED,
    };
  }
  return { ...response, headers };
}
