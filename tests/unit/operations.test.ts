import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, createMetrics, formatLogLine, readOperations, requestIdOf, routeLabel } from "@/web-server/operations";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("[OPS] request ids", () => {
  it("keeps a sane id from the proxy or client and makes a new one otherwise", () => {
    expect(requestIdOf("abc-123_x.y:z")).toBe("abc-123_x.y:z");
    expect(requestIdOf(["first", "second"])).toBe("first");
    for (const bad of [undefined, "", "has space", "x".repeat(101), "<script>", "a\nb"]) {
      const made = requestIdOf(bad);
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe("[OPS] route labels keep metrics bounded", () => {
  it.each([
    ["/", "/"],
    ["/hi", "/"],
    ["/data/show/12?x=1", "/data/show/:id"],
    ["/hi/data/show/99", "/data/show/:id"],
    ["/group/sacred-groves/page/show/45", "/group/:name/page/show/:id"],
    ["/cca-api/api/v1/data/list?state=Kerala", "/cca-api/api/v1/data/list"],
    ["/files-api/api/get/raw/myUploads/0123456789abcdef0123456789abcdef/grove.jpg", "/files-api/api/get/raw/myUploads/*"],
    ["/pages-api/api/v1/page/45", "/pages-api/api/v1/page/:id"],
    ["/_next/static/chunks/abc.js", "/_next/static"],
    ["/_next/data/build/en/index.json", "/_next/data"],
    ["/logos/sacred-groves.svg", "/logos/:file"],
    ["/user/show/7#top", "/user/show/:id"],
    ["/search/%E0%A4%B5%E0%A4%A8", "/search/:value"],
  ])("%s → %s", (path, label) => {
    expect(routeLabel(path)).toBe(label);
  });
});

describe("[OPS] metrics", () => {
  it("counts requests per route and status and builds latency histograms in Prometheus text", () => {
    const m = createMetrics();
    m.started();
    m.started();
    expect(m.inFlight()).toBe(2);
    m.observe("GET", "/data/show/:id", 200, 0.02);
    m.observe("GET", "/data/show/:id", 200, 0.3);
    expect(m.inFlight()).toBe(0);
    m.observe("POST", "/cca-api/api/v1/data/save", 400, 0.004);
    const text = m.render([
      { name: "portal_page_cache_hit_ratio", help: "Hit ratio.", value: 0.75 },
      { name: "portal_db_pool_idle", help: "Idle.", value: undefined },
    ]);
    expect(text).toContain('portal_http_requests_total{method="GET",route="/data/show/:id",status="200"} 2');
    expect(text).toContain('portal_http_requests_total{method="POST",route="/cca-api/api/v1/data/save",status="400"} 1');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{method="GET",route="/data/show/:id",le="0.025"} 1');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{method="GET",route="/data/show/:id",le="0.5"} 2');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{method="GET",route="/data/show/:id",le="+Inf"} 2');
    expect(text).toContain('portal_http_request_duration_seconds_count{method="GET",route="/data/show/:id"} 2');
    expect(text).toContain("portal_page_cache_hit_ratio 0.75");
    // A gauge without a value (the embedded database has no pool) is left out, not printed as NaN.
    expect(text).not.toContain("portal_db_pool_idle");
    expect(text.endsWith("\n")).toBe(true);
  });

  it("a crawler of endless paths cannot grow the route set without bound", () => {
    const m = createMetrics();
    for (let i = 0; i < 1000; i += 1) m.observe("GET", `/route-${i}`, 404, 0.001);
    const text = m.render();
    expect(text.match(/^portal_http_requests_total\{/gm)?.length).toBe(301);
    expect(text).toContain('portal_http_requests_total{method="GET",route="other",status="404"} 700');
  });
});

describe("[OPS] logs and settings", () => {
  it("writes one JSON object per line in json format, readable text otherwise", () => {
    const line = JSON.parse(formatLogLine("json", "info", "request", { requestId: "r1", status: 200 })) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "info", msg: "request", requestId: "r1", status: 200 });
    expect(typeof line.time).toBe("string");
    expect(formatLogLine("text", "info", "request", { status: 200, requestId: "r1" })).toBe("request status=200 requestId=r1");
  });

  it("the platform's JSON logger puts errors and the request id in fields", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    createLogger("json").error("[platform] GET cca-api/api/v1/data/1 failed:", new Error("boom"), { requestId: "r9" });
    const logged = JSON.parse(String(spy.mock.calls[0]?.[0])) as { level: string; msg: string; requestId: string; error: { message: string } };
    expect(logged).toMatchObject({ level: "error", msg: "[platform] GET cca-api/api/v1/data/1 failed:", requestId: "r9", error: { message: "boom" } });
  });

  it("refuses bad operations settings with every reason", () => {
    expect(readOperations({})).toEqual({ problems: [], logFormat: "text", drainDelay: 0, shutdownTimeout: 15, metricsToken: null });
    expect(readOperations({ LOG_FORMAT: "JSON", DRAIN_DELAY_SECONDS: "10", METRICS_TOKEN: "0123456789abcdef" })).toMatchObject({ logFormat: "json", drainDelay: 10, metricsToken: "0123456789abcdef" });
    const bad = readOperations({ LOG_FORMAT: "xml", DRAIN_DELAY_SECONDS: "-1", SHUTDOWN_TIMEOUT_SECONDS: "soon", METRICS_TOKEN: "short" });
    expect(bad.problems).toHaveLength(4);
    for (const name of ["LOG_FORMAT", "DRAIN_DELAY_SECONDS", "SHUTDOWN_TIMEOUT_SECONDS", "METRICS_TOKEN"]) expect(bad.problems.some((p) => p.startsWith(name))).toBe(true);
  });
});
