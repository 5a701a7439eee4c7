/**
 * Opening a copy of the seeded snapshot made by `seeded-snapshot.setup.ts` (see there).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { Db } from "@/server/infra/db/db";
import { openDatabase } from "@/server/infra/db/open-database";
import { openPgliteDb } from "@/server/infra/db/pglite-db";
import { SEED_SITE_URL } from "./seeded-snapshot.setup";

export { SEED_SITE_URL };

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh copy of the migrated, seeded database (and its files in `filesDir`), or null when there is no snapshot. */
export async function openSeededCopy(filesDir: string): Promise<{ db: Db; dispose(): Promise<void> } | null> {
  const snapshot = inject("seededSnapshot");
  if (!snapshot) return null;
  fs.cpSync(snapshot.filesDir, filesDir, { recursive: true });
  if (snapshot.tarball) {
    const db = await openPgliteDb(undefined, undefined, { loadDataDir: new Blob([fs.readFileSync(snapshot.tarball)]) });
    return { db, dispose: () => db.close() };
  }
  const name = `cca_it_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${snapshot.templateDb}`);
  } finally {
    await client.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    async dispose() {
      await db.close();
      const drop = new pg.Client({ connectionString: ADMIN_URL });
      await drop.connect();
      try {
        await drop.query(`drop database if exists ${name} with (force)`);
      } finally {
        await drop.end();
      }
    },
  };
}
