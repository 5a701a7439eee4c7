import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { sitemapFile } from "@/server/modules/site/sitemap.service";

/**
 * `/sitemap.xml` and `/sitemap/{n}.xml` (mapped here by the portal server, src/web-server/public-paths.ts; the part as `?part=n`):
 * streamed as it is read, so a part of 50,000 addresses is never held whole.
 */
export default async function sitemap(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const rawPart = typeof req.query.part === "string" ? req.query.part : undefined;
  if (rawPart !== undefined && !/^[1-9]\d{0,6}$/.test(rawPart)) {
    res.status(404).json({ code: "NOT_FOUND", message: "No such sitemap part" });
    return;
  }
  let file;
  try {
    const platform = await getPlatform();
    file = await sitemapFile(platform.db, { siteUrl: platform.deps.settings.siteUrl, host: req.headers.host, part: rawPart === undefined ? undefined : Number(rawPart) });
  } catch {
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
    return;
  }
  if (!file) {
    res.status(404).json({ code: "NOT_FOUND", message: "No such sitemap part" });
    return;
  }
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.status(200);
  try {
    for await (const chunk of file.chunks) {
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once("drain", resolve));
    }
  } catch (error) {
    // Headers are sent: the cut-short body is the only signal left; log why.
    console.error("[sitemap] stopped while streaming:", error instanceof Error ? error.message : error);
  }
  res.end();
}
