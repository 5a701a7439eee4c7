/**
 * Resumable uploads over the tus 1.0 protocol (issue 32 item 4; @tus/server with @tus/file-store):
 * creation, core, expiration and termination at `/files-api/api/upload/tus` (RESUMABLE_PATH). The
 * bytes stream straight to the partial-uploads folder (partial-uploads.ts), so a PATCH cut off midway
 * keeps what arrived and the client resumes from the offset HEAD gives. Completing is a platform call
 * (`POST files-api/api/upload/tus-complete/{id}`, resumable.service.ts).
 *
 * Before the protocol runs, the platform's rules: a signed-in member (the same Bearer check as every
 * platform call; 401 with a reason otherwise); at creation an `Upload-Length` within the limit of the
 * upload's declared kind (413) and metadata naming its target, checked with the multipart endpoints'
 * contracts (400; the `site` directory for administrators only, 403); for HEAD, PATCH and DELETE an
 * upload of the caller's (anyone else's is 404). Refusals are the platform's JSON error bodies.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@tus/server";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { myUploadSchema, resourceUploadSchema } from "@/contracts/upload.schema";
import { requireAccount, type Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps, RequestContext } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { FILE_DIRECTORIES } from "../../infra/files/file-storage";
import { findPartialUpload, partialStore, partialUploadsDir, sweepPartialUploads } from "./partial-uploads";
import {
  declaredLimit,
  megabytesOf,
  readResumableMetadata,
  RESUMABLE_ID,
  RESUMABLE_MAX_BYTES,
  RESUMABLE_PATH,
  RESUMABLE_SWEEP_MS,
  storedMetadata,
  uploadIdOf,
} from "./resumable-rules";
import { UPLOAD_REFUSALS } from "./upload.service";

const TUS_RESUMABLE = "1.0.0";
const METHODS = "POST, HEAD, PATCH, DELETE, OPTIONS";
const resourceFields = resourceUploadSchema(FILE_DIRECTORIES);

/** The metadata an upload is created with (the client's known keys and its owner), per creation request. */
const creations = new WeakMap<Request, Record<string, string>>();
/** Answers refused before the protocol ran: the request body (if any) was not read. */
const refusals = new WeakSet<Response>();

function refusal(error: AppError): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "tus-resumable": TUS_RESUMABLE,
    ...error.headers,
  };
  const response = new Response(JSON.stringify(error.toBody()), { status: error.status, headers });
  refusals.add(response);
  return response;
}

/** What the platform's checks of the caller read: the request's method and headers. */
function contextOf(deps: PlatformDeps, request: Request): RequestContext {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { request: { method: request.method, service: "files", path: "/upload/tus", query: {}, headers }, params: {}, rest: [], deps };
}

const servers = new WeakMap<PlatformDeps, Promise<Server>>();
const SWEEPS = Symbol.for("cca.partialUploads.sweeps");
const sweeping = ((globalThis as unknown as Record<symbol, Set<string> | undefined>)[SWEEPS] ??= new Set<string>());

/** Sweeps the folder now and every RESUMABLE_SWEEP_MS (once per folder and process). */
function startSweeping(deps: PlatformDeps, dir: string): void {
  if (sweeping.has(dir)) return;
  sweeping.add(dir);
  const sweep = () =>
    sweepPartialUploads(dir).catch((error: unknown) => deps.logger.warn(`[uploads] sweeping the partial uploads in ${dir} failed: ${String(error)}`));
  void sweep();
  setInterval(sweep, RESUMABLE_SWEEP_MS).unref();
}

/** The tus server of a platform (one per deps). */
function serverOf(deps: PlatformDeps): Promise<Server> {
  let server = servers.get(deps);
  if (!server) {
    server = (async () => {
      const dir = partialUploadsDir(deps);
      const datastore = await partialStore(dir);
      // ESM only: loaded with the first resumable upload, never with the platform.
      const { Server } = await import("@tus/server");
      startSweeping(deps, dir);
      return new Server({
        path: RESUMABLE_PATH,
        datastore,
        // The largest of any kind; each upload's own limit is checked at its creation.
        maxSize: RESUMABLE_MAX_BYTES,
        // Relative to the site, so that the upload continues on whatever address (or group domain) it began.
        generateUrl: (_req, { id }) => `${RESUMABLE_PATH}/${id}`,
        getFileIdFromRequest: (_req, last) => (last && RESUMABLE_ID.test(last) ? last : undefined),
        // Cross-origin only for the platform's CORS allow-list (never `*`).
        allowedOrigins: (origin) => (deps.settings.corsOrigins ?? []).includes(origin),
        allowedCredentials: true,
        onUploadCreate: async (req) => {
          const metadata = creations.get(req);
          if (!metadata) throw Object.assign(new Error("not checked"), { status_code: 400, body: "The upload was not checked before its creation\n" });
          return { metadata };
        },
        onResponseError: (_req, error) => {
          if (error instanceof Error) deps.logger.error("[uploads] resumable upload failed:", error);
          return undefined;
        },
      });
    })();
    servers.set(deps, server);
    server.catch(() => servers.delete(deps));
  }
  return server;
}

