import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import { type HostConfig, type HostSettings, hostConfigSchema } from "../src/server/environment";
import { createHostServer } from "../src/server/host-server";
import { fakeHostBuild } from "./fake-host-build";

/**
 * The host server's configuration as a test runs it: the schema's own defaults, never the environment the tests run
 * in; a fake build, a quiet log, every remote nowhere, the stand-in API answering on both of the API's listeners
 * (its public routes and its change stream), the last good business details kept in a directory of the test's own;
 * and the variables the test sets, as the environment would (`testConfig({ API_ORIGIN: originOf(api) })`).
 */
export function testConfig(settings: HostSettings = {}): HostConfig {
  const scratch = mkdtempSync(join(tmpdir(), "host-test-"));
  const distDir = settings.HOST_DIST_DIR === undefined ? fakeHostBuild() : String(settings.HOST_DIST_DIR);
  return hostConfigSchema(distDir).parse({
    LOG_LEVEL: "silent",
    // port 9 (discard), where nothing listens: relative manifest URLs outside /remotes/{name}/ go nowhere
    PORT: 9,
    ...Object.fromEntries(REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, "http://127.0.0.1:9"])),
    PUBLIC_SITE_URL: "https://summitheavyfleet.ca",
    BUSINESS_DETAILS_CACHE_FILE: join(scratch, "business-details.json"),
    API_INTERNAL_ORIGIN: settings.API_ORIGIN,
    ...settings,
  });
}

/**
 * The host server as the tests run it (testConfig): the stand-in API at `apiOrigin`, the remotes given (every other
 * one nowhere), no render secret; anything else as `settings` says.
 */
export function testHostServer(
  apiOrigin: string,
  remotes: Partial<Record<RemoteName, string>> = {},
  settings: HostSettings = {},
): Promise<FastifyInstance> {
  return createHostServer(
    testConfig({
      API_ORIGIN: apiOrigin,
      ...Object.fromEntries(
        Object.entries(remotes).map(([name, origin]) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, origin]),
      ),
      BUSINESS_DETAILS_MAX_AGE_MS: 60_000,
      RENDER_TIMEOUT_MS: 2000,
      ...settings,
    }),
  );
}
