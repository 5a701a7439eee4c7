import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { ICON_SIZES, manifestIcon, type IconSize } from "@/server/modules/site/web-manifest.service";

/** `/api/pwa/icon?size=192|512[&group=slug][&maskable=1]`: the app icon (PNG) of the site or a group (issue 32). */
export default async function icon(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const size = Number(req.query.size);
  const group = typeof req.query.group === "string" ? req.query.group : undefined;
  if (!(ICON_SIZES as readonly number[]).includes(size)) {
    res.status(400).json({ code: "BAD_REQUEST", message: `size must be one of ${ICON_SIZES.join(", ")}` });
    return;
  }
  if (group !== undefined && !/^[a-z0-9][a-z0-9-]{0,99}$/i.test(group)) {
    res.status(400).json({ code: "BAD_REQUEST", message: "group must be a group's short name" });
    return;
  }
  try {
    const platform = await getPlatform();
    const png = await manifestIcon(platform.db, platform.deps.fileStore, { lang: "en", group, host: req.headers.host, size: size as IconSize, maskable: req.query.maskable === "1" });
    if (!png) {
      res.status(404).json({ code: "NOT_FOUND", message: "No such group" });
      return;
    }
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Vary", "Host");
    res.status(200).send(png);
  } catch {
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The icon could not be made" });
  }
}
