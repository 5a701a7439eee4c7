// Builds the app when there is no build yet or when a source file is newer than the last build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["src", "locales", "public", "site-config.ts", "next.config.js", "i18n.json", "instrumentation.ts", "package-lock.json", "tsconfig.json"];

// Written by the build itself (scripts/build-sw.mjs), so never a reason to build again.
const BUILD_OUTPUTS = new Set([path.join("public", "sw.js")]);

function newestMtime(target) {
  const full = path.join(ROOT, target);
  if (BUILD_OUTPUTS.has(target) || !fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isBuildStale() {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > builtAt);
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isBuildStale() && fs.existsSync(path.join(ROOT, "public", "sw.js"))) return 0;
  console.log("Building the portal (next build)…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if ((result.status ?? 1) !== 0) return result.status ?? 1;
  // The service worker precaches this build's files: built after it (issue 32).
  const sw = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-sw.mjs")], { cwd: ROOT, stdio: "inherit" });
  return sw.status ?? 1;
}

export function nextBin() {
  return path.join(ROOT, "node_modules/next/dist/bin/next");
}

export { ROOT };
