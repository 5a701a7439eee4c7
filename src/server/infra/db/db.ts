/**
 * The one database access path of the platform: a tiny interface implemented over PGlite (embedded)
 * and over a PostgreSQL server (pg.Pool). Repositories take a `Queryable` so they run the same inside
 * and outside a transaction.
 */
export type SqlParam = string | number | boolean | null | Date | Buffer | readonly string[] | readonly number[];

export interface Queryable {
  query<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The single row of the result; throws when there is none. */
  one<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T>;
  /** The first row of the result, or null. */
  maybeOne<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T | null>;
  /** Runs a script of one or more statements without parameters. */
  exec(sqlScript: string): Promise<void>;
}

export type DbKind = "pglite" | "postgres";

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs `fn` in a transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections of a PostgreSQL pool (metrics); absent for the embedded database. */
  stats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's whole data folder as a tarball (PGlite only; the tests' seeded snapshot). */
  dumpDataDir?(): Promise<Blob>;
}

/** Builds `one`/`maybeOne` from a `query` function. */
export function withRowHelpers(
  query: <T extends object>(sql: string, params?: readonly SqlParam[]) => Promise<T[]>,
  exec: (sqlScript: string) => Promise<void>,
): Queryable {
  return {
    query,
    exec,
    async one<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T> {
      const rows = await query<T>(sql, params);
      const row = rows[0];
      if (!row) throw new Error("Expected one row, got none");
      return row;
    },
    async maybeOne<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T | null> {
      const rows = await query<T>(sql, params);
      return rows[0] ?? null;
    },
  };
}
