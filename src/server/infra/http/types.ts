import type { Env } from "@/config/env";
import type { Readable } from "node:stream";
import type { Db } from "../db/db";
import type { FileStore } from "../files/file-store";

export type QueryValue = string | string[];

/** A request as the platform sees it, independent of Next or any HTTP framework. */
export interface PlatformRequest {
  method: string;
  /** The part of the URL before `-api`, e.g. `userGroup`, `pages`, `files`. */
  service: string;
  /** The path after `/{service}-api/api`, starting with "/", segments percent-encoded: `/v1/page/45`. */
  path: string;
  query: Record<string, QueryValue>;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  /**
   * The body not read yet (the Next adapter), instead of `body`: the router reads it only once the
   * route, the method and (for uploads) the caller are checked, at most `maxBytes`: null when the body
   * is larger (reading stopped there; the router answers 413), rejected when it cannot be read (400).
   * Plain values, not AppErrors: the adapter may be bundled apart from the router, and an AppError of
   * another bundle would not be recognised as one.
   */
  readBody?: (maxBytes: number) => Promise<Buffer | null>;
  /**
   * The caller's address, for throttling: the first entry of X-Forwarded-For, else the socket's
   * remote address (set by the Next adapter). Absent in calls that do not come over HTTP.
   */
  clientAddress?: string;
}

export interface PlatformResponse {
  status: number;
  /** Header names in lower case; an array sends the header once per value (Set-Cookie). */
  headers: Record<string, string | string[]>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body: Buffer | string | object;
  /**
   * A file sent as the body instead (`body` then ""): the Next adapter streams it from disk, so a large
   * export never sits in memory; in-process calls read it whole.
   */
  file?: string;
  /**
   * A body read from the files store instead (`body` then ""): opened only when the body is sent (never
   * for HEAD); the Next adapter pipes it, in-process calls collect it (`collectBody`).
   */
  stream?: () => Promise<Readable>;
}

export interface Logger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

/** Account and message settings from the environment (src/config/env.ts); `siteUrl` for links in messages; `corsOrigins` the CORS allow-list. */
export type PlatformSettings = Pick<
  Env,
  "accessTokenTtl" | "refreshTokenTtl" | "secureCookies" | "smtpUrl" | "mailFrom" | "smsGatewayUrl" | "smsGatewayToken" | "siteUrl" | "corsOrigins" | "localContextsApiUrl"
> & {
  /** `POST utility /v1/services/vitals` takes visitors' web vitals (WEB_VITALS on and FEATURE_TRACKING on); 404 otherwise. */
  webVitals?: boolean;
};

/** What route handlers may use: the database, the files store, the token secret and the settings. */
export interface PlatformDeps {
  db: Db;
  /** The files store (`FILE_STORE`): the FILES_DIR folder or an S3-compatible bucket. */
  fileStore: FileStore;
  /** Cache of resized images: `${DATA_DIR}/cache`. */
  cacheDir: string;
  /**
   * Resumable uploads while they arrive (PARTIAL_UPLOADS_DIR, `${DATA_DIR}/uploads-partial`); absent:
   * `uploads-partial` beside `cacheDir` (modules/uploads/partial-uploads.ts).
   */
  partialUploadsDir?: string;
  jwtSecret: Uint8Array;
  settings: PlatformSettings;
  logger: Logger;
}

export interface RequestContext {
  request: PlatformRequest;
  /** Decoded `:name` path parameters. */
  params: Readonly<Record<string, string>>;
  /** Decoded segments matched by a trailing `*name` pattern. */
  rest: readonly string[];
  deps: PlatformDeps;
}

export type Handler = (ctx: RequestContext) => Promise<PlatformResponse> | PlatformResponse;

/**
 * How much body a route takes (`Router.limitBody`): at most `maxBytes` (else 1 MB), and, for routes
 * that take large bodies, a check of the caller that runs before a byte of the body is read.
 */
export interface BodyPolicy {
  maxBytes: number;
  beforeBody?: (ctx: RequestContext) => Promise<unknown>;
}
