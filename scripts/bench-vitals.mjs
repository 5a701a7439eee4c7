// `npm run bench:vitals`: Lighthouse (mobile preset, simulated throttling) on every public route
// family in English and Hindi, on the production build and the demo seed. Figures, printed, never
// asserted. Works offline: Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) resolves no
// host but this machine, so nothing can load from the internet.
//
//   npm run bench:vitals [-- --routes map,data/show --runs 3 --json out.json]
//
// Per route: the median of N runs (default 3) of performance, LCP, TBT, CLS and the INP proxy
// (max-potential-FID: the longest main-thread task after the first paint, what a tap can wait for),
// then the main thread's largest costs of the median run (bootup-time: scripts; mainthread-work-
// breakdown: kinds of work). Targets (issue 35): performance ≥ 95, TBT ≤ 200 ms, LCP ≤ 2.0 s,
// CLS ≤ 0.05. The server runs on a throwaway, freshly seeded data folder (scripts/e2e-server.mjs),
// with the anonymous page cache on as in production (BENCH_VITALS_PAGE_CACHE=off renders every
// request). BENCH_VITALS_PORT (default 3210); BENCH_REBUILD=1 always rebuilds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfStale, ROOT } from "./lib/build.mjs";
import { waitForReady } from "./lib/wait-ready.mjs";

