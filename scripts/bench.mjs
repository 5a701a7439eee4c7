// `npm run bench`: figures for the built app, printed, never asserted.
//  - first-load JS per route (gzip kB): every /_next script the route's HTML loads;
//  - SSR requests/s and p95 latency for / and /page/show/45 (loopback, bounded in time).
// Targets to watch: ≤ 170 kB first-load JS on public pages.
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { ROOT } from "./lib/build.mjs";

const PORT = Number(process.env.BENCH_PORT || 3200);
const BASE = `http://localhost:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const ROUTES = ["/", "/hi", "/page/show/45", "/group/list", "/group/sacred-groves", "/page/empty"];

async function waitForServer(timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

async function firstLoadJs(route) {
  const html = await (await fetch(BASE + route)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]).filter((s) => s.startsWith("/_next/"));
  let total = 0;
  for (const src of new Set(scripts)) total += gzipSync(Buffer.from(await (await fetch(BASE + src)).arrayBuffer())).length;
  return { scripts: new Set(scripts).size, kb: total / 1024 };
}

async function load(route) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + SECONDS * 1000;
  async function worker() {
    while (Date.now() < until) {
      const t = performance.now();
      try {
        const res = await fetch(BASE + route, { headers: { cookie: "NEXT_LOCALE=en" } });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: p(0.5), p95: p(0.95), n: latencies.length, errors };
}

const server = spawn(process.execPath, [path.join(ROOT, "scripts/e2e-server.mjs")], {
  cwd: ROOT,
  env: { ...process.env, E2E_PORT: String(PORT) },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await waitForServer();
  console.log(`First-load JS (gzip), target ≤ 170 kB on public pages:`);
  for (const route of ROUTES) {
    const { scripts, kb } = await firstLoadJs(route);
    console.log(`  ${route.padEnd(24)} ${kb.toFixed(1).padStart(7)} kB  (${scripts} scripts)`);
  }
  console.log(`\nSSR throughput (${CONCURRENCY} concurrent, ${SECONDS} s per route, loopback):`);
  for (const route of ["/", "/page/show/45"]) {
    await load(route); // warm-up pass fills the caches and JIT
    const r = await load(route);
    console.log(`  ${route.padEnd(24)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  (${r.n} requests, ${r.errors} errors)`);
  }
} finally {
  server.kill("SIGTERM");
}
