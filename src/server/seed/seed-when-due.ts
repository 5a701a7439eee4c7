import type { FileStore } from "../infra/files/file-store";
import type { Env } from "@/config/env";
import type { Db } from "../infra/db/db";
import { alignDemoDomains, DEMO_SEED_MARKER, seedDemo, seedDemoDocumentsWhenMissing, seedDemoRecordsWhenMissing, seedDemoTemplatesWhenMissing } from "./demo";
import { seedDemoLabelsWhenMissing } from "./demo-labels";
import { seedDemoLayersWhenMissing } from "./demo-layers-seed";
import { seedDemoHomesWhenMissing } from "./demo-homes";

export type SeedDecision = "seeded" | "already-seeded" | "disabled" | "not-embedded" | "has-content";

/**
 * Loads the demo scenario once. SEED=none never seeds; SEED=demo seeds any never-seeded database;
 * SEED=auto (the default) seeds only an embedded database that has no groups or pages yet.
 * Users alone (e.g. an admin created from a shell) do not count as content. On a database seeded
 * before, the demo groups' own domains follow the site address (`siteUrl`) if it changed since, and
 * the demo templates and records are added once if it was seeded before they existed.
 */
export async function seedWhenDue(db: Db, options: { seed: Env["seed"]; fileStore: FileStore; siteUrl: string }): Promise<SeedDecision> {
  if (options.seed === "none") return "disabled";
  if (options.seed === "auto" && db.kind !== "pglite") return "not-embedded";
  if (db.kind === "pglite") return seedUnlocked(db, options);
  // Several instances starting at once on one empty server database: one seeds, the others wait for
  // it (the lock lives as long as this transaction) and then find the marker.
  return db.transaction(async (tx) => {
    await tx.exec(SEED_LOCK);
    return seedUnlocked(db, options);
  });
}

const SEED_LOCK = "select pg_advisory_xact_lock(724310002)";

async function seedUnlocked(db: Db, options: { seed: Env["seed"]; fileStore: FileStore; siteUrl: string }): Promise<SeedDecision> {
  if (options.seed === "auto" && db.kind !== "pglite") return "not-embedded";
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_SEED_MARKER])) {
    await alignDemoDomains(db, options.siteUrl);
    await seedDemoTemplatesWhenMissing(db);
    await seedDemoRecordsWhenMissing(db, options.fileStore);
    await seedDemoDocumentsWhenMissing(db, options.fileStore);
    await seedDemoLabelsWhenMissing(db);
    await seedDemoLayersWhenMissing(db);
    await seedDemoHomesWhenMissing(db, options.fileStore);
    return "already-seeded";
  }
  if (options.seed === "auto") {
    const content = await db.maybeOne("select 1 as found from user_group union all select 1 from page limit 1");
    if (content) return "has-content";
  }
  await seedDemo(db, { fileStore: options.fileStore, siteUrl: options.siteUrl });
  return "seeded";
}
