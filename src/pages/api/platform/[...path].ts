/**
 * Next adapter of the platform API. The portal server maps `/{service}-api/api/...` here (src/server/web/public-paths.ts); this file
 * turns the Next request into a PlatformRequest, lets the router answer, and writes the response.
 */
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import { pipeline } from "node:stream/promises";
import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/boot";
import { clientAddressOf, errorAnswer, routerOf, trustedHopsOf, wireBody } from "@/server/http/adapter";
import { AppError } from "@/server/http/app-error";
import type { PlatformRouter } from "@/server/http/router";
import type { PlatformResponse, QueryValue } from "@/server/http/types";

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

function send(res: NextApiResponse, method: string, response: PlatformResponse): void | Promise<void> {
  res.status(response.status);
  // An array (Set-Cookie) is sent as one header line per value.
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // A file body (an export) is streamed from disk; a client hanging up ends the read.
  if (response.file !== undefined && method !== "HEAD") return pipeline(fs.createReadStream(response.file), res).catch(() => undefined);
  // A body from the files store (a bucket): opened now, piped as it arrives.
  if (response.stream !== undefined && method !== "HEAD") {
    return response.stream().then((body) => pipeline(body, res)).catch(() => void res.destroy());
  }
  res.end(wireBody(response, method));
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
  let trustedHops = 0;
  try {
    const platform = await getPlatform();
    trustedHops = trustedHopsOf(platform.env);
    router = routerOf(platform);
    body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  } catch (error) {
    return send(res, method, errorAnswer(error));
  }

  const response = await router.handle({
    method,
    service,
    // Next decoded the segments; encode them again so the router sees one consistent form.
    path: `/${pathSegments.map(encodeURIComponent).join("/")}`,
    query,
    headers: req.headers,
    body,
    clientAddress: clientAddressOf(req.headers["x-forwarded-for"], req.socket?.remoteAddress, trustedHops),
  });
  await send(res, method, response);
}
