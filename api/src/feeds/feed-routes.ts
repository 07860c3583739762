import type { FastifyInstance } from "fastify";
import { identifier } from "shared-types/schemas";
import { z } from "zod";
import type { Queryable } from "../db/database.js";
import { notFound } from "../http-errors.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import { ADMIN_TOKEN_ACTOR, writeAudit } from "../staff/audit.js";
import { FeedBusy, type FeedService } from "./feed-service.js";

/** The largest feed file taken: a dealership's full stock with long descriptions is a few megabytes. */
const FEED_BODY_LIMIT = 64 * 1024 * 1024;

const inventoryQuerySchema = z.object({
  /** Apply a file that takes more than FEED_MAX_REMOVAL_PERCENT of the stock off the site. */
  force: z.enum(["true", "false", "1", "0"]).optional(),
  /** What to call the file in the run's report. */
  source: z.string().max(200).optional(),
});
/** A feed file as sent: the importer judges each row (a file of anything is a run with its reasons, never a 400). */
const anyText = z.custom<string>((value) => typeof value === "string", "a feed file (text/csv)");

/** Where a run's status is read (the staff listener): running, then its outcome and report. */
export const runPath = (id: string) => `/api/admin/feeds/runs/${id}`;

const promotionsQuerySchema = z.object({
  branch: z.optional(identifier(/^[A-Za-z0-9-]{1,32}$/, "a branch code")),
  source: z.string().max(200).optional(),
});

/**
 * The dealership's feeds, behind the admin token:
 * - POST /admin/feeds/inventory (text/csv): the stock as a snapshot, imported in the background: 202 with the run's
 *   id and where to read it (GET /admin/feeds/runs/:id: running, then imported with its report, or refused with why,
 *   nothing changed); 409 while another import of the stock runs;
 * - POST /admin/feeds/promotions (JSON, SPEC's shape): a branch's specials replaced;
 * - GET /admin/feeds: the latest runs and their reports.
 */
export async function registerFeedRoutes(app: FastifyInstance, feeds: FeedService, db: Queryable) {
  await registerAdminRoutes(app, (admin) => {
    admin.addContentTypeParser(
      ["text/csv", "text/plain"],
      { parseAs: "string", bodyLimit: FEED_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    admin.post(
      "/admin/feeds/inventory",
      {
        config: ADMIN_RATE_LIMIT,
        bodyLimit: FEED_BODY_LIMIT,
        // any text: a row with a control character is rejected on its own line by the importer, not the whole file
        schema: { querystring: inventoryQuerySchema, body: anyText },
      },
      async (request, reply) => {
        const force = request.query.force === "true" || request.query.force === "1";
        try {
          const run = await feeds.startInventoryImport(request.body, {
            source: request.query.source ?? "upload",
            force,
          });
          await writeAudit(db, ADMIN_TOKEN_ACTOR, "feed.upload", `feed-run:${run.id}`, null, {
            file: request.query.source ?? "upload",
            force,
          });
          const status = runPath(run.id);
          return reply
            .code(202)
            .header("location", status)
            .send({ run_id: run.id, outcome: run.outcome, status_url: status });
        } catch (error) {
          if (!(error instanceof FeedBusy)) throw error;
          return reply.code(409).send({
            error: "Conflict",
            message: `An inventory import is running (run ${error.runId}): send the file again once it ends.`,
            run_id: error.runId,
            status_url: runPath(error.runId),
          });
        }
      },
    );
    admin.get(
      "/admin/feeds/runs/:id",
      { schema: { params: z.object({ id: z.uuid("a run's id") }) } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const run = await feeds.run(request.params.id);
        if (!run) throw notFound(`No feed run ${request.params.id}`);
        return run;
      },
    );
    admin.post(
      "/admin/feeds/promotions",
      { config: ADMIN_RATE_LIMIT, schema: { querystring: promotionsQuerySchema } },
      async (request, reply) => {
        const { run, report } = await feeds.importPromotions(request.body, {
          branch: request.query.branch ?? "shfl",
          source: request.query.source ?? "upload",
        });
        await writeAudit(db, ADMIN_TOKEN_ACTOR, "feed.promotions", `feed-run:${run.id}`, null, {
          branch: request.query.branch ?? "shfl",
          outcome: run.outcome,
        });
        return reply.code(report.refused ? 422 : 200).send({ run_id: run.id, outcome: run.outcome, ...report });
      },
    );
    admin.get("/admin/feeds", async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { runs: await feeds.latestRuns() };
    });
  });
}
