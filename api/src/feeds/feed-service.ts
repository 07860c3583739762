import { randomUUID } from "node:crypto";
import { promotionSchema } from "shared-types/schemas";
import { escapeHtml } from "../content/escape-html.js";
import type { Database } from "../db/database.js";
import { type FeedRun, latestRuns, recordRun } from "./feed-runs.js";
import { type ColumnMap, parseInventoryFeed } from "./inventory-feed-format.js";
import { type InventoryImportReport, importInventoryFeed } from "./inventory-import.js";
import type { PhotoStore } from "./photos.js";

export interface PromotionsImportReport {
  imported: number;
  rejected: { index: number; reason: string }[];
  refused?: string;
}

/** A message to the sales desk (the lead emails' transport and sender). */
export type SalesDeskMessage = { subject: string; text: string; html: string };

export interface FeedServiceOptions {
  maxRemovalPercent: number;
  columnMap?: ColumnMap;
  photos?: PhotoStore | null;
  /** Tells the sales desk about a run that rejected rows or was refused; none: the report is only stored. */
  notifySalesDesk?: (message: SalesDeskMessage) => Promise<void>;
  /** Fills in what a feed leaves out (the standard charges, the model's work-truck facts). */
  afterImport?: () => Promise<void>;
  log?: { warn(data: object, message: string): void; info(data: object, message: string): void };
}

/** The sales desk's email about a run that needs a person: what was refused, or each rejected row with its reason. */
/** Each rejected row of a run as the sales desk reads it, by the kind of feed. */
const REJECTED_LINES: { [K in FeedRun["kind"]]: (report: never) => string[] } = {
  inventory: (report: InventoryImportReport) =>
    report.rejected.map(
      (row) => `Line ${row.line}${row.stock_number ? ` (stock ${row.stock_number})` : ""}: ${row.reason}`,
    ),
  promotions: (report: PromotionsImportReport) =>
    report.rejected.map((item) => `Item ${item.index + 1}: ${item.reason}`),
};

function alertFor(run: FeedRun, report: InventoryImportReport | PromotionsImportReport): SalesDeskMessage | null {
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
  return {
    subject,
    text: [intro, ...lines, "", `Run ${run.id}: GET /api/admin/feeds with the admin token shows every run.`]
      .filter((line, i) => line || i > 0)
      .join("\n"),
    html: `${intro ? `<p>${escapeHtml(intro)}</p>` : ""}<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p>Run ${escapeHtml(run.id)}</p>`,
  };
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

  private async finish<R extends InventoryImportReport | PromotionsImportReport>(
    kind: FeedRun["kind"],
    source: string,
    report: R,
  ): Promise<{ run: FeedRun; report: R }> {
    const run = await recordRun(this.db, { kind, source, outcome: report.refused ? "refused" : "imported", report });
    const alert = alertFor(run, report);
    if (alert && this.options.notifySalesDesk) {
      await this.options
        .notifySalesDesk(alert)
        .catch((error: unknown) =>
          this.options.log?.warn({ err: error, run: run.id }, "feeds: the sales desk could not be told about a run"),
        );
    }
    this.options.log?.info({ run: run.id, kind, source, outcome: run.outcome }, "feeds: a run finished");
    return { run, report };
  }

  /** The latest runs and their reports, newest first. */
  latestRuns(limit = 20): Promise<FeedRun[]> {
    return latestRuns(this.db, limit);
  }

  importInventory(csv: string, { source, force = false }: { source: string; force?: boolean }) {
    return this.serially(async () => {
      const parsed = parseInventoryFeed(csv, { columnMap: this.options.columnMap });
      const photos = this.options.photos;
      const report = await importInventoryFeed(this.db, parsed, {
        maxRemovalPercent: this.options.maxRemovalPercent,
        force,
        photos: photos ? (urls) => photos.addAll(urls) : undefined,
      });
      if (!report.refused) await this.options.afterImport?.();
      return this.finish("inventory", source, report);
    });
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
