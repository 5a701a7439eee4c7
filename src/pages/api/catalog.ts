import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { CATALOG_CONTENT_TYPES, catalogText, negotiateCatalogFormat, type CatalogFormat } from "@/server/modules/catalog/catalog.service";

/**
 * `/catalog` (by the Accept header: Turtle for text/turtle, else JSON-LD), `/catalog.jsonld` and
 * `/catalog.ttl` (mapped here by the portal server, src/web-server/public-paths.ts; the suffix as `?format=`).
 */
export default async function catalog(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ code: "METHOD_NOT_ALLOWED", message: "GET only" });
    return;
  }
  const asked = typeof req.query.format === "string" ? req.query.format : undefined;
  if (asked !== undefined && asked !== "jsonld" && asked !== "ttl") {
    res.status(404).json({ code: "NOT_FOUND", message: "No such catalogue format" });
    return;
  }
  const format: CatalogFormat = asked ?? negotiateCatalogFormat(req.headers.accept);
  let text: string;
  try {
    const platform = await getPlatform();
    text = await catalogText(platform.db, platform.deps.settings.siteUrl, format);
  } catch (error) {
    console.error("[catalog]", error instanceof Error ? error.message : error);
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
    return;
  }
  res.setHeader("Content-Type", CATALOG_CONTENT_TYPES[format]);
  if (asked === undefined) res.setHeader("Vary", "Accept");
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.status(200).send(req.method === "HEAD" ? "" : text);
}
