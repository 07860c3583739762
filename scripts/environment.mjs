// What the repository's own commands read of the environment (npm start, npm run dev, the benches, npm run cache,
// npm run promote, the test suites): declared here, as each server declares its own (api/src/config.ts,
// host/src/server/environment.ts, remote-kit/src/server/index.ts). docs/configuration.md is made from these.
import { z } from "zod";

const port = (fallback) => z.coerce.number().int().min(1).max(65_535).default(fallback);

export const toolingEnvironmentSchema = z.object({
  PORT: port(4173).describe("`npm start`, `npm run cache`: the site's port."),
  API_PORT: port(4180).describe("`npm start`: the API's public listener (what the site's /api forwards to)."),
  API_INTERNAL_PORT: port(4181).describe("`npm start`: the API's internal listener."),
  API_STAFF_PORT: port(4182).describe("`npm start`: the API's staff listener."),
  STAFF_PORT: port(4190).describe("`npm start`: the staff desk's port."),
  SMTP_URL: z
    .string()
    .optional()
    .describe("`npm start`: the mail server the API sends through; unset: a local mail catcher, and the API uses it."),
  MAIL_CATCHER_SMTP_PORT: port(1025).describe("`npm start`: the mail catcher's SMTP port (not started with SMTP_URL)."),
  MAIL_CATCHER_WEB_PORT: port(1080).describe("`npm start`: the mail catcher's web page and API."),
  RENDER_SECRET: z
    .string()
    .optional()
    .describe("`npm start`, `npm run dev`: given to the host and every remote; unset: one made for the run."),
  PEER_ORIGINS: z
    .string()
    .optional()
    .describe("`npm start`, `npm run dev`: given to every remote; unset: its remotes."),
  REMOTES_CONFIG_FILE: z
    .string()
    .optional()
    .describe("`npm start`, `npm run promote`: the host's remote configuration; unset: ./remotes.config.json."),
  PUBLIC_SITE_URL: z.string().optional().describe("`npm start`: given to the host and the API."),
  LOG_LEVEL: z.string().default("warn").describe("`npm start`: the API's log level."),
  CACHE_PORT: port(6081).describe("`npm run cache`: Varnish's port."),
  SHARED_CACHE_PURGE_SECRET: z.string().optional().describe("`npm run cache`: the purge secret; unset: one is made."),
  RUNS: z.coerce.number().int().min(1).default(3).describe("`npm run bench:web`: runs per measurement."),
  DURATION: z.coerce.number().int().min(1).default(10).describe("`npm run bench:load`: seconds per row."),
  WARMUP: z.coerce
    .number()
    .int()
    .min(0)
    .default(500)
    .describe("`npm run bench:load`: vehicle misses, not counted, before the misses are measured (0: none)."),
  BENCH_LOGS: z.string().optional().describe("`npm run bench:web`: set to show the servers' logs."),
  STACK_SITE: z
    .string()
    .default("https://site.fleet.test")
    .describe("`npm run bench:stack`: the production stack's site, reached at this machine's port 443."),
  SITE_HOST: z
    .string()
    .default("site.fleet.test")
    .describe("`npm run test:stack`: the site's host name (Caddy's `tls internal`); the compose file's too."),
  DESK_HOST: z
    .string()
    .default("desk.fleet.test")
    .describe("`npm run test:stack`: the desk's own host name; the compose file's too."),
  FLEET_STACK_HOME: z
    .string()
    .optional()
    .describe("`npm run test:stack`: the Chromium profile that trusts Caddy's authority (the script makes it)."),
  FLEET_STACK_CA: z
    .string()
    .optional()
    .describe("`npm run test:stack`: Caddy's root certificate, for the suite's own requests (the script copies it)."),
  BENCH_ONLY: z
    .enum(["interactions", "miss", "hit", "file"])
    .optional()
    .describe(
      "`npm run bench:web`: `interactions` measures only the interactions (no Lighthouse). `npm run bench:load`: `miss`, `hit` or `file`, only those rows.",
    ),
  CHROME_PATH: z.string().default("/usr/bin/chromium").describe("`npm run bench:web`: the Chromium to drive."),
  BENCH_DATABASE_URL: z.string().optional().describe("the API's benches: a PostgreSQL server to measure on."),
  TEST_DATABASE_URL: z
    .string()
    .optional()
    .describe("the API's tests: a PostgreSQL server (scripts/test-postgres.sh starts one); unset: PGlite only."),
  CI: z.string().optional().describe("the e2e suite: set on CI (one retry, one line per test)."),
  E2E_SERVER_LOGS: z.string().optional().describe("the e2e suite: set to show the servers' logs."),
  PLAYWRIGHT_CHROMIUM_PATH: z.string().optional().describe("the e2e suite: the Chromium to drive."),
});

/** The variables `npm start` (and the benches, which run the same processes) read, checked: a wrong one is named. */
export function readSiteEnvironment(env = process.env) {
  const parsed = toolingEnvironmentSchema
    .pick({
      PORT: true,
      API_PORT: true,
      API_INTERNAL_PORT: true,
      API_STAFF_PORT: true,
      STAFF_PORT: true,
      SMTP_URL: true,
      MAIL_CATCHER_SMTP_PORT: true,
      MAIL_CATCHER_WEB_PORT: true,
      LOG_LEVEL: true,
    })
    .safeParse(env);
  if (!parsed.success) throw new Error(`the environment is wrong:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
