import type { Db } from "../infra/db/db";
import { MIGRATIONS, type Migration } from "./index";

// Serialises migrations of several processes starting at once against one PostgreSQL server.
const ADVISORY_LOCK = "select pg_advisory_xact_lock(724310001)";

/** Applies pending migrations in order, each in its own transaction. Returns the ids it applied. */
export async function runMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const ids = migrations.map((m) => m.id);
  const sorted = [...ids].sort();
  if (new Set(ids).size !== ids.length || ids.some((id, i) => id !== sorted[i])) {
    throw new Error(`Migration ids must be unique and in order: ${ids.join(", ")}`);
  }

  await db.transaction(async (tx) => {
    await tx.exec(ADVISORY_LOCK);
    await tx.exec(
      "create table if not exists schema_migrations (id text primary key, applied_on timestamptz not null default now())",
    );
  });

  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.exec(ADVISORY_LOCK);
      const done = await tx.maybeOne("select id from schema_migrations where id = $1", [migration.id]);
      if (done) return false;
      if (migration.sql.trim() !== "") await tx.exec(migration.sql);
      if (migration.run) await migration.run(tx);
      await tx.query("insert into schema_migrations (id) values ($1)", [migration.id]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}
