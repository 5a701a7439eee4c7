/**
 * The seeded Chilika group answers on its own domain on the port the portal is served on: a fresh
 * start on any PORT (or SITE_URL) links to a live address, and a demo database started again under
 * another address moves the seeded domain along (unless someone changed it).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { GroupDetail, GroupListItem } from "@/contracts/group";
import { parseEnv, type Env } from "@/config/env";
import { startPlatform, type Platform } from "@/server/app/boot";
import { demoDomainOf, SEED_GROUPS } from "@/server/seed/demo";
import { seedWhenDue } from "@/server/seed/seed-when-due";
import { createReopenableDatabase, TEST_DB } from "./helpers/test-database";
import { callRouter, createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const CHILIKA = SEED_GROUPS.find((g) => g.slug === "chilika")!;
const BANNI = SEED_GROUPS.find((g) => g.slug === "banni-grasslands")!;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const envOn = (place: { dataDir: string; databaseUrl: string | null }, port: number): Env =>
  parseEnv({
    NODE_ENV: "test",
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
    JWT_SECRET: place.databaseUrl ? "integration-test-secret-0123456789abcdef" : "",
    SEED: TEST_DB === "pglite" ? "auto" : "demo",
    PORT: String(port),
  });

async function chilikaAddress(router: Platform["router"] | TestPlatform["router"]): Promise<string | undefined> {
  const groups = (await callRouter(router, "GET", "userGroup-api/api/v1/group/all")).body as GroupListItem[];
  return groups.find((g) => g.id === CHILIKA.id)?.webAddress;
}

describe(`[SEED] the demo microsite's own domain is on the portal's port (${TEST_DB})`, () => {
  let api: TestPlatform | undefined;
  afterAll(async () => {
    await api?.close();
  });

  it("a portal first started on port 4321 links Chilika to http://chilika.localhost:4321", async () => {
    api = await createTestPlatform({ settings: { siteUrl: "http://localhost:4321" } });
    expect(await chilikaAddress(api.router)).toBe("http://chilika.localhost:4321");
    const detail = (await api.get(`userGroup-api/api/v1/group/${CHILIKA.id}/205`)).body as GroupDetail;
    expect(detail.domainName).toBe("http://chilika.localhost:4321");
  });

  it("takes the scheme and port of the site address, none when it is the scheme's default", () => {
    expect(demoDomainOf(CHILIKA, "http://localhost:3000")).toBe("http://chilika.localhost:3000");
    expect(demoDomainOf(CHILIKA, "http://portal.example.org:8080")).toBe("http://chilika.localhost:8080");
    expect(demoDomainOf(CHILIKA, "https://portal.example.org")).toBe("https://chilika.localhost");
    expect(demoDomainOf(CHILIKA, "http://localhost:80")).toBe("http://chilika.localhost");
    expect(demoDomainOf(BANNI, "http://localhost:3000")).toBeNull();
  });
});

describe(`[SEED] a demo database started again on another port (${TEST_DB})`, () => {
  it("moves the seeded domain to the new port, and keeps a domain someone changed or another group holds", async () => {
    const place = await createReopenableDatabase();
    let platform: Platform | null = null;
    try {
      platform = await startPlatform(envOn(place, 3000), quiet);
      expect(await chilikaAddress(platform.router)).toBe("http://chilika.localhost:3000");
      await platform.close();
      platform = null;

      platform = await startPlatform(envOn(place, 4100), quiet);
      expect(await chilikaAddress(platform.router)).toBe("http://chilika.localhost:4100");

      const { db } = platform;
      const again = (siteUrl: string) => seedWhenDue(db, { seed: "demo", fileStore: platform!.deps.fileStore, siteUrl });
      // Another group already answers on the address Chilika would move to: both stay as they are.
      await db.query("update user_group set domain_name = $2 where id = $1", [BANNI.id, "http://chilika.localhost:4200"]);
      expect(await again("http://localhost:4200")).toBe("already-seeded");
      expect(await chilikaAddress(platform.router)).toBe("http://chilika.localhost:4100");
      await db.query("update user_group set domain_name = null where id = $1", [BANNI.id]);

      // An administrator gave Chilika a real domain: a restart leaves it alone.
      await db.query("update user_group set domain_name = $2 where id = $1", [CHILIKA.id, "https://chilika.example.org"]);
      expect(await again("http://localhost:4300")).toBe("already-seeded");
      expect(await chilikaAddress(platform.router)).toBe("https://chilika.example.org");
    } finally {
      await platform?.close();
      await place.dispose();
    }
  });
});
