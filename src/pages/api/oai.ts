import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";
import { OAI_CONTENT_TYPE, OAI_MAX_BODY_BYTES, oaiRespond } from "@/server/modules/catalog/oai.service";

/** The form body is read here (bounded), not by Next: repeated arguments must stay visible (badArgument). */
export const config = { api: { bodyParser: false } };

async function readForm(req: NextApiRequest): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > OAI_MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `/oai` (mapped here by the portal server, src/web-server/public-paths.ts): OAI-PMH 2.0 by GET or by a form-encoded POST. */
export default async function oai(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  let query: string;
  if (req.method === "GET" || req.method === "HEAD") {
    query = (req.url ?? "").split("?")[1] ?? "";
  } else if (req.method === "POST") {
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      res.status(415).json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "OAI-PMH POST is application/x-www-form-urlencoded" });
      return;
    }
    const body = await readForm(req);
    if (body === null) {
      res.status(413).json({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large" });
      return;
    }
    query = body;
  } else {
    res.setHeader("Allow", "GET, HEAD, POST");
    res.status(405).json({ code: "METHOD_NOT_ALLOWED", message: "GET or POST" });
    return;
  }
  // The portal server passes the original query on; its own rewrite adds nothing for /oai.
  const args = [...new URLSearchParams(query)] as Array<[string, string]>;
  let xml: string;
  try {
    const platform = await getPlatform();
    xml = await oaiRespond(platform.db, { siteUrl: platform.deps.settings.siteUrl, args });
  } catch (error) {
    console.error("[oai]", error instanceof Error ? error.message : error);
    res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
    return;
  }
  res.setHeader("Content-Type", OAI_CONTENT_TYPE);
  res.setHeader("Cache-Control", "no-store");
  res.status(200).send(req.method === "HEAD" ? "" : xml);
}
