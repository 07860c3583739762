import type { FastifyInstance } from "fastify";
import { identifier } from "shared-types/schemas";
import { z } from "zod";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import type { FeedService } from "./feed-service.js";

/** The largest feed file taken: a dealership's full stock with long descriptions is a few megabytes. */
const FEED_BODY_LIMIT = 64 * 1024 * 1024;

const inventoryQuerySchema = z.object({
  /** Apply a file that takes more than FEED_MAX_REMOVAL_PERCENT of the stock off the site. */
  force: z.enum(["true", "false", "1", "0"]).optional(),
  /** What to call the file in the run's report. */
  source: z.string().max(200).optional(),
});
const promotionsQuerySchema = z.object({
  branch: z.optional(identifier(/^[A-Za-z0-9-]{1,32}$/, "a branch code")),
  source: z.string().max(200).optional(),
});

/**
 * The dealership's feeds, behind the admin token:
 * - POST /admin/feeds/inventory (text/csv): the stock as a snapshot; 200 with the run's report, 422 when refused
 *   (nothing changed: a file that cannot be read, or one that would take too much of the stock off the site);
 * - POST /admin/feeds/promotions (JSON, SPEC's shape): a branch's specials replaced;
 * - GET /admin/feeds: the latest runs and their reports.
 */
export async function registerFeedRoutes(app: FastifyInstance, feeds: FeedService, adminToken: string | undefined) {
  await registerAdminRoutes(app, adminToken, (admin) => {
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
        schema: { querystring: inventoryQuerySchema, body: z.string() },
      },
      async (request, reply) => {
        const force = request.query.force === "true" || request.query.force === "1";
        const { run, report } = await feeds.importInventory(request.body, {
          source: request.query.source ?? "upload",
          force,
        });
        request.log.info(
          { audit: "inventory-feed", run: run.id, outcome: run.outcome, ip: request.ip },
          "inventory feed",
        );
        return reply.code(report.refused ? 422 : 200).send({ run_id: run.id, outcome: run.outcome, ...report });
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
        request.log.info(
          { audit: "promotions-feed", run: run.id, outcome: run.outcome, ip: request.ip },
          "promotions feed",
        );
        return reply.code(report.refused ? 422 : 200).send({ run_id: run.id, outcome: run.outcome, ...report });
      },
    );
    admin.get("/admin/feeds", async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { runs: await feeds.latestRuns() };
    });
  });
}
