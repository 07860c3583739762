import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";

const unitChangeSchema = z
  .object({
    /** The price the unit is offered at (its sale price), whole dollars. */
    sale_price: z.number().int().min(0).max(10_000_000).optional(),
    status: z.enum(["available", "sale_pending", "sold"]).optional(),
  })
  .strict()
  .refine((change) => change.sale_price !== undefined || change.status !== undefined, "nothing to change");

const unitParamsSchema = z.object({ stock: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "a stock number") });

/**
 * PATCH /api/admin/units/{stock}: staff change a unit's sale price or mark it sold, behind ADMIN_TOKEN. The
 * database announces the change (the change signal): every cached page that shows the unit is purged.
 */
export async function registerUnitAdminRoutes(app: FastifyInstance, db: Database, adminToken: string | undefined) {
  await registerAdminRoutes(app, adminToken, (admin) => {
    admin.patch(
      "/admin/units/:stock",
      { config: ADMIN_RATE_LIMIT, schema: { params: unitParamsSchema, body: unitChangeSchema } },
      async (request, reply) => {
        const { stock } = request.params;
        const { sale_price: salePrice, status } = request.body;
        const [unit] = await db.query<{ stock_number: string; low_price: number; status: string }>(
          `update vehicles set low_price = coalesce($2, low_price), status = coalesce($3, status)
           where stock_number = $1 returning stock_number, low_price, status`,
          [stock, salePrice ?? null, status ?? null],
        );
        if (!unit) return reply.code(404).send({ error: "Not Found", message: `No unit ${stock}` });
        return { stock_number: unit.stock_number, sale_price: unit.low_price, status: unit.status };
      },
    );
  });
}
