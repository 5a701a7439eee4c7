// A throwaway database on the PostgreSQL server for the benchmarks (`npm run bench:data`, `bench:search`):
// created under a random name through the admin URL (BENCH_DATABASE_ADMIN_URL), dropped after.
import crypto from "node:crypto";
import pg from "pg";

export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a database, runs `run` with its URL, and drops it (also when `use` fails). */
export async function withThrowawayPostgres<T>(run: (url: string) => Promise<T>, adminUrl = BENCH_ADMIN_URL): Promise<T> {
  const name = `cca_bench_${crypto.randomBytes(4).toString("hex")}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
  }
}
