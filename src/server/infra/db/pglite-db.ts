import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { withRowHelpers, type Db, type Queryable, type SqlParam } from "./db";

/**
 * Serialises every use of the instance. PGlite runs one statement at a time but lets a plain query
 * slip in between the statements of another caller's open transaction; queuing everything behind one
 * chain keeps transactions isolated.
 */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(fn: () => Promise<T>): Promise<T> {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };
}

export const TRANSACTION_MISUSE =
  "A query used the database handle inside its own transaction; use the transaction's handle (tx) instead.";

function wrapTransaction(tx: Transaction): Queryable {
  return withRowHelpers(
    async <T extends object>(sql: string, params?: readonly SqlParam[]) =>
      (await tx.query<T>(sql, params ? [...params] : undefined)).rows,
    async (script) => {
      await tx.exec(script);
    },
  );
}

/**
 * Opens PGlite on `folder` (created when missing), or in memory when no folder is given (starting from
 * a `dumpDataDir` tarball when `loadDataDir` is given: the back-end tests' seeded snapshot).
 * The caller is responsible for the data-folder lock (see open-database.ts).
 */
export async function openPgliteDb(folder?: string, onClose?: () => void, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  // Imported lazily so that loading this module never starts the WebAssembly engine.
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm: trigram similarity of site search (migration 0032), the same contrib extension as PostgreSQL's.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  const pglite: PGlite = folder
    ? await PGlite.create({ dataDir: folder, extensions })
    : options.loadDataDir
      ? await PGlite.create({ loadDataDir: options.loadDataDir, extensions })
      : await PGlite.create({ extensions });
  const run = createMutex();
  const insideTransaction = new AsyncLocalStorage<true>();
  let closed = false;
  // A query on the instance from inside its own transaction would wait for that transaction forever.
  const guard = () => {
    if (insideTransaction.getStore()) throw new Error(TRANSACTION_MISUSE);
  };

  const base = withRowHelpers(
    <T extends object>(sql: string, params?: readonly SqlParam[]) => {
      guard();
      return run(async () => (await pglite.query<T>(sql, params ? [...params] : undefined)).rows);
    },
    (script) => {
      guard();
      return run(async () => {
        await pglite.exec(script);
      });
    },
  );

  return {
    ...base,
    kind: "pglite",
    dumpDataDir: () => run(() => pglite.dumpDataDir("none")),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      guard();
      return run(() => pglite.transaction((tx) => insideTransaction.run(true, () => fn(wrapTransaction(tx)))));
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await run(() => pglite.close());
      } finally {
        onClose?.();
      }
    },
  };
}
