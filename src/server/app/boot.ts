/**
 * Starts the platform back end once per process: validates the environment, takes the data-folder
 * lock, opens and migrates the database, seeds it when due, and builds the router. The instance is
 * kept on globalThis so the Next API bundle and instrumentation share it.
 */
import { fileStoreFromEnv, FileStoreUnusableError } from "../infra/files/file-store";
import path from "node:path";
import { EnvError, getEnv, type Env } from "@/config/env";
import { setInProcessDispatch } from "@/shared/in-process-dispatch";
import { loadJwtSecret } from "../infra/auth/jwt-secret";
import { DataFolderLockedError } from "../infra/db/data-folder-lock";
import type { Db } from "../infra/db/db";
import { startInvalidationTransport, transportFromEnv, type InvalidationTransport } from "../infra/cache/invalidation-transport";
import { runMigrations } from "../migrations/migrate";
import { rederivePendingPublicPlaces } from "../modules/records/public-places.service";
import { EMBARGO_SWEEP_MS, sweepEndedEmbargoes } from "../modules/records/embargo-sweep";
import { ENTRY_KINDS, searchIndexOf } from "../modules/search/search-index.service";
import { openDatabase } from "../infra/db/open-database";
import { DatabaseUnreachableError, redactUrl } from "../infra/db/postgres-db";
import { seedWhenDue } from "../seed/seed-when-due";
import { createInProcessDispatch } from "./in-process";
import type { Logger, PlatformDeps, PlatformSettings } from "../infra/http/types";
import type { Router } from "../infra/http/router";
import { createPlatformRouter } from "./platform-router";
import { createLogger } from "../infra/log";

export interface Platform {
  env: Env;
  db: Db;
  router: Router;
  /** Cross-instance cache invalidation (null for one embedded instance, or when turned off). */
  invalidation: InvalidationTransport | null;
  deps: PlatformDeps;
  close(): Promise<void>;
}

/** The account and message settings of an environment. */
export function settingsFromEnv(env: Env): PlatformSettings {
  return {
    accessTokenTtl: env.accessTokenTtl,
    refreshTokenTtl: env.refreshTokenTtl,
    secureCookies: env.secureCookies,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    smsGatewayUrl: env.smsGatewayUrl,
    smsGatewayToken: env.smsGatewayToken,
    siteUrl: env.siteUrl,
    corsOrigins: env.corsOrigins,
    localContextsApiUrl: env.localContextsApiUrl,
    webVitals: env.features.webVitals,
  };
}

/** Builds a platform from an explicit environment (tests use this; the app uses bootPlatform). */
export async function startPlatform(env: Env, logger: Logger & { info(...args: unknown[]): void } = console): Promise<Platform> {
  const cacheDir = path.join(env.dataDir, "cache");
  // Temp files (exports being written, streams spooled for a bucket) stay on this machine.
  const fileStore = fileStoreFromEnv({ fileStore: env.fileStore ?? "directory", filesDir: env.filesDir ?? path.join(env.dataDir, "files"), s3: env.s3 ?? null }, path.join(cacheDir, "tmp"));
  await fileStore.check();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const applied = await runMigrations(db);
    // Records queued by migration 0019 (public places older than issue 27's fix): rewritten once, then a no-op.
    const replaced = await rederivePendingPublicPlaces(db);
    if (replaced > 0) logger.info(`[platform] public places of ${replaced} record(s) rewritten (issue 27)`);
    // Embargoes that ended while no instance ran, then every few minutes (issue 30).
    const ended = await sweepEndedEmbargoes(db);
    if (ended > 0) logger.info(`[platform] ${ended} record(s) whose embargo ended derived again`);
    const sweep = setInterval(() => {
      sweepEndedEmbargoes(db).catch((error: unknown) => logger.error(`[platform] embargo sweep failed: ${String(error)}`));
    }, EMBARGO_SWEEP_MS);
    sweep.unref();
    const seed = await seedWhenDue(db, { seed: env.seed, fileStore, siteUrl: env.siteUrl });
    const partialUploadsDir = env.partialUploadsDir ?? path.join(env.dataDir, "uploads-partial");
    const deps: PlatformDeps = { db, fileStore, cacheDir, partialUploadsDir, jwtSecret: loadJwtSecret(env), settings: settingsFromEnv(env), logger };
    const where = env.databaseUrl ? redactUrl(env.databaseUrl) : `embedded (${path.join(env.dataDir, "db")})`;
    logger.info(
      `[platform] database ${where}; migrations applied: ${applied.length ? applied.join(", ") : "none pending"}; demo seed: ${seed}`,
    );
    // Site search's entries: reconciled with their sources now (in the background), then after each write (issue 33).
    const searchIndex = searchIndexOf(db, fileStore, logger);
    searchIndex.touch(ENTRY_KINDS);
    const carrier = transportFromEnv({ databaseUrl: env.databaseUrl, redisUrl: env.redisUrl ?? null, invalidationTransport: env.invalidationTransport ?? "auto" });
    const invalidation = carrier ? startInvalidationTransport({ ...carrier, channel: env.invalidationChannel, logger }) : null;
    if (invalidation) logger.info(`[platform] cache invalidation between instances over ${invalidation.kind} (instance ${invalidation.instanceId})`);
    return {
      env,
      db,
      router: createPlatformRouter(deps),
      deps,
      invalidation,
      async close() {
        clearInterval(sweep);
        await searchIndex.stop();
        await invalidation?.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

const KEY = Symbol.for("cca.platform");
const holder = globalThis as unknown as Record<symbol, Promise<Platform> | undefined>;

/**
 * Boots the platform once per process (later calls get the same instance); a failed boot may be retried.
 * From then on server-side rendering of this process reaches it without HTTP (`http/in-process.ts`).
 */
export function bootPlatform(): Promise<Platform> {
  let booting = holder[KEY];
  if (!booting) {
    booting = (async () => {
      const env = getEnv();
      return startPlatform(env, createLogger(env.logFormat));
    })();
    holder[KEY] = booting;
    booting.catch(() => {
      if (holder[KEY] === booting) holder[KEY] = undefined;
    });
    setInProcessDispatch(createInProcessDispatch(getPlatform));
  }
  return booting;
}

/** The running platform, booting it on first use (e.g. an API call before instrumentation finished). */
export function getPlatform(): Promise<Platform> {
  return bootPlatform();
}

/** Closes the process's platform, if any (tests, scripts). */
export async function shutdownPlatform(): Promise<void> {
  const booting = holder[KEY];
  holder[KEY] = undefined;
  setInProcessDispatch(undefined);
  if (booting) await (await booting.catch(() => null))?.close();
}

/** A start-up failure as the operator should read it: the known ones without a stack trace. */
export function describeBootError(error: unknown): string {
  if (error instanceof EnvError || error instanceof DataFolderLockedError || error instanceof DatabaseUnreachableError || error instanceof FileStoreUnusableError) {
    return error.message;
  }
  return `The platform could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

/** For the server start: boots, or prints why it cannot and ends the process. */
export async function bootPlatformOrExit(): Promise<Platform> {
  try {
    return await bootPlatform();
  } catch (error) {
    console.error(describeBootError(error));
    process.exit(1);
  }
}
