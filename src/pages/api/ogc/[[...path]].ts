/**
 * OGC API – Features (`/ogc`, `/ogc/...`; mapped here by the portal server, src/web-server/public-paths.ts).
 * A thin adapter: the module (src/server/modules/ogc) answers; links are absolute on the site's address.
 * Anonymous: cookies and tokens are not read.
 */
import type { NextApiRequest, NextApiResponse } from "next";
import SITE_CONFIG from "@site-config";
import { getPlatform } from "@/server/app/boot";
import { ogcAnswer } from "@/server/modules/ogc/ogc.handler";
import type { Query } from "@/server/modules/ogc/ogc-params";

export default async function ogc(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ code: "MethodNotAllowed", description: "Only GET and HEAD" });
    return;
  }
  const raw = req.query.path;
  const path = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  const query: Query = {};
  for (const [key, value] of new URL(req.url ?? "/", "http://localhost").searchParams) {
    if (key === "path" && path.length > 0 && (Array.isArray(raw) ? raw.includes(value) : raw === value)) continue;
    const prev = query[key];
    query[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  let platform;
  try {
    platform = await getPlatform();
  } catch {
    res.status(503).json({ code: "ServiceUnavailable", description: "The platform is not available" });
    return;
  }
  const siteUrl = platform.deps.settings.siteUrl.replace(/\/+$/, "");
  const answer = await ogcAnswer(
    { db: platform.db, base: `${siteUrl}/ogc`, siteUrl, title: SITE_CONFIG.SITE.TITLE.en },
    { path, query, accept: req.headers.accept },
  );
  res.setHeader("Content-Type", answer.contentType);
  for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  res.status(answer.status);
  res.end(req.method === "HEAD" ? undefined : answer.body);
}
