// `npm start`: build when needed, then serve the portal (and its platform back end) on PORT (default 3000)
// through the portal server (scripts/serve.mjs: Next behind the anonymous page cache).
import { spawn } from "node:child_process";
import nextEnv from "@next/env";
import path from "node:path";
import { buildIfStale, ROOT } from "./lib/build.mjs";

// Read .env files the way Next does, so PORT and HOST set there apply here too.
nextEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error });

process.env.NEXT_TELEMETRY_DISABLED = "1";
const status = buildIfStale();
if (status !== 0) {
  console.error("The build failed; see the messages above.");
  process.exit(status);
}

console.log(`Starting the portal on http://localhost:${process.env.PORT || "3000"} (data folder: ${process.env.DATA_DIR || "./data"})`);
const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs")], { cwd: ROOT, stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
