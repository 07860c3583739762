import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ApiConfig, type ApiSettings, apiConfigSchema } from "../src/config.js";

/**
 * The API's configuration as a test runs it: the schema's own defaults, never the environment the tests run in, a
 * quiet log, photos kept in a directory of the test's own; and the variables the test sets, as the environment would
 * (`testConfig({ LEAD_RATE_LIMIT_MAX: 5 })`).
 */
export function testConfig(settings: ApiSettings = {}): ApiConfig {
  const scratch = join(tmpdir(), `api-test-${randomUUID()}`);
  return apiConfigSchema.parse({
    LOG_LEVEL: "silent",
    PHOTO_DIR: join(scratch, "photos"),
    SAMPLE_FEED_DIR: join(scratch, "sample-feed"),
    ...settings,
  });
}
