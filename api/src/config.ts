import { otlpEndpointVariable, withSecretFiles } from "server-kit";
import { LEAD_SPAM_GUARD, SAVED_SEARCH } from "shared-types";
import { z } from "zod";
import { DEFAULT_RETRY_POLICY, DELIVERY_LEASE_MS, DELIVERY_POLL_MS } from "./delivery/outbox.js";
import { PHOTO_CONCURRENCY } from "./feeds/photo-limits.js";
import { DEFAULT_RETENTION } from "./leads/retention.js";

/** A bearer token worth the name: 32 random bytes at least (43 characters of base64url, 64 of hex). */
const bearerToken = z
  .string()
  .min(43, "at least 32 random bytes (43 characters of base64url: openssl rand -base64 32)")
  .refine((token) => new Set(token).size >= 16, "too few different characters to be random")
  .optional();

const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().max(320).optional());
const optionalEmail = z.preprocess((v) => (v === "" ? undefined : v), z.email().optional());

export const apiEnvironmentSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .default(4180)
    .describe(
      "The public listener: what the site's proxy forwards and the remotes' renderers read (PUBLIC_API_ROUTES).",
    ),
  HOST: z.string().default("127.0.0.1").describe("The public listener's address."),
  API_INTERNAL_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(4181)
    .describe(
      "The internal listener: the hosts' change stream, the CRM's export, delivery health. Never the public's.",
    ),
  API_INTERNAL_HOST: z
    .string()
    .default("127.0.0.1")
    .describe("The internal listener's address: the machines the site runs on."),
  API_STAFF_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(4182)
    .describe("The staff listener (the staff edge): every change to what the site shows, and the held-enquiry pages."),
  API_STAFF_HOST: z.string().default("127.0.0.1").describe("The staff listener's address."),
  STAFF_SITE_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional())
    .describe(
      "The staff edge's address as staff reach it (the digest's release links); unset: http://localhost:API_STAFF_PORT",
    ),
  STAFF_DESK_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).default("http://localhost:4190"))
    .describe("The staff desk as staff open it (the links in sign-in and escalation emails, the digest's)."),
  STAFF_DESK_KEY: z
    .preprocess((v) => (v === "" ? undefined : v), bearerToken)
    .describe(
      "The staff desk's key (the desk's STAFF_DESK_KEY, the same): with it the desk names each visitor to the staff listener, so failed sign-ins count per visitor; unset: against the desk's own address. `npm start` makes one per run.",
    ),
  LINEUP_DATA_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://127.0.0.1:4174/data/lineup-models.json")
    .describe(
      "Team catalog's published line-up (its data/lineup-models.json): a fleet quote's model lines are checked against it.",
    ),
  STAFF_CLI_TOKEN_FILE: z
    .string()
    .optional()
    .describe(
      "Where the API writes the command line's credential (`npm run staff:invite`), readable by its owner only; unset: DATA_DIR/../staff-cli.token",
    ),
  DATABASE_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.string().url().optional())
    .describe("A PostgreSQL connection URL; without it the API keeps its data in an embedded PGlite database."),
  DATA_DIR: z
    .string()
    .default(new URL("../../.data/pglite", import.meta.url).pathname)
    .describe("Where the embedded database keeps its files between runs."),
  SEED_VEHICLES: z.coerce
    .number()
    .int()
    .min(0)
    .max(200_000)
    .default(150)
    .describe("How many vehicles the generator seeds into an empty database."),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .describe("Which proxies' X-Forwarded-For to believe (the host server runs on the same machine by default)."),
  LEAD_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe("Leads one client may send per window; a person rarely sends more than two."),
  LEAD_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000)
    .describe("The window LEAD_RATE_LIMIT_MAX counts in."),
  LEAD_MIN_FILL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(LEAD_SPAM_GUARD.minFillMs)
    .describe("A form sent faster than this after it appeared is a bot's (shared-types LEAD_SPAM_GUARD.minFillMs)."),
  READ_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe("Requests one visitor may make per minute to the API (reads); leads have their own limit."),
  LEAD_SIGNING_SECRET: z
    .preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional())
    .describe(
      "Signs forms' start times and unsubscribe links; without it the API keeps a secret of its own in the database.",
    ),
  LEAD_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_RETENTION.leadRetentionDays)
    .describe("Leads older than this many days are deleted (the CRM keeps what the dealership acted on)."),
  QUARANTINE_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_RETENTION.quarantineRetentionDays)
    .describe("Quarantined (spam) submissions are deleted after this many days."),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointVariable(),
  SAVED_SEARCH_ALERT_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(SAVED_SEARCH.alertIntervalHours)
    .describe(
      "A saved search is emailed at most once in this many hours (CASL: what the visitor agreed to says once a day).",
    ),
  LEAD_ESCALATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      "A lead nobody claims on the staff desk within this many minutes of its department's open hours is emailed to the department's manager.",
    ),
  QUARANTINE_DIGEST_HOURS: z.coerce
    .number()
    .min(1)
    .default(24)
    .describe("How often the sales desk gets the digest of held (possibly spam) submissions, in hours."),
  ADMIN_TOKEN: z
    .preprocess((v) => (v === "" ? undefined : v), bearerToken)
    .describe(
      "Bearer token for the admin routes on the staff listener, for scripts and integrations (business details, units, feeds, the digest, re-sending deliveries); without it they do not exist. Members use passkeys instead.",
    ),
  LEADS_EXPORT_TOKEN: z
    .preprocess((v) => (v === "" ? undefined : v), bearerToken)
    .describe(
      "Bearer token for GET /api/leads/export (the CRM's pull, internal listener); without it the route does not exist.",
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
    .default("smtp://127.0.0.1:1025")
    .describe(
      "Where leads are emailed from: an SMTP server's URL (smtp://user:pass@host:587, smtps:// for TLS from the start). The default is the local mail catcher `npm start` runs, so a lead is never sent anywhere real by accident.",
    ),
  LEAD_EMAIL: z
    .enum(["on", "off"])
    .default("on")
    .describe('"off": leads are not emailed (a webhook alone, or a deployment that only exports)'),
  LEADS_EMAIL_FROM: optionalText.describe(
    'The sender of lead emails; unset: "<name> website" <website@ the dealership\'s domain>.',
  ),
  CRM_LEADS_EMAIL: optionalEmail.describe(
    "The CRM's lead address (ADF 1.0 emails); unset: leads-crm@ the dealership's domain",
  ),
  SALES_LEADS_EMAIL: optionalEmail.describe(
    "Each desk's own inbox (readable notifications); unset: sales@, service@, parts@ the dealership's domain",
  ),
  SERVICE_LEADS_EMAIL: optionalEmail.describe("The service desk's inbox; unset: service@ the dealership's domain."),
  PARTS_LEADS_EMAIL: optionalEmail.describe("The parts desk's inbox; unset: parts@ the dealership's domain."),
  OPS_ALERT_EMAIL: optionalEmail.describe(
    "Who is told when a lead could not be delivered; unset: operations@ the dealership's domain",
  ),
  LEADS_WEBHOOK_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional())
    .describe("A CRM that takes JSON: every lead is POSTed here, signed (X-Fleet-Signature, HMAC-SHA256 of the body)"),
  LEADS_WEBHOOK_SECRET: z
    .preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional())
    .describe("Signs each webhook body (32+ characters); needed with LEADS_WEBHOOK_URL."),
  DELIVERY_WORKER: z
    .enum(["on", "off"])
    .default("on")
    .describe(
      '"off": this process stores leads but does not send them (a separate `npm run leads:worker -w api` does)',
    ),
  DELIVERY_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_RETRY_POLICY.maxAttempts)
    .describe("Tries before a delivery fails and operations are alerted."),
  DELIVERY_BASE_DELAY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(DEFAULT_RETRY_POLICY.baseDelayMs)
    .describe("The backoff's first wait between tries."),
  DELIVERY_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(DEFAULT_RETRY_POLICY.maxDelayMs)
    .describe("The backoff's longest wait between tries."),
  DELIVERY_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(DELIVERY_POLL_MS)
    .describe("How often the delivery worker looks for work."),
  DELIVERY_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(DELIVERY_LEASE_MS)
    .describe("How long a worker holds a delivery it is sending; one killed mid-send releases it after this"),
  PUBLIC_SITE_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional())
    .describe("The public site's origin for links in notifications; unset: https:// and the dealership's domain"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("pino's level (logs never hold what a visitor typed); `npm start` sets warn."),
  FEED_URL: z
    .preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^(https?|file)$/ }).optional())
    .describe(
      "The dealership's inventory feed (a HomeNet-style CSV) pulled every FEED_INTERVAL_MINUTES; unset: only pushed",
    ),
  FEED_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .describe("How often FEED_URL is pulled."),
  FEED_MAX_REMOVAL_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(30)
    .describe(
      "A feed that would take more than this share of the units on offer off the site is refused unless forced",
    ),
  FEED_COLUMN_MAP: z
    .preprocess((v) => (v === "" ? undefined : v), z.string().optional())
    .describe('A JSON file of the vendor\'s column names ({"Stock": "StockNumber", ...}) when they are not HomeNet\'s'),
  FEED_PHOTO_HOSTS: z
    .string()
    .default("")
    .describe(
      "The origins a feed's photos may come from (exact, or https://*.example.com); loopback and private only if listed",
    ),
  FEED_PHOTO_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe("How long one feed photo may take to download."),
  FEED_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(15 * 1024 * 1024)
    .describe("The largest feed photo taken."),
  FEED_PHOTO_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(PHOTO_CONCURRENCY.overall)
    .describe("Feed photos fetched and stored at once during an import, overall"),
  FEED_PHOTO_HOST_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(PHOTO_CONCURRENCY.perHost)
    .describe("Feed photos fetched at once from any one host (a dealer's photo host is not flooded)"),
  FEED_PHOTO_DEADLINE_S: z.coerce
    .number()
    .int()
    .min(10)
    .default(1800)
    .describe(
      "The longest an import spends fetching photos, in seconds: the units go live, and the photos left are fetched on the next run",
    ),
  FEED_PHOTO_MAX_PIXELS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(40_000_000)
    .describe("sharp's pixel limit: a decompression bomb is refused before it is decoded"),
  PHOTO_DIR: z
    .string()
    .default(new URL("../../.data/photos", import.meta.url).pathname)
    .describe("Where photos are kept (content-addressed) and their sizes made on first request"),
  SAMPLE_FEED_DIR: z
    .string()
    .default(new URL("../../.data/sample-feed", import.meta.url).pathname)
    .describe("Where the seed writes the sample feed `npm start` imports into an empty database (its photos included)"),
});

