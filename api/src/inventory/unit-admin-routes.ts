import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";

const unitChangeSchema = z
  .object({
    /** The price the unit is offered at (its sale price), whole dollars. */
    sale_price: z.number().int().min(0).max(10_000_000).optional(),
    status: z.enum(["available", "sold"]).optional(),
  })
  .strict()
  .refine((change) => change.sale_price !== undefined || change.status !== undefined, "nothing to change");

const stockNumberSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "a stock number");

/**
 * PATCH /api/admin/units/{stock}: staff change a unit's sale price or mark it sold, behind ADMIN_TOKEN. The
 * database announces the change (the change signal): every cached page that shows the unit is purged.
 */
export async function registerUnitAdminRoutes(app: FastifyInstance, db: Database, adminToken: string | undefined) {
  await registerAdminRoutes(app, adminToken, (admin) => {
    admin.patch<{ Params: { stock: string } }>(
      "/admin/units/:stock",
      { config: ADMIN_RATE_LIMIT },
      async (request, reply) => {
        const stock = stockNumberSchema.safeParse(request.params.stock);
        const change = unitChangeSchema.safeParse(request.body);
        if (!stock.success || !change.success) {
          const issue = (stock.success ? change.error?.issues[0] : stock.error.issues[0]) ?? null;
          return reply.code(400).send({
            error: "Bad Request",
            message: issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid change",
          });
        }
        const { sale_price: salePrice, status } = change.data;
        const [unit] = await db.query<{ stock_number: string; low_price: number; status: string }>(
          `update vehicles set low_price = coalesce($2, low_price), status = coalesce($3, status)
           where stock_number = $1 returning stock_number, low_price, status`,
          [stock.data, salePrice ?? null, status ?? null],
        );
        if (!unit) return reply.code(404).send({ error: "Not Found", message: `No unit ${stock.data}` });
        return { stock_number: unit.stock_number, sale_price: unit.low_price, status: unit.status };
      },
    );
  });
}
