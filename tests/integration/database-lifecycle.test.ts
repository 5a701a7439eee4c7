import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv, type Env } from "@/config/env";
import { loadJwtSecret } from "@/server/infra/auth/jwt-secret";
import { describeBootError, startPlatform, type Platform } from "@/server/app/boot";
import { acquireDataFolderLock, DataFolderLockedError, LOCK_FILE_NAME } from "@/server/infra/db/data-folder-lock";
import { runMigrations } from "@/server/migrations/migrate";
import { MIGRATIONS } from "@/server/migrations";
import { openDatabase } from "@/server/infra/db/open-database";
import { DatabaseUnreachableError } from "@/server/infra/db/postgres-db";
import { SEED_GROUPS, SEED_PAGE_IDS, SEED_USER_BY_ROLE, SEED_USERS } from "@/server/seed/demo";
import { seedWhenDue } from "@/server/seed/seed-when-due";
import { insertPage } from "@/server/modules/pages/page.repository";
import { getPage } from "@/server/modules/pages/page.service";
import { createFreshDatabase, createReopenableDatabase, makeTempDir, removeDir, TEST_DB } from "./helpers/test-database";
import { callRouter } from "./helpers/test-platform";
import { directoryFileStore } from "@/server/infra/files/file-store";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir();
  tempDirs.push(dir);
  return dir;
};

afterAll(() => tempDirs.forEach(removeDir));

/** Runs a short-lived node process and resolves with its pid once it is up (or gone). */
function startProcess(code: string): Promise<{ pid: number; stop(): void; exited: Promise<void> }> {
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("spawn", () => resolve({ pid: child.pid!, stop: () => child.kill(), exited }));
  });
}

