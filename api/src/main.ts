import { readFileSync } from "node:fs";
import pino from "pino";
import { parseOriginList, settledWithin, startTracing, stopOnSignals } from "server-kit";
import { ALLOWED_DEALERSHIP } from "shared-types";
import { buildApp, DEFAULT_TIMEOUTS } from "./app.js";
import { BusinessDetailsStore } from "./business/business-store.js";
import { readConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrations.js";
import {
  configuredChannels,
  createDeliveryWorker,
  salesDeskSender,
  savedSearchMailSender,
  smtpTransport,
  staffMailSender,
} from "./delivery/delivery-setup.js";
import { readFeed, scheduleFeedPull } from "./feeds/feed-schedule.js";
import type { ColumnMap } from "./feeds/inventory-feed-format.js";
import { sendQuarantineDigest } from "./leads/held-enquiries.js";
import { lineupFromUrl } from "./leads/lineup.js";
import { purgeExpired } from "./leads/retention.js";
import { listenOnEdges } from "./security/edges.js";
import { keepPrivate } from "./security/private-files.js";
import { loadSigningSecret } from "./security/signing.js";
import { SEED_PROMOTIONS } from "./seed/promotions.js";
import { writeSampleFeed } from "./seed/sample-feed.js";
import { backfillUnitCharges, backfillWorkTruckFacts } from "./seed/seed.js";
import { cliTokenFile, writeCliToken } from "./staff/cli-token.js";

const config = readConfig();
keepPrivate([config.DATA_DIR, config.PHOTO_DIR, config.SAMPLE_FEED_DIR, cliTokenFile(config)]);
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const [{ count: unitCount } = { count: 0 }] = await db.query<{ count: number }>(
  "select count(*)::int as count from vehicles",
);
const [{ count: promotionCount } = { count: 0 }] = await db.query<{ count: number }>(
  "select count(*)::int as count from promotions",
);
/** What a feed leaves out, filled in: the dealership's standard charges, the model's work-truck facts. */
const fillInFacts = async () => {
  await backfillUnitCharges(db);
  await backfillWorkTruckFacts(db);
};
await fillInFacts();
// the retention policy, applied at start and every hour: what the dealership may no longer keep is deleted
const retention = {
  leadRetentionDays: config.LEAD_RETENTION_DAYS,
  quarantineRetentionDays: config.QUARANTINE_RETENTION_DAYS,
};
const business = new BusinessDetailsStore(db);
await business.seedIfMissing();
// the lead outbox's sender; its log lines go where the API's do
const delivery =
  config.DELIVERY_WORKER === "on"
    ? createDeliveryWorker(config, db, business, pino({ level: config.LOG_LEVEL, name: "lead-delivery" }))
    : null;
// held (possibly spam) submissions reach the sales desk once a day, each with a link that releases it
const digestTransport = config.LEAD_EMAIL === "off" ? null : (delivery?.transport ?? smtpTransport(config.SMTP_URL));
const signingSecret = await loadSigningSecret(db, config.LEAD_SIGNING_SECRET);
const staffUrl = config.STAFF_SITE_URL ?? `http://localhost:${config.API_STAFF_PORT}`;
const heldDigest = (force: boolean) =>
  digestTransport
    ? sendQuarantineDigest({
        db,
        send: salesDeskSender(config, digestTransport, business),
        business: () => business.get(),
        staffUrl,
        deskUrl: config.STAFF_DESK_URL ?? "http://localhost:4190",
        secret: signingSecret,
        intervalMs: config.QUARANTINE_DIGEST_HOURS * 60 * 60 * 1000,
        force,
      })
    : Promise.resolve(null);
const tracing = await startTracing("api", config.OTEL_EXPORTER_OTLP_ENDPOINT);
/** How long a stop waits for a background feed run, of the 10 s it has (the requests in flight come first). */
const FEED_RUN_GRACE_MS = 4_000;
const app = await buildApp({
  traced: tracing.enabled,
  staff: {
    deskUrl: config.STAFF_DESK_URL ?? "http://localhost:4190",
    sendMail: digestTransport ? staffMailSender(config, digestTransport, business) : undefined,
    cliToken: writeCliToken(cliTokenFile(config)),
    escalationMinutes: config.LEAD_ESCALATION_MINUTES,
    pullFeedNow: config.FEED_URL
      ? () =>
          app.feeds.startInventoryImport(() => readFeed(config.FEED_URL as string, [config.SAMPLE_FEED_DIR]), {
            source: config.FEED_URL as string,
          })
      : undefined,
  },
  sendHeldDigest: () => heldDigest(true),
  savedSearches: {
    sendMail: digestTransport ? savedSearchMailSender(config, digestTransport, business) : undefined,
    alertIntervalHours: config.SAVED_SEARCH_ALERT_HOURS,
  },
  feeds: {
    maxRemovalPercent: config.FEED_MAX_REMOVAL_PERCENT,
    columnMap: config.FEED_COLUMN_MAP
      ? (JSON.parse(readFileSync(config.FEED_COLUMN_MAP, "utf8")) as ColumnMap)
      : undefined,
    notifySalesDesk: digestTransport ? salesDeskSender(config, digestTransport, business) : undefined,
    afterImport: fillInFacts,
    photoDeadlineMs: config.FEED_PHOTO_DEADLINE_S * 1000,
  },
  photos: {
    dir: config.PHOTO_DIR,
    policy: {
      origins: parseOriginList(config.FEED_PHOTO_HOSTS),
      timeoutMs: config.FEED_PHOTO_TIMEOUT_MS,
      maxBytes: config.FEED_PHOTO_MAX_BYTES,
      maxPixels: config.FEED_PHOTO_MAX_PIXELS,
      concurrency: config.FEED_PHOTO_CONCURRENCY,
      perHostConcurrency: config.FEED_PHOTO_HOST_CONCURRENCY,
      fileDirs: [config.SAMPLE_FEED_DIR],
    },
  },
  delivery: delivery?.worker,
  db,
  siteUrl: config.PUBLIC_SITE_URL,
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUST_PROXY,
  readRateLimitMax: config.READ_RATE_LIMIT_MAX,
  adminToken: config.ADMIN_TOKEN,
  staffDeskKey: config.STAFF_DESK_KEY,
  lineup: lineupFromUrl(config.LINEUP_DATA_URL),
  leads: {
    rateLimitMax: config.LEAD_RATE_LIMIT_MAX,
    rateLimitWindowMs: config.LEAD_RATE_LIMIT_WINDOW_MS,
    minFillMs: config.LEAD_MIN_FILL_MS,
    exportToken: config.LEADS_EXPORT_TOKEN,
    signingSecret: config.LEAD_SIGNING_SECRET,
    retention,
    deliveryChannels: configuredChannels(config),
  },
});
// a feed run whose process died (killed, the machine lost) is marked failed now, not left "running"; and every half
// minute after, for a run another API process on the same PostgreSQL was working on when it died
const stopAbandonedRunWatch = await app.feeds.watchAbandonedRuns();
// an empty database gets the sample feed the seed writes (the generator's units, photographed), imported the way a
// dealer's feed comes in, and the sample specials the same way
if (unitCount === 0 && config.SEED_VEHICLES > 0) {
  const { csv } = await writeSampleFeed(config.SAMPLE_FEED_DIR, config.SEED_VEHICLES);
  const { report } = await app.feeds.importInventory(csv, { source: "sample feed" });
  app.log.info({ added: report.added, rejected: report.rejected.length }, "sample feed imported");
}
if (promotionCount === 0) {
  await app.feeds.importPromotions(SEED_PROMOTIONS, { branch: ALLOWED_DEALERSHIP, source: "sample feed" });
}
app.log.info({ database: db.kind }, "database ready");
if (!config.STAFF_DESK_KEY) {
  app.log.warn(
    "no STAFF_DESK_KEY: the staff listener counts every desk visitor's failed sign-ins as the desk's own; set the same key on the desk and here",
  );
}
const stopFeedPull = config.FEED_URL
  ? scheduleFeedPull(app.feeds, {
      url: config.FEED_URL,
      intervalMinutes: config.FEED_INTERVAL_MINUTES,
      fileDirs: [config.SAMPLE_FEED_DIR],
      log: app.log,
    })
  : () => undefined;

const purge = () =>
  purgeExpired(db, retention).then(
    (purged) => app.log.info({ purged, retention }, "retention: expired records deleted"),
    (error: unknown) => app.log.error({ err: error }, "retention: the purge failed, will try again in an hour"),
  );
await purge();
const purgeTimer = setInterval(purge, 60 * 60 * 1000);
purgeTimer.unref();
const digest = () =>
  heldDigest(false).then(
    (result) => result && app.log.info({ sent: result.sent }, "held enquiries: the sales desk's digest is sent"),
    (error: unknown) => app.log.error({ err: error }, "held enquiries: the digest failed, will try again in an hour"),
  );
await digest();
const digestTimer = setInterval(digest, 60 * 60 * 1000);
digestTimer.unref();
// a lead nobody claims in its department's open time is escalated to the department's manager, checked each minute
const escalationTimer = setInterval(
  () =>
    app.leadEscalation
      .runOnce()
      .catch((error: unknown) => app.log.error({ err: error }, "escalation: the check failed, will try again")),
  60 * 1000,
);
escalationTimer.unref();
// saved searches: a day after a search's last alert, what changed since is sent (and lapsed searches stop); a
// minute with no change to the stock and no search newly due costs two small queries
const savedSearchTimer = setInterval(
  () =>
    app.savedSearchAlerts
      .runIfDue()
      .catch((error: unknown) => app.log.error({ err: error }, "saved searches: the check failed, will try again")),
  60 * 1000,
);
savedSearchTimer.unref();

// SIGTERM (a deploy, a restart) or Ctrl-C: stop taking connections on every edge, let the requests in flight and the
// delivery worker's sends finish, close the database; at most SHUTDOWN_GRACE_MS (10 s), then the process exits anyway
stopOnSignals(async () => {
  for (const timer of [purgeTimer, digestTimer, escalationTimer, savedSearchTimer]) clearInterval(timer);
  stopFeedPull();
  stopAbandonedRunWatch();
  // the internal and staff listeners stop taking connections now, as the public one does in app.close(); what they
  // still hold once the public requests are done (the hosts' change streams) is ended by app.close()
  for (const server of app.edgeServers) {
    server.close();
    server.closeIdleConnections();
  }
  await Promise.all([app.close(), delivery?.worker.stop()]);
  // a background feed run gets a few seconds to end; one cut off is marked failed at the next start-up
  await settledWithin(app.feeds.idle(), FEED_RUN_GRACE_MS);
  delivery?.transport.close();
  if (digestTransport !== delivery?.transport) digestTransport?.close();
  await db.close();
  await tracing.shutdown();
});
const listening = await listenOnEdges(
  app,
  {
    public: { port: config.PORT, host: config.HOST },
    internal: { port: config.API_INTERNAL_PORT, host: config.API_INTERNAL_HOST },
    staff: { port: config.API_STAFF_PORT, host: config.API_STAFF_HOST },
  },
  DEFAULT_TIMEOUTS,
);
app.log.info(listening, "api listening: public, internal and staff edges");
console.log(`api serving ${listening.public} (public), ${listening.internal} (internal), ${listening.staff} (staff)`);
if (delivery) {
  delivery.worker.start();
  app.log.info(
    {
      channels: configuredChannels(config),
      smtp: new URL(config.SMTP_URL).host,
      webhook: Boolean(config.LEADS_WEBHOOK_URL),
    },
    "lead delivery: sending stored leads",
  );
}
