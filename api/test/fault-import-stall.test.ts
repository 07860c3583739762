import { performance } from "node:perf_hooks";
import { stringify } from "csv-stringify/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { FEED_COLUMNS } from "../src/feeds/inventory-feed-format.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { feedRow } from "../src/seed/sample-feed.js";
import { testConfig } from "./test-config.js";

const UNITS = 2_000;

/**
 * Issue 45: during a 3,000-unit import on the embedded database every request, /api/health included, waited 4.3 s
 * (the file parsed in one go, every unit written in one transaction that held the database's one session). Now the
 * file is read a part at a time and written a hundred units per transaction: requests are served all along.
 */
describe("an import on the embedded database", () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    app = await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 1_000_000 }), { db });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("never holds other requests: /api/health answers all along, each in well under a second", async () => {
    const units = generateInventory(UNITS);
    const csv = stringify(
      units.map((unit) => feedRow(unit, [])),
      { header: true, columns: [...FEED_COLUMNS] },
    );
    const latencies: number[] = [];
    let done = false;
    const importing = app.feeds.importInventory(csv, { source: "upload" }).finally(() => {
      done = true;
    });
    while (!done) {
      const started = performance.now();
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const { report, run } = await importing;
    expect(run.outcome).toBe("imported");
    expect(report.added).toBe(UNITS);
    // before: one request, answered once the import had finished (seconds)
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>("select count(*)::int as n from vehicles");
    expect(n).toBe(UNITS);
  }, 120_000);
});