describe("[DATA] one process per data folder", () => {
  it("a second open of a data folder is refused with a message that says what to do", () => {
    const dir = tempDir();
    const lock = acquireDataFolderLock(dir);
    expect(() => acquireDataFolderLock(dir)).toThrow(
      `Another portal process (pid ${process.pid}) is using the data folder ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataFolderLock(dir).release();
  });

  it("a lock held by another running process is respected and names its pid", async () => {
    const dir = tempDir();
    const other = await startProcess("setTimeout(() => {}, 30000)");
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${other.pid}\n`);
      let error: unknown;
      try {
        acquireDataFolderLock(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataFolderLockedError);
      expect((error as Error).message).toContain(`(pid ${other.pid})`);
    } finally {
      other.stop();
      await other.exited;
    }
  });

  it("a stale lock left by a process that is gone is taken over", async () => {
    const dir = tempDir();
    const gone = await startProcess("");
    await gone.exited;
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${gone.pid}\n`);
    const lock = acquireDataFolderLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });
});

describe(`[BOOT] starting the platform (${TEST_DB})`, () => {
  const envFor = (dataDir: string, databaseUrl: string | null, seed = "auto"): Env =>
    parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", JWT_SECRET: databaseUrl ? "integration-test-secret-0123456789abcdef" : "", SEED: seed });

  it("boots, serves, refuses a second process on an embedded data folder, and reopens without migrating or seeding again", async () => {
    const place = await createReopenableDatabase();
    const seed = TEST_DB === "pglite" ? "auto" : "demo";
    let first: Platform | null = null;
    let again: Platform | null = null;
    try {
      first = await startPlatform(envFor(place.dataDir, place.databaseUrl, seed), quiet);
      const groups = await callRouter(first.router, "GET", "userGroup-api/api/v1/group/all");
      expect((groups.body as unknown[]).length).toBe(SEED_GROUPS.length);
      expect(fs.existsSync(path.join(place.dataDir, "files/userGroups/logos/chilika.svg"))).toBe(true);

      if (TEST_DB === "pglite") {
        await expect(startPlatform(envFor(place.dataDir, null), quiet)).rejects.toThrow(
          `Another portal process (pid ${process.pid}) is using the data folder ${place.dataDir}.`,
        );
      } else {
        // On a PostgreSQL server the data folder holds files only: several instances may share it.
        const second = await startPlatform(envFor(place.dataDir, place.databaseUrl, seed), quiet);
        await second.close();
      }
      await first.close();
      first = null;
      expect(fs.existsSync(path.join(place.dataDir, LOCK_FILE_NAME))).toBe(false);

      again = await startPlatform(envFor(place.dataDir, place.databaseUrl, seed), quiet);
      expect(await runMigrations(again.db)).toEqual([]);
      expect(await seedWhenDue(again.db, { seed: "demo", fileStore: again.deps.fileStore, siteUrl: again.env.siteUrl })).toBe("already-seeded");
      const count = await again.db.one<{ n: number }>("select count(*)::integer as n from user_group");
      expect(count.n).toBe(SEED_GROUPS.length);
      const migrations = await again.db.query<{ id: string }>("select id from schema_migrations order by id");
      expect(migrations.map((m) => m.id)).toEqual(MIGRATIONS.map((m) => m.id));
    } finally {
      await first?.close();
      await again?.close();
      await place.dispose();
    }
  }, 180_000); // boots the platform and seeds the whole demo (records included) in child processes

  it("an unreachable PostgreSQL server is reported in one line, without the password", async () => {
    let error: unknown;
    try {
      await openDatabase({ databaseUrl: "postgres://cca:s3cret@127.0.0.1:1/cca" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = describeBootError(error);
    expect(message).toMatch(/^Cannot reach the database at postgres:\/\/cca:\*\*\*@127\.0\.0\.1:1\/cca: .*ECONNREFUSED/);
    expect(message).not.toContain("s3cret");
    expect(message).not.toContain("\n");
  });

  it("a bad configuration is reported as the list of what is wrong", () => {
    let error: unknown;
    try {
      parseEnv({ SEED: "everything", JWT_SECRET: "short" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = describeBootError(error);
    expect(message).toContain("SEED");
    expect(message).toContain("JWT_SECRET");
    expect(message).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it("the token secret is generated once into the data folder with mode 600, unless JWT_SECRET is set", () => {
    const dir = tempDir();
    const first = loadJwtSecret({ jwtSecret: null, dataDir: dir });
    const second = loadJwtSecret({ jwtSecret: null, dataDir: dir });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "jwt-secret")).mode & 0o777).toBe(0o600);
    const configured = loadJwtSecret({ jwtSecret: "x".repeat(40), dataDir: dir });
    expect(new TextDecoder().decode(configured)).toBe("x".repeat(40));
  });
});

describe(`[SEED] the demo scenario and migrations on a fresh database (${TEST_DB})`, () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  beforeAll(async () => {
    fresh = await createFreshDatabase();
  });
  afterAll(async () => {
    await fresh?.dispose();
  });

  it("the demo loads once, not with SEED=none, and still loads when only a user made from a shell exists", async () => {
    const { db } = fresh;
    const filesDir = path.join(tempDir(), "files");
    const siteUrl = "http://localhost:3000";
    expect(await runMigrations(db)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await runMigrations(db)).toEqual([]);
    await db.query("insert into app_user (name, email, roles) values ('Site owner', 'owner@example.net', '{ROLE_ADMIN}')");

    expect(await seedWhenDue(db, { seed: "none", fileStore: directoryFileStore(filesDir), siteUrl })).toBe("disabled");
    expect((await db.query("select id from user_group")).length).toBe(0);

    if (TEST_DB === "pglite") {
      expect(await seedWhenDue(db, { seed: "auto", fileStore: directoryFileStore(filesDir), siteUrl })).toBe("seeded");
    } else {
      expect(await seedWhenDue(db, { seed: "auto", fileStore: directoryFileStore(filesDir), siteUrl })).toBe("not-embedded");
      expect(await seedWhenDue(db, { seed: "demo", fileStore: directoryFileStore(filesDir), siteUrl })).toBe("seeded");
    }

    const users = await db.query<{ name: string }>("select name from app_user order by id");
    expect(users.map((u) => u.name)).toEqual(["Site owner", ...SEED_USERS.map((u) => u.name)]);
    // The demo admin got a fresh id; the pages it wrote follow it.
    const about = await getPage(db, SEED_PAGE_IDS.about, "full");
    expect(about.userIbp).toMatchObject({ name: SEED_USER_BY_ROLE.admin.name, isAdmin: true });
    expect(about.userIbp?.id).not.toBe(SEED_USER_BY_ROLE.admin.id);

    expect(await seedWhenDue(db, { seed: "demo", fileStore: directoryFileStore(filesDir), siteUrl })).toBe("already-seeded");
    expect((await db.query("select id from user_group")).length).toBe(SEED_GROUPS.length);

    // Without the marker, "auto" still leaves a database that has content alone.
    await db.query("delete from platform_meta");
    expect(await seedWhenDue(db, { seed: "auto", fileStore: directoryFileStore(filesDir), siteUrl })).toBe(TEST_DB === "pglite" ? "has-content" : "not-embedded");

    // New rows get ids above the seeded ones.
    const id = await insertPage(db, {
      title: "New page",
      content: "<p>x</p>",
      userGroupId: null,
      languageId: 205,
      parentId: 0,
      pageIndex: 9,
      pageType: "Content",
      autherId: null,
      autherName: null,
    });
    const { max } = await db.one<{ max: number }>("select max(id)::integer as max from page where id <> $1", [id]);
    expect(id).toBe(max + 1);
  });

  it("a failing migration leaves nothing behind, and migrations must be in order", async () => {
    const { db } = fresh;
    const broken = { id: "9999_broken", sql: "create table half_done (x integer); select * from no_such_table;" };
    await expect(runMigrations(db, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_table/);
    expect(await db.maybeOne("select 1 as found from information_schema.tables where table_name = 'half_done'")).toBeNull();
    const applied = await db.query<{ id: string }>("select id from schema_migrations");
    expect(applied.map((m) => m.id)).toEqual(MIGRATIONS.map((m) => m.id));
    await expect(runMigrations(db, [{ id: "0002_b", sql: "" }, { id: "0001_a", sql: "" }])).rejects.toThrow(/in order/);
  });
});
