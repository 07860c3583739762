import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.js";
import { takeLease } from "../jobs/job-runner.js";

export type FeedKind = "inventory" | "promotions";

export interface FeedRun {
  id: string;
  kind: FeedKind;
  /** where the file came from: "upload", the FEED_URL, "sample feed" */
  source: string;
  started_at: string;
  /** null while it runs */
  finished_at: string | null;
  /** running; then imported, refused (nothing changed: the report says why) or failed (the API could not finish) */
  outcome: "running" | "imported" | "refused" | "failed";
  report: unknown;
}

type RunRow = FeedRun & { started_at: Date | string; finished_at: Date | string | null };
const asRun = (row: RunRow | undefined): FeedRun => {
  if (!row) throw new Error("no such run");
  return {
    ...row,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
};
const COLUMNS = "id, kind, source, started_at, finished_at, outcome, report";

/** Keeps a finished run and its report, so staff can see the feed's health without SQL (the desk's Feeds page). */
export async function recordRun(
  db: Queryable,
  run: Omit<FeedRun, "id" | "started_at" | "finished_at">,
): Promise<FeedRun> {
  const id = randomUUID();
  const [row] = await db.query<RunRow>(
    `insert into feed_runs (id, kind, source, outcome, report, finished_at) values ($1, $2, $3, $4, $5, now())
     returning ${COLUMNS}`,
    [id, run.kind, run.source.slice(0, 500), run.outcome, JSON.stringify(run.report)],
  );
  return asRun(row);
}

/** A run as it starts: running, its report to come. */
export async function startRun(db: Queryable, id: string, kind: FeedKind, source: string): Promise<FeedRun> {
  const [row] = await db.query<RunRow>(
    `insert into feed_runs (id, kind, source, outcome, report) values ($1, $2, $3, 'running', '{}')
     returning ${COLUMNS}`,
    [id, kind, source.slice(0, 500)],
  );
  return asRun(row);
}

/**
 * A run's end: its outcome and report. Its lease goes first: whoever reads the run as ended (the importer's command
 * polling its status) may send the next file at once, and must not find the feed still held.
 */
export async function finishRun(
  db: Queryable,
  id: string,
  outcome: Exclude<FeedRun["outcome"], "running">,
  report: unknown,
): Promise<FeedRun> {
  // one statement: a sweep (failAbandonedRuns) never sees the run without its lease and still running
  const [row] = await db.query<RunRow>(
    `with released as (update job_leases set locked_until = null where holder = $1)
     update feed_runs set outcome = $2, report = $3, finished_at = now() where id = $1 returning ${COLUMNS}`,
    [id, outcome, JSON.stringify(report)],
  );
  return asRun(row);
}

export async function findRun(db: Queryable, id: string): Promise<FeedRun | null> {
  const [row] = await db.query<RunRow>(`select ${COLUMNS} from feed_runs where id = $1`, [id]);
  return row ? asRun(row) : null;
}

/** The latest runs, newest first. */
export async function latestRuns(db: Queryable, limit = 20): Promise<FeedRun[]> {
  const rows = await db.query<RunRow>(`select ${COLUMNS} from feed_runs order by started_at desc limit $1`, [limit]);
  return rows.map(asRun);
}

/**
 * How long a run's hold on its feed lasts without being renewed (the run renews it every third of it): a process
 * that died lets go after this, so a dead run is told from a live one (on any API process) within half a minute.
 */
export const FEED_LEASE_MS = 30 * 1000;

/** The lease (jobs/job-runner.ts) that one run of a feed holds at a time, across every API process on the database. */
export const feedLease = (kind: FeedKind) => `feed-run:${kind}`;

/** What a run whose process died says, on the desk's Feeds page and to the importer's command. */
export const ABANDONED_RUN_REASON = "The import stopped when its server did; post the file again.";

/**
 * Takes the feed's lease for `runId` when it is free or its holder stopped renewing it, and marks failed the run that
 * held it then; when it is held, answers the run that holds it.
 */
export async function takeFeedLease(
  db: Queryable,
  kind: FeedKind,
  runId: string,
): Promise<{ taken: true } | { taken: false; heldBy: string }> {
  const lease = await takeLease(db, feedLease(kind), runId, FEED_LEASE_MS);
  if (!lease.taken) {
    const [now] = await db.query<{ holder: string }>("select holder from job_leases where name = $1", [
      feedLease(kind),
    ]);
    return { taken: false, heldBy: lease.holder ?? now?.holder ?? "" };
  }
  if (lease.holder) {
    await db.query(
      `update feed_runs set outcome = 'failed', finished_at = now(), report = jsonb_build_object('failed', $2::text)
       where id = $1 and outcome = 'running'`,
      [lease.holder, ABANDONED_RUN_REASON],
    );
  }
  return { taken: true };
}

/**
 * Marks failed the runs still "running" whose process died: those whose lease has lapsed (a run another live API
 * process works on renews its own, and is left alone), or, on the embedded database, which only this process opens,
 * every one but `ownRuns`. Answers the ids it failed.
 */
export async function failAbandonedRuns(
  db: Queryable,
  { onlyProcess, ownRuns }: { onlyProcess: boolean; ownRuns: readonly string[] },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with failed as (
       update feed_runs set outcome = 'failed', finished_at = now(), report = jsonb_build_object('failed', $1::text)
       where outcome = 'running' and id <> all($3::text[])
         and ($2 or not exists (select 1 from job_leases where holder = feed_runs.id and locked_until >= now()))
       returning id
     ), released as (update job_leases set locked_until = null where holder in (select id from failed))
     select id from failed`,
    [ABANDONED_RUN_REASON, onlyProcess, ownRuns],
  );
  return rows.map((row) => row.id);
}
