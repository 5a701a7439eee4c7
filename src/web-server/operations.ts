/**
 * What the portal server (scripts/serve.mjs) needs to be operated (issue 18): request ids, route labels
 * that keep metrics bounded, Prometheus-style metrics, JSON log lines, the platform's logger and the
 * server's draining settings. Unit-tested in tests/unit/operations.test.ts.
 */
import { randomUUID } from "node:crypto";
import type { LogFormat } from "../server/infra/log";

export { createLogger, formatLogLine, type LogFormat, type LogLevel } from "../server/infra/log";

/** Header a request id travels in, in and out (and into platform calls made while rendering). */
export const REQUEST_ID_HEADER = "x-request-id";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The caller's request id when it is a sane token (a proxy's or a client's), else a new one. */
export function requestIdOf(value: string | string[] | undefined): string {
  const given = Array.isArray(value) ? value[0] : value;
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

const LOCALES = new Set(["hi"]);
const MAX_SEGMENTS = 5;
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{24,})$/i;

/**
 * The route a path belongs to, for metrics: the locale prefix dropped, ids as `:id`, file names as
 * `:file`, a group's name as `:name`, at most five segments (the rest `*`), Next's assets as one route.
 * So `/hi/data/show/12?x=1` and `/data/show/99` are both `/data/show/:id`.
 */
export function routeLabel(url: string | undefined): string {
  const path = String(url || "/").replace(/[?#].*$/s, "");
  if (path.startsWith("/_next/")) return path.startsWith("/_next/data/") ? "/_next/data" : "/_next/static";
  let segments = path.split("/").filter(Boolean);
  if (LOCALES.has(segments[0] ?? "")) segments = segments.slice(1);
  const out: string[] = [];
  for (const [i, raw] of segments.entries()) {
    if (out.length === MAX_SEGMENTS) {
      out.push("*");
      break;
    }
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      s = raw;
    }
    if (ID_SEGMENT.test(s)) out.push(":id");
    else if (segments[i - 1] === "group" && i === 1) out.push(":name");
    else if (/\.[A-Za-z0-9]{1,8}$/.test(s)) out.push(":file");
    else if (s.length > 40 || !/^[A-Za-z0-9_.-]+$/.test(s)) out.push(":value");
    else out.push(s);
  }
  return `/${out.join("/")}`;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Distinct routes kept; later ones are counted under "other" so a crawler cannot grow memory. */
const MAX_ROUTES = 300;

const escapeLabel = (value: string): string => String(value).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

export interface Gauge {
  name: string;
  help: string;
  value: number | null | undefined;
  type?: "gauge" | "counter";
}

export interface Metrics {
  /** A request came in. */
  started(): void;
  /** One finished request. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The text a Prometheus server scrapes, with extra gauges. */
  render(gauges?: readonly Gauge[]): string;
  /** Requests being answered now. */
  inFlight(): number;
}

/** Request counters and latency histograms per route and method, in Prometheus text format. */
export function createMetrics(): Metrics {
  const requests = new Map<string, number>(); // `${method} ${route} ${status}` → count
  const latency = new Map<string, { buckets: number[]; sum: number; count: number }>(); // `${method} ${route}`
  const routes = new Set<string>();
  let inFlight = 0;
  return {
    started() {
      inFlight += 1;
    },
    inFlight: () => inFlight,
    observe(method, route, status, seconds) {
      inFlight = Math.max(0, inFlight - 1);
      let label = route;
      if (!routes.has(label)) {
        if (routes.size >= MAX_ROUTES) label = "other";
        else routes.add(label);
      }
      const m = /^[A-Z]{3,7}$/.test(method) ? method : "OTHER";
      const key = `${m} ${label} ${status}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      const lkey = `${m} ${label}`;
      let h = latency.get(lkey);
      if (!h) {
        h = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
        latency.set(lkey, h);
      }
      BUCKETS.forEach((b, i) => {
        if (seconds <= b) h.buckets[i] = (h.buckets[i] ?? 0) + 1;
      });
      h.sum += seconds;
      h.count += 1;
    },
    render(gauges = []) {
      const lines: string[] = [];
      lines.push("# HELP portal_http_requests_total Requests answered, by method, route and status.");
      lines.push("# TYPE portal_http_requests_total counter");
      for (const [key, count] of requests) {
        const [method, route, status] = key.split(" ") as [string, string, string];
        lines.push(`portal_http_requests_total{method="${method}",route="${escapeLabel(route)}",status="${status}"} ${count}`);
      }
      lines.push("# HELP portal_http_request_duration_seconds Time to answer, by method and route.");
      lines.push("# TYPE portal_http_request_duration_seconds histogram");
      for (const [key, h] of latency) {
        const [method, route] = key.split(" ") as [string, string];
        const labels = `method="${method}",route="${escapeLabel(route)}"`;
        BUCKETS.forEach((b, i) => lines.push(`portal_http_request_duration_seconds_bucket{${labels},le="${b}"} ${h.buckets[i] ?? 0}`));
        lines.push(`portal_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
        lines.push(`portal_http_request_duration_seconds_sum{${labels}} ${Number(h.sum.toFixed(6))}`);
        lines.push(`portal_http_request_duration_seconds_count{${labels}} ${h.count}`);
      }
      lines.push("# HELP portal_http_requests_in_flight Requests being answered now.");
      lines.push("# TYPE portal_http_requests_in_flight gauge");
      lines.push(`portal_http_requests_in_flight ${inFlight}`);
      for (const g of gauges) {
        if (g.value === undefined || g.value === null || !Number.isFinite(Number(g.value))) continue;
        lines.push(`# HELP ${g.name} ${g.help}`);
        lines.push(`# TYPE ${g.name} ${g.type ?? "gauge"}`);
        lines.push(`${g.name} ${Number(g.value)}`);
      }
      return `${lines.join("\n")}\n`;
    },
  };
}

/**
 * Operations settings of the server, from the environment (see .env.example); `problems` lists what is
 * wrong, so the server can refuse to start with every reason at once.
 */
export interface Operations {
  problems: string[];
  logFormat: LogFormat;
  /** Seconds the server keeps answering (readiness 503) after SIGTERM, so a balancer stops routing to it. */
  drainDelay: number;
  /** Seconds requests in flight get to finish once the server stopped listening. */
  shutdownTimeout: number;
  /** Bearer token of GET /api/metrics; null: the endpoint answers 404. */
  metricsToken: string | null;
}

export function readOperations(env: Record<string, string | undefined>): Operations {
  const problems: string[] = [];
  const format = (env.LOG_FORMAT || "text").toLowerCase();
  if (!["text", "json"].includes(format)) problems.push(`LOG_FORMAT must be text or json (got "${env.LOG_FORMAT}")`);
  const seconds = (name: string, fallback: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > max) {
      problems.push(`${name} must be a number of seconds from 0 to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) problems.push("METRICS_TOKEN must be at least 16 characters (or unset to turn /api/metrics off)");
  return {
    problems,
    logFormat: format === "json" ? "json" : "text",
    drainDelay: seconds("DRAIN_DELAY_SECONDS", 0, 300),
    shutdownTimeout: seconds("SHUTDOWN_TIMEOUT_SECONDS", 15, 600),
    metricsToken,
  };
}
