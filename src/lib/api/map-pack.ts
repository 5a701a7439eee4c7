import type { AxiosInstance } from "axios";
import { mapPackPath, type MapPackEstimate } from "@/contracts/map-pack";

/** GET nakshaIntegrator mappack/{pack}: a pack's area, zooms, size and the addresses the browser keeps (issue 32). */
export async function fetchMapPackEstimate(client: AxiosInstance, pack: string): Promise<MapPackEstimate> {
  const { data } = await client.get<MapPackEstimate>(mapPackPath(pack).replace(/^\//, ""), { timeout: 60_000 });
  return data;
}
