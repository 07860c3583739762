import { randomUUID } from "node:crypto";
import { promotionSchema } from "shared-types/schemas";
import type { Database } from "../db/database.js";
import { feedReportEmail } from "../emails/feed-report.js";
import { releaseLease, whileHeld } from "../jobs/job-runner.js";
import {
  FEED_LEASE_MS,
  type FeedRun,
  failAbandonedRuns,
  feedLease,
  findRun,
  finishRun,
  latestRuns,
  recordRun,
  startRun,
  takeFeedLease,
} from "./feed-runs.js";
import { type ColumnMap, parseInventoryFeedYielding } from "./inventory-feed-format.js";
import { type InventoryImportReport, importInventoryFeed } from "./inventory-import.js";
import type { PhotoStore } from "./photos.js";

export interface PromotionsImportReport {
  imported: number;
  rejected: { index: number; reason: string }[];
  refused?: string;
}

/** A message to the sales desk (the lead emails' transport and sender). */
export type SalesDeskMessage = { subject: string; text: string; html: string };

/** An import of this feed is running (one per feed at a time, across the API's processes): the run that holds it. */
export class FeedBusy extends Error {
  constructor(readonly runId: string) {
    super(`an import of this feed is running (run ${runId}); it takes the next file once it ends`);
  }
}

export interface FeedServiceOptions {
  maxRemovalPercent: number;
  /** The longest a run spends fetching photos (FEED_PHOTO_DEADLINE_S): the rest are tried on the next run. */
  photoDeadlineMs?: number;
  columnMap?: ColumnMap;
  photos?: PhotoStore | null;
  /** Tells the sales desk about a run that rejected rows or was refused; none: the report is only stored. */
  notifySalesDesk?: (message: SalesDeskMessage) => Promise<void>;
  /** Fills in what a feed leaves out (the standard charges, the model's work-truck facts). */
  afterImport?: () => Promise<void>;
  log?: { warn(data: object, message: string): void; info(data: object, message: string): void };
}

/** Each rejected row of a run as the sales desk reads it, by the kind of feed. */
const REJECTED_LINES: { [K in FeedRun["kind"]]: (report: never) => string[] } = {
  inventory: (report: InventoryImportReport) =>
    report.rejected.map(
      (row) => `Line ${row.line}${row.stock_number ? ` (stock ${row.stock_number})` : ""}: ${row.reason}`,
    ),
  promotions: (report: PromotionsImportReport) =>
    report.rejected.map((item) => `Item ${item.index + 1}: ${item.reason}`),
};

/** The sales desk's email about a run that needs a person: what was refused, or each rejected row with its reason. */
export function alertFor(
  run: FeedRun,
  report: InventoryImportReport | PromotionsImportReport,
): SalesDeskMessage | null {
  if (run.outcome === "running") return null;
  const lines = report.refused
    ? [`The ${run.kind} feed (${run.source}) was refused, and nothing on the site was changed: ${report.refused}`]
    : REJECTED_LINES[run.kind](report as never);
  if (lines.length === 0) return null;
  const refused = Boolean(report.refused);
  const subject = refused
    ? `The ${run.kind} feed was refused`
    : `The ${run.kind} feed: ${lines.length} row${lines.length === 1 ? "" : "s"} rejected`;
  const intro = refused
    ? ""
    : `The ${run.kind} feed (${run.source}) was imported, but these rows were left out. The rest are on the site; fix these in the DMS and they come in with the next feed.`;
  return feedReportEmail({ subject, intro, lines, runId: run.id });
}

/**
 * Imports the dealership's feeds (its inventory, its specials), however they come (an upload, the scheduled pull,
 * the sample feed of an empty database), keeps every run with its report, and tells the sales desk when a run needs
 * a person. One import at a time: a scheduled pull and an upload never interleave.
 */
