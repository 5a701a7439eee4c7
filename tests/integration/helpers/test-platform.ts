/**
 * A seeded platform on a fresh database, driven through its router the way a client would call it:
 * `api.get("pages-api/api/v1/page/45?format=full")`.
 */
import path from "node:path";
import type { Db } from "@/server/infra/db/db";
import { runMigrations } from "@/server/migrations/migrate";
import { seedDemo, writeDemoFiles } from "@/server/seed/demo";
import type { Router } from "@/server/infra/http/router";
import { collectBody } from "@/server/infra/http/router";
import { directoryFileStore, type FileStore } from "@/server/infra/files/file-store";
import type { Logger, PlatformDeps, PlatformResponse, PlatformSettings, QueryValue } from "@/server/infra/http/types";
import { createPlatformRouter } from "@/server/app/platform-router";
import { stopSearchIndexOf } from "@/server/modules/search/search-index.service";
import { openSeededCopy, SEED_SITE_URL } from "./seeded-snapshot";
import { createFreshDatabase, makeTempDir, removeDir } from "./test-database";

export const TEST_JWT_SECRET = new TextEncoder().encode("integration-tests-secret-at-least-32-chars");

export interface ApiResult {
  status: number;
  /** Set-Cookie (and any header sent several times) is an array. */
  headers: Record<string, string | string[]>;
  /** The body as a client receives it: parsed JSON for JSON answers, else the raw bytes. */
  body: unknown;
  raw: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: Buffer;
  /** The caller's address as the Next adapter would pass it (throttling). */
  clientAddress?: string;
}

/** What the platform runs with in tests unless a test says otherwise: no gateways, http cookies. */
export const TEST_SETTINGS: PlatformSettings = {
  accessTokenTtl: 3600,
  refreshTokenTtl: 604_800,
  secureCookies: false,
  smtpUrl: null,
  mailFrom: "CCA tests <tests@example.org>",
  smsGatewayUrl: null,
  smsGatewayToken: null,
  siteUrl: SEED_SITE_URL,
  corsOrigins: [],
  localContextsApiUrl: null,
  // Visitors' web vitals are taken (issue 35), so the authorisation matrix can call the endpoint.
  webVitals: true,
};

export interface TestPlatform {
  db: Db;
  dataDir: string;
  filesDir: string;
  deps: PlatformDeps;
  router: Router;
  logged: unknown[][];
  request(method: string, url: string, options?: RequestOptions): Promise<ApiResult>;
  get(url: string, options?: RequestOptions): Promise<ApiResult>;
  close(): Promise<void>;
}

/** Splits `pages-api/api/v1/page/45?format=full` (or `cca-integrator-api/api/...`) into the router's request fields. */
function parseUrl(url: string): { service: string; path: string; query: Record<string, QueryValue> } {
  const match = /^\/?([A-Za-z][A-Za-z-]*)-api\/api(\/[^?]*)?(?:\?(.*))?$/.exec(url);
  if (!match) throw new Error(`Not a platform URL: ${url}`);
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of new URLSearchParams(match[3] ?? "")) {
    const existing = Object.hasOwn(query, key) ? query[key] : undefined;
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return { service: match[1]!, path: match[2] ?? "/", query };
}

export async function toResult(response: PlatformResponse): Promise<ApiResult> {
  const wire = await collectBody(response);
  const raw = Buffer.isBuffer(wire) ? wire : Buffer.from(wire);
  const contentType = response.headers["content-type"];
  const isJson = (typeof contentType === "string" ? contentType : "").startsWith("application/json");
  return { status: response.status, headers: response.headers, body: isJson && raw.length > 0 ? JSON.parse(raw.toString("utf8")) : raw, raw };
}

export function callRouter(router: Router, method: string, url: string, options: RequestOptions = {}): Promise<ApiResult> {
  const { service, path: urlPath, query } = parseUrl(url);
  return router
    .handle({ method, service, path: urlPath, query, headers: options.headers ?? {}, body: options.body, clientAddress: options.clientAddress })
    .then(toResult);
}

export function capturingLogger(logged: unknown[][]): Logger {
  return { error: (...args) => logged.push(args), warn: (...args) => logged.push(args) };
}

/** Migrated and seeded with the demo scenario, files in a temporary data folder. */
export async function createTestPlatform(options: { settings?: Partial<PlatformSettings>; fileStore?: FileStore } = {}): Promise<TestPlatform> {
  const dataDir = makeTempDir();
  const filesDir = path.join(dataDir, "files");
  const settings: PlatformSettings = { ...TEST_SETTINGS, ...options.settings };
  // A copy of the run's seeded snapshot when it was seeded for this site address; else seeded here.
  const copy = settings.siteUrl === SEED_SITE_URL ? await openSeededCopy(filesDir) : null;
  const { db, dispose } = copy ?? (await createFreshDatabase());
  if (!copy) {
    await runMigrations(db);
    await seedDemo(db, { fileStore: options.fileStore ?? directoryFileStore(filesDir), siteUrl: settings.siteUrl });
  } else if (options.fileStore) {
    // The seeded copy's files are in the folder: put the demo files into the given store too.
    await writeDemoFiles(options.fileStore);
  }
  const logged: unknown[][] = [];
  const deps: PlatformDeps = {
    db,
    fileStore: options.fileStore ?? directoryFileStore(filesDir),
    cacheDir: path.join(dataDir, "cache"),
    jwtSecret: TEST_JWT_SECRET,
    settings,
    logger: capturingLogger(logged),
  };
  const router = createPlatformRouter(deps);
  const request = (method: string, url: string, options?: RequestOptions) => callRouter(router, method, url, options);
  return {
    db,
    dataDir,
    filesDir,
    deps,
    router,
    logged,
    request,
    get: (url, options) => request("GET", url, options),
    async close() {
      await stopSearchIndexOf(db);
      await dispose();
      removeDir(dataDir);
    },
  };
}
