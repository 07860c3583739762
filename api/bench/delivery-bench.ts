import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import { type Database, openPglite, openPostgres } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { crmEmailSender, departmentEmailSender } from "../src/delivery/channels.js";
import { smtpTransport } from "../src/delivery/delivery-setup.js";
import { DeliveryWorker } from "../src/delivery/delivery-worker.js";
import { deliveryHealth, enqueueDeliveries } from "../src/delivery/outbox.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { insertVehicles } from "../src/seed/seed.js";
import { SmtpCatcher } from "../test/smtp-catcher.js";

/**
 * npm run bench:delivery -w api [-- --leads 1000]
 * Commits a burst of leads (each with its CRM and department deliveries, in one transaction per lead, as the API
 * does), with the worker running against a real SMTP server (Nodemailer's smtp-server) on this machine, and
 * reports when every delivery had gone: the speed to lead (commit to delivered) p50 and p95, from the outbox's
 * own timestamps, as GET /api/health/deliveries reports it. Embedded PGlite, or PostgreSQL with BENCH_DATABASE_URL
 * (a throwaway database on that server). Goal: every lead delivered within a minute (p95 < 60 s).
 */
const { values } = parseArgs({ options: { leads: { type: "string", default: "1000" } } });
const LEADS = Number(values.leads);

async function openBenchDatabase(): Promise<{ db: Database; dispose(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { db: await openPglite(), dispose: async () => {} };
  const name = `delivery_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    async dispose() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { db, dispose } = await openBenchDatabase();
await migrate(db);
const vehicles = generateInventory(200);
await insertVehicles(db, vehicles);
const business = new BusinessDetailsStore(db);
await business.seedIfMissing();
const smtp = await new SmtpCatcher().start();
const transport = smtpTransport(smtp.url);
const addresses = { crm: "crm@crm.bench.test" };
const worker = new DeliveryWorker({
  db,
  senders: {
    "crm-email": crmEmailSender(transport, addresses),
    "department-email": departmentEmailSender(transport, addresses),
  },
  business: () => business.get(),
  log: { info() {}, warn() {}, error: (facts, message) => console.error(message, facts) },
});
worker.start();

const forms = ["vehicle-contact", "contact", "service-request", "parts-request", "quote"] as const;
const started = performance.now();
// the burst: every lead committed as fast as the database takes them, each nudging the worker as the route does
await Promise.all(
  Array.from({ length: LEADS }, async (_, i) => {
    const id = randomUUID();
    const vehicle = vehicles[i % vehicles.length];
    await db.transaction(async (tx) => {
      await tx.query("insert into leads (id, destination, form, fields) values ($1, $2, $3, $4)", [
        id,
        "VDPContactForm",
        forms[i % forms.length],
        JSON.stringify({
          first_name: `Bench ${i}`,
          email: `bench${i}@example.ca`,
          stock_number: vehicle?.stock_number,
          message: "How soon could we take delivery?",
        }),
      ]);
      await enqueueDeliveries(tx, id, ["crm-email", "department-email"]);
    });
    worker.nudge();
  }),
);
const committedMs = performance.now() - started;
while ((await deliveryHealth(db)).pending > 0) await new Promise((resolve) => setTimeout(resolve, 100));
const allMs = performance.now() - started;
const health = await deliveryHealth(db);
await worker.stop();
transport.close();
await smtp.stop();

console.log(`database: ${db.kind}`);
console.log(
  `${LEADS} leads committed in ${(committedMs / 1000).toFixed(1)} s; ${health.delivered} deliveries (${smtp.mails.length} emails received)`,
);
console.log(`every delivery done ${(allMs / 1000).toFixed(1)} s after the burst began; failed: ${health.failed}`);
console.log(
  `speed to lead (commit to delivered): p50 ${health.speed_to_lead_ms.p50} ms, p95 ${health.speed_to_lead_ms.p95} ms`,
);
const ok = health.failed === 0 && smtp.mails.length === LEADS * 2 && (health.speed_to_lead_ms.p95 ?? Infinity) < 60_000;
console.log(ok ? "goal met: all delivered, once each, p95 under a minute" : "GOAL MISSED");
await db.close();
await dispose();
process.exit(ok ? 0 : 1);
