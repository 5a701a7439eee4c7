/**
 * Next adapter of the platform API. next.config.js rewrites `/{service}-api/api/:path*` here; this file
 * turns the Next request into a PlatformRequest, lets the router answer, and writes the response.
 */
import type { IncomingMessage } from "node:http";
import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/boot";
import { AppError } from "@/server/http/app-error";
import { serializeBody } from "@/server/http/router";
import type { PlatformRouter } from "@/server/http/router";
import type { QueryValue } from "@/server/http/types";
import { createPlatformRouter } from "@/server/platform-router";

export const config = {
  api: { bodyParser: false, responseLimit: false, externalResolver: true },
};

// Above the largest upload the files service accepts (videos, 100 MB) plus multipart overhead.
const MAX_BODY_BYTES = 110 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The caller's address (for throttling): the socket peer, or — with TRUST_PROXY, behind a proxy that
 * overwrites the header — the first X-Forwarded-For entry. Trusting the header otherwise would let
 * anyone pick their own address.
 */
function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket?.remoteAddress || undefined;
}

function sendJson(res: NextApiResponse, status: number, body: object): void {
  res.status(status).setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

export default async function platformApi(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const { path: pathParam, ...rest } = req.query;
  const segments = Array.isArray(pathParam) ? pathParam : pathParam ? [pathParam] : [];
  const [service = "", ...pathSegments] = segments;
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) query[key] = value;
  const method = (req.method ?? "GET").toUpperCase();

  let router: PlatformRouter;
  let body: Buffer | undefined;
  let trustProxy = false;
  try {
    const platform = await getPlatform();
    trustProxy = platform.env?.trustProxy ?? false;
    // In development, rebuild the (cheap) router so edited route code applies without a restart.
    router = process.env.NODE_ENV === "development" ? createPlatformRouter(platform.deps) : platform.router;
    body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  } catch (error) {
    if (error instanceof AppError) return sendJson(res, error.status, error.toBody());
    console.error("[platform] not available:", error);
    return sendJson(res, 503, { message: "The platform is not available", code: "SERVICE_UNAVAILABLE" });
  }

  const response = await router.handle({
    method,
    service,
    // Next decoded the segments; encode them again so the router sees one consistent form.
    path: `/${pathSegments.map(encodeURIComponent).join("/")}`,
    query,
    headers: req.headers,
    body,
    clientAddress: clientAddressOf(req, trustProxy),
  });
  res.status(response.status);
  // An array (Set-Cookie) is sent as one header line per value.
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(method === "HEAD" ? undefined : serializeBody(response));
}
