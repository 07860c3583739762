import pino from "pino";
import { buildApp } from "./app.js";
import { BusinessDetailsStore } from "./business/business-store.js";
import { readConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrations.js";
import {
  configuredChannels,
  createDeliveryWorker,
  heldDigestSender,
  smtpTransport,
} from "./delivery/delivery-setup.js";
import { sendQuarantineDigest } from "./leads/held-enquiries.js";
import { purgeExpired } from "./leads/retention.js";
import { loadSigningSecret } from "./security/signing.js";
import { backfillUnitCharges, backfillWorkTruckFacts, seedIfEmpty } from "./seed/seed.js";

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const seeded = await seedIfEmpty(db, config.SEED_VEHICLES);
await backfillUnitCharges(db);
await backfillWorkTruckFacts(db);
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
const heldDigest = (force: boolean) =>
  digestTransport
    ? sendQuarantineDigest({
        db,
        send: heldDigestSender(config, digestTransport, business),
        business: () => business.get(),
        siteUrl: config.PUBLIC_SITE_URL ?? "",
        secret: signingSecret,
        intervalMs: config.QUARANTINE_DIGEST_HOURS * 60 * 60 * 1000,
        force,
      })
    : Promise.resolve(null);
const app = await buildApp({
  sendHeldDigest: () => heldDigest(true),
  delivery: delivery?.worker,
  db,
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUST_PROXY,
  readRateLimitMax: config.READ_RATE_LIMIT_MAX,
  adminToken: config.ADMIN_TOKEN,
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
app.log.info({ database: db.kind, seeded }, "database ready");

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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    clearInterval(purgeTimer);
    clearInterval(digestTimer);
    await app.close();
    await delivery?.worker.stop();
    delivery?.transport.close();
    if (digestTransport !== delivery?.transport) digestTransport?.close();
    await db.close();
    process.exit(0);
  });
}
await app.listen({ port: config.PORT, host: config.HOST });
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
