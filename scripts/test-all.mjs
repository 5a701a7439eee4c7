// `npm test`: type-check, lint, unit tests, back-end tests on the embedded database and on the
// PostgreSQL server, then end-to-end tests in Chromium against the built app.
// Ends with one plain line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfStale, ROOT } from "./lib/build.mjs";

const TMP = path.join(ROOT, "tests/.tmp");
fs.mkdirSync(TMP, { recursive: true });
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
const results = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  console.log(`━━ ${label}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function check(label, command, args) {
  const status = run(label, command, args);
  results.push({ label, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

function vitest(label, project, env = {}) {
  const out = path.join(TMP, `${label.replace(/\W+/g, "-")}.json`);
  fs.rmSync(out, { force: true });
  const status = run(label, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], env);
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (status !== 0 && failed === 0) failed = 1; // the run itself failed (e.g. a suite could not load)
  if (report && report.numTotalTests === 0) failed += 1; // a suite that ran nothing is a failure
  results.push({ label, passed, failed });
}

function playwright() {
  const label = "end-to-end (Chromium)";
  const buildStatus = buildIfStale();
  if (buildStatus !== 0) {
    results.push({ label: "next build", passed: 0, failed: 1 });
    return;
  }
  const out = path.join(TMP, "e2e.json");
  fs.rmSync(out, { force: true });
  const status = run(label, bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = readJson(out);
  const passed = (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
  let failed = report?.stats?.unexpected ?? 0;
  if (status !== 0 && failed === 0) failed = 1;
  if (report && passed + failed === 0) failed += 1;
  results.push({ label, passed, failed });
}

check("type-check", bin("tsc"), ["--noEmit"]);
check("lint", bin("eslint"), ["--max-warnings=0", "."]);
vitest("unit", "unit");
vitest("back end on embedded PostgreSQL (PGlite)", "integration", { TEST_DB: "pglite" });
vitest("back end on the PostgreSQL server", "integration", { TEST_DB: "postgres" });
playwright();

console.log("\nSummary:");
for (const r of results) console.log(`  ${r.failed ? "✗" : "✓"} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
