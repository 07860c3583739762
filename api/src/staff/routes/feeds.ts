import type { DeskFeedRun } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import type { FeedRun } from "../../feeds/feed-runs.js";
import { FeedBusy } from "../../feeds/feed-service.js";
import { refuse, type StaffContext } from "../staff-context.js";

/** A feed file staff upload by hand: the dealership's full stock with long descriptions is a few megabytes. */
const UPLOAD_LIMIT = 64 * 1024 * 1024;

/**
 * The feeds on the desk (/api/staff/feeds), for the roles that run them (ROLE_GRANTS feeds): the runs with their
 * reports (each rejected row's line and reason), a file uploaded by hand, and a pull from the feed's address now.
 * An upload or a pull starts a background run (202: the desk lists it as running until it ends); each is audited,
 * and the run is kept with its report as every run is.
 */
export function registerFeedRoutes({ route, db, store, options, actor }: StaffContext): void {
  /** Another import of the stock is running: 409, naming it. */
  const started = async (start: () => Promise<FeedRun>) => {
    try {
      return await start();
    } catch (error) {
      if (error instanceof FeedBusy) {
        throw refuse(409, "An import of the stock is running (listed below): send this once it ends");
      }
      throw error;
    }
  };

  route(STAFF_API.feeds, {}, async (request) => ({
    // a run's report is what the importer wrote (inventory-import.ts), which the desk's schema reads
    runs: (await request.server.feeds.latestRuns(30)) as DeskFeedRun[],
    pull: Boolean(options.pullFeedNow),
  }));

  // any text: the importer rejects a bad row on its own line (a control character too), or refuses the file
  route(STAFF_API.uploadFeed, { bodyLimit: UPLOAD_LIMIT }, async (request, reply) => {
    if (typeof request.body !== "string") throw refuse(400, "Send the feed as a file of text (text/csv)");
    const csv = request.body;
    const by = actor(request);
    const force = request.query.force === "true";
    const run = await started(() =>
      request.server.feeds.startInventoryImport(csv, {
        source: `${request.query.file}, uploaded on the desk by ${by.email}`,
        force,
      }),
    );
    await store.audit(db, by, "feed.upload", `feed-run:${run.id}`, null, { file: request.query.file, force });
    return reply.code(202).send({ run_id: run.id, outcome: run.outcome });
  });

  route(STAFF_API.pullFeed, {}, async (request, reply) => {
    const pullNow = options.pullFeedNow;
    if (!pullNow) throw refuse(409, "No feed address is set (FEED_URL): upload the file instead");
    const run = await started(pullNow);
    await store.audit(db, actor(request), "feed.pull", `feed-run:${run.id}`, null, { started: run.started_at });
    return reply.code(202).send({ run_id: run.id, outcome: run.outcome });
  });
}
