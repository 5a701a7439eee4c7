/**
 * Several instances on one PostgreSQL database behave as one site (issue 18): cache invalidations
 * travel between them (LISTEN/NOTIFY, or Redis), they start together on an empty database without
 * seeding twice, and a session or a throttle counter of one is honoured by the other. The embedded
 * lane checks that one embedded instance runs no transport. The HTTP-level proof (two `npm start`
 * processes behind nginx) is tests/e2e/multi-instance.spec.ts.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/config/env";
import type { InvalidationEvent, InvalidationListener } from "@/shared/cache/invalidation";
import { startPlatform, type Platform } from "@/server/app/boot";
import {
  decodeMessage,
  encodeMessage,
  startInvalidationTransport,
  transportFromEnv,
  type InvalidationBus,

  type TransportKind,
} from "@/server/infra/cache/invalidation-transport";
import { SEED_GROUPS, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { createServerDatabase, makeTempDir, removeDir, TEST_DB, type ThrowawayServerDb } from "./helpers/test-database";
import { callRouter, type ApiResult } from "./helpers/test-platform";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "multi-instance-tests-secret-of-at-least-32-chars";

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One instance's own invalidation bus (in a real deployment, each process has the global one). */
function bus(): InvalidationBus & { seen: InvalidationEvent[]; next(predicate: (e: InvalidationEvent) => boolean): Promise<InvalidationEvent> } {
  const listeners = new Set<InvalidationListener>();
  const seen: InvalidationEvent[] = [];
  const waiters: Array<{ predicate: (e: InvalidationEvent) => boolean; resolve(e: InvalidationEvent): void }> = [];
  return {
    seen,
    publish(prefix, options) {
      const event = { prefix, remote: options.remote };
      seen.push(event);
      for (const l of listeners) l(event);
      for (const w of [...waiters]) {
        if (w.predicate(event)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(event);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    next(predicate) {
      const found = seen.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        setTimeout(() => reject(new Error("no such invalidation within 5 s")), 5000).unref();
      });
    },
  };
}

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const url = new URL(REDIS_URL);
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(10_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe("[MULTI] invalidation messages", () => {
  it("carry the sender and the prefix; anything else on the channel is ignored", () => {
    expect(decodeMessage(encodeMessage("a", "pages:"))).toEqual({ i: "a", p: "pages:" });
    expect(decodeMessage("hello")).toBeNull();
    expect(decodeMessage('{"i":1,"p":"x"}')).toBeNull();
    expect(decodeMessage(undefined)).toBeNull();
  });

  it("the transport follows the deployment: none for one embedded instance, PostgreSQL with a server, Redis when asked", () => {
    expect(transportFromEnv({ databaseUrl: null, redisUrl: null, invalidationTransport: "auto" })).toBeNull();
    expect(transportFromEnv({ databaseUrl: "postgres://db/x", redisUrl: null, invalidationTransport: "auto" })).toEqual({ kind: "postgres", url: "postgres://db/x" });
    expect(transportFromEnv({ databaseUrl: "postgres://db/x", redisUrl: "redis://r:6379", invalidationTransport: "auto" })?.kind).toBe("redis");
    expect(transportFromEnv({ databaseUrl: "postgres://db/x", redisUrl: "redis://r:6379", invalidationTransport: "postgres" })?.kind).toBe("postgres");
    expect(transportFromEnv({ databaseUrl: "postgres://db/x", redisUrl: null, invalidationTransport: "off" })).toBeNull();
    expect(() => parseEnv({ INVALIDATION_TRANSPORT: "postgres" })).toThrow("INVALIDATION_TRANSPORT=postgres needs DATABASE_URL");
    expect(() => parseEnv({ INVALIDATION_TRANSPORT: "redis" })).toThrow("INVALIDATION_TRANSPORT=redis needs REDIS_URL");
    expect(() => parseEnv({ INVALIDATION_CHANNEL: "bad channel" })).toThrow("INVALIDATION_CHANNEL must be");
  });
});

describe.runIf(TEST_DB === "pglite")("[MULTI] one embedded instance", () => {
  it("starts no invalidation transport and needs no other service", async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeDir(dataDir));
    const platform = await startPlatform(parseEnv({ DATA_DIR: dataDir, SEED: "none" }), quiet);
    try {
      expect(platform.invalidation).toBeNull();
    } finally {
      await platform.close();
    }
  });
});

async function transportPair(kind: TransportKind, url: string, channel: string) {
  const a = bus();
  const b = bus();
  const ta = startInvalidationTransport({ kind, url, channel, bus: a, logger: quiet, reconnectMs: 50 });
  const tb = startInvalidationTransport({ kind, url, channel, bus: b, logger: quiet, reconnectMs: 50 });
  cleanups.push(() => ta.close(), () => tb.close());
  await Promise.all([ta.ready, tb.ready]);
  return { a, b, ta, tb };
}

async function exchange(pair: Awaited<ReturnType<typeof transportPair>>, prefix: string): Promise<void> {
  pair.a.publish(prefix, { remote: false });
  await expect(pair.b.next((e) => e.prefix === prefix)).resolves.toEqual({ prefix, remote: true });
}