const { values: args } = parseArgs({
  options: {
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    json: { type: "string" },
    top: { type: "string", default: "3" },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
const TOP = Math.max(0, Number(args.top) || 0);
const PORT = Number(process.env.BENCH_VITALS_PORT || 3210);
const BASE = `http://localhost:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
/**
 * Lighthouse's default (mobile) config, performance only, without the diagnostics that read source maps
 * (Turbopack writes index maps that Lighthouse's parser rejects, loudly); none of them counts in the score.
 */
const CONFIG = {
  extends: "lighthouse:default",
  settings: { onlyCategories: ["performance"], skipAudits: ["duplicated-javascript", "legacy-javascript", "unused-javascript", "script-treemap-data", "valid-source-maps"] },
};
const TARGET = { performance: 95, tbt: 200, lcp: 2000, cls: 0.05 };

/** Public route families, English first; each is measured again under /hi. */
const FAMILIES = [
  "/",
  "/page/show/45",
  "/data/list",
  "/data/show/1",
  "/map",
  "/document/list",
  "/group/list",
  "/group/sacred-groves",
  "/search?q=jangal",
  "/user/list",
  "/chart",
];

function selectedRoutes() {
  const all = FAMILIES.flatMap((route) => [route, route === "/" ? "/hi" : `/hi${route}`]);
  if (!args.routes) return all;
  const wanted = args.routes.split(",").map((s) => s.trim()).filter(Boolean);
  return all.filter((route) => wanted.some((w) => (w === "/" ? route === "/" || route === "/hi" : route.includes(w))));
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

const waitForServer = () => waitForReady(BASE, 300_000);

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse result. */
function figuresOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    inpProxy: value("max-potential-fid"),
    si: value("speed-index"),
    bootup: (lhr.audits["bootup-time"]?.details?.items ?? []).map((i) => ({ url: String(i.url), total: i.total, scripting: i.scripting })),
    work: (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => ({ group: i.groupLabel ?? i.group, duration: i.duration })),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    errors: lhr.runtimeError ? lhr.runtimeError.message : null,
    // Lighthouse's measure of this machine's speed at the time (higher is faster): the load of other work shows here.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/** A script's address as a short name: Next's chunks by file, the page's own inline scripts as "(page)". */
function shortUrl(url) {
  if (url === "Other" || url === "Unattributable") return url.toLowerCase();
  try {
    const u = new URL(url);
    if (u.origin !== BASE) return u.host;
    return u.pathname.startsWith("/_next/") ? u.pathname.split("/").pop() : "(page)";
  } catch {
    return url;
  }
}

async function measure(route, port) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(
      BASE + route,
      { port, output: "json", logLevel: "error" },
      // The default config is the mobile preset: a Moto G Power-sized screen, simulated slow 4G and a 4× slower CPU.
      CONFIG,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    runs.push(figuresOf(result.lhr));
  }
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  const mid = byScore[Math.floor((byScore.length - 1) / 2)];
  return {
    route,
    runs: runs.length,
    performance: median(runs.map((r) => r.performance)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    inpProxy: median(runs.map((r) => r.inpProxy)),
    spread: { performance: [byScore[0].performance, byScore.at(-1).performance], tbt: [Math.min(...runs.map((r) => r.tbt)), Math.max(...runs.map((r) => r.tbt))] },
    bootup: mid.bootup,
    work: mid.work,
    lcpElement: mid.lcpElement,
    errors: runs.map((r) => r.errors).filter(Boolean),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    load: load(),
  };
}

const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)}` : "–");
const sec = (v) => (Number.isFinite(v) ? (v / 1000).toFixed(2) : "–");
const miss = (ok) => (ok ? " " : "*");

function printRow(r) {
  const flags = [r.performance >= TARGET.performance, r.lcp <= TARGET.lcp, r.tbt <= TARGET.tbt, r.cls <= TARGET.cls];
  console.log(
    `  ${r.route.padEnd(24)} ${String(r.performance).padStart(4)}${miss(flags[0])} ${sec(r.lcp).padStart(6)}${miss(flags[1])} ${ms(r.tbt).padStart(6)}${miss(flags[2])} ${r.cls.toFixed(3).padStart(6)}${miss(flags[3])} ${ms(r.inpProxy).padStart(6)}  ${sec(r.fcp).padStart(5)}   ${String(r.spread.performance.join("–")).padStart(7)} ${`${ms(r.spread.tbt[0])}–${ms(r.spread.tbt[1])}`.padStart(10)}  ${ms(r.benchmarkIndex).padStart(5)}  ${r.load}`,
  );
  if (TOP > 0) {
    const scripts = r.bootup.slice(0, TOP).map((b) => `${shortUrl(b.url)} ${ms(b.total)} (js ${ms(b.scripting)})`).join(", ");
    const work = r.work.slice(0, TOP + 1).map((w) => `${w.group} ${ms(w.duration)}`).join(", ");
    console.log(`      scripts: ${scripts || "–"}`);
    console.log(`      main thread: ${work || "–"}`);
  }
  for (const e of r.errors) console.log(`      Lighthouse error: ${e}`);
}

// Lighthouse reports source maps it cannot follow to the end of a line (Turbopack's last column): noise here.
for (const level of ["log", "warn", "error"]) {
  const original = console[level].bind(console);
  console[level] = (...parts) => (typeof parts[0] === "string" && parts[0].includes(".js.map mapping for last column") ? undefined : original(...parts));
}

const routes = selectedRoutes();
if (routes.length === 0) {
  console.error(`No route matches --routes ${args.routes}; the routes are ${FAMILIES.join(" ")} and their /hi forms.`);
  process.exit(2);
}
if (!fs.existsSync(CHROME_PATH)) {
  console.error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH).`);
  process.exit(2);
}

if (buildIfStale({ force: process.env.BENCH_REBUILD === "1" }) !== 0) process.exit(1);

const server = spawn(process.execPath, [path.join(ROOT, "scripts/e2e-server.mjs")], {
  cwd: ROOT,
  env: { ...process.env, E2E_PORT: String(PORT), PAGE_CACHE: process.env.BENCH_VITALS_PAGE_CACHE === "off" ? "off" : "on", ACCESS_TOKEN_TTL_SECONDS: "900" },
  stdio: ["ignore", "ignore", "inherit"],
});
const serverExited = new Promise((resolve) => server.once("exit", resolve));
let chrome = null;
const results = [];
try {
  await waitForServer();
  // Every route once before measuring: the server's JIT, its data cache and the page cache are warm,
  // as they are for most visitors of a running portal.
  for (const route of routes) await (await fetch(BASE + route)).arrayBuffer();

  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // Nothing but this machine resolves: a page that tried to load from the internet would show it.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    ],
  });

  console.log(`Lighthouse ${JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")).version}, mobile preset, simulated throttling, median of ${RUNS} run(s); ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}; ${new Date().toISOString()}`);
  console.log(`Targets: performance ≥ ${TARGET.performance}, LCP ≤ ${TARGET.lcp / 1000} s, TBT ≤ ${TARGET.tbt} ms, CLS ≤ ${TARGET.cls} (* marks a miss). INP~: max-potential-FID (ms). BI: Lighthouse's benchmark index of this machine during the runs (lower: busier).`);
  console.log(`  ${"route".padEnd(24)} ${"perf".padStart(5)} ${"LCP s".padStart(7)} ${"TBT ms".padStart(7)} ${"CLS".padStart(7)} ${"INP~".padStart(6)}  ${"FCP s".padStart(5)}   ${"perf range".padStart(7)} ${"TBT range".padStart(10)}  ${"BI".padStart(5)}  load average (1, 5, 15 min)`);
  for (const route of routes) {
    const r = await measure(route, chrome.port);
    results.push(r);
    printRow(r);
  }
  const misses = results.filter((r) => !(r.performance >= TARGET.performance && r.lcp <= TARGET.lcp && r.tbt <= TARGET.tbt && r.cls <= TARGET.cls));
  console.log(`\n${results.length - misses.length} of ${results.length} routes meet every target${misses.length ? `; missed: ${misses.map((r) => r.route).join(" ")}` : ""}. Load average now ${load()}.`);
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 2));
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await serverExited;
}
