import { buildApp } from "./app.js";
import { readConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrations.js";
import { seedIfEmpty } from "./seed/seed.js";

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const seeded = await seedIfEmpty(db, config.SEED_VEHICLES);
const app = await buildApp({
  db,
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUST_PROXY,
  leads: {
    rateLimitMax: config.LEAD_RATE_LIMIT_MAX,
    rateLimitWindowMs: config.LEAD_RATE_LIMIT_WINDOW_MS,
    minFillMs: config.LEAD_MIN_FILL_MS,
    exportToken: config.LEADS_EXPORT_TOKEN,
  },
});
app.log.info({ database: db.kind, seeded }, "database ready");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
await app.listen({ port: config.PORT, host: config.HOST });
