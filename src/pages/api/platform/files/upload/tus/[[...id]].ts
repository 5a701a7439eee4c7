/**
 * Resumable uploads (tus 1.0): `/files-api/api/upload/tus` and `/files-api/api/upload/tus/{id}`, mapped
 * here by the portal server (src/web-server/public-paths.ts) and `next dev`'s rewrites like every platform
 * address; this route is more specific than the platform's catch-all, so it answers these. A thin
 * adapter: the module (src/server/modules/uploads/resumable.handler.ts) checks the caller and streams
 * the body to the partial-uploads folder, so Next must not read the body first.
 */
import type { NextApiRequest, NextApiResponse } from "next";
import { errorAnswer, wireBody } from "@/server/app/adapter";
import { getPlatform } from "@/server/app/boot";
import { handleResumableUpload } from "@/server/modules/uploads/resumable.handler";

export const config = {
  api: { bodyParser: false, responseLimit: false, externalResolver: true },
};

export default async function resumableUpload(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  let platform;
  try {
    platform = await getPlatform();
  } catch (error) {
    const answer = errorAnswer(error);
    res.writeHead(answer.status, answer.headers);
    res.end(wireBody(answer, req.method ?? "GET"));
    return;
  }
  await handleResumableUpload(platform.deps, req, res);
}
