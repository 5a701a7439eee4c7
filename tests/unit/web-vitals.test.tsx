import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WebVitalsReporter from "@/components/layout/web-vitals-reporter";
import { WEB_VITALS_PATH } from "@/contracts/web-vitals";
import { createWebVitalsStore } from "@/server/modules/site/web-vitals.service";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

// The library measures; the test hands its callbacks the figures a browser would have measured.
const measured = vi.hoisted(() => ({ INP: 180, LCP: 2300.123456, CLS: 0.0421 }));
vi.mock("web-vitals", () => {
  const report = (name: "INP" | "LCP" | "CLS") => (callback: (metric: { name: string; value: number }) => void) => callback({ name, value: measured[name] });
  return { onINP: report("INP"), onLCP: report("LCP"), onCLS: report("CLS") };
});

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

const beacons: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  beacons.length = 0;
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, data: Blob) => {
      beacons.push({ url, body: data });
      return true;
    },
  });
  Object.defineProperty(navigator, "doNotTrack", { value: null, configurable: true });
});

afterEach(() => {
  cleanup();
  setVisibility("visible");
});

const sentBodies = async () => Promise.all(beacons.map(async (b) => ({ url: b.url, body: JSON.parse(await (b.body as Blob).text()) })));

describe("[SPEED] visitors' web vitals (issue 35)", () => {
  it("sends the landing page's route pattern, language and figures once, when the page is hidden, and nothing that names the visitor", async () => {
    renderWithProviders(<WebVitalsReporter />, { lang: "hi", router: { pathname: "/data/show/[id]", asPath: "/data/show/12?from=ramesh" } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(beacons).toHaveLength(0);
    setVisibility("hidden");
    setVisibility("visible");
    setVisibility("hidden");
    const sent = await sentBodies();
    expect(sent).toEqual([
      {
        url: WEB_VITALS_PATH,
        body: { route: "/data/show/[id]", lang: "hi", metrics: [{ name: "INP", value: 180 }, { name: "LCP", value: 2300.1235 }, { name: "CLS", value: 0.0421 }] },
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain("ramesh");
  });

  it("measures and sends nothing for a visitor whose browser asks not to be tracked", async () => {
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    renderWithProviders(<WebVitalsReporter />, { router: { pathname: "/" } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    setVisibility("hidden");
    expect(beacons).toHaveLength(0);
  });
});

describe("[SPEED] the operator's web-vitals histograms", () => {
  it("counts reports per route pattern and language as Prometheus histograms, in seconds for INP and LCP", () => {
    const store = createWebVitalsStore();
    store.record({ route: "/", lang: "en", metrics: [{ name: "LCP", value: 1800 }, { name: "CLS", value: 0.2 }] });
    store.record({ route: "/", lang: "en", metrics: [{ name: "LCP", value: 4500 }] });
    const text = store.render();
    expect(text).toContain("# TYPE portal_web_vitals_lcp_seconds histogram");
    expect(text).toContain('portal_web_vitals_lcp_seconds_bucket{route="/",lang="en",le="2"} 1');
    expect(text).toContain('portal_web_vitals_lcp_seconds_bucket{route="/",lang="en",le="6"} 2');
    expect(text).toContain('portal_web_vitals_lcp_seconds_bucket{route="/",lang="en",le="+Inf"} 2');
    expect(text).toContain('portal_web_vitals_lcp_seconds_sum{route="/",lang="en"} 6.3');
    expect(text).toContain('portal_web_vitals_cls_bucket{route="/",lang="en",le="0.1"} 0');
    expect(text).not.toContain("portal_web_vitals_inp_seconds");
  });

  it("counts routes past the limit under one label, so made-up routes cannot grow the server's memory", () => {
    const store = createWebVitalsStore(3);
    for (let i = 0; i < 50; i++) store.record({ route: `/made-up/${i}`, lang: "en", metrics: [{ name: "INP", value: 40 }] });
    const text = store.render();
    expect(text.match(/portal_web_vitals_inp_seconds_count/g)).toHaveLength(4);
    expect(text).toContain('portal_web_vitals_inp_seconds_count{route="other",lang="en"} 47');
  });
});
