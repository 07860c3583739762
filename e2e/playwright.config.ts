import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "./fixtures/chromium";
import { SITE_URL } from "./fixtures/site-processes";

/** Runs against the built, composed site (npm run build first), in Debian's Chromium (fixtures/chromium.ts). */
export default defineConfig({
  testDir: "tests",
  globalSetup: "./fixtures/global-setup.ts",
  globalTeardown: "./fixtures/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // in CI, each test's time too (test-results/report.json): what to look at when the suite nears CI's 30 minutes
  reporter: process.env.CI ? [["line"], ["json", { outputFile: "test-results/report.json" }]] : "list",
  use: {
    baseURL: SITE_URL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunch(),
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
