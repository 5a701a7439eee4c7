import type { NextApiRequest, NextApiResponse } from "next";

/**
 * Liveness: 200 while the process answers at all (restart it when this fails). Whether it should get
 * traffic is `/api/ready`.
 */
export default function health(_req: NextApiRequest, res: NextApiResponse): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(200).json({ status: "ok" });
}
