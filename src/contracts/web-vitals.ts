/**
 * Web vitals from real visitors (issue 35): what a visitor's browser measured on a page, sent once when the
 * page is hidden, to `POST utility-api/api/v1/services/vitals`, and kept by the server only as counts in
 * histograms per route pattern and language (`GET /api/metrics`, the operator's Prometheus text). Nothing
 * that names a person or a record travels: the route is Next's pattern (`/data/show/[id]`), never the address.
 * Off unless the operator sets WEB_VITALS=on, and never while FEATURE_TRACKING is off.
 */

/** Interaction to Next Paint (ms), Largest Contentful Paint (ms), Cumulative Layout Shift (unitless). */
export const WEB_VITAL_NAMES = ["INP", "LCP", "CLS"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** The largest value taken per metric; anything above is a broken measurement, refused (400). */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = { INP: 60_000, LCP: 120_000, CLS: 100 };

/** Upper bounds of the histogram buckets (ms for INP and LCP): the "good" and "poor" thresholds among them. */
export const WEB_VITAL_BUCKETS: Record<WebVitalName, readonly number[]> = {
  INP: [50, 100, 200, 300, 500, 1000, 2000],
  LCP: [1000, 1500, 2000, 2500, 3000, 4000, 6000, 10_000],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** A route pattern as Next names it: `/`, `/data/show/[id]`, `/group/[groupName]/page/show/[pageId]`. */
export const WEB_VITAL_ROUTE = /^\/[A-Za-z0-9_\-/[\].]{0,119}$/;

/** The body: one page view's metrics (each at most once). */
export interface WebVitalsReport {
  route: string;
  lang: "en" | "hi";
  metrics: Array<{ name: WebVitalName; value: number }>;
}

/** Where the browser sends it (same origin; a beacon). */
export const WEB_VITALS_PATH = "/utility-api/api/v1/services/vitals";

/** The largest body the endpoint reads (a report is about 150 bytes). */
export const WEB_VITALS_MAX_BODY_BYTES = 2048;
