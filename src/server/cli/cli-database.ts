/**
 * How the command-line tools (`npm run user:create`, `npm run seed:bulk`) open the configured
 * database: DATABASE_URL's server or DATA_DIR's embedded one, migrated. Refusals a person can act on
 * (the portal holds the embedded folder, a bad configuration, an unreachable server) are one plain
 * line on stderr and exit code 1; the database is closed however the work ends.
 */
import { EnvError, getEnv, type Env } from "@/config/env";
import { DataFolderLockedError } from "../infra/db/data-folder-lock";
import type { Db } from "../infra/db/db";
import { runMigrations } from "../migrations/migrate";
import { openDatabase } from "../infra/db/open-database";
import { DatabaseUnreachableError } from "../infra/db/postgres-db";

export async function withCliDatabase(err: (line: string) => void, work: (db: Db, env: Env) => Promise<number>): Promise<number> {
  let db: Db;
  let env: Env;
  try {
    env = getEnv();
    db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      err(`The portal is running on this data folder (pid ${error.pid}). Stop it first: the embedded database allows one process at a time.`);
      return 1;
    }
    if (error instanceof EnvError || error instanceof DatabaseUnreachableError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await runMigrations(db);
    return await work(db, env);
  } finally {
    await db.close();
  }
}
