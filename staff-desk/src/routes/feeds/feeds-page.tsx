import { type DeskFeedRun, formatDealershipTime } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";

/** What a run did, in a line. */
function summary(run: DeskFeedRun): string {
  const r = run.report;
  if (run.outcome === "running") return "Running: reading the file, fetching photos. This page refreshes itself.";
  if (run.outcome === "failed") return `Failed, nothing changed: ${r.failed ?? "see the API's log"}`;
  if (run.outcome === "refused") return `Refused, nothing changed: ${r.refused ?? "see the report"}`;
  if (run.kind === "promotions") return `${r.imported ?? 0} specials imported`;
  return `${r.added ?? 0} added, ${r.updated ?? 0} updated, ${r.unchanged ?? 0} unchanged, ${r.marked_sold ?? 0} marked sold`;
}

/**
 * The feeds: every run (newest first) with what it did and each row it left out, with its line and reason; a file
 * uploaded by hand; the feed pulled from its address now.
 */
export function FeedsPage({
  signedIn,
  runs,
  pull,
  notice,
}: {
  signedIn: SignedIn;
  runs: DeskFeedRun[];
  /** A feed address is set: it can be pulled now. */
  pull: boolean;
  notice?: NoticeProps;
}) {
  const running = runs.some((run) => run.outcome === "running");
  return (
    <Layout title="Feeds" signedIn={signedIn} refreshSeconds={running ? 5 : undefined}>
      <PageNotice notice={notice} />
      <h2 className="desk-subheading">Import the stock now</h2>
      <form method="post" action="/feeds/upload" encType="multipart/form-data" className="desk-form">
        <label htmlFor="desk-feed-file">The inventory feed (CSV, as the DMS exports it)</label>
        <input id="desk-feed-file" name="file" type="file" accept=".csv,text/csv,text/plain" required />
        <label className="desk-check">
          <input type="checkbox" name="force" value="true" /> Apply it even if it takes many units off the site
        </label>
        <button type="submit">Upload and import</button>
      </form>
      {pull ? (
        <form method="post" action="/feeds/pull" className="desk-form">
          <button type="submit">Pull the feed from its address now</button>
        </form>
      ) : (
        <p className="desk-hint">No feed address is set (FEED_URL): the DMS uploads, or a file is uploaded here.</p>
      )}
      <h2 className="desk-subheading">Runs</h2>
      {runs.length === 0 ? (
        <p>No run yet.</p>
      ) : (
        <ol className="desk-leads" reversed>
          {runs.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ol>
      )}
    </Layout>
  );
}

/** One run of a feed: what it was, how it went, where it came from, and what it left out. */
function RunItem({ run }: { run: DeskFeedRun }) {
  return (
    <li className="desk-lead" data-run-id={run.id}>
      <h3>
        {run.kind === "inventory" ? "Inventory" : "Specials"}, {formatDealershipTime(run.started_at)}
      </h3>
      <p>
        <span className={run.outcome === "refused" ? "desk-tag desk-tag--refused" : "desk-tag desk-tag--live"}>
          {run.outcome}
        </span>{" "}
        {summary(run)}
      </p>
      <p className="desk-hint">From {run.source}</p>
      <RejectedRows rejected={run.report.rejected ?? []} />
      <UnusedPhotos photos={run.report.photo_problems ?? []} />
    </li>
  );
}

/** The rows a run left out, each with its line (or item) and why. */
function RejectedRows({ rejected }: { rejected: NonNullable<DeskFeedRun["report"]["rejected"]> }) {
  if (rejected.length === 0) return null;
  return (
    <details open={rejected.length <= 10}>
      <summary>
        {rejected.length} row{rejected.length === 1 ? "" : "s"} left out (fix them in the DMS: they come in with the
        next feed)
      </summary>
      <ul>
        {rejected.map((row) => (
          <li key={`${row.line ?? row.index}-${row.reason}`}>
            {row.line !== undefined ? `Line ${row.line}` : `Item ${(row.index ?? 0) + 1}`}
            {row.stock_number ? ` (stock ${row.stock_number})` : ""}: {row.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The photos a run could not use, each with its unit and why. */
function UnusedPhotos({ photos }: { photos: NonNullable<DeskFeedRun["report"]["photo_problems"]> }) {
  if (photos.length === 0) return null;
  return (
    <details>
      <summary>
        {photos.length} photo{photos.length === 1 ? "" : "s"} not used
      </summary>
      <ul>
        {photos.map((photo) => (
          <li key={`${photo.line}-${photo.url}`}>
            Line {photo.line} (stock {photo.stock_number}), {photo.url}: {photo.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
