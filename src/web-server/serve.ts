/**
 * The portal server: Next (the portal and its platform back end) behind the Content-Security-Policy and
 * the anonymous page cache. `scripts/serve.mjs` starts it; used by `npm start`, the end-to-end tests and the
 * bench, on a built app (.next). Environment: PORT, HOST, PAGE_CACHE (on|off), PAGE_CACHE_MAX_MB,
 * LOG_FORMAT, DRAIN_DELAY_SECONDS, SHUTDOWN_TIMEOUT_SECONDS, METRICS_TOKEN, CSP, CSP_EXTRA_ORIGINS,
 * TRUST_PROXY (see .env.example).
 *
 * Operations: every answer carries `x-request-id` (the caller's, when sane, else a new one; platform calls
 * made while rendering carry it too); `/api/health` is liveness, `/api/ready` readiness (503 while
 * draining); `GET /api/metrics` is Prometheus text behind `Bearer METRICS_TOKEN` (404 when unset), with
 * visitors' web vitals when WEB_VITALS is on (`portal_web_vitals_*`, per route pattern and language); with
 * LOG_FORMAT=json one JSON line per request. SIGTERM: readiness fails at once, answers go on for
 * DRAIN_DELAY_SECONDS (so a balancer stops routing here), then the server stops listening, requests in
 * flight finish (up to SHUTDOWN_TIMEOUT_SECONDS) and the database closes cleanly.
 */
import { timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import type { LogLevel } from "../server/infra/log";
import { createContentSecurity, readSecurityOptions } from "./csp";
import { createHtmlCache, type HtmlCache } from "./html-cache";
import { createMetrics, formatLogLine, readOperations, REQUEST_ID_HEADER, requestIdOf, routeLabel, type Operations } from "./operations";
import { inlineSuspenseBoundaries } from "./inline-boundaries";
import { internalUrlOf } from "./public-paths";

interface ServerOptions extends Operations {
  port: number;
  host: string;
  cache: boolean;
  maxBytes: number;
}

/** What the platform leaves on globalThis for the server: its instance (database pool, close) and the data cache. */
interface PlatformLike {
  db?: { stats?(): { total: number; idle: number; waiting: number } };
  close?(): Promise<void>;
}
type Globals = Record<symbol, unknown>;
const platformOf = () => (globalThis as unknown as Globals)[Symbol.for("cca.platform")] as Promise<PlatformLike> | undefined;
const dataCacheOf = () => (globalThis as unknown as Globals)[Symbol.for("cca.memoryCache.v2")] as { store: Map<unknown, unknown>; bytes: number } | undefined;
/** Visitors' web vitals (src/server/modules/site/web-vitals.service.ts), once the first report came in. */
const webVitalsOf = () => (globalThis as unknown as Globals)[Symbol.for("cca.webVitals")] as { render(): string } | undefined;

function readOptions(env: Record<string, string | undefined>): ServerOptions {
  const operations = readOperations(env);
  const problems = [...operations.problems];
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) problems.push(`PORT must be a port number (got "${env.PORT}")`);
  const cache = (env.PAGE_CACHE || "on").toLowerCase();
  if (!["on", "off", "true", "false", "1", "0"].includes(cache)) problems.push(`PAGE_CACHE must be on or off (got "${env.PAGE_CACHE}")`);
  const maxMb = Number(env.PAGE_CACHE_MAX_MB || 64);
  if (!(maxMb > 0)) problems.push(`PAGE_CACHE_MAX_MB must be a positive number of megabytes (got "${env.PAGE_CACHE_MAX_MB}")`);
  if (problems.length > 0) exitWithProblems(problems);
  return { port, host: env.HOST || "0.0.0.0", cache: ["on", "true", "1"].includes(cache), maxBytes: Math.round(maxMb * 1024 * 1024), ...operations };
}

