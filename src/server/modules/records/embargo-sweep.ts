/**
 * Embargoes end on their day (issue 30, item 2): the records whose treatments name a day that has come
 * (`cca_data.treatments_due`, a partial index) are queued and their public form derived again
 * (public-places.service.ts), which also invalidates every instance's record caches. Run at start and
 * then every few minutes by the platform (app/boot.ts); each run is one small query when nothing is due.
 */
import type { Db } from "../../infra/db/db";
import { rederivePendingPublicPlaces } from "./public-places.service";
import { queueForDerivation } from "./record-treatments.repository";

/** How often the platform looks for ended embargoes. */
export const EMBARGO_SWEEP_MS = 10 * 60_000;

/** Derives again every record whose embargo has ended; returns how many were rewritten. */
export async function sweepEndedEmbargoes(db: Db): Promise<number> {
  const queued = await queueForDerivation(db, "due");
  return queued > 0 ? rederivePendingPublicPlaces(db) : 0;
}
