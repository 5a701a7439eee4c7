import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { webManifest } from "@/server/modules/site/web-manifest.service";

/** `/api/pwa/manifest?lang=en|hi[&group=slug]`: the web app manifest of the site or a group (issue 32). */
export default async function manifest(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const lang = req.query.lang === "hi" ? "hi" : "en";
  const group = typeof req.query.group === "string" ? req.query.group : undefined;
  if (group !== undefined && !/^[a-z0-9][a-z0-9-]{0,99}$/i.test(group)) {
    res.status(400).json({ code: "BAD_REQUEST", message: "group must be a group's short name" });
    return;
  }
  try {
    const platform = await getPlatform();
    const body = await webManifest(platform.db, { lang, group, host: req.headers.host });
    if (!body) {
      res.status(404).json({ code: "NOT_FOUND", message: "No such group" });
      return;
    }
    res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=600");
    res.setHeader("Vary", "Host");
    res.status(200).send(JSON.stringify(body));
  } catch {
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
  }
}
