/**
 * Next adapter of the platform API. The portal server maps `/{service}-api/api/...` here (src/web-server/public-paths.ts); this file
 * turns the Next request into a PlatformRequest, lets the router answer, and writes the response.
 */
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import { pipeline } from "node:stream/promises";
import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { clientAddressOf, errorAnswer, routerOf, trustedHopsOf, wireBody } from "@/server/app/adapter";
import type { PlatformRouter } from "@/server/infra/http/router";
import type { PlatformResponse, QueryValue } from "@/server/infra/http/types";

export const config = {
  api: { bodyParser: false, responseLimit: false, externalResolver: true },
};

/**
 * The body, read only when the router asks (the route, the method and, for uploads, the caller are
 * checked by then) and counted as it arrives: past `maxBytes` reading stops and the answer is null
 * (the router's 413), so a chunked body without Content-Length is cut off too, never buffered whole.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        chunks.length = 0;
        resolve(null);
      } else chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // A client that hangs up before the end of its body.
    const onClose = () => onError(new Error("the connection closed"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** A body was sent (or announced) and not read to its end: refused or not needed. */
function bodyLeftUnread(req: IncomingMessage): boolean {
  if (req.readableEnded) return false;
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/** How long, and how much more of a refused body, is read and dropped after the answer before the connection closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A lingering close after a refused body: once the answer is out and the connection half-closed,
 * what the client still sends is read and dropped for a moment (at most LINGER_MS and LINGER_BYTES),
 * then the connection closes. Closing at once on unread data makes the kernel reset the connection,
 * and a client still sending loses the answer it had not read yet (it sees only the reset).
 */
function lingerAfterAnswer(req: IncomingMessage, res: NextApiResponse): void {
  const socket = req.socket;
  // Registered after Node's own handler, which half-closes and plans to destroy once that is flushed.
  res.once("finish", () => {
    socket.removeListener("finish", socket.destroy);
    let dropped = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
    req.once("end", close);
    socket.once("close", () => clearTimeout(timer));
    req.resume();
  });
}

function send(res: NextApiResponse, method: string, response: PlatformResponse, req?: IncomingMessage): void | Promise<void> {
  res.status(response.status);
  // An array (Set-Cookie) is sent as one header line per value.
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // The rest of a refused body is not waited for: the connection closes after the answer.
  if (req && bodyLeftUnread(req)) {
    res.setHeader("connection", "close");
    lingerAfterAnswer(req, res);
  }
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
  let trustedHops = 0;
  try {
    const platform = await getPlatform();
    trustedHops = trustedHopsOf(platform.env);
    router = routerOf(platform);
  } catch (error) {
    return send(res, method, errorAnswer(error), req);
  }

  const response = await router.handle({
    method,
    service,
    // Next decoded the segments; encode them again so the router sees one consistent form.
    path: `/${pathSegments.map(encodeURIComponent).join("/")}`,
    query,
    headers: req.headers,
    // Read by the router once it knows the route's limit (never for GET and HEAD).
    readBody: method === "GET" || method === "HEAD" ? undefined : (maxBytes) => readBody(req, maxBytes),
    clientAddress: clientAddressOf(req.headers["x-forwarded-for"], req.socket?.remoteAddress, trustedHops),
  });
  await send(res, method, response, req);
}
