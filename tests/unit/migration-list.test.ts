import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "@/server/migrations";

// A migration file that is not in the list never runs: its tables are missing on every new database.
describe("the migration list", () => {
  it("holds every migration file in the folder, once, in the order of their numbers", () => {
    const files = readdirSync(path.join(process.cwd(), "src/server/migrations"))
      .filter((f) => /^\d{4}_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    const ids = MIGRATIONS.map((m) => m.id);
    expect(ids).toEqual(files);
  });
});
