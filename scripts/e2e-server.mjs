// Serves the built portal for the end-to-end tests on a throwaway, freshly seeded data folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale, ROOT } from "./lib/build.mjs";

if (buildIfStale() !== 0) process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-e2e-"));
const port = process.env.E2E_PORT || "3100";
const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs")], {
  cwd: ROOT,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    DATABASE_URL: "",
    SEED: "auto",
    // Short-lived access tokens, so the tests see renewal happen.
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL || "8",
    // A test-only signing secret, so browser tests can hold sessions the platform accepts.
    JWT_SECRET: process.env.E2E_JWT_SECRET || "e2e-only-secret-not-for-production-0123456789",
    // /api/metrics is on only with a token; the operations test reads it with this one.
    METRICS_TOKEN: "e2e-metrics-token-0123456789",
  },
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
