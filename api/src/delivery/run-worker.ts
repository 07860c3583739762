import pino from "pino";
import { BusinessDetailsStore } from "../business/business-store.js";
import { readConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrations.js";
import { createDeliveryWorker } from "./delivery-setup.js";

/**
 * npm run leads:worker -w api: the lead outbox's worker alone, for a deployment that runs the API with
 * DELIVERY_WORKER=off (several API instances, one or more workers) on PostgreSQL. The embedded database takes one
 * process at a time, so with it the API runs the worker itself.
 */
const config = readConfig();
const log = pino({ level: config.LOG_LEVEL, name: "lead-delivery" });
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const business = new BusinessDetailsStore(db);
await business.seedIfMissing();
const { worker, transport } = createDeliveryWorker(config, db, business, log);
worker.start();
log.info({ database: db.kind, smtp: new URL(config.SMTP_URL).host }, "lead delivery worker started");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await worker.stop();
    transport.close();
    await db.close();
    process.exit(0);
  });
}
// keeps the process alive: the worker's own timers are unref'd so the API can exit without waiting on them
setInterval(() => {}, 1 << 30);
