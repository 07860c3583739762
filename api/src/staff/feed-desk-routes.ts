import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ROLE_GRANTS } from "shared-types";
import { z } from "zod";
import type { Database } from "../db/database.js";
import type { FeedService } from "../feeds/feed-service.js";
import type { StaffGuards } from "./guards.js";
import type { StaffStore } from "./staff-store.js";

/** A feed file staff upload by hand: the dealership's full stock with long descriptions is a few megabytes. */
const UPLOAD_LIMIT = 64 * 1024 * 1024;

export interface FeedDeskOptions {
  /** Pulls the feed from FEED_URL now, as the schedule does; none when no address is set. */
  pullNow?: () => Promise<{ run: { id: string; outcome: string } }>;
}

/**
 * The feeds on the desk (/api/staff/feeds), for the roles that run them (ROLE_GRANTS feeds): the runs with their
 * reports (each rejected row's line and reason), a file uploaded by hand, and a pull from the feed's address now.
 * Each upload and pull is audited; the run itself is kept with its report as every run is.
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
          body: z.string().min(1, "the file is empty"),
        },
      },
      async (request) => {
        const by = member(request);
        const { run, report } = await feeds.importInventory(request.body, {
          source: `${request.query.file}, uploaded on the desk by ${by.email}`,
          force: request.query.force === "true",
        });
        await store.audit(db, by, "feed.upload", `feed-run:${run.id}`, null, {
          file: request.query.file,
          outcome: run.outcome,
          force: request.query.force === "true",
        });
        return { run_id: run.id, outcome: run.outcome, ...report };
      },
    );
  });

  scope
    .withTypeProvider<ZodTypeProvider>()
    .post("/staff/feeds/pull", { onRequest: [signedIn, runsFeeds] }, async (request) => {
      if (!options.pullNow) throw refuse(409, "No feed address is set (FEED_URL): upload the file instead");
      const pulled = await options.pullNow().catch((error: unknown) => {
        throw refuse(409, `The feed could not be read from its address: ${(error as Error).message ?? error}`);
      });
      const { run } = pulled;
      await store.audit(db, member(request), "feed.pull", `feed-run:${run.id}`, null, { outcome: run.outcome });
      return { run_id: run.id, outcome: run.outcome };
    });
}
