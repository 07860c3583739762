import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { type JobLog, type PeriodicJob, type PeriodicJobs, startPeriodicJobs } from "../src/jobs/job-runner.js";
import { sharedDatabases } from "./database-fixtures.js";
import { eventually } from "./smtp-catcher.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLog(): JobLog & { errors: Record<string, unknown>[] } {
  const errors: Record<string, unknown>[] = [];
  return { errors, info: () => undefined, warn: () => undefined, error: (facts) => void errors.push({ ...facts }) };
}

/** A job that counts its runs and how many ran at once, each taking `takesMs`. */
function countingJob(name: string, takesMs: number, extra: Partial<PeriodicJob> = {}) {
  const stats = { runs: 0, active: 0, mostAtOnce: 0 };
  const job: PeriodicJob = {
    name,
    everyMs: 60 * 60_000,
    async run() {
      stats.runs += 1;
      stats.active += 1;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.active);
      await sleep(takesMs);
      stats.active -= 1;
    },
    ...extra,
  };
  return { job, stats };
}

describe.each(sharedDatabases())("periodic jobs on $name", (shared) => {
  let first: Database;
  let second: Database;
  const started: PeriodicJobs[] = [];
  const start = (db: Database, jobs: PeriodicJob[], log: JobLog = recordingLog()) => {
    const runner = startPeriodicJobs(db, jobs, log);
    started.push(runner);
    return runner;
  };
  const lease = async (name: string) =>
    (
      await first.query<{ failures: number; last_error: string; held: boolean; due_in_s: number }>(
        `select failures, last_error, locked_until is not null as held,
                extract(epoch from next_run_at - now())::float8 as due_in_s
           from job_leases where name = $1`,
        [name],
      )
    )[0];

  beforeAll(async () => {
    [first, second] = await shared.open();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((runner) => runner.stop()));
    await shared.close();
  });

  it("runs a job once per interval across two processes, never in both at once", async () => {
    const { job, stats } = countingJob("once-per-interval", 300);
    const runners = [start(first, [job]), start(second, [job])];
    await eventually(() => stats.runs >= 1, "the first run");
    // both kept looking: the one that did not run it sees it ran, and waits for its next time
    for (const runner of runners) runner.nudge(job.name);
    await sleep(1_500);
    expect(stats).toMatchObject({ runs: 1, mostAtOnce: 1 });
    expect((await lease(job.name))?.due_in_s).toBeGreaterThan(60 * 60 - 10);

    // its time comes: one of them runs it, once
    await first.query("update job_leases set next_run_at = now() where name = $1", [job.name]);
    for (const runner of runners) runner.nudge(job.name);
    await eventually(() => stats.runs >= 2, "the second run");
    await sleep(1_000);
    expect(stats).toMatchObject({ runs: 2, mostAtOnce: 1 });
  }, 30_000);

  it("tries a failed run again on the backoff, keeps its error, and forgets it once a run succeeds", async () => {
    let runs = 0;
    const log = recordingLog();
    const job: PeriodicJob = {
      name: "fails-twice",
      everyMs: 60 * 60_000,
      retry: { baseDelayMs: 200, maxDelayMs: 400 },
      async run() {
        runs += 1;
        if (runs <= 2) throw new Error(`the mail server is away (${runs})`);
      },
    };
    start(first, [job], log);
    await eventually(() => runs >= 2, "a second try, well before the hour");
    await eventually(async () => (await lease(job.name))?.failures === 2, "two failures counted");
    expect(await lease(job.name)).toMatchObject({ last_error: "the mail server is away (2)", held: false });
    expect((await lease(job.name))?.due_in_s).toBeLessThan(1);
    expect(log.errors.map((facts) => facts.failures)).toEqual([1, 2]);
    // first after 100-200 ms, then 200-400 ms: never sooner than half the doubled wait
    expect(Number(log.errors[1]?.retryInMs)).toBeGreaterThanOrEqual(200);

    await eventually(() => runs >= 3, "the third try");
    await eventually(async () => (await lease(job.name))?.failures === 0, "the failures forgotten");
    expect(await lease(job.name)).toMatchObject({ last_error: "", held: false });
    expect((await lease(job.name))?.due_in_s).toBeGreaterThan(60 * 60 - 10);
  }, 30_000);

  it("takes over a job whose process died holding it once its lease runs out, and not before", async () => {
    const { job, stats } = countingJob("holder-died", 0, { leaseMs: 5_000 });
    await first.query(
      `insert into job_leases (name, holder, locked_until, next_run_at)
       values ($1, 'a process that was killed', now() + interval '1500 milliseconds', now() - interval '1 minute')`,
      [job.name],
    );
    start(second, [job]);
    await sleep(700);
    expect(stats.runs).toBe(0);
    await eventually(() => stats.runs === 1, "the run once the dead holder's lease ran out", 10_000);
  }, 30_000);

  it("renews a long run's lease, so no other process takes it for a dead one", async () => {
    const { job, stats } = countingJob("long-run", 2_500, { leaseMs: 900 });
    const runners = [start(first, [job]), start(second, [job])];
    await eventually(() => stats.runs === 1, "the run");
    // past two of its leases, the other process keeps looking and keeps finding it held
    for (let i = 0; i < 8; i++) {
      await first.query("update job_leases set next_run_at = now() where name = $1", [job.name]);
      for (const runner of runners) runner.nudge(job.name);
      await sleep(250);
      if (stats.active === 0) break;
    }
    expect(stats.mostAtOnce).toBe(1);
    expect(stats.runs).toBe(1);
  }, 30_000);

  it("stops looking when stopped, and waits for the run under way", async () => {
    let ended = false;
    const job: PeriodicJob = {
      name: "stopped-mid-run",
      everyMs: 60 * 60_000,
      async run() {
        await sleep(400);
        ended = true;
      },
    };
    const runner = start(first, [job]);
    await eventually(async () => (await lease(job.name))?.held === true, "the run under way");
    await runner.stop();
    expect(ended).toBe(true);
    expect(await lease(job.name)).toMatchObject({ held: false, failures: 0 });
  }, 30_000);
});
