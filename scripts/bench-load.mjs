// `npm run bench:load`: 50 concurrent mixed visitors against the built portal, first one instance,
// then two instances behind nginx, both on one throwaway PostgreSQL database (and one shared files
// folder). Prints, per kind of request, the count, errors, p50/p95/p99, and the overall req/s.
// Targets (issue 18): 0 errors, p99 <= 1 s. Exit code 1 when a target is missed; with
// LOAD_REQUIRE=errors only an error fails the run and the p99 is a printed figure (how `npm test` runs
// it: a timing never decides a test).
//
// Visitors: 60 % anonymous (pages, the data list, a record, page API reads, searches), 40 % signed in
// (the same reads plus comments on a page and image uploads). Each visitor waits 0-100 ms between
// requests (think time kept short, so this is a stress figure, not a model of real people).
//
// Environment: LOAD_VISITORS (50), LOAD_SECONDS (60), LOAD_MODES ("one,two"), LOAD_REQUIRE ("all" | "errors"), LOAD_PORT (3300: nginx;
// the instances use the next two), TEST_DATABASE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/test).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { buildIfStale, ROOT } from "./lib/build.mjs";

const VISITORS = Number(process.env.LOAD_VISITORS || 50);
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const MODES = (process.env.LOAD_MODES || "one,two").split(",").map((m) => m.trim()).filter(Boolean);
const BASE_PORT = Number(process.env.LOAD_PORT || 3300);
const REQUIRE_ONLY_NO_ERRORS = process.env.LOAD_REQUIRE === "errors";
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/test";
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
const USERS = [
  ["admin@example.org", "demo-admin-2026"],
  ["templates@example.org", "demo-templates-2026"],
  ["datacurator@example.org", "demo-data-2026"],
  ["pages@example.org", "demo-pages-2026"],
  ["documents@example.org", "demo-documents-2026"],
  ["contributor@example.org", "demo-contributor-2026"],
  ["member@example.org", "demo-member-2026"],
  ["founder@example.org", "demo-founder-2026"],
];

if (buildIfStale() !== 0) process.exit(1);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(url, logs, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await fetch(url).then((r) => r.status, () => 0)) === 200) return;
    await sleep(500);
  }
  throw new Error(`${url} did not get ready:\n${logs.join("").slice(-3000)}`);
}

function startInstance(port, env) {
  const logs = [];
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => logs.push(d.toString()));
  child.stderr.on("data", (d) => logs.push(d.toString()));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { port, child, logs, exited };
}

