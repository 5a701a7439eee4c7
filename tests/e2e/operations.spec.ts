import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What an operator or a load balancer sees of a running instance (issue 18, graceful operations).
const METRICS_TOKEN = "e2e-metrics-token-0123456789";

test.describe("[OPS] operating the portal", () => {
  test("liveness, readiness, request ids and metrics behind a token", async ({ request }) => {
    expect((await request.get("/api/health")).status()).toBe(200);
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok" });

    // A proxy's request id comes back; a page without one gets a fresh id.
    const page = await request.get("/data/show/1", { headers: { "x-request-id": "lb-4711" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["x-request-id"]).toBe("lb-4711");
    const other = await request.get("/data/list");
    expect(other.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await request.get("/", { headers: { "x-request-id": "not a valid id" } });
    expect(bad.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    // Metrics are not public.
    expect((await request.get("/api/metrics")).status()).toBe(401);
    expect((await request.get("/api/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } })).status()).toBe(401);
    const metrics = await request.get("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status()).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/data\/show\/:id",status="200"\} \d+/);
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="\/data\/list"\} \d+/);
    expect(text).toContain("portal_up 1");
    expect(text).toMatch(/portal_page_cache_(hits|misses)_total \d+/);
  });

  test("SIGTERM: readiness fails at once, a request already sent is answered, the process exits cleanly", async () => {
    // A second instance on its own empty data folder (no demo seed), from the same build.
    test.setTimeout(240_000);
    const port = 3100 + 90 + Math.floor(Math.random() * 8);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cca-ops-"));
    const logs: string[] = [];
    const child = spawn(process.execPath, [path.join(process.cwd(), "scripts/serve.mjs")], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED: "none", PAGE_CACHE: "off", LOG_FORMAT: "json", DRAIN_DELAY_SECONDS: "3", SHUTDOWN_TIMEOUT_SECONDS: "20", SITE_URL: `http://localhost:${port}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d: Buffer) => logs.push(d.toString()));
    child.stderr.on("data", (d: Buffer) => logs.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const get = (p: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: p, agent: false }, (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
    try {
      const deadline = Date.now() + 200_000;
      for (;;) {
        const answer = await get("/api/ready").catch(() => null);
        if (answer?.status === 200) break;
        if (Date.now() > deadline) throw new Error(`the second instance did not start:\n${logs.join("")}`);
        await new Promise((r) => setTimeout(r, 500));
      }

      // A sign-in whose body is still on its way when the signal arrives.
      const body = "username=nobody%40example.org&password=wrong-password&mode=manual";
      const inFlight = new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port, method: "POST", path: "/userGroup-api/api/v1/group/login", agent: false, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 2000);
      });
      await new Promise((r) => setTimeout(r, 300));
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      const draining = await get("/api/ready");
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toMatchObject({ status: "draining" });

      // The request in flight gets its real answer (a refused sign-in: no such account), not a reset connection.
      const status = await inFlight;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(await exited).toBe(0);
      const lines = logs.join("").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.some((l) => l.msg === "request" && l.route === "/userGroup-api/api/v1/group/login" && l.status === status && typeof l.requestId === "string")).toBe(true);
      expect(lines.some((l) => l.msg === "SIGTERM: draining")).toBe(true);
      expect(lines.at(-1)).toMatchObject({ msg: "stopped" });
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
