import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "../fixtures/chromium";
import { DESK_URL, SITE_URL, STACK_HOSTS } from "./stack";

/**
 * The production stack (deploy/compose.yaml) as deploy/test-stack.sh brought it up: Chromium reaches it by its
 * host names over HTTPS, trusting Caddy's own authority from the profile the script made (FLEET_STACK_HOME).
 */
export default defineConfig({
  testDir: ".",
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: SITE_URL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunch(
      [`--host-resolver-rules=${STACK_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(", ")}`],
      { ...process.env, HOME: process.env.FLEET_STACK_HOME ?? "" },
    ),
  },
  metadata: { desk: DESK_URL },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
