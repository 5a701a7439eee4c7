import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { robotsFor } from "@/server/modules/site/sitemap.service";

/** `/robots.txt` (mapped here by the portal server, src/web-server/public-paths.ts): everything public, the sitemap's address (a group's own domain names its own). */
export default async function robots(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const platform = await getPlatform();
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.status(200).send(await robotsFor(platform.db, platform.deps.settings.siteUrl, req.headers.host));
}