function startNginx(dir, listen, upstreams) {
  fs.mkdirSync(dir, { recursive: true });
  const conf = `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 60m;
  upstream portal {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { child, exited };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** One run of VISITORS visitors for SECONDS against `base`. */
async function run(base, label) {
  const tokens = [];
  for (const [email, password] of USERS) {
    const res = await fetch(`${base}/userGroup-api/api/v1/group/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: email, password, mode: "manual" }).toString(),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
    tokens.push((await res.json()).access_token);
  }
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 110, b: 70 } } }).png().toBuffer();
  const stats = new Map();
  const errors = [];
  const record = (kind, ms, ok, detail) => {
    let s = stats.get(kind);
    if (!s) stats.set(kind, (s = { times: [], errors: 0 }));
    s.times.push(ms);
    if (!ok) {
      s.errors++;
      if (errors.length < 10) errors.push(`${kind}: ${detail}`);
    }
  };
  const timed = async (kind, url, init, expected = [200]) => {
    const started = performance.now();
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      record(kind, performance.now() - started, expected.includes(res.status), `${init?.method ?? "GET"} ${url} -> ${res.status}`);
    } catch (error) {
      record(kind, performance.now() - started, false, `${url}: ${error.message}`);
    }
  };
  const WORDS = ["forest", "sacred", "grove", "river", "Odisha", "Nagaland", "community", "wetland"];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  const until = Date.now() + SECONDS * 1000;
  async function visitor(i) {
    const signedIn = i % 5 < 2;
    const token = signedIn ? tokens[i % tokens.length] : null;
    const auth = token ? { authorization: `Bearer ${token}` } : {};
    let n = 0;
    while (Date.now() < until) {
      n++;
      const roll = Math.random();
      if (roll < 0.35) {
        // Screens: the page cache answers anonymous visitors; signed-in ones are rendered.
        await timed("read: page", `${base}${pick(["/", "/page/show/45", "/data/list", "/data/show/1", "/group/list", "/page/show/5966"])}`, { headers: auth });
      } else if (roll < 0.6) {
        await timed("read: api", `${base}${pick(["/pages-api/api/v1/page/45?format=full", "/cca-api/api/v1/data/search?limit=10", "/activity-api/api/v1/service/ibp/page/45?limit=10"])}`, { headers: auth });
      } else if (roll < 0.85) {
        await timed("search", `${base}/cca-api/api/v1/data/search?query=${encodeURIComponent(pick(WORDS))}&limit=20&offset=${(n % 3) * 20}`, { headers: auth });
      } else if (token && roll < 0.93) {
        await timed("comment", `${base}/pages-api/api/v1/page/add/comment`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ body: `Load comment ${i}.${n} ${crypto.randomUUID()}`, rootHolderType: "page", rootHolderId: 45, languageId: 205 }),
        });
      } else if (token) {
        const form = new FormData();
        form.set("hash", `load${i}`);
        form.set("directory", "pages");
        form.set("upload", new Blob([png], { type: "image/png" }), "load.png");
        await timed("upload", `${base}/files-api/api/upload/resource-upload`, { method: "POST", headers: auth, body: form });
      } else {
        await timed("read: page", `${base}/page/show/45`, {});
      }
      await sleep(Math.random() * 100);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, i) => visitor(i)));
  const seconds = (performance.now() - started) / 1000;

  let total = 0;
  let totalErrors = 0;
  const all = [];
  console.log(`\n${label}: ${VISITORS} visitors, ${seconds.toFixed(0)} s`);
  console.log(`  ${"kind".padEnd(12)} ${"count".padStart(7)} ${"errors".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const [kind, s] of [...stats].sort()) {
    const sorted = [...s.times].sort((a, b) => a - b);
    total += sorted.length;
    totalErrors += s.errors;
    all.push(...sorted);
    console.log(`  ${kind.padEnd(12)} ${String(sorted.length).padStart(7)} ${String(s.errors).padStart(6)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${percentile(sorted, 95).toFixed(0).padStart(8)} ${percentile(sorted, 99).toFixed(0).padStart(8)}`);
  }
  all.sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  console.log(`  ${"all".padEnd(12)} ${String(total).padStart(7)} ${String(totalErrors).padStart(6)} ${percentile(all, 50).toFixed(0).padStart(8)} ${percentile(all, 95).toFixed(0).padStart(8)} ${p99.toFixed(0).padStart(8)}`);
  console.log(`  ${(total / seconds).toFixed(1)} req/s; targets: 0 errors (${totalErrors === 0 ? "met" : "MISSED"}), p99 <= 1000 ms (${p99 <= 1000 ? "met" : "MISSED"})`);
  for (const e of errors) console.log(`  error: ${e}`);
  return totalErrors === 0 && (REQUIRE_ONLY_NO_ERRORS || p99 <= 1000);
}

async function main() {
  const dbName = `cca_load_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cca-load-"));
  const env = (n) => ({
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: "bench-load-only-secret-0123456789-abcdefgh",
    SEED: "demo",
    DATA_DIR: path.join(tmp, `data-${n}`),
    FILES_DIR: path.join(tmp, "files"),
    PARTIAL_UPLOADS_DIR: path.join(tmp, "uploads-partial"),
    SITE_URL: `http://localhost:${BASE_PORT}`,
    TRUST_PROXY: "true",
  });
  const running = [];
  const stopAll = async () => {
    for (const r of running.splice(0)) {
      if (r.child.exitCode === null) r.child.kill(r.nginx ? "SIGQUIT" : "SIGTERM");
      await r.exited;
    }
  };
  let ok = true;
  try {
    console.log(`load: ${VISITORS} visitors for ${SECONDS} s per run; machine load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);
    for (const mode of MODES) {
      if (mode === "one") {
        const one = startInstance(BASE_PORT + 1, env(1));
        running.push(one);
        await waitReady(`http://127.0.0.1:${one.port}/api/ready`, one.logs);
        ok = (await run(`http://127.0.0.1:${one.port}`, "one instance")) && ok;
      } else if (mode === "two") {
        if (!NGINX) {
          console.log("\ntwo instances: skipped, nginx is not installed (apt-get install nginx)");
          continue;
        }
        const instances = [startInstance(BASE_PORT + 1, env(1)), startInstance(BASE_PORT + 2, env(2))];
        running.push(...instances);
        await Promise.all(instances.map((i) => waitReady(`http://127.0.0.1:${i.port}/api/ready`, i.logs)));
        const nginx = startNginx(path.join(tmp, "nginx"), BASE_PORT, instances.map((i) => i.port));
        running.push({ ...nginx, nginx: true });
        await waitReady(`http://127.0.0.1:${BASE_PORT}/api/ready`, []);
        ok = (await run(`http://127.0.0.1:${BASE_PORT}`, "two instances behind nginx")) && ok;
      } else {
        throw new Error(`unknown LOAD_MODES entry "${mode}" (one, two)`);
      }
      await stopAll();
    }
    console.log(`\nmachine load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  } finally {
    await stopAll();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
