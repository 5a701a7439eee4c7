import { useEffect } from "react";
import { useRouter } from "next/router";
import { WEB_VITALS_PATH, type WebVitalName, type WebVitalsReport } from "@/contracts/web-vitals";

/** The visitor asked sites not to track them (Global Privacy Control, Do Not Track): nothing is measured or sent. */
function declined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

/**
 * Reports this page view's INP, LCP and CLS (issue 35; src/contracts/web-vitals.ts) once, when the page is
 * hidden, as a beacon to the platform. Only the route pattern (`/data/show/[id]`, never the address), the
 * language and the three figures travel. `_app` mounts it after the page is idle and only when the
 * operator turned reporting on (WEB_VITALS, FEATURE_TRACKING); the `web-vitals` library loads here, on use.
 * A beacon, not the API client: it must leave while the page goes away, and nothing reads an answer.
 */
export default function WebVitalsReporter() {
  const router = useRouter();
  // The page the visitor landed on: LCP is that page's, and INP and CLS add up over the visit.
  const route = router.pathname;
  const lang = router.locale === "hi" ? "hi" : "en";
  useEffect(() => {
    if (typeof navigator.sendBeacon !== "function" || declined()) return;
    const found = new Map<WebVitalName, number>();
    const sent = new Set<WebVitalName>();
    let live = true;
    const flush = () => {
      if (document.visibilityState !== "hidden") return;
      const metrics = [...found].filter(([name]) => !sent.has(name)).map(([name, value]) => ({ name, value: Math.round(value * 10_000) / 10_000 }));
      if (metrics.length === 0) return;
      const report: WebVitalsReport = { route, lang, metrics };
      if (navigator.sendBeacon(WEB_VITALS_PATH, new Blob([JSON.stringify(report)], { type: "application/json" }))) {
        for (const m of metrics) sent.add(m.name);
      }
    };
    void import("web-vitals").then(({ onCLS, onINP, onLCP }) => {
      if (!live) return;
      const keep = (metric: { name: string; value: number }) => {
        if (metric.name === "INP" || metric.name === "LCP" || metric.name === "CLS") found.set(metric.name, metric.value);
      };
      onINP(keep);
      onLCP(keep);
      onCLS(keep);
      // After the library's own listeners, so its last figures are in when this sends.
      document.addEventListener("visibilitychange", flush);
    });
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", flush);
    };
    // One report per page load: the route and language of the landing page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