/**
 * Checks a creation (`POST`): the length within the limit of its declared kind and the metadata of its
 * target; answers the metadata to store with it.
 */
async function checkCreation(request: Request, account: Account, parseMetadata: (text: string) => Record<string, string | null>): Promise<Record<string, string>> {
  if (request.headers.get("upload-defer-length") !== null) {
    throw new AppError("BAD_REQUEST", "Declare the upload's length with Upload-Length: uploads of unknown length are not accepted");
  }
  const lengthText = request.headers.get("upload-length") ?? "";
  if (!/^\d{1,16}$/.test(lengthText)) throw new AppError("BAD_REQUEST", "Upload-Length must be the file's size in bytes");
  const length = Number(lengthText);
  if (length === 0) throw new AppError("BAD_REQUEST", "The file is empty", { upload: FORM_ERRORS.required });

  let raw: Record<string, string | null>;
  try {
    raw = parseMetadata(request.headers.get("upload-metadata") ?? "");
  } catch {
    throw new AppError("BAD_REQUEST", "Upload-Metadata must be comma-separated pairs of a key and a Base64 value (filename, filetype, hash, and directory or module)");
  }
  const metadata = readResumableMetadata(raw);
  if ("problem" in metadata) throw new AppError("BAD_REQUEST", metadata.problem, { upload: FORM_ERRORS.invalid });
  if (metadata.kind === "resource") {
    const { directory } = await validateWith(resourceFields, metadata.fields);
    if (directory === "site" && !account.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may upload to the site directory");
  } else if (metadata.kind === "myUpload") {
    await validateWith(myUploadSchema, metadata.fields);
  } else if (!account.isAdmin) {
    throw new AppError("FORBIDDEN", "Only an administrator may upload a map layer's files");
  }
  const limit = declaredLimit(metadata.kind, metadata.filetype);
  if (length > limit) {
    const what = metadata.filetype ? `A file of type ${metadata.filetype}` : "A file";
    throw new AppError("PAYLOAD_TOO_LARGE", `This file is too large: ${what} may be at most ${megabytesOf(limit)} here (got ${megabytesOf(length)})`, {
      ...UPLOAD_REFUSALS.tooLarge,
    });
  }
  return storedMetadata(raw, account.id);
}

/**
 * Answers one request of the protocol (a web Request: the Node adapter's, or a test's). The request
 * path ends in `/tus` (creation) or `/tus/{id}` (an upload): the public address or the API route's.
 */
export async function answerResumableUpload(deps: PlatformDeps, request: Request): Promise<Response> {
  const server = await serverOf(deps);
  const method = request.method.toUpperCase();
  // OPTIONS tells what the server supports (versions, extensions, largest size): anyone may ask.
  if (method === "OPTIONS") return server.handleWeb(request);
  const id = uploadIdOf(new URL(request.url).pathname);
  try {
    if (!["POST", "HEAD", "PATCH", "DELETE"].includes(method) || (method === "POST" && id)) {
      throw new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed here: POST ${RESUMABLE_PATH} creates an upload, HEAD, PATCH and DELETE act on ${RESUMABLE_PATH}/{id}`, undefined, {
        allow: METHODS,
      });
    }
    const account = await requireAccount(contextOf(deps, request));
    if (method === "POST") {
      const { Metadata } = await import("@tus/server");
      creations.set(request, await checkCreation(request, account, (text) => (text.trim() ? Metadata.parse(text) : {})));
    } else {
      const upload = id ? await findPartialUpload(partialUploadsDir(deps), id) : null;
      // Someone else's upload is as good as none (its id says nothing to anyone else).
      if (!upload || upload.owner !== account.id) {
        throw new AppError("NOT_FOUND", `No such upload of yours${id ? ` (${id})` : ""}: it was never created by you, was completed, or expired`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) return refusal(error);
    throw error;
  }
  return server.handleWeb(request);
}

/** How long, and how much of a refused body, is read and dropped after the answer before the connection closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * After a refusal whose body was not read: the connection closes once the answer is out, reading and
 * dropping what the client still sends for a moment first (closing at once on unread data resets the
 * connection, and a client still sending would lose the answer). As the platform's Next adapter does.
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("connection", "close");
  const socket = req.socket;
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

/** The Node adapter (the Next API route): the request as a web Request over the same stream, the answer written back. */
export async function handleResumableUpload(deps: PlatformDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { NodeRequest } = await import("srvx/node");
  let response: Response;
  try {
    response = await answerResumableUpload(deps, new NodeRequest({ req, res }));
  } catch (error) {
    deps.logger.error(`[uploads] ${req.method ?? "?"} ${RESUMABLE_PATH} failed:`, error);
    response = refusal(new AppError("INTERNAL", "Internal error"));
  }
  const length = req.headers["content-length"];
  const bodySent = (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
  if (refusals.has(response) && bodySent && !req.readableEnded) closeAfterAnswer(req, res);
  await writeAnswer(res, response);
}

/**
 * Writes a web Response to Node's response header by header (srvx's sendNodeResponse wrote them in one
 * writeHead with a form Next's API response refused: "Header name must be a valid HTTP token").
 */
async function writeAnswer(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const { Readable } = await import("node:stream");
  const { pipeline } = await import("node:stream/promises");
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>), res);
}
