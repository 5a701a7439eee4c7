import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/boot";
import { buildSitemap } from "@/server/web/sitemap";

/** `/sitemap.xml` (rewritten here by next.config.js). */
export default async function sitemap(_req: NextApiRequest, res: NextApiResponse): Promise<void> {
  try {
    const platform = await getPlatform();
    const xml = await buildSitemap(platform.db, platform.deps.settings.siteUrl);
    res.setHeader("Content-Type", "application/xml; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.status(200).send(xml);
  } catch {
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
  }
}
