/**
 * What other modules do when a record's consent is narrowed (or withdrawn), without records importing
 * them: the exports module marks the exports made before as superseded in the download log. The app
 * registers it when it builds the platform router (src/server/app/platform-router.ts), so the
 * dependency runs one way: exports → records.
 */
import type { Queryable } from "../../infra/db/db";

export interface ConsentNarrowing {
  recordId: number;
  /** The record's template and its parent (an export of either may have held it). */
  templateShortNames: readonly string[];
}

export type ConsentFollower = (tx: Queryable, narrowing: ConsentNarrowing) => Promise<void>;

const followers: ConsentFollower[] = [];

/** Registers a follower of consent narrowings (once per module; registering the same function twice keeps one). */
export function followConsentNarrowing(follower: ConsentFollower): void {
  if (!followers.includes(follower)) followers.push(follower);
}

/** Runs every follower inside the transaction of the change. */
export async function consentNarrowed(tx: Queryable, narrowing: ConsentNarrowing): Promise<void> {
  for (const follower of followers) await follower(tx, narrowing);
}
