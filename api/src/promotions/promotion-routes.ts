import type { FastifyInstance } from "fastify";
import type { Promotion } from "shared-types";
import { promotionSchema } from "shared-types/schemas";
import { z } from "zod";
import { sanitizeDealerHtml } from "../content/sanitize-html.js";
import type { Database } from "../db/database.js";
import { parseOrBadRequest } from "../http-errors.js";

const promotionQuerySchema = z.object({ branch: z.string().trim().min(1).max(32) });

export function registerPromotionRoutes(app: FastifyInstance, db: Database): void {
  app.get("/promotions", async (request): Promise<Promotion[]> => {
    const { branch } = parseOrBadRequest(promotionQuerySchema, request.query, "promotions query");
    const rows = await db.query(
      "select id, department, rank, html, image, url from promotions where branch = $1 order by department, rank",
      [branch],
    );
    return rows.map((row) => {
      const promotion = promotionSchema.parse(row);
      return { ...promotion, html: sanitizeDealerHtml(promotion.html) };
    });
  });
}
