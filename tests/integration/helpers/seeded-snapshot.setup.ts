/**
 * Vitest global setup of the back-end lanes: migrates and seeds the demo scenario ONCE per run, then
 * every `createTestPlatform` starts from a copy of it instead of migrating and seeding again (seconds
 * per platform, about 40 platforms per lane). On the embedded lane the copy is a PGlite data-folder
 * tarball; on the server lane a template database (`create database … template …`). The seeded files
 * folder is copied beside either. The copy is the seed's own result, so tests see the same database.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { runMigrations } from "@/server/migrations/migrate";
import { openDatabase } from "@/server/infra/db/open-database";
import { seedDemo } from "@/server/seed/demo";
import { directoryFileStore } from "@/server/infra/files/file-store";

/** The site address the snapshot is seeded with (the seed writes addresses derived from it). */
export const SEED_SITE_URL = "http://localhost:3000";

export interface SeededSnapshot {
  lane: "pglite" | "postgres";
  /** The seeded files folder, copied for each platform. */
  filesDir: string;
  /** Server lane: the template database. */
  templateDb: string | null;
  /** Embedded lane: the data-folder tarball. */
  tarball: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    seededSnapshot: SeededSnapshot | null;
  }
}

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const lane = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  const tmp = path.resolve(import.meta.dirname, "../../.tmp");
  fs.mkdirSync(tmp, { recursive: true });
  const dir = fs.mkdtempSync(path.join(tmp, `seeded-${lane}-`));
  const filesDir = path.join(dir, "files");
  let templateDb: string | null = null;
  const cleanUp = async () => {
    if (templateDb) {
      const name = templateDb;
      await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (lane === "postgres") {
      templateDb = `cca_seed_${crypto.randomBytes(6).toString("hex")}`;
      const name = templateDb;
      await admin((c) => c.query(`create database ${name}`));
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const db = await openDatabase({ databaseUrl: url.toString() });
      try {
        await runMigrations(db);
        await seedDemo(db, { fileStore: directoryFileStore(filesDir), siteUrl: SEED_SITE_URL });
      } finally {
        await db.close();
      }
      project.provide("seededSnapshot", { lane, filesDir, templateDb: name, tarball: null });
    } else {
      const db = await openDatabase();
      try {
        await runMigrations(db);
        await seedDemo(db, { fileStore: directoryFileStore(filesDir), siteUrl: SEED_SITE_URL });
        const tarball = path.join(dir, "db.tar");
        fs.writeFileSync(tarball, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
        project.provide("seededSnapshot", { lane, filesDir, templateDb: null, tarball });
      } finally {
        await db.close();
      }
    }
  } catch (error) {
    // Without a snapshot every platform seeds its own database (slower, same result).
    console.warn("[tests] no seeded snapshot:", error);
    project.provide("seededSnapshot", null);
  }
  return cleanUp;
}
