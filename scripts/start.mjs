// `npm start`: build when needed, then serve the portal (and its platform back end) on PORT (default 3000).
import { spawn } from "node:child_process";
import nextEnv from "@next/env";
import { buildIfStale, nextBin, ROOT } from "./lib/build.mjs";

// Read .env files the way Next does, so PORT and HOST set there apply here too.
nextEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error });

process.env.NEXT_TELEMETRY_DISABLED = "1";
const status = buildIfStale();
if (status !== 0) {
  console.error("The build failed; see the messages above.");
  process.exit(status);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
console.log(`Starting the portal on http://localhost:${port} (data folder: ${process.env.DATA_DIR || "./data"})`);
const child = spawn(process.execPath, [nextBin(), "start", "-p", port, "-H", host], { cwd: ROOT, stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
