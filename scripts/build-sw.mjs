// Builds the service worker (issue 32): bundles src/service-worker/sw.ts with esbuild into public/sw.js
// (git-ignored; served by Next as a public file at /sw.js, scope "/") and injects
// - `self.__SW_MANIFEST`: the precache list, the app shell: the offline screens in both languages (their
//   prerendered HTML, revisioned by the build id), the base map, the logo, and the chunks of `_app`,
//   `_error` and the offline screen (hashed names: no revision needed);
// - `self.__CCA_ASSETS`: every other build asset a member's forms may load on use (map, image
//   compression), fetched only when the page asks (`cache-assets`), never on a visitor's first load.
// Run after `next build` (scripts/lib/build.mjs and `npm run build` do it).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT = path.join(ROOT, ".next");
const OUT = path.join(ROOT, "public", "sw.js");

function fileRevision(file) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

export async function buildServiceWorker() {
  const buildId = fs.readFileSync(path.join(NEXT, "BUILD_ID"), "utf8").trim();
  const manifest = JSON.parse(fs.readFileSync(path.join(NEXT, "build-manifest.json"), "utf8"));
  const shellChunks = new Set([...(manifest.pages["/_app"] ?? []), ...(manifest.pages["/_error"] ?? []), ...(manifest.pages["/offline"] ?? []), ...(manifest.polyfillFiles ?? []).filter((f) => !f.includes("polyfill"))]);
  const precache = [
    { url: "/offline", revision: buildId },
    { url: "/hi/offline", revision: buildId },
    { url: "/map/south-asia.json", revision: fileRevision(path.join(ROOT, "public/map/south-asia.json")) },
    { url: "/logo.svg", revision: fileRevision(path.join(ROOT, "public/logo.svg")) },
    ...[...shellChunks].map((f) => ({ url: `/_next/${f}`, revision: null })),
  ];
  const assets = walk(path.join(NEXT, "static"))
    .map((f) => `/_next/static/${path.relative(path.join(NEXT, "static"), f).split(path.sep).join("/")}`)
    .filter((u) => /\.(?:js|mjs|css|woff2?)$/.test(u) && !/-dev\.[^/]+$/.test(u) && !u.endsWith(".map") && !precache.some((p) => p.url === u))
    .sort();
  // MapLibre's worker, served by the portal under its version (src/pages/api/map/[file].ts): the forms' maps need it offline.
  const maplibre = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/maplibre-gl/package.json"), "utf8")).version;
  assets.push(`/api/map/maplibre-gl-worker-${maplibre}.mjs`);

  const bundled = await build({
    entryPoints: [path.join(ROOT, "src/service-worker/sw.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    write: false,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  let code = bundled.outputFiles[0].text;
  if (!code.includes("self.__SW_MANIFEST") || !code.includes("self.__CCA_ASSETS")) throw new Error("build-sw: the worker no longer reads self.__SW_MANIFEST / self.__CCA_ASSETS");
  code = code.replaceAll("self.__SW_MANIFEST", JSON.stringify(precache)).replaceAll("self.__CCA_ASSETS", JSON.stringify(assets));
  const header = `/* CCA portal service worker, build ${buildId} */\n`;
  // The worker is part of this build: writing it into public/ must not make an up-to-date build look older
  // than its sources (scripts/lib/build.mjs compares BUILD_ID with the newest file and folder, public/
  // included). A build that was stale already stays stale.
  const { isBuildStale } = await import("./lib/build.mjs");
  const fresh = !isBuildStale();
  fs.writeFileSync(OUT, header + code);
  if (fresh) {
    const now = new Date();
    fs.utimesSync(path.join(NEXT, "BUILD_ID"), now, now);
  }
  return { precache: precache.length, assets: assets.length, bytes: Buffer.byteLength(header + code) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await buildServiceWorker();
  console.log(`Service worker: public/sw.js (${(result.bytes / 1024).toFixed(1)} kB; ${result.precache} precached, ${result.assets} assets on demand)`);
}
