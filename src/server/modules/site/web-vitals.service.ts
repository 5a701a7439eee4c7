/**
 * Web vitals from real visitors (issue 35; contract in src/contracts/web-vitals.ts): kept in memory as
 * Prometheus histograms per metric, route pattern and language, and nothing else (no address, no time, no
 * session). The portal server appends them to `GET /api/metrics` (src/web-server/serve.ts reads the store
 * through globalThis, as it reads the data cache's size). Each instance counts its own visitors; Prometheus
 * adds the instances up. No SQL: a restart starts the counts again, as with every other metric.
 */
import { WEB_VITAL_BUCKETS, WEB_VITAL_NAMES, type WebVitalName, type WebVitalsReport } from "@/contracts/web-vitals";
import { webVitalsSchema } from "@/contracts/web-vitals.schema";
import { validateWith } from "../../infra/http/validate";

/** Distinct route patterns kept; later ones are counted under "other", so made-up routes cannot grow memory. */
export const MAX_VITAL_ROUTES = 200;

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

export interface WebVitalsStore {
  record(report: WebVitalsReport): void;
  /** Prometheus text: `portal_web_vitals_{inp,lcp}_seconds` and `portal_web_vitals_cls` histograms. */
  render(): string;
}

const METRIC_NAME: Record<WebVitalName, { name: string; help: string; scale: number }> = {
  INP: { name: "portal_web_vitals_inp_seconds", help: "Interaction to Next Paint measured by visitors' browsers, by route pattern and language.", scale: 1000 },
  LCP: { name: "portal_web_vitals_lcp_seconds", help: "Largest Contentful Paint measured by visitors' browsers, by route pattern and language.", scale: 1000 },
  CLS: { name: "portal_web_vitals_cls", help: "Cumulative Layout Shift measured by visitors' browsers, by route pattern and language.", scale: 1 },
};

const label = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"');

export function createWebVitalsStore(maxRoutes = MAX_VITAL_ROUTES): WebVitalsStore {
  const routes = new Set<string>();
  const histograms = new Map<string, Histogram>(); // `${name} ${route} ${lang}`
  return {
    record(report) {
      let route = report.route;
      if (!routes.has(route)) {
        if (routes.size >= maxRoutes) route = "other";
        else routes.add(route);
      }
      for (const { name, value } of report.metrics) {
        const key = `${name} ${route} ${report.lang}`;
        let h = histograms.get(key);
        if (!h) {
          h = { buckets: WEB_VITAL_BUCKETS[name].map(() => 0), sum: 0, count: 0 };
          histograms.set(key, h);
        }
        WEB_VITAL_BUCKETS[name].forEach((bound, i) => {
          if (value <= bound) h.buckets[i] = (h.buckets[i] ?? 0) + 1;
        });
        h.sum += value;
        h.count += 1;
      }
    },
    render() {
      const lines: string[] = [];
      for (const name of WEB_VITAL_NAMES) {
        const { name: metric, help, scale } = METRIC_NAME[name];
        const own = [...histograms].filter(([key]) => key.startsWith(`${name} `));
        if (own.length === 0) continue;
        lines.push(`# HELP ${metric} ${help}`, `# TYPE ${metric} histogram`);
        for (const [key, h] of own) {
          const [, route = "", lang = ""] = key.split(" ");
          const labels = `route="${label(route)}",lang="${label(lang)}"`;
          WEB_VITAL_BUCKETS[name].forEach((bound, i) => lines.push(`${metric}_bucket{${labels},le="${bound / scale}"} ${h.buckets[i] ?? 0}`));
          lines.push(`${metric}_bucket{${labels},le="+Inf"} ${h.count}`);
          lines.push(`${metric}_sum{${labels}} ${Number((h.sum / scale).toFixed(6))}`);
          lines.push(`${metric}_count{${labels}} ${h.count}`);
        }
      }
      return lines.length > 0 ? `${lines.join("\n")}\n` : "";
    },
  };
}

const STORE_KEY = Symbol.for("cca.webVitals");

/** The process's store, shared with the portal server through globalThis (Next's bundles and serve.ts are separate module graphs). */
export function webVitalsStore(): WebVitalsStore {
  const globals = globalThis as unknown as Record<symbol, WebVitalsStore | undefined>;
  return (globals[STORE_KEY] ??= createWebVitalsStore());
}

/** Checks a visitor's report against the contract (400 otherwise) and counts it. */
export async function recordWebVitals(body: unknown, store: WebVitalsStore = webVitalsStore()): Promise<void> {
  const report = (await validateWith(webVitalsSchema, body)) as WebVitalsReport;
  store.record(report);
}
