import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createReopenableDatabase, TEST_DB, type ReopenableDatabase } from "./helpers/test-database";

const ROOT = path.resolve(import.meta.dirname, "../..");
const places: ReopenableDatabase[] = [];
afterAll(async () => {
  for (const place of places) await place.dispose();
});

/** `npx tsx scripts/seed-bulk.ts …` as `npm run seed:bulk -- …` runs it (the same module loader, CommonJS under tsx). */
function seedBulk(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/seed-bulk.ts", ...args], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe(`[CLI] npm run seed:bulk (${TEST_DB})`, () => {
  it("adds the asked number of synthetic records to a fresh database and says so", async () => {
    const place = await createReopenableDatabase();
    places.push(place);
    const run = await seedBulk(["--records", "25", "--seed", "7"], {
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? "",
      JWT_SECRET: "seed-bulk-cli-secret-0123456789abcdef",
    });
    expect(run.stderr).not.toMatch(/Error|ERR_/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created 25 records \(ids \d+–\d+, seed 7\)/m);
    const db = await place.open();
    try {
      const row = await db.one<{ n: number }>("select count(*)::integer as n from cca_data");
      expect(row.n).toBeGreaterThanOrEqual(25);
    } finally {
      await db.close();
    }
  }, 120_000);
});
