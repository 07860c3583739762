import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/database.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import { ADMIN_TOKEN_ACTOR, writeAudit } from "../staff/audit.js";
import { deliveryHealth, resendFailed } from "./outbox.js";

/** All failed deliveries, or one lead's; no body at all means all. */
const resendSchema = z.object({ lead_id: z.uuid().optional() }).strict().default({});

/**
 * GET /health/deliveries, on the internal listener (the monitors of the machines the site runs on): are leads
 * reaching the dealership? Pending and failed counts, the oldest pending one's age, the speed to lead (commit to
 * delivered, p50 and p95 over 24 hours) and the recent failures; 503 when something has failed or waited too long,
 * so a monitor raises it. The same answer for every caller: it takes no token, so it tells nobody whether one is
 * valid. POST /deliveries/resend (staff listener, admin token): failed deliveries, all or one lead's, are sent again.
 */
export async function registerDeliveryRoutes(
  app: FastifyInstance,
  db: Queryable,
  options: { onResend?: () => void },
): Promise<void> {
  app.get("/health/deliveries", { config: { edge: "internal" } }, async (_request, reply) => {
    const health = await deliveryHealth(db);
    reply.header("cache-control", "no-store");
    return reply.code(health.ok ? 200 : 503).send(health);
  });

  await registerAdminRoutes(app, (admin) => {
    admin.post("/deliveries/resend", { config: ADMIN_RATE_LIMIT, schema: { body: resendSchema } }, async (request) => {
      const { lead_id } = request.body;
      const resent = await resendFailed(db, lead_id);
      await writeAudit(db, ADMIN_TOKEN_ACTOR, "deliveries.resend", lead_id ? `lead:${lead_id}` : "deliveries", null, {
        resent,
      });
      options.onResend?.();
      return { resent };
    });
  });
}
