import pino from "pino";
import { settledWithin, startTracing, stopOnSignals } from "server-kit";
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
import { apiJobs } from "./jobs/api-jobs.js";
import { startPeriodicJobs } from "./jobs/job-runner.js";
import { sendQuarantineDigest } from "./leads/held-enquiries.js";
import { lineupFromUrl } from "./leads/lineup.js";
import { configuredListeners, listenOnEdges } from "./security/edges.js";
import { keepPrivate } from "./security/private-files.js";
import { loadSigningSecret } from "./security/signing.js";
import { SEED_PROMOTIONS } from "./seed/promotions.js";
import { writeSampleFeed } from "./seed/sample-feed.js";
import { backfillUnitCharges, backfillWorkTruckFacts } from "./seed/seed.js";
import { queueReminders } from "./service-booking/booking-store.js";
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
const heldDigest = digestTransport
  ? () =>
      sendQuarantineDigest({
        db,
        send: salesDeskSender(config, digestTransport, business),
        business: () => business.get(),
        staffUrl: config.STAFF_SITE_URL,
        deskUrl: config.STAFF_DESK_URL,
        secret: signingSecret,
      })
  : null;
const tracing = await startTracing("api", config.OTEL_EXPORTER_OTLP_ENDPOINT);
/** How long a stop waits for a background feed run, of the 10 s it has (the requests in flight come first). */
const FEED_RUN_GRACE_MS = 4_000;
const app = await buildApp(config, {
  db,
  traced: tracing.enabled,
  delivery: delivery?.worker,
  sendHeldDigest: heldDigest ?? undefined,
  sendStaffMail: digestTransport ? staffMailSender(config, digestTransport, business) : undefined,
  sendSavedSearchMail: digestTransport ? savedSearchMailSender(config, digestTransport, business) : undefined,
  notifySalesDesk: digestTransport ? salesDeskSender(config, digestTransport, business) : undefined,
  afterImport: fillInFacts,
  cliToken: writeCliToken(cliTokenFile(config)),
  lineup: lineupFromUrl(config.LINEUP_DATA_URL),
});
// a feed run whose process died (killed, the machine lost) is marked failed before this process starts one of its own;
// the feed-run-sweep job looks again every half minute, for a run another API process was working on when it died
await app.feeds.failAbandonedRuns();
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
// the periodic jobs (retention purge, held digest, escalation, saved-search alerts, feed-run sweep, feed pull), each run by one API
// process at a time, with retries on a backoff (jobs/job-runner.ts)
const jobs = startPeriodicJobs(
  db,
  apiJobs(db, app.log, {
    retention,
    heldDigest: heldDigest ? { everyMs: config.QUARANTINE_DIGEST_HOURS * 60 * 60 * 1000, send: heldDigest } : undefined,
    escalation: app.leadEscalation,
    savedSearchAlerts: app.savedSearchAlerts,
    bookingReminders: { queue: () => queueReminders(db, Date.now()), onQueued: () => delivery?.worker.nudge() },
    servicePlans: { bookDue: app.bookDuePlanVisits, onBooked: () => delivery?.worker.nudge() },
    feeds: app.feeds,
    feedPull: config.FEED_URL
      ? { url: config.FEED_URL, intervalMinutes: config.FEED_INTERVAL_MINUTES, fileDirs: [config.SAMPLE_FEED_DIR] }
      : undefined,
  }),
  app.log,
);

// SIGTERM (a deploy, a restart) or Ctrl-C: stop taking connections on every edge, let the requests in flight and the
// delivery worker's sends finish, close the database; at most SHUTDOWN_GRACE_MS (10 s), then the process exits anyway
stopOnSignals(async () => {
  // no job starts from now on; a feed pull under way gets the feed runs' few seconds below
  const jobsStopped = jobs.stop();
  // the internal and staff listeners stop taking connections now, as the public one does in app.close(); what they
  // still hold once the public requests are done (the hosts' change streams) is ended by app.close()
  for (const server of app.edgeServers) {
    server.close();
    server.closeIdleConnections();
  }
  await Promise.all([app.close(), delivery?.worker.stop()]);
  // a background feed run (and a job under way) gets a few seconds to end; one cut off is marked failed at the next
  // start-up, its job taken again once its lease runs out
  await settledWithin(Promise.all([app.feeds.idle(), jobsStopped]), FEED_RUN_GRACE_MS);
  delivery?.transport.close();
  if (digestTransport !== delivery?.transport) digestTransport?.close();
  await db.close();
  await tracing.shutdown();
});
const listening = await listenOnEdges(app, configuredListeners(config), DEFAULT_TIMEOUTS);
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
