/**
 * Web vitals from visitors' browsers (issue 35): `POST utility-api/api/v1/services/vitals` takes one page
 * view's INP, LCP and CLS from anyone while the operator has reporting on, keeps only counts per route
 * pattern and language, refuses what is not a report (400) or too large (413), and is not there when
 * reporting is off (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webVitalsStore } from "@/server/modules/site/web-vitals.service";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

const URL = "utility-api/api/v1/services/vitals";
let api: TestPlatform;

beforeAll(async () => {
  api = await createTestPlatform();
});

afterAll(async () => {
  await api?.close();
});

const post = (body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) =>
  api.request("POST", URL, { headers, body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)) });

describe(`[VITALS] visitors' web vitals (${TEST_DB})`, () => {
  it("counts an anonymous visitor's report per route pattern and language, and the operator's metrics show it", async () => {
    const before = webVitalsStore().render();
    const res = await post({ route: "/group/[groupName]/data/show/[id]", lang: "hi", metrics: [{ name: "LCP", value: 1840 }, { name: "INP", value: 120 }, { name: "CLS", value: 0.02 }] });
    expect(res.status).toBe(204);
    const text = webVitalsStore().render();
    expect(text).not.toBe(before);
    const labels = 'route="/group/[groupName]/data/show/[id]",lang="hi"';
    expect(text).toContain(`portal_web_vitals_lcp_seconds_bucket{${labels},le="2"} 1`);
    expect(text).toContain(`portal_web_vitals_lcp_seconds_bucket{${labels},le="1.5"} 0`);
    expect(text).toContain(`portal_web_vitals_inp_seconds_count{${labels}} 1`);
    expect(text).toContain(`portal_web_vitals_cls_bucket{${labels},le="0.05"} 1`);
  });

  it("refuses what is not a report with 400 (another media type with 415), and keeps nothing of it", async () => {
    const before = webVitalsStore().render();
    const bad: unknown[] = [
      { route: "/data/show/12?user=ramesh@example.org", lang: "en", metrics: [{ name: "LCP", value: 900 }] },
      { route: "https://elsewhere.example/", lang: "en", metrics: [{ name: "LCP", value: 900 }] },
      { route: "/", lang: "fr", metrics: [{ name: "LCP", value: 900 }] },
      { route: "/", lang: "en", metrics: [] },
      { route: "/", lang: "en", metrics: [{ name: "FID", value: 10 }] },
      { route: "/", lang: "en", metrics: [{ name: "LCP", value: -1 }] },
      { route: "/", lang: "en", metrics: [{ name: "LCP", value: "900" }] },
      { route: "/", lang: "en", metrics: [{ name: "CLS", value: 1e9 }] },
      { route: "/", lang: "en", metrics: [{ name: "LCP", value: 900 }, { name: "LCP", value: 950 }] },
    ];
    for (const body of bad) expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    expect((await post("not json")).status).toBe(400);
    expect((await post({ route: "/", lang: "en", metrics: [{ name: "LCP", value: 900 }] }, { "content-type": "text/plain" })).status).toBe(415);
    expect(webVitalsStore().render()).toBe(before);
  });

  it("drops fields outside the contract: nothing else a browser sends is kept", async () => {
    const res = await post({ route: "/user/show/[id]", lang: "en", metrics: [{ name: "INP", value: 64, email: "ramesh@example.org" }], email: "ramesh@example.org", url: "/user/show/7" });
    expect(res.status).toBe(204);
    const text = webVitalsStore().render();
    expect(text).toContain('portal_web_vitals_inp_seconds_count{route="/user/show/[id]",lang="en"} 1');
    expect(text).not.toMatch(/ramesh|email|\/user\/show\/7/);
  });

  it("refuses a body past 2 kB with 413", async () => {
    const res = await post({ route: "/", lang: "en", metrics: [{ name: "LCP", value: 900 }], padding: "x".repeat(4096) });
    expect(res.status).toBe(413);
  });

  it("is not there (404) while reporting is off", async () => {
    api.deps.settings.webVitals = false;
    try {
      expect((await post({ route: "/", lang: "en", metrics: [{ name: "LCP", value: 900 }] })).status).toBe(404);
    } finally {
      api.deps.settings.webVitals = true;
    }
  });
});
