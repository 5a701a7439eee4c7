import type { NextApiRequest, NextApiResponse } from "next";
import { staticStylesheet } from "@/shell/static-stylesheet";

/**
 * The static stylesheet (`static-stylesheet.tsx`), linked by the document as `site.{hash}.css`.
 * The current name is immutable for a year; any other name (a page rendered by an earlier build)
 * gets today's styles without being cached, rather than an unstyled page.
 */
export default function styles(req: NextApiRequest, res: NextApiResponse): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).end();
    return;
  }
  const { css, hash } = staticStylesheet();
  const file = typeof req.query.file === "string" ? req.query.file : "";
  if (!/^site\.[0-9a-f]+\.css$/.test(file)) {
    res.status(404).end();
    return;
  }
  res.setHeader("Content-Type", "text/css; charset=utf-8");
  res.setHeader("Cache-Control", file === `site.${hash}.css` ? "public, max-age=31536000, immutable" : "no-cache");
  // Next adds the ETag and answers If-None-Match with 304.
  res.status(200).send(css);
}
