import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.js";

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

const asRun = (row: FeedRun & { started_at: Date | string; finished_at: Date | string | null }): FeedRun => ({
  ...row,
  started_at: new Date(row.started_at).toISOString(),
  finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});
const COLUMNS = "id, kind, source, started_at, finished_at, outcome, report";

/** Keeps a finished run and its report, so staff can see the feed's health without SQL (the desk's Feeds page). */
export async function recordRun(
  db: Queryable,
  run: Omit<FeedRun, "id" | "started_at" | "finished_at">,
): Promise<FeedRun> {
  const id = randomUUID();
  const [row] = await db.query<FeedRun & { started_at: Date | string; finished_at: Date | string | null }>(
    `insert into feed_runs (id, kind, source, outcome, report, finished_at) values ($1, $2, $3, $4, $5, now())
     returning ${COLUMNS}`,
    [id, run.kind, run.source.slice(0, 500), run.outcome, JSON.stringify(run.report)],
  );
  if (!row) throw new Error("the run was not recorded");
  return asRun(row);
}

/** A run as it starts: running, its report to come. */
export async function startRun(db: Queryable, id: string, kind: FeedKind, source: string): Promise<FeedRun> {
  const [row] = await db.query<FeedRun & { started_at: Date | string; finished_at: Date | string | null }>(
    `insert into feed_runs (id, kind, source, outcome, report) values ($1, $2, $3, 'running', '{}')
     returning ${COLUMNS}`,
    [id, kind, source.slice(0, 500)],
  );
  if (!row) throw new Error("the run was not recorded");
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
  const [row] = await db.query<FeedRun & { started_at: Date | string; finished_at: Date | string | null }>(
    `with released as (delete from feed_locks where run_id = $1)
     update feed_runs set outcome = $2, report = $3, finished_at = now() where id = $1 returning ${COLUMNS}`,
    [id, outcome, JSON.stringify(report)],
  );
  if (!row) throw new Error(`no run ${id}`);
  return asRun(row);
}

export async function findRun(db: Queryable, id: string): Promise<FeedRun | null> {
  const [row] = await db.query<FeedRun & { started_at: Date | string; finished_at: Date | string | null }>(
    `select ${COLUMNS} from feed_runs where id = $1`,
    [id],
  );
  return row ? asRun(row) : null;
}

/** The latest runs, newest first. */
export async function latestRuns(db: Queryable, limit = 20): Promise<FeedRun[]> {
  const rows = await db.query<FeedRun & { started_at: Date | string; finished_at: Date | string | null }>(
    `select ${COLUMNS} from feed_runs order by started_at desc limit $1`,
    [limit],
  );
  return rows.map(asRun);
}

/**
 * How long a run's hold on its feed lasts without being renewed: a process that died lets go after this. The running
 * import renews it every FEED_HEARTBEAT_MS (its heartbeat), so a live run's lease is never older than a few seconds
 * and one this short tells a dead run from a live one (on any API process) within half a minute.
 */
export const FEED_LEASE_MS = 30 * 1000;
export const FEED_HEARTBEAT_MS = 5 * 1000;

/** What a run whose process died says, on the desk's Feeds page and to the importer's command. */
export const ABANDONED_RUN_REASON = "The import stopped when its server did; post the file again.";

/**
 * One run per feed at a time, across every API process on the database: a lease row per feed, taken when free or
 * past its time (the process holding it stopped), renewed while the run goes on, given back when it ends; when it
 * is held, the run that holds it. A run whose holder stopped is marked failed when its lease is taken over.
 */
export async function takeFeedLease(
  db: Queryable,
  kind: FeedKind,
  runId: string,
): Promise<{ taken: true } | { taken: false; heldBy: string }> {
  const [taken] = await db.query<{ run_id: string; previous: string | null }>(
    `with previous as (select run_id from feed_locks where kind = $1 and expires_at < now())
     insert into feed_locks (kind, run_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
     on conflict (kind) do update set run_id = excluded.run_id, expires_at = excluded.expires_at
       where feed_locks.expires_at < now()
     returning run_id, (select run_id from previous) as previous`,
    [kind, runId, FEED_LEASE_MS],
  );
  if (taken) {
    if (taken.previous && taken.previous !== runId) {
      await db.query(
        `update feed_runs set outcome = 'failed', finished_at = now(),
           report = jsonb_build_object('failed', $2::text)
         where id = $1 and outcome = 'running'`,
        [taken.previous, ABANDONED_RUN_REASON],
      );
    }
    return { taken: true };
  }
  const [holder] = await db.query<{ run_id: string }>("select run_id from feed_locks where kind = $1", [kind]);
  return { taken: false, heldBy: holder?.run_id ?? "" };
}

export async function renewFeedLease(db: Queryable, kind: FeedKind, runId: string): Promise<void> {
  await db.query(
    `update feed_locks set expires_at = now() + make_interval(secs => $3::double precision / 1000)
     where kind = $1 and run_id = $2`,
    [kind, runId, FEED_LEASE_MS],
  );
}

export async function releaseFeedLease(db: Queryable, kind: FeedKind, runId: string): Promise<void> {
  await db.query("delete from feed_locks where kind = $1 and run_id = $2", [kind, runId]);
}

/**
 * Marks failed the runs still "running" whose process died: those whose lease has lapsed (no heartbeat for
 * FEED_LEASE_MS; a run another live API process works on renews its own, and is left alone), or, on the embedded
 * database, which only this process opens, every one but `ownRuns`. Answers the ids it failed.
 */
export async function failAbandonedRuns(
  db: Queryable,
  { onlyProcess, ownRuns }: { onlyProcess: boolean; ownRuns: readonly string[] },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with failed as (
       update feed_runs set outcome = 'failed', finished_at = now(), report = jsonb_build_object('failed', $1::text)
       where outcome = 'running' and id <> all($3::text[])
         and ($2 or not exists (select 1 from feed_locks where run_id = feed_runs.id and expires_at >= now()))
       returning id
     ), released as (delete from feed_locks where run_id in (select id from failed))
     select id from failed`,
    [ABANDONED_RUN_REASON, onlyProcess, ownRuns],
  );
  return rows.map((row) => row.id);
}
