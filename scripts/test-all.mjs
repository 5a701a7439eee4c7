// `npm test`: type-check, lint, unit tests, back-end tests on the embedded database and on the
// PostgreSQL server, then end-to-end tests in Chromium against the built app, then a short load run.
// The independent lanes run at the same time (their output is printed whole, lane by lane, as each
// ends); the build runs beside them; the browser tests run last, alone, so that their timing is not
// squeezed by the other lanes on a 2-core machine. Ends with one plain line: "N passed, N failed".
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isBuildStale, ROOT } from "./lib/build.mjs";

const TMP = path.join(ROOT, "tests/.tmp");
fs.mkdirSync(TMP, { recursive: true });
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs a command; with `live` its output streams, otherwise it is collected and printed in one
 * block when the command ends (parallel lanes stay readable). Resolves with the exit status.
 */
function run(label, command, args, { env = {}, live = false } = {}) {
  return new Promise((resolve) => {
    const since = Date.now();
    if (live) console.log(`\n━━ ${label} ━━`);
    else console.log(`… ${label}: started`);
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: "0", ...env },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      if (!live) {
        console.log(`\n━━ ${label} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`━━ ${label}: exit ${code} in ${seconds(since)} s (at ${seconds(started)} s)`);
      resolve(code ?? 1);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

async function check(label, command, args, env = {}) {
  const status = await run(label, command, args, { env });
  return { label, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
}

async function vitest(label, project, env = {}) {
  const out = path.join(TMP, `${label.replace(/\W+/g, "-")}.json`);
  fs.rmSync(out, { force: true });
  const status = await run(label, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], { env });
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (status !== 0 && failed === 0) failed = 1; // the run itself failed (e.g. a suite could not load)
  if (report && report.numTotalTests === 0) failed += 1; // a suite that ran nothing is a failure
  return { label, passed, failed };
}

async function build() {
  // Not a test: only its failure counts.
  if (!isBuildStale()) return { label: "next build", passed: 0, failed: 0, note: " (up to date)" };
  // The type-check lane runs beside it: the build skips its own copy of that check.
  const status = await run("next build", process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], { env: { BUILD_SKIP_TYPECHECK: "1" } });
  return { label: "next build", passed: 0, failed: status === 0 ? 0 : 1 };
}

async function playwright() {
  const label = "end-to-end (Chromium)";
  const out = path.join(TMP, "e2e.json");
  fs.rmSync(out, { force: true });
  const status = await run(label, bin("playwright"), ["test", "--reporter=list,json"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, live: true });
  const report = readJson(out);
  const passed = (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
  let failed = report?.stats?.unexpected ?? 0;
  if (status !== 0 && failed === 0) failed = 1;
  if (report && passed + failed === 0) failed += 1;
  return { label, passed, failed };
}

// Lanes that share nothing: each database lane makes its own throwaway databases and folders.
const results = await Promise.all([
  (async () => [await check("type-check", bin("tsc"), ["--noEmit"]), await check("lint", bin("eslint"), ["--max-warnings=0", "."])])(),
  vitest("unit", "unit"),
  vitest("back end on embedded PostgreSQL (PGlite)", "integration", { TEST_DB: "pglite" }),
  vitest("back end on the PostgreSQL server", "integration", { TEST_DB: "postgres" }),
  build(),
]).then((lanes) => lanes.flat());

const built = results.find((r) => r.label === "next build");
if (built.failed) results.push({ label: "end-to-end (Chromium)", passed: 0, failed: 1 });
else {
  results.push(await playwright());
  // Issue 18's load run, last and alone: 50 visitors against one instance, then two behind nginx, on
  // the PostgreSQL server. Any failed request fails it; its p99 and req/s are printed figures only.
  results.push(
    await check("load run (50 visitors; one instance, two behind nginx; 0 errors)", process.execPath, [path.join(ROOT, "scripts/bench-load.mjs")], {
      LOAD_SECONDS: "20",
      LOAD_REQUIRE: "errors",
      LOAD_PORT: process.env.LOAD_PORT || "3400",
    }),
  );
}

console.log(`\nSummary (${seconds(started)} s):`);
for (const r of results) console.log(`  ${r.failed ? "✗" : "✓"} ${r.label}: ${r.passed} passed, ${r.failed} failed${r.note ?? ""}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
