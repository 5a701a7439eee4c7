import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import { ROLES } from "@site-config";
import type { AuthResponse } from "@/contracts/auth";
import { parseEnv } from "@/config/env";
import { startPlatform } from "@/server/app/boot";
import { acquireDataFolderLock, LOCK_FILE_NAME } from "@/server/infra/db/data-folder-lock";
import { runMigrations } from "@/server/migrations/migrate";
import { MIGRATIONS } from "@/server/migrations";
import { SEED_GROUPS, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { claims } from "./helpers/accounts";
import { createReopenableDatabase, makeTempDir, removeDir, TEST_DB } from "./helpers/test-database";
import { callRouter } from "./helpers/test-platform";

const ROOT = path.resolve(import.meta.dirname, "../..");
const JWT_SECRET = "cli-test-secret-0123456789abcdefghij";
const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach(removeDir));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npx tsx scripts/user-create.ts …` as `npm run user:create -- …` runs it. */
function userCreate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/user-create.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }));
  });
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: Buffer.from(new URLSearchParams(fields).toString()),
  clientAddress: "10.99.0.1",
});

describe(`[CLI] npm run user:create (${TEST_DB})`, () => {
  it("refuses plainly while the portal holds the embedded data folder, and writes nothing", async () => {
    const dir = makeTempDir();
    tempDirs.push(dir);
    const lock = acquireDataFolderLock(dir);
    try {
      const run = await userCreate(["--email", "owner@example.net", "--password", "owner-pass-1", "--name", "Owner"], {
        DATA_DIR: dir,
        DATABASE_URL: "",
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `The portal is running on this data folder (pid ${process.pid}). Stop it first: the embedded database allows one process at a time.`,
      );
      expect(run.stdout).toBe("");
      expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
      expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
    } finally {
      lock.release();
    }
  });

  it("bad input: a clear message and exit code 1, before any database is opened", async () => {
    const dir = makeTempDir();
    tempDirs.push(dir);
    const env = { DATA_DIR: dir, DATABASE_URL: "" };
    const cases: [string[], string][] = [
      [[], "--email (or --mobile) is required"],
      [["--email", "not-an-email", "--password", "long-enough", "--name", "X"], '"not-an-email" is not an e-mail address'],
      [["--email", "a@example.net", "--password", "short", "--name", "X"], "The password needs at least 8 characters"],
      [["--email", "a@example.net", "--password", "long-enough", "--name", "X", "--role", "ROLE_WIZARD"], 'Unknown role "ROLE_WIZARD"'],
    ];
    for (const [args, message] of cases) {
      const run = await userCreate(args, env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("Usage: npm run user:create");
    }
    expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
  });

  it("migrates an older database, creates a verified user with ROLE_USER and the roles given, refuses a duplicate; the demo seed still loads", async () => {
    const place = await createReopenableDatabase();
    const env = { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "", JWT_SECRET };
    try {
      // A database from before the accounts migration, with a user made from a shell.
      const old = await place.open();
      await runMigrations(old, MIGRATIONS.slice(0, 1));
      await old.query("insert into app_user (name, email, password_hash, roles) values ('Old Admin', 'old@example.net', $1, '{ROLE_ADMIN,ROLE_USER}')", [
        await bcrypt.hash("old-admin-pass", 10),
      ]);
      await old.close();

      const created = await userCreate(
        ["--email", "Curator@Example.net", "--password", "curator-pass-1", "--name", "Sita Curator", "--mobile", "+919811122233", "--role", "ROLE_DATACURATOR", "--role", "admin"],
        env,
      );
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const match = /^Created user (\d+) \(curator@example\.net\) with roles ROLE_USER, ROLE_DATACURATOR, ROLE_ADMIN\.$/m.exec(created.stdout);
      expect(match).not.toBeNull();
      const id = Number(match![1]);

      const duplicate = await userCreate(["--mobile", "+919811122233", "--password", "another-pass", "--name", "Copy"], env);
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain(`exists already (id ${id})`);

      const platform = await startPlatform(
        parseEnv({ NODE_ENV: "test", DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "", JWT_SECRET, SEED: TEST_DB === "pglite" ? "auto" : "demo" }),
        quiet,
      );
      try {
        expect(await platform.db.one("select count(*)::integer as n from user_group")).toEqual({ n: SEED_GROUPS.length });
        const row = await platform.db.one("select account_locked, email_validated, mobile_validated, roles from app_user where id = $1", [id]);
        expect(row).toEqual({ account_locked: false, email_validated: true, mobile_validated: true, roles: [ROLES.USER, ROLES.DATACURATOR, ROLES.ADMIN] });

        const login = (username: string, password: string) =>
          callRouter(platform.router, "POST", "userGroup-api/api/v1/group/login", form({ username, password, mode: "manual" }));
        const res = await login("+919811122233", "curator-pass-1");
        expect(res.status).toBe(200);
        expect(claims((res.body as AuthResponse).access_token!)).toMatchObject({ id, name: "Sita Curator", roles: [ROLES.USER, ROLES.DATACURATOR, ROLES.ADMIN] });
        // The user from before the migration is unlocked and counts as verified.
        const oldLogin = await login("old@example.net", "old-admin-pass");
        expect((oldLogin.body as AuthResponse).message).toBe("AUTHENTICATION_SUCCESSFUL");
        expect(await platform.db.one("select email_validated, account_locked from app_user where email = 'old@example.net'")).toEqual({
          email_validated: true,
          account_locked: false,
        });
        // The demo users are there, verified.
        const demo = SEED_USER_BY_ROLE.user;
        expect((await login(demo.mobileNumber!, demo.password)).status).toBe(200);
      } finally {
        await platform.close();
      }
    } finally {
      await place.dispose();
    }
  }, 180_000); // boots the platform and seeds the whole demo (records included) in child processes
});
