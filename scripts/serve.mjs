// The portal server: Next (the portal and its platform back end) behind the anonymous page cache
// (src/server/web/html-cache.ts). Used by `npm start`, the end-to-end tests and the bench, on a
// built app (.next). Environment: PORT, HOST, PAGE_CACHE (on|off), PAGE_CACHE_MAX_MB (see .env.example).
import http from "node:http";
import next from "next";
import { tsImport } from "tsx/esm/api";
import { ROOT } from "./lib/build.mjs";

function readOptions(env) {
  const problems = [];
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) problems.push(`PORT must be a port number (got "${env.PORT}")`);
  const cache = (env.PAGE_CACHE || "on").toLowerCase();
  if (!["on", "off", "true", "false", "1", "0"].includes(cache)) problems.push(`PAGE_CACHE must be on or off (got "${env.PAGE_CACHE}")`);
  const maxMb = Number(env.PAGE_CACHE_MAX_MB || 64);
  if (!(maxMb > 0)) problems.push(`PAGE_CACHE_MAX_MB must be a positive number of megabytes (got "${env.PAGE_CACHE_MAX_MB}")`);
  if (problems.length > 0) {
    console.error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable.`);
    process.exit(1);
  }
  return { port, host: env.HOST || "0.0.0.0", cache: ["on", "true", "1"].includes(cache), maxBytes: Math.round(maxMb * 1024 * 1024) };
}

const options = readOptions(process.env);
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";

const app = next({ dev: false, dir: ROOT, hostname: options.host, port: options.port });
const handle = app.getRequestHandler();
// Boots the platform too (src/instrumentation.ts); a bad configuration ends the process there.
await app.prepare();

const { createHtmlCache } = await tsImport("../src/server/web/html-cache.ts", import.meta.url);
const cache = options.cache ? createHtmlCache({ maxBytes: options.maxBytes }) : null;

const server = http.createServer((req, res) => {
  const render = () => handle(req, res);
  const answered = cache ? cache.serve(req, res, render) : render();
  Promise.resolve(answered).catch((error) => {
    console.error("[server] request failed:", error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("Internal Server Error");
  });
});
// Slow or idle clients on patchy networks do not hold sockets forever.
server.headersTimeout = 60_000;
server.requestTimeout = 300_000;
server.keepAliveTimeout = 5_000;

server.on("error", (error) => {
  console.error(error.code === "EADDRINUSE" ? `Port ${options.port} is in use: set PORT to a free port.` : error);
  process.exit(1);
});
server.listen(options.port, options.host, () => {
  console.log(`Portal ready on http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port} (page cache ${cache ? "on" : "off"})`);
});

// Stop taking requests, let running ones finish, close the database cleanly, then exit.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the portal…`);
  const force = setTimeout(() => process.exit(0), 10_000);
  force.unref();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await closed;
  try {
    const platform = await globalThis[Symbol.for("cca.platform")];
    await platform?.close();
  } catch (error) {
    console.error("[server] closing the platform failed:", error);
  }
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
