import path from "node:path";
import { acquireDataFolderLock } from "./data-folder-lock";
import type { Db } from "./db";
import { openPgliteDb } from "./pglite-db";
import { openPostgresDb } from "./postgres-db";

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when set, `dataDir` is not used for the database. */
  databaseUrl?: string | null;
  /** Embedded database in `${dataDir}/db`, guarded by `${dataDir}/portal.lock`. */
  dataDir?: string;
}

/**
 * Opens the platform database: a PostgreSQL server when `databaseUrl` is given, else PGlite in the data
 * folder (taking the data-folder lock first), else PGlite in memory (tests).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgresDb(options.databaseUrl);
  if (!options.dataDir) return openPgliteDb();

  const lock = acquireDataFolderLock(options.dataDir);
  try {
    return await openPgliteDb(path.join(path.resolve(/*turbopackIgnore: true*/ options.dataDir), "db"), () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
