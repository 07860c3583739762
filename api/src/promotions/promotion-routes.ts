import type { FastifyInstance } from "fastify";
import type { Promotion } from "shared-types";
import { identifier, parsePromotionFeed } from "shared-types/schemas";
import { z } from "zod";
import { sanitizeDealerHtml } from "../content/sanitize-html.js";
import type { Database } from "../db/database.js";
import { withSchemas } from "../http-errors.js";

const promotionQuerySchema = z.object({ branch: identifier(/^[A-Za-z0-9-]{1,32}$/, "a branch code") });

export function registerPromotionRoutes(app: FastifyInstance, db: Database): void {
  const routes = withSchemas(app);
  routes.get(
    "/promotions",
    { schema: { querystring: promotionQuerySchema } },
    async (request): Promise<Promotion[]> => {
      const { branch } = request.query;
      const rows = await db.query(
        "select id, department, rank, html, image, url from promotions where branch = $1 order by department, rank",
        [branch],
      );
      // a row that is not a promotion (a department the site has no page for) is left out, not the whole feed
      return parsePromotionFeed(rows).map((promotion) => ({ ...promotion, html: sanitizeDealerHtml(promotion.html) }));
    },
  );
}