function exitWithProblems(problems: readonly string[]): never {
  console.error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable.`);
  process.exit(1);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Starts the portal server on the built app in `root`; it runs until SIGINT or SIGTERM. */
export async function startPortalServer(root: string): Promise<void> {
  const options = readOptions(process.env);
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.NEXT_TELEMETRY_DISABLED = "1";

  inlineSuspenseBoundaries();
  const app = next({ dev: false, dir: root, hostname: options.host, port: options.port });
  const handle = app.getRequestHandler();
  // Boots the platform too (src/instrumentation.ts); a bad configuration ends the process there.
  await app.prepare();

  const cache: HtmlCache | null = options.cache ? createHtmlCache({ maxBytes: options.maxBytes }) : null;
  // Content-Security-Policy with a fresh nonce per page, and HSTS over https (csp.ts). Read after
  // prepare(): Next has loaded the .env files (map tile URLs) by then.
  const securityConfig = readSecurityOptions(process.env);
  if (securityConfig.problems.length > 0) exitWithProblems(securityConfig.problems);
  const security = createContentSecurity(securityConfig.options);

  const log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    const line = formatLogLine(options.logFormat, level, message, fields);
    if (level === "info") console.log(line);
    else console.error(line);
  };
  const metrics = createMetrics();
  let stopping = false;

  async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!options.metricsToken) return sendJson(res, 404, { message: "Not found", code: "NOT_FOUND" });
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ") || !sameSecret(auth.slice(7), options.metricsToken)) {
      return sendJson(res, 401, { message: "A valid metrics token is required", code: "UNAUTHORIZED" }, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const platform = await platformOf()?.catch(() => null);
    const pool = platform?.db?.stats?.();
    const html = cache?.stats();
    // The in-process data cache (src/shared/cache/memory-cache.ts), shared through globalThis.
    const data = dataCacheOf();
    const memory = process.memoryUsage();
    const text = metrics.render([
      { name: "portal_up", help: "1 while the server takes requests, 0 while it drains.", value: stopping ? 0 : 1 },
      { name: "portal_db_pool_connections", help: "Database connections open (PostgreSQL pool; 1 for the embedded database).", value: pool?.total },
      { name: "portal_db_pool_idle", help: "Database connections idle.", value: pool?.idle },
      { name: "portal_db_pool_waiting", help: "Queries waiting for a connection.", value: pool?.waiting },
      { name: "portal_page_cache_hits_total", help: "Anonymous page cache hits.", value: html?.hits, type: "counter" },
      { name: "portal_page_cache_misses_total", help: "Anonymous page cache misses.", value: html?.misses, type: "counter" },
      { name: "portal_page_cache_hit_ratio", help: "Hits over hits and misses of the anonymous page cache.", value: html && html.hits + html.misses > 0 ? html.hits / (html.hits + html.misses) : undefined },
      { name: "portal_page_cache_entries", help: "Pages held by the anonymous page cache.", value: html?.entries },
      { name: "portal_page_cache_bytes", help: "Bytes held by the anonymous page cache.", value: html?.bytes },
      { name: "portal_data_cache_entries", help: "Entries held by the in-process data cache.", value: data?.store.size },
      { name: "portal_data_cache_bytes", help: "Estimated bytes held by the in-process data cache (bounded by DATA_CACHE_MAX_MB).", value: data?.bytes },
      { name: "portal_process_resident_memory_bytes", help: "Resident memory of the process.", value: memory.rss },
      { name: "portal_process_heap_used_bytes", help: "V8 heap in use.", value: memory.heapUsed },
      { name: "portal_process_uptime_seconds", help: "Seconds since the process started.", value: Math.round(process.uptime()) },
    ]);
    res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" });
    res.end(text + (webVitalsOf()?.render() ?? ""));
  }

  const server = http.createServer((req, res) => {
    const startedAt = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const route = routeLabel(req.url);
    metrics.started();
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observe(req.method ?? "GET", route, status, seconds);
      if (options.logFormat === "json") {
        log("info", "request", { requestId, method: req.method, path: (String(req.url ?? "/").split("?")[0] ?? "").slice(0, 300), route, status, ms: Math.round(seconds * 1000) });
      }
    };
    res.on("finish", done);
    res.on("close", done);
    // While draining, keep-alive clients are asked to reconnect (to another instance).
    if (stopping) res.setHeader("connection", "close");

    // The platform services, the sitemap and robots.txt are API routes under other paths (no Next
    // rewrites in a production build: they would ship Next's rewrite matcher to every page).
    const internal = internalUrlOf(String(req.url ?? "/"));
    if (internal !== null) req.url = internal;
    const path = String(req.url ?? "/").split("?")[0];
    if (path === "/api/ready" && stopping) return sendJson(res, 503, { status: "draining", code: "SERVICE_UNAVAILABLE", message: "This instance is shutting down" });
    if (path === "/api/metrics") {
      answerMetrics(req, res).catch((error) => {
        log("error", "[server] metrics failed", { requestId, error: String(error) });
        if (!res.headersSent) sendJson(res, 500, { message: "Internal error", code: "INTERNAL" });
      });
      return;
    }
    const render = () => handle(req, res);
    const answered = security.serve(req, res, () => (cache ? cache.serve(req, res, render) : render()));
    Promise.resolve(answered).catch((error: unknown) => {
      log("error", "[server] request failed", { requestId, error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal Server Error");
    });
  });
  // Slow or idle clients on patchy networks do not hold sockets forever.
  server.headersTimeout = 60_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 5_000;

  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(error.code === "EADDRINUSE" ? `Port ${options.port} is in use: set PORT to a free port.` : error);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    log("info", `Portal ready on http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port} (page cache ${cache ? "on" : "off"})`);
  });

  // Readiness fails at once; answers go on for the drain delay; then stop listening, let running
  // requests finish, close the database cleanly, and exit.
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log("info", `${signal}: draining`, { drainDelaySeconds: options.drainDelay, inFlight: metrics.inFlight() });
    if (options.drainDelay > 0) await new Promise((resolve) => setTimeout(resolve, options.drainDelay * 1000));
    const force = setTimeout(() => {
      log("warn", `[server] ${metrics.inFlight()} request(s) still running after ${options.shutdownTimeout} s: exiting anyway`);
      process.exit(1);
    }, options.shutdownTimeout * 1000);
    force.unref();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await closed;
    try {
      await (await platformOf())?.close?.();
    } catch (error) {
      log("error", "[server] closing the platform failed", { error: String(error) });
    }
    log("info", "stopped");
    process.exit(0);
  }
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
}
