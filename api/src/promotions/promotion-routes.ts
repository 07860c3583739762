import type { FastifyInstance } from "fastify";
import { dealershipToday, type Promotion } from "shared-types";
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
      // a special is shown from its first day to its last, in Calgary; the host makes the pages anew as a day begins
      const rows = await db.query(
        `select id, department, rank, html, image, url, title from promotions
         where branch = $1 and (starts_on is null or starts_on <= $2::date) and (ends_on is null or ends_on >= $2::date)
         order by department, rank, id`,
        [branch, dealershipToday()],
      );
      // a row that is not a promotion (a department the site has no page for) is left out, not the whole feed
      return parsePromotionFeed(rows).map((promotion) => ({ ...promotion, html: sanitizeDealerHtml(promotion.html) }));
    },
  );
}
