// `npm test`: type-check, lint, unit tests, back-end tests on the embedded database and on the
// PostgreSQL server and the build side by side, then end-to-end tests in Chromium against the built app
// (in shards, each with its own server), then a short load run, alone. The lanes run at the same time (their output
// is printed whole, lane by lane, as each ends). The summary gives each lane's time and the names of
// failed tests, and ends with one plain line: "N passed, N failed".
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

/** Runs `fn` and adds how long it took (seconds) to each result it gives. */
async function timed(fn) {
  const since = Date.now();
  const result = await fn();
  const took = (Date.now() - since) / 1000;
  return (Array.isArray(result) ? result : [result]).map((r) => ({ seconds: took, ...r }));
}

async function check(label, command, args, env = {}) {
  const since = Date.now();
  const status = await run(label, command, args, { env });
  return { label, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds: (Date.now() - since) / 1000 };
}

/** The names of the failed tests of a vitest JSON report (printed again in the summary, where CI logs end). */
function vitestFailures(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    for (const test of file.assertionResults ?? []) if (test.status === "failed") names.push(`${where} › ${test.fullName ?? test.title}`);
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) names.push(`${where}: ${String(file.message ?? "failed to run").split("\n")[0]}`);
  }
  return names;
}

/** The names of the tests of a Playwright JSON report that failed (after their retries). */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === "unexpected") names.push(`${spec.file}:${spec.line} › ${[...trail, spec.title].join(" › ")} [${test.projectName}]`);
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith(".ts") ? [...trail, suite.title] : trail);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}

async function vitest(label, project, env = {}, shard = "") {
  const out = path.join(TMP, `${label.replace(/\W+/g, "-")}.json`);
  fs.rmSync(out, { force: true });
  const args = ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...(shard ? [`--shard=${shard}`] : [])];
  const status = await run(label, bin("vitest"), args, { env });
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (status !== 0 && failed === 0) failed = 1; // the run itself failed (e.g. a suite could not load)
  if (report && report.numTotalTests === 0) failed += 1; // a suite that ran nothing is a failure
  return { label, passed, failed, failures: vitestFailures(report) };
}

/** One vitest lane in `n` processes at once (`--shard`), counted as one lane. */
async function vitestShards(label, project, env, n) {
  const parts = await Promise.all(Array.from({ length: n }, (_, i) => vitest(`${label}, part ${i + 1} of ${n}`, project, env, `${i + 1}/${n}`)));
  return { label, passed: parts.reduce((s, p) => s + p.passed, 0), failed: parts.reduce((s, p) => s + p.failed, 0), failures: parts.flatMap((p) => p.failures) };
}

async function build() {
  // Not a test: only its failure counts.
  if (!isBuildStale()) return { label: "next build", passed: 0, failed: 0, note: " (up to date)" };
  // The type-check lane runs beside it: the build skips its own copy of that check.
  let status = await run("next build", process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], { env: { BUILD_SKIP_TYPECHECK: "1" } });
  // The service worker precaches this build's files (issue 32).
  if (status === 0) status = await run("service worker", process.execPath, [path.join(ROOT, "scripts/build-sw.mjs")]);
  return { label: "next build", passed: 0, failed: status === 0 ? 0 : 1 };
}

/**
 * The browser tests in E2E_SHARDS shards (default 2) at the same time, each with its own portal server on
 * its own freshly seeded data folder and port (so no shard sees another's writes), each shard's output
 * printed whole when it ends. The visual suite is the first project, so it lands in the first shard and
 * runs there before that shard's e2e tests add data.
 */
async function playwright() {
  const label = "end-to-end (Chromium)";
  const shards = Math.max(1, Number(process.env.E2E_SHARDS || 2));
  const basePort = Number(process.env.E2E_PORT || 3100);
  const runs = Array.from({ length: shards }, async (_, i) => {
    const out = path.join(TMP, `e2e-${i + 1}.json`);
    fs.rmSync(out, { force: true });
    const args = ["test", "--reporter=list,json", ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : [])];
    const status = await run(shards > 1 ? `${label}, shard ${i + 1} of ${shards}` : label, bin("playwright"), args, {
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        E2E_PORT: String(basePort + i * 7),
        E2E_MULTI_PORT: String(3120 + i * 10),
        ...(shards > 1 ? { E2E_OUTPUT_DIR: `test-results/shard-${i + 1}` } : {}),
      },
      live: shards === 1,
    });
    const report = readJson(out);
    const passed = (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
    let failed = report?.stats?.unexpected ?? 0;
    if (status !== 0 && failed === 0) failed = 1;
    if (report && passed + failed === 0 && shards === 1) failed += 1;
    return { passed, failed, failures: playwrightFailures(report) };
  });
  const done = await Promise.all(runs);
  const passed = done.reduce((n, r) => n + r.passed, 0);
  let failed = done.reduce((n, r) => n + r.failed, 0);
  if (passed + failed === 0) failed = 1; // nothing ran at all
  return { label, passed, failed, failures: done.flatMap((r) => r.failures) };
}

// Lanes that share nothing: each database lane makes its own throwaway databases and folders. The
// browser tests come after them: started beside the database lanes (tried), they squeezed the back
// end's timing tests (a parse bound, a 250 ms probe) on 2 cores, and the run was no shorter.
const results = await Promise.all([
  (async () => [await check("type-check", bin("tsc"), ["--noEmit"]), await check("type-check (service worker)", bin("tsc"), ["--noEmit", "-p", "src/service-worker"]), await check("lint", bin("eslint"), ["--max-warnings=0", "."])])(),
  timed(() => vitest("unit", "unit")),
  // The embedded-database lane is the longest: in two processes, so that its end does not leave a core idle.
  timed(() => vitestShards("back end on embedded PostgreSQL (PGlite)", "integration", { TEST_DB: "pglite" }, 2)),
  timed(() => vitest("back end on the PostgreSQL server", "integration", { TEST_DB: "postgres" })),
  timed(build),
]).then((lanes) => lanes.flat());

if (results.find((r) => r.label === "next build").failed) results.push({ label: "end-to-end (Chromium)", passed: 0, failed: 1 });
else {
  results.push(...(await timed(playwright)));
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
for (const r of results) {
  const took = r.seconds === undefined ? "" : ` (${(r.seconds / 60).toFixed(1)} min)`;
  console.log(`  ${r.failed ? "✗" : "✓"} ${r.label}: ${r.passed} passed, ${r.failed} failed${r.note ?? ""}${took}`);
  for (const name of r.failures ?? []) console.log(`      ✗ ${name}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