export class FeedService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: FeedServiceOptions,
  ) {}

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Tells the sales desk about a run that needs a person, and logs its end. */
  private async told(run: FeedRun, report: InventoryImportReport | PromotionsImportReport): Promise<void> {
    const alert = alertFor(run, report);
    if (alert && this.options.notifySalesDesk) {
      await this.options
        .notifySalesDesk(alert)
        .catch((error: unknown) =>
          this.options.log?.warn({ err: error, run: run.id }, "feeds: the sales desk could not be told about a run"),
        );
    }
    this.options.log?.info(
      { run: run.id, kind: run.kind, source: run.source, outcome: run.outcome },
      "feeds: a run finished",
    );
  }

  private async finish<R extends PromotionsImportReport>(
    kind: FeedRun["kind"],
    source: string,
    report: R,
  ): Promise<{ run: FeedRun; report: R }> {
    const run = await recordRun(this.db, { kind, source, outcome: report.refused ? "refused" : "imported", report });
    await this.told(run, report);
    return { run, report };
  }

  /** The runs this process has begun and not finished (their ids), those still taking their lease included. */
  private readonly claimed = new Set<string>();

  /** The runs going on in this process, each with its end. */
  private readonly running = new Map<string, Promise<{ run: FeedRun; report: InventoryImportReport }>>();

  /** The latest runs and their reports, newest first. */
  latestRuns(limit = 20): Promise<FeedRun[]> {
    return latestRuns(this.db, limit);
  }

  /**
   * Starts importing the stock in the background and answers its run (running) at once: the file (or what reads it:
   * a pull from FEED_URL) is read, checked and applied, its photos fetched, and the run finished with its report
   * (the desk's Feeds page, GET /admin/feeds/runs/:id). One run per feed at a time, across the API's processes:
   * FeedBusy names the run that holds it.
   */
  async startInventoryImport(
    file: string | (() => Promise<string>),
    { source, force = false }: { source: string; force?: boolean },
  ): Promise<FeedRun> {
    const id = randomUUID();
    // this process's from now on, so a sweep for abandoned runs never takes it for a dead one as it starts
    this.claimed.add(id);
    const release = () => releaseLease(this.db, feedLease("inventory"), id).catch(() => undefined);
    let run: FeedRun;
    try {
      const lease = await takeFeedLease(this.db, "inventory", id);
      if (!lease.taken) throw new FeedBusy(lease.heldBy);
      run = await startRun(this.db, id, "inventory", source).catch(async (error: unknown) => {
        await release();
        throw error;
      });
    } catch (error) {
      this.claimed.delete(id);
      throw error;
    }
    const held: [string, string, number] = [feedLease("inventory"), id, FEED_LEASE_MS];
    const ended = whileHeld(this.db, held, () => this.runInventory(run, file, force)).finally(async () => {
      this.running.delete(id);
      this.claimed.delete(id);
      await release();
    });
    this.running.set(id, ended);
    return run;
  }

  private async runInventory(
    run: FeedRun,
    file: string | (() => Promise<string>),
    force: boolean,
  ): Promise<{ run: FeedRun; report: InventoryImportReport }> {
    const empty: InventoryImportReport = {
      added: 0,
      updated: 0,
      unchanged: 0,
      marked_sold: 0,
      rejected: [],
      photo_problems: [],
    };
    try {
      let csv: string;
      try {
        csv = typeof file === "string" ? file : await file();
      } catch (error) {
        const report = { ...empty, refused: `the feed could not be read: ${(error as Error).message ?? error}` };
        const ended = await finishRun(this.db, run.id, "refused", report);
        await this.told(ended, report);
        return { run: ended, report };
      }
      const parsed = await parseInventoryFeedYielding(csv, { columnMap: this.options.columnMap });
      const photos = this.options.photos;
      const report = await importInventoryFeed(this.db, parsed, {
        maxRemovalPercent: this.options.maxRemovalPercent,
        force,
        photos: photos ? (urls, signal) => photos.addAll(urls, signal) : undefined,
        photoDeadlineMs: this.options.photoDeadlineMs,
      });
      if (!report.refused) await this.options.afterImport?.();
      const ended = await finishRun(this.db, run.id, report.refused ? "refused" : "imported", report);
      await this.told(ended, report);
      return { run: ended, report };
    } catch (error) {
      // the database or the disk failed mid-way: on PostgreSQL nothing of the file was applied (one transaction); on
      // the embedded database the units before the failure were (inventory-import.ts)
      this.options.log?.warn({ err: error, run: run.id }, "feeds: a run failed");
      const report = { ...empty, failed: `the run could not finish: ${(error as Error).message ?? error}` };
      const ended = await finishRun(this.db, run.id, "failed", report).catch(() => ({
        ...run,
        outcome: "failed" as const,
        report,
      }));
      return { run: ended, report };
    }
  }

  /**
   * Marks failed the runs whose process died mid-run (killed, the machine lost), so the desk never shows a run
   * "running" that nobody is running: at start-up, and every half lease after (the feed-run-sweep job, for a run
   * another API process was working on when it died). On the embedded database this process is the only one: every
   * run not its own is dead.
   */
  async failAbandonedRuns(): Promise<string[]> {
    const failed = await failAbandonedRuns(this.db, {
      onlyProcess: this.db.kind === "pglite",
      ownRuns: [...this.claimed],
    });
    if (failed.length > 0) this.options.log?.warn({ runs: failed }, "feeds: runs whose process died marked failed");
    return failed;
  }

  /** A run's end: at once for one this process runs, else as the database has it (null: no such run). */
  async settled(id: string): Promise<FeedRun | null> {
    const going = this.running.get(id);
    if (going) return (await going).run;
    return findRun(this.db, id);
  }

  /** Imports and waits for the end (the sample feed, a scheduled pull, the tests). */
  async importInventory(
    file: string | (() => Promise<string>),
    options: { source: string; force?: boolean },
  ): Promise<{ run: FeedRun; report: InventoryImportReport }> {
    const run = await this.startInventoryImport(file, options);
    const going = this.running.get(run.id);
    if (going) return going;
    const ended = await findRun(this.db, run.id);
    return { run: ended ?? run, report: (ended?.report ?? {}) as InventoryImportReport };
  }

  /** A run as it stands (running, or its outcome and report); null when there is none. */
  run(id: string): Promise<FeedRun | null> {
    return findRun(this.db, id);
  }

  /** Waits for every run this process has going (the API's shutdown, a test's end). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Replaces the specials a feed brought for a branch (the desk's own stay) with the feed's (SPEC's shape: department, rank, html, image, url): an item that is
   * not one is rejected with its reason and the rest are imported; a feed in which none is valid is refused, so a
   * broken file never empties the specials pages. The HTML is sanitised when it is served, as before.
   */
  importPromotions(items: unknown, { branch, source }: { branch: string; source: string }) {
    return this.serially(async () => {
      const report: PromotionsImportReport = { imported: 0, rejected: [] };
      if (!Array.isArray(items))
        return this.finish("promotions", source, { ...report, refused: "the feed is not a list" });
      const ids = new Set<string>();
      const valid = items.flatMap((item, index) => {
        const parsed = promotionSchema.safeParse(item);
        if (parsed.success) {
          const id = parsed.data.id ?? randomUUID();
          if (ids.has(id)) {
            report.rejected.push({ index, reason: `id ${JSON.stringify(id)} appears again` });
            return [];
          }
          ids.add(id);
          return [{ ...parsed.data, id }];
        }
        const issue = parsed.error.issues[0];
        report.rejected.push({
          index,
          reason: `${issue?.path.join(".") || "the item"}: ${issue?.message ?? "not a promotion"}`,
        });
        return [];
      });
      if (valid.length === 0 && items.length > 0) {
        return this.finish("promotions", source, { ...report, refused: "no item of the feed is a promotion" });
      }
      await this.db.transaction(async (tx) => {
        // the desk's specials stay: a feed replaces only what a feed brought
        await tx.query("delete from promotions where branch = $1 and origin = 'feed'", [branch]);
        for (const promotion of valid) {
          await tx.query(
            `insert into promotions (id, branch, department, rank, html, image, url) values ($1, $2, $3, $4, $5, $6, $7)
             on conflict (id) do nothing`,
            [
              `${branch}-${promotion.id}`.slice(0, 120),
              branch,
              promotion.department,
              Math.round(promotion.rank),
              promotion.html,
              promotion.image,
              promotion.url,
            ],
          );
        }
      });
      report.imported = valid.length;
      return this.finish("promotions", source, report);
    });
  }
}
