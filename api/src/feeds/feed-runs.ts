import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.js";

export type FeedKind = "inventory" | "promotions";

export interface FeedRun {
  id: string;
  kind: FeedKind;
  /** where the file came from: "upload", the FEED_URL, "sample feed" */
  source: string;
  started_at: string;
  outcome: "imported" | "refused";
  report: unknown;
}

/** Keeps a run and its report, so staff can see the feed's health without SQL (GET /api/admin/feeds). */
export async function recordRun(db: Queryable, run: Omit<FeedRun, "id" | "started_at">): Promise<FeedRun> {
  const id = randomUUID();
  const [row] = await db.query<{ started_at: Date | string }>(
    "insert into feed_runs (id, kind, source, outcome, report) values ($1, $2, $3, $4, $5) returning started_at",
    [id, run.kind, run.source.slice(0, 500), run.outcome, JSON.stringify(run.report)],
  );
  return { id, ...run, started_at: new Date(row?.started_at ?? Date.now()).toISOString() };
}

/** The latest runs, newest first. */
export async function latestRuns(db: Queryable, limit = 20): Promise<FeedRun[]> {
  const rows = await db.query<FeedRun & { started_at: Date | string }>(
    "select id, kind, source, started_at, outcome, report from feed_runs order by started_at desc limit $1",
    [limit],
  );
  return rows.map((row) => ({ ...row, started_at: new Date(row.started_at).toISOString() }));
}
