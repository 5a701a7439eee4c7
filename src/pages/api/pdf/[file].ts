import { readFileSync } from "node:fs";
import path from "node:path";
import type { NextApiRequest, NextApiResponse } from "next";

/**
 * pdf.js's worker, served by the portal itself (`/api/pdf/pdf.worker-{version}.mjs`): no CDN is
 * reachable at run time. Named by the library's version, so the address changes with it and is
 * cached for a year (the same arrangement as MapLibre's worker, `api/map/[file].ts`).
 */
let worker: { version: string; code: Buffer } | null = null;

function loadWorker(): { version: string; code: Buffer } {
  if (worker) return worker;
  const dir = path.join(process.cwd(), "node_modules", "pdfjs-dist");
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
  worker = { version: pkg.version, code: readFileSync(path.join(dir, "build", "pdf.worker.min.mjs")) };
  return worker;
}

export default function pdfWorker(req: NextApiRequest, res: NextApiResponse): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).end();
    return;
  }
  const { version, code } = loadWorker();
  if (req.query.file !== `pdf.worker-${version}.mjs`) {
    res.status(404).end();
    return;
  }
  res.setHeader("Content-Type", "text/javascript; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.status(200).send(code);
}