describe.runIf(TEST_DB === "postgres")("[MULTI] instances on one PostgreSQL database", () => {
  let server: ThrowawayServerDb;
  const platforms: Platform[] = [];

  afterAll(async () => {
    for (const p of platforms) await p.close();
    await server?.drop();
  });

  it("an invalidation on one instance reaches the other over LISTEN/NOTIFY, never echoes back, and survives a lost connection", async () => {
    server = await createServerDatabase();
    const pair = await transportPair("postgres", server.url, "cca_it_invalidation");
    await exchange(pair, "pages:");
    // A remote event is applied, not forwarded again; the sender ignores its own notification.
    await new Promise((r) => setTimeout(r, 200));
    expect(pair.a.seen).toEqual([{ prefix: "pages:", remote: false }]);
    expect(pair.b.seen).toEqual([{ prefix: "pages:", remote: true }]);

    // The database ends B's listening connection: B reconnects, drops everything (it may have missed
    // events), and listens again.
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()");
    await admin.end();
    await expect(pair.b.next((e) => e.prefix === "" && e.remote)).resolves.toBeTruthy();
    await expect.poll(() => pair.ta.connected() && pair.tb.connected(), { timeout: 5000 }).toBe(true);
    await exchange(pair, "groups:");
  });

  it("two instances starting at once on an empty database migrate and seed it once, and run the transport", async () => {
    const env = (dir: string) => parseEnv({ DATABASE_URL: server.url, JWT_SECRET: SECRET, SEED: "demo", DATA_DIR: dir });
    const dirs = [makeTempDir(), makeTempDir()];
    cleanups.push(() => dirs.forEach(removeDir));
    const started = await Promise.all(dirs.map((dir) => startPlatform(env(dir), quiet)));
    platforms.push(...started);
    const groups = await started[0]!.db.one<{ n: number }>("select count(*)::int as n from user_group");
    expect(groups.n).toBe(SEED_GROUPS.length);
    const users = await started[0]!.db.one<{ n: number }>("select count(*)::int as n from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.admin.email]);
    expect(users.n).toBe(1);
    expect(started.map((p) => p.invalidation?.kind)).toEqual(["postgres", "postgres"]);
    await Promise.all(started.map((p) => p.invalidation!.ready));
  });

  it("a session begun on one instance works on the other, and sign-in failures count across both", async () => {
    const [one, two] = platforms as [Platform, Platform];
    const form = (fields: Record<string, string>) => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from(new URLSearchParams(fields).toString()),
      clientAddress: "10.88.0.1",
    });
    const member = SEED_USER_BY_ROLE.user;
    const signedIn = await callRouter(one.router, "POST", "userGroup-api/api/v1/group/login", form({ username: member.email!, password: member.password, mode: "manual" }));
    expect(signedIn.status).toBe(200);
    const { access_token: access, refresh_token: refresh } = signedIn.body as { access_token: string; refresh_token: string };
    const me = await callRouter(two.router, "GET", "user-api/api/v1/user/me", { headers: { authorization: `Bearer ${access}` } });
    expect(me.status).toBe(200);
    // The refresh token renews on the other instance; signing out there ends it on the first one too.
    const renewed = await callRouter(two.router, "POST", `user-api/api/v1/authenticate/refresh-tokens?refreshToken=${refresh}`, form({}));
    expect(renewed.status).toBe(200);
    const fresh = (renewed.body as { refresh_token: string }).refresh_token;
    expect((await callRouter(two.router, "POST", `user-api/api/v1/authenticate/logout?refreshToken=${fresh}`, form({}))).status).toBe(200);
    expect((await callRouter(one.router, "POST", `user-api/api/v1/authenticate/refresh-tokens?refreshToken=${fresh}`, form({}))).status).toBe(401);

    // Five wrong passwords, alternating instances, lock the account on both: even the right one is refused.
    const wrong = () => form({ username: SEED_USER_BY_ROLE.pageEditor.email!, password: "not-the-password", mode: "manual" });
    const answers: ApiResult[] = [];
    for (let i = 0; i < 5; i++) answers.push(await callRouter((i % 2 ? two : one).router, "POST", "userGroup-api/api/v1/group/login", wrong()));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const right = form({ username: SEED_USER_BY_ROLE.pageEditor.email!, password: SEED_USER_BY_ROLE.pageEditor.password, mode: "manual" });
    expect((await callRouter(one.router, "POST", "userGroup-api/api/v1/group/login", right)).status).toBe(429);
    expect((await callRouter(two.router, "POST", "userGroup-api/api/v1/group/login", right)).status).toBe(429);
  });
});

describe.runIf(TEST_DB === "postgres")("[MULTI] Redis transport", () => {
  // The server lane's machine runs Redis beside PostgreSQL (CI's too), so this never skips: a missing
  // Redis is a failure that says where it looked.
  it("carries invalidations between instances too", async () => {
    expect(await redisReachable(), `a Redis server at ${REDIS_URL} (TEST_REDIS_URL)`).toBe(true);
    const pair = await transportPair("redis", REDIS_URL, `cca_it_${process.pid}`);
    await exchange(pair, "documents:");
    await new Promise((r) => setTimeout(r, 200));
    expect(pair.a.seen).toEqual([{ prefix: "documents:", remote: false }]);
  });
});


