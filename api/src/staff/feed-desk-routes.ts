import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ROLE_GRANTS } from "shared-types";
import { z } from "zod";
import type { Database } from "../db/database.js";
import type { FeedRun } from "../feeds/feed-runs.js";
import { FeedBusy, type FeedService } from "../feeds/feed-service.js";
import type { StaffGuards } from "./guards.js";
import type { StaffStore } from "./staff-store.js";

/** A feed file staff upload by hand: the dealership's full stock with long descriptions is a few megabytes. */
const UPLOAD_LIMIT = 64 * 1024 * 1024;

export interface FeedDeskOptions {
  /** Starts a pull of the feed from FEED_URL now, as the schedule does (a background run); none: no address is set. */
  pullNow?: () => Promise<FeedRun>;
}

/**
 * The feeds on the desk (/api/staff/feeds), for the roles that run them (ROLE_GRANTS feeds): the runs with their
 * reports (each rejected row's line and reason), a file uploaded by hand, and a pull from the feed's address now.
 * An upload or a pull starts a background run (202: the desk lists it as running until it ends); each is audited,
 * and the run is kept with its report as every run is.
 */
export function registerFeedDeskRoutes(
  scope: FastifyInstance,
  db: Database,
  feeds: FeedService,
  store: StaffStore,
  guards: StaffGuards,
  options: FeedDeskOptions,
): void {
  const { signedIn, member, refuse } = guards;
  const runsFeeds = async (request: FastifyRequest) => {
    if (!ROLE_GRANTS[member(request).role].feeds) throw refuse(403, "Your role does not include the feeds");
  };
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

  scope.withTypeProvider<ZodTypeProvider>().get("/staff/feeds", { onRequest: [signedIn, runsFeeds] }, async () => ({
    runs: await feeds.latestRuns(30),
    pull: Boolean(options.pullNow),
  }));

  scope.register(async (upload) => {
    upload.addContentTypeParser(
      ["text/csv", "text/plain", "application/octet-stream"],
      { parseAs: "string", bodyLimit: UPLOAD_LIMIT },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      "/staff/feeds/inventory",
      {
        onRequest: [signedIn, runsFeeds],
        bodyLimit: UPLOAD_LIMIT,
        schema: {
          querystring: z.object({
            file: z.string().max(200).default("a file"),
            force: z.enum(["true", "false"]).default("false"),
          }),
          // any text: the importer rejects a bad row on its own line (a control character too), or refuses the file
          body: z.custom<string>((value) => typeof value === "string", "a feed file (text/csv)"),
        },
      },
      async (request, reply) => {
        const by = member(request);
        const run = await started(() =>
          feeds.startInventoryImport(request.body, {
            source: `${request.query.file}, uploaded on the desk by ${by.email}`,
            force: request.query.force === "true",
          }),
        );
        await store.audit(db, by, "feed.upload", `feed-run:${run.id}`, null, {
          file: request.query.file,
          force: request.query.force === "true",
        });
        return reply.code(202).send({ run_id: run.id, outcome: run.outcome });
      },
    );
  });

  scope
    .withTypeProvider<ZodTypeProvider>()
    .post("/staff/feeds/pull", { onRequest: [signedIn, runsFeeds] }, async (request, reply) => {
      const pullNow = options.pullNow;
      if (!pullNow) throw refuse(409, "No feed address is set (FEED_URL): upload the file instead");
      const run = await started(pullNow);
      await store.audit(db, member(request), "feed.pull", `feed-run:${run.id}`, null, { started: run.started_at });
      return reply.code(202).send({ run_id: run.id, outcome: run.outcome });
    });
}
