import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 3100);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // The visual suite (tests/visual): still pictures (no animation, no caret) in CSS pixels; a pixel
    // counts as changed past the default colour threshold, and a shot fails from 0.1 % changed pixels
    // on (anti-aliasing noise stays below; a lost table border or another font does not).
    toHaveScreenshot: { animations: "disabled", caret: "hide", scale: "css", maxDiffPixelRatio: 0.001 },
  },
  // Baselines in one folder, named by the test (no platform suffix: .ci/run renders with the same
  // Debian Chromium and fonts as the machines that made them).
  snapshotPathTemplate: "{testDir}/baselines/{arg}{ext}",
  forbidOnly: true,
  // Each shard of \`npm test\` keeps its own artifacts (a run empties its output folder when it starts).
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  reporter: "list",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    // The portal's service worker (issue 32) keeps pages for offline use: only the specs about it
    // (tests/e2e/offline.spec.ts) let it run, so no other spec is answered from its caches.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // With one worker, projects run in this order: the visual suite first, on the freshly seeded demo,
  // before the e2e tests add records, pages and announcements. Not a `dependencies` link, on purpose:
  // a changed picture must not skip the e2e tests (Playwright skips the dependants of a failed project).
  projects: [
    { name: "visual", testDir: "tests/visual", use: { ...devices["Desktop Chrome"], channel: undefined, reducedMotion: "reduce", deviceScaleFactor: 1 } },
    { name: "chromium", testDir: "tests/e2e", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${BASE_URL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
