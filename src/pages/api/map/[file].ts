import { readFileSync } from "node:fs";
import path from "node:path";
import type { NextApiRequest, NextApiResponse } from "next";

/**
 * MapLibre's web worker, served by the portal itself (`/api/map/maplibre-gl-worker-{version}.mjs`):
 * bundled code cannot find it next to its chunk, and no CDN is reachable at run time. The map code
 * names the worker by MapLibre's version, so the address changes with the library and is cached
 * for a year.
 */
let worker: { version: string; code: Buffer } | null = null;

function loadWorker(): { version: string; code: Buffer } {
  if (worker) return worker;
  // The app runs from its root (npm start, next start); the package is a plain node_modules folder.
  const dir = path.join(process.cwd(), "node_modules", "maplibre-gl");
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
  worker = { version: pkg.version, code: readFileSync(path.join(dir, "dist", "maplibre-gl-worker.mjs")) };
  return worker;
}

export default function mapWorker(req: NextApiRequest, res: NextApiResponse): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).end();
    return;
  }
  const { version, code } = loadWorker();
  if (req.query.file !== `maplibre-gl-worker-${version}.mjs`) {
    res.status(404).end();
    return;
  }
  res.setHeader("Content-Type", "text/javascript; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.status(200).send(code);
}
