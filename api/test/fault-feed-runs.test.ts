import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { ABANDONED_RUN_REASON, findRun, startRun } from "../src/feeds/feed-runs.js";
import { FeedService } from "../src/feeds/feed-service.js";
import { backends } from "./database-fixtures.js";

/** A run left "running" by a process, with its lease last renewed `ageMs` ago (a lease lasts FEED_LEASE_MS). */
async function runningRun(db: Database, leaseExpiresInMs: number): Promise<string> {
  const id = randomUUID();
  await startRun(db, id, "inventory", "upload");
  await db.query(
    `insert into job_leases (name, holder, locked_until) values ($1, $2, now() + make_interval(secs => $3::double precision / 1000))`,
    [`feed-run:inventory-${id}`, id, leaseExpiresInMs],
  );
  return id;
}

/**
 * Issue 45: a feed run whose process was killed stayed "running" until another file came more than two minutes
 * later. A run whose heartbeat (its lease) has lapsed is failed by the next sweep (at start-up, then every half
 * lease), with a reason staff can act on; a run another live API process is renewing is left alone.
 */
describe.each(backends())("runs whose process died, on $name", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => db.close());

  it("fails a run whose lease lapsed, and leaves one another live API is renewing (PostgreSQL shared)", async () => {
    const dead = await runningRun(db, -1_000);
    const live = await runningRun(db, 25_000);
    const withoutLease = randomUUID();
    await startRun(db, withoutLease, "inventory", "upload");
    // as a process on a shared PostgreSQL sees them: another process may be running any of them
    const feeds = new FeedService({ ...db, kind: "postgres" }, { maxRemovalPercent: 30 });
    expect((await feeds.failAbandonedRuns()).sort()).toEqual([dead, withoutLease].sort());
    const failed = await findRun(db, dead);
    expect(failed?.outcome).toBe("failed");
    expect(failed?.finished_at).not.toBeNull();
    expect(failed?.report).toEqual({ failed: ABANDONED_RUN_REASON });
    expect((await findRun(db, live))?.outcome).toBe("running");
    expect(
      await db.query("select holder from job_leases where holder = $1 and locked_until is not null", [dead]),
    ).toEqual([]);
    await db.query("delete from feed_runs where outcome = 'running'");
    await db.query("delete from job_leases");
  });

  it("on the embedded database, which no other process opens, fails every run left running at start-up", async () => {
    const recent = await runningRun(db, 25_000);
    const feeds = new FeedService({ ...db, kind: "pglite" }, { maxRemovalPercent: 30 });
    await feeds.failAbandonedRuns();
    expect((await findRun(db, recent))?.outcome).toBe("failed");
    // and the feed is free for the next file at once
    const { run } = await feeds.importInventory("Type,Stock,VIN,Year,Make,Model\n", { source: "upload", force: true });
    expect(run.outcome).not.toBe("running");
  });
});
