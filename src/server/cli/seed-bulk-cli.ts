/**
 * `npm run seed:bulk -- --records 100000 [--seed N] [--batch 1000]`: reproducible synthetic CCA records
 * (`bulk-records.service.ts`) on the configured database — DATA_DIR's embedded one (refused while the portal
 * runs on it) or DATABASE_URL. A database without the master template gets the demo scenario first.
 * Progress on stderr; the table statistics are refreshed at the end (VACUUM ANALYZE).
 */
import path from "node:path";
import { fileStoreFromEnv, type FileStore } from "../infra/files/file-store";
import { withCliDatabase } from "./cli-database";
import type { Db } from "../infra/db/db";
import { seedDemo } from "../seed/demo";
import { insertSyntheticRecords } from "../modules/records/bulk-records.service";
import { findTemplateByShortName } from "../modules/templates/template.repository";
import { vacuumAnalyze } from "./cli.repository";

export const USAGE = "Usage: npm run seed:bulk -- --records N [--seed N] [--batch N]   (N records of the master template, 1 to 1,000,000)";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Progress output (stderr without a newline). */
  progress(text: string): void;
}

export function parseSeedBulkArgs(argv: readonly string[]): { records: number; seed: number; batch: number } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(records|seed|batch)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) throw new Error(`Unexpected argument "${argv[i]}"`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    values[match[1]!] = value;
  }
  const whole = (name: string, fallback: number | null, max: number) => {
    const raw = values[name];
    if (raw === undefined) {
      if (fallback === null) throw new Error(`--${name} is required`);
      return fallback;
    }
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= 1 && n <= max)) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
    return n;
  };
  return { records: whole("records", null, 1_000_000), seed: whole("seed", 1, 2 ** 31), batch: whole("batch", 1000, 10_000) };
}

export function progressBar(done: number, total: number, startedAt: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? Math.round(done / seconds) : 0;
  return `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${Math.floor((done / total) * 100)}% ${done}/${total} records, ${rate}/s, ${seconds.toFixed(0)} s`;
}

/** Seeds `records` synthetic records into an open, migrated database (demo scenario first when it has no master template). */
export async function seedBulk(db: Db, options: { records: number; seed: number; batch: number; fileStore: FileStore; siteUrl: string }, io: Pick<CliIo, "progress">): Promise<{ first: number | null; last: number | null }> {
  if (!(await findTemplateByShortName(db, "master"))) {
    await seedDemo(db, { fileStore: options.fileStore, siteUrl: options.siteUrl });
  }
  const startedAt = Date.now();
  const range = await insertSyntheticRecords(db, { ...options, onProgress: (done) => io.progress(progressBar(done, options.records, startedAt)) });
  io.progress("\n");
  await vacuumAnalyze(db, ["cca_data", "cca_data_value", "cca_data_user_group"]);
  return range;
}

export async function runSeedBulk(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  let options: ReturnType<typeof parseSeedBulkArgs>;
  try {
    options = parseSeedBulkArgs(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  return withCliDatabase(io.err, async (db, env) => {
    const startedAt = Date.now();
    const { first, last } = await seedBulk(db, { ...options, fileStore: fileStoreFromEnv(env, path.join(env.dataDir, "cache", "tmp")), siteUrl: env.siteUrl }, io);
    io.out(`Created ${options.records} records (ids ${first}–${last}, seed ${options.seed}) on the ${db.kind === "pglite" ? "embedded database" : "PostgreSQL server"} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
    return 0;
  });
}
