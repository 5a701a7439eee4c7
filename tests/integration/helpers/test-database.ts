/**
 * Database lanes for the back-end tests: TEST_DB=pglite (default) runs on embedded PostgreSQL,
 * TEST_DB=postgres on the machine's server, in a throwaway database created here and dropped after.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Db } from "@/server/infra/db/db";
import { openDatabase } from "@/server/infra/db/open-database";

export const TEST_DB: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** A server connection allowed to create databases (trust auth on this machine). */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function makeTempDir(prefix = "cca-it-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayServerDb {
  url: string;
  drop(): Promise<void>;
}

/** An empty database on the PostgreSQL server, named cca_it_<random>. */
export async function createServerDatabase(): Promise<ThrowawayServerDb> {
  const name = `cca_it_${crypto.randomBytes(6).toString("hex")}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * A place a database can be opened, closed and opened again: a data folder on the embedded lane,
 * a throwaway server database on the postgres lane.
 */
export interface ReopenableDatabase {
  /** For startPlatform: databaseUrl is null on the embedded lane. */
  databaseUrl: string | null;
  dataDir: string;
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

export async function createReopenableDatabase(): Promise<ReopenableDatabase> {
  const dataDir = makeTempDir();
  const server = TEST_DB === "postgres" ? await createServerDatabase() : null;
  return {
    databaseUrl: server?.url ?? null,
    dataDir,
    open: () => openDatabase(server ? { databaseUrl: server.url } : { dataDir }),
    async dispose() {
      await server?.drop();
      removeDir(dataDir);
    },
  };
}

/** A fresh, empty database of the current lane (in memory on the embedded lane). */
export async function createFreshDatabase(): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (TEST_DB === "pglite") {
    const db = await openDatabase();
    return { db, dispose: () => db.close() };
  }
  const server = await createServerDatabase();
  const db = await openDatabase({ databaseUrl: server.url });
  return {
    db,
    async dispose() {
      await db.close();
      await server.drop();
    },
  };
}
