import type { Pool, PoolClient } from "pg";
import { withRowHelpers, type Db, type Queryable, type SqlParam } from "./db";

export class DatabaseUnreachableError extends Error {
  constructor(url: string, reason: string) {
    super(`Cannot reach the database at ${redactUrl(url)}: ${reason}`);
    this.name = "DatabaseUnreachableError";
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    // Node reports a refused dual-stack connection as an AggregateError with an empty message.
    return [...new Set(error.errors.map((e: unknown) => describeError(e)))].join("; ");
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: string }).code;
    return error.message || code || error.name;
  }
  return String(error);
}

const INT8_OID = 20;

function clientQueryable(client: Pool | PoolClient): Queryable {
  return withRowHelpers(
    async <T extends object>(sql: string, params?: readonly SqlParam[]) =>
      (await client.query(sql, params ? [...params] : undefined)).rows as T[],
    async (script) => {
      await client.query(script);
    },
  );
}

/** Connects a pool to a PostgreSQL server and checks that it answers. */
export async function openPostgresDb(url: string): Promise<Db> {
  const pg = await import("pg");
  const PoolClass = pg.default?.Pool ?? pg.Pool;
  const typeParser = pg.default?.types ?? pg.types;
  const pool: Pool = new PoolClass({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    // count(*) and bigint columns as numbers, as PGlite returns them (ids stay far below 2^53).
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? (value: string) => Number(value) : typeParser.getTypeParser(oid, format)) as typeof typeParser.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));

  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(url, describeError(error));
  }

  let closed = false;
  return {
    ...clientQueryable(pool),
    kind: "postgres",
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(clientQueryable(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
