import { join, resolve } from "node:path";
import { parseRenderSecrets } from "remote-kit/server";
import { checkedVariable, otlpEndpointVariable, reactBuildVariable, withSecretFiles } from "server-kit";
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES, type RemoteName } from "shared-types";
import { z } from "zod";

// The host server's environment, read once and checked, as the API reads its own (api/src/config.ts): a value that
// cannot be right stops the server at start-up with the variable's name, rather than misbehaving later.

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const milliseconds = () => z.coerce.number().int().min(0);
const millisecondsOr = (unset: number) => z.preprocess(blankIsUnset, milliseconds().default(unset));
const list = () =>
  z
    .string()
    .default("")
    .transform((value) => value.split(/[\s,]+/).filter(Boolean));
const onOff = () => z.enum(["on", "off"]).default("on");

const remoteOrigin = (name: RemoteName) =>
  optional(z.url())
    .transform((url) => url ?? `http://127.0.0.1:${DEFAULT_REMOTE_PORTS[name]}`)
    .describe(`Team ${name}'s server (its files, its renderer).`);
const remoteOrigins = Object.fromEntries(
  REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, remoteOrigin(name)]),
) as unknown as Record<`REMOTE_${Uppercase<RemoteName>}_ORIGIN`, ReturnType<typeof remoteOrigin>>;

export const hostEnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(4173).describe("The site's port."),
  HOST_DIST_DIR: optional(z.string()).describe(
    "The browser build it serves (relative: to the working directory); unset: host/dist. The e2e suite serves React's development build from host/dist-dev.",
  ),
  HOST: z.string().min(1).default("localhost").describe("The site's address to listen on."),
  API_ORIGIN: z
    .url()
    .default("http://127.0.0.1:4180")
    .describe("Where /api is proxied (only the routes in shared-types PUBLIC_API_ROUTES)."),
  API_INTERNAL_ORIGIN: z
    .url()
    .default("http://127.0.0.1:4181")
    .describe("The API's internal listener, where the change stream is followed."),
  ...remoteOrigins,
  REMOTES_CONFIG_FILE: optional(z.string()).describe(
    'A JSON file { "catalog": "<manifest URL>", ... }, read per request (a bad edit is logged by entry and the last good one kept) and served as /remotes.config.json; `npm run promote` edits it. Unset: each remote\'s own server.',
  ),
  PUBLIC_SITE_URL: optional(z.url())
    .transform((url) => url?.replace(/\/$/, ""))
    .describe(
      "The site's public address (canonical URLs, Open Graph, structured data, sitemap); unset: https:// and the dealership's domain.",
    ),
  BUSINESS_DETAILS_MAX_AGE_MS: millisecondsOr(30_000).describe(
    "How long the dealership's details from the API are used before it is asked again.",
  ),
  BUSINESS_DETAILS_CACHE_FILE: optional(z.string()).describe(
    "Where the last good details are kept, for a restart while the API is down; unset: .cache/business-details.json beside the browser build's directory (host/.cache).",
  ),
  RENDER_TIMEOUT_MS: milliseconds()
    .min(1)
    .default(400)
    .describe("A remote render slower than this falls back to the shell."),
  RENDER_BREAKER_RESET_MS: millisecondsOr(10_000).describe(
    "How long a failing renderer is left alone before it is tried again.",
  ),
  RENDER_SECRET: checkedVariable(parseRenderSecrets).describe(
    "Signs each render, fragment and form request to the remotes (32+ characters; `new,old` during a rotation). `npm start`, `npm run dev` and the e2e suite make one for their own processes.",
  ),
  TRUST_PROXY: optional(z.string()).describe(
    "The TLS-terminating proxy whose X-Forwarded-Proto/-For to believe, in Fastify's trustProxy syntax (HSTS is sent over TLS only); unset: none.",
  ),
  CSP_IMAGE_SOURCES: list().describe(
    "Further image origins the pages may show (space- or comma-separated); remotes declare their own in their manifest.",
  ),
  PROXY_TIMEOUT_MS: millisecondsOr(10_000).describe("A proxied API or remote call that takes longer answers 504."),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("warn")
    .describe("pino's level (logs never hold what a visitor typed)."),
  WEB_VITALS_SAMPLE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe(
      "The share of page views that measure their visitor's Web Vitals (LCP, INP, CLS) and send them to /api/vitals, from 0 (none) to 1 (all).",
    ),
  PAGE_CACHE: onOff().describe("off: keep no composed pages (every page made for its visitor)."),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointVariable(),
  NODE_ENV: reactBuildVariable(),
  FOLLOW_CHANGES: onOff().describe("off: do not follow the API's change stream."),
  SHARED_CACHE_PURGE_URLS: list()
    .pipe(z.array(z.url()))
    .describe("Shared caches in front of the site (Varnish with xkey) to purge by tag, comma-separated."),
  SHARED_CACHE_PURGE_SECRET: optional(z.string().min(32)).describe(
    "Sent with every PURGE (X-Purge-Secret): the shared cache takes a purge only with it, and from its allowed addresses.",
  ),
});

/** The variables as written (strings from the environment; numbers too, where a test sets one). */
export type HostSettings = Partial<Record<keyof z.input<typeof hostEnvironmentSchema>, string | number>>;

/**
 * The host server's configuration: the environment checked, and what follows from it worked out once. Every part of
 * the server reads this (the app's `config`), never the environment.
 */
export function hostConfigSchema(defaultDistDir: string) {
  return hostEnvironmentSchema.transform((env) => {
    const distDir = env.HOST_DIST_DIR ? resolve(env.HOST_DIST_DIR) : defaultDistDir;
    return {
      ...env,
      HOST_DIST_DIR: distDir,
      BUSINESS_DETAILS_CACHE_FILE:
        env.BUSINESS_DETAILS_CACHE_FILE ?? join(distDir, "..", ".cache", "business-details.json"),
      /** Each remote's server, by name (its REMOTE_{NAME}_ORIGIN). */
      REMOTE_ORIGINS: Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, env[`REMOTE_${name.toUpperCase() as Uppercase<RemoteName>}_ORIGIN`]]),
      ) as Record<RemoteName, string>,
    };
  });
}
export type HostConfig = z.output<ReturnType<typeof hostConfigSchema>>;

/** RENDER_SECRET's current secret (the first during a rotation), which the remotes require on every render; null: none. */
export const currentRenderSecret = ({ RENDER_SECRET }: { RENDER_SECRET: string[] }): string | null =>
  RENDER_SECRET[0] ?? null;

/** The variables that may be given as a file instead (`<NAME>_FILE`: a mounted secret). */
export const HOST_SECRETS = ["RENDER_SECRET", "SHARED_CACHE_PURGE_SECRET"] as const;

/** The configuration (hostConfigSchema) from the environment; throws naming every variable that is wrong. */
export function readHostConfig(defaultDistDir: string, env: NodeJS.ProcessEnv = process.env): HostConfig {
  const parsed = hostConfigSchema(defaultDistDir).safeParse(withSecretFiles(env, HOST_SECRETS));
  if (!parsed.success) throw new Error(`host server: the environment is wrong:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The environment, checked, where no browser build is served (the dev server's composer). */
export const readHostEnvironment = (env: NodeJS.ProcessEnv = process.env) => readHostConfig("dist", env);
