import type { NextApiRequest, NextApiResponse } from "next";
import { devanagariFontFiles } from "@/components/ui/devanagari-font-files";

/**
 * The Devanagari web font's files (`/api/fonts/noto-sans-devanagari-{weight}.{hash}.woff2`), linked by
 * the static stylesheet's @font-face rules: no font service is reachable at run time. Named after
 * their content, so each address is immutable for a year.
 */
export default function fontFile(req: NextApiRequest, res: NextApiResponse): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).end();
    return;
  }
  const file = devanagariFontFiles().find((f) => f.name === req.query.file);
  if (!file) {
    res.status(404).end();
    return;
  }
  res.setHeader("Content-Type", "font/woff2");
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.status(200).send(file.data);
}
