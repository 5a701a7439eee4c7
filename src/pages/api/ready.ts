import type { NextApiRequest, NextApiResponse } from "next";
import { getPlatform } from "@/server/app/boot";

/**
 * Readiness: 200 once the platform has booted and its database answers, 503 otherwise (and, from the
 * portal server, 503 while the instance drains after SIGTERM: `scripts/serve.mjs`). Balancers route here.
 */
export default async function ready(_req: NextApiRequest, res: NextApiResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const platform = await getPlatform();
    await platform.db.query("select 1");
    res.status(200).json({ status: "ok", database: platform.db.kind });
  } catch {
    res.status(503).json({ status: "unavailable", code: "SERVICE_UNAVAILABLE", message: "The platform is not available" });
  }
}
