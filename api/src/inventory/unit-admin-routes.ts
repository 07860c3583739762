import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import { ADMIN_TOKEN_ACTOR } from "../staff/audit.js";
import { UnitOverrides } from "../staff/unit-overrides.js";

const unitChangeSchema = z
  .object({
    /** The price the unit is offered at (its sale price), whole dollars. */
    sale_price: z.number().int().min(0).max(10_000_000).optional(),
    status: z.enum(["available", "sale_pending", "sold"]).optional(),
    /** Kept with the change, as the desk's is; none: the token's own words. */
    reason: z.string().trim().min(3).max(200).default("changed with the admin token"),
  })
  .strict()
  .refine((change) => change.sale_price !== undefined || change.status !== undefined, "nothing to change");

const unitParamsSchema = z.object({ stock: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "a stock number") });

/**
 * PATCH /api/admin/units/{stock}: a unit's sale price or status changed with ADMIN_TOKEN (a script, an integration),
 * through the desk's own path: audited under the token, and kept through feed imports until cleared on the desk.
 * The database announces the change (the change signal): every cached page that shows the unit is purged.
 */
export async function registerUnitAdminRoutes(app: FastifyInstance, db: Database) {
  const units = new UnitOverrides(db);
  await registerAdminRoutes(app, (admin) => {
    admin.patch(
      "/admin/units/:stock",
      { config: ADMIN_RATE_LIMIT, schema: { params: unitParamsSchema, body: unitChangeSchema } },
      async (request, reply) => {
        const { stock } = request.params;
        const unit = await units.overrideUnit(stock, request.body, ADMIN_TOKEN_ACTOR);
        if (!unit) return reply.code(404).send({ error: "Not Found", message: `No unit ${stock}` });
        return { stock_number: unit.stock_number, sale_price: unit.sale_price, status: unit.status };
      },
    );
  });
}