/**
 * The API's configuration: the environment checked, and what follows from it worked out here once. Every part of
 * the API reads this object (the app's `config`), never the environment.
 */
export const apiConfigSchema = apiEnvironmentSchema
  .refine((env) => !env.LEADS_WEBHOOK_URL || env.LEADS_WEBHOOK_SECRET, {
    path: ["LEADS_WEBHOOK_SECRET"],
    message: "LEADS_WEBHOOK_URL needs a LEADS_WEBHOOK_SECRET of at least 32 characters to sign with",
  })
  .transform((env) => ({
    ...env,
    STAFF_SITE_URL: env.STAFF_SITE_URL ?? `http://localhost:${env.API_STAFF_PORT}`,
  }));
export type ApiConfig = z.output<typeof apiConfigSchema>;
/** The variables as written (strings from the environment; numbers too, where a test sets one). */
export type ApiSettings = Partial<Record<keyof z.input<typeof apiEnvironmentSchema>, string | number>>;

/** The variables that may be given as a file instead (`<NAME>_FILE`: a mounted secret). */
export const API_SECRETS = [
  "DATABASE_URL",
  "SMTP_URL",
  "LEAD_SIGNING_SECRET",
  "ADMIN_TOKEN",
  "LEADS_EXPORT_TOKEN",
  "LEADS_WEBHOOK_SECRET",
  "STAFF_DESK_KEY",
] as const;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = apiConfigSchema.safeParse(withSecretFiles(env, API_SECRETS));
  if (!parsed.success) {
    throw new Error(`Invalid API configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
