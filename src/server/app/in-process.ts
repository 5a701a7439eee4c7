/**
 * The platform answering server-side rendering inside its own process. SSR's API client (axios with
 * `inProcessAdapter`, src/lib/api/in-process-adapter.ts) hands over the request it would have sent to
 * `API_ENDPOINT`; this builds the PlatformRequest exactly as the portal server (web/public-paths.ts) and the Next
 * API route do (service, re-encoded path, query with repeated keys, headers, body, client address)
 * and answers with what that route would have written. Same router, authorisation, status codes,
 * error bodies and Set-Cookie headers; no socket, no HTTP parsing, no second render of JSON.
 */
import type { InProcessDispatch, InProcessRequest, InProcessResponse } from "@/shared/in-process-dispatch";
import { clientAddressOf, errorAnswer, routerOf, trustedHopsOf, wireBody, type PlatformHandle } from "./adapter";
import { AppError } from "../infra/http/app-error";
import { collectBody } from "../infra/http/router";
import type { PlatformRequest, PlatformResponse, QueryValue } from "../infra/http/types";

/** Where a request from this process comes from, as the API route would see it over loopback. */
export const IN_PROCESS_ADDRESS = "127.0.0.1";

const PLATFORM_PATH = /^\/([^/]+)-api\/api(?:\/(.*))?$/;

/** Next's reading of the query: a key given several times becomes a list. */
function parseQuery(search: URLSearchParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of search) {
    const existing = Object.hasOwn(query, key) ? query[key] : undefined;
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  // The route's own catch-all parameter takes this name (the API route drops it too).
  delete query.path;
  return query;
}

/** The PlatformRequest the API route would build for this request; null when no platform route is addressed. */
export function platformRequestOf(request: InProcessRequest, trustedHops: number | boolean): PlatformRequest | null {
  const url = new URL(request.url, "http://in-process.invalid");
  const match = PLATFORM_PATH.exec(url.pathname);
  if (!match) return null;
  const segments = match[2] === undefined ? [] : match[2].split("/");
  // Next answers a trailing slash with a redirect to the address without it, which the client follows.
  if (segments.at(-1) === "") segments.pop();
  let decoded: string[];
  try {
    // Next decodes the catch-all segments; the route encodes them again.
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw new AppError("BAD_REQUEST", "The request path is not valid percent-encoding");
  }
  const method = request.method.toUpperCase();
  return {
    method,
    service: match[1]!,
    path: `/${decoded.map(encodeURIComponent).join("/")}`,
    query: parseQuery(url.searchParams),
    headers: request.headers,
    body: method === "GET" || method === "HEAD" ? undefined : (request.body ?? Buffer.alloc(0)),
    clientAddress: clientAddressOf(request.headers["x-forwarded-for"], IN_PROCESS_ADDRESS, trustedHops),
  };
}

async function toWire(response: PlatformResponse, method: string): Promise<InProcessResponse> {
  const body = method !== "HEAD" && response.stream ? await collectBody(response) : wireBody(response, method);
  return { status: response.status, headers: response.headers, body: body ?? "" };
}

/** The dispatch function of a platform (booting or running): what SSR's in-process adapter calls. */
export function createInProcessDispatch(platform: () => Promise<PlatformHandle>): InProcessDispatch {
  return async (request) => {
    const method = request.method.toUpperCase();
    let handle: PlatformHandle;
    let platformRequest: PlatformRequest | null;
    try {
      handle = await platform();
      platformRequest = platformRequestOf(request, trustedHopsOf(handle.env));
    } catch (error) {
      return toWire(errorAnswer(error), method);
    }
    if (!platformRequest) {
      return toWire(errorAnswer(new AppError("NOT_FOUND", `No such endpoint: ${request.url.split("?")[0]}`)), method);
    }
    return toWire(await routerOf(handle).handle(platformRequest), method);
  };
}
