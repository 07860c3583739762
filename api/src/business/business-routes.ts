import type { FastifyInstance } from "fastify";
import { businessDetailsSchema } from "shared-types/schemas";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import { ADMIN_TOKEN_ACTOR } from "../staff/audit.js";
import type { BusinessDetailsStore } from "./business-store.js";

/**
 * GET /business-details: the site's one source of phones, hours and address (the host server puts them in every
 * page). PUT, with the admin token, changes them for every page at once; without a token there is no PUT.
 */
export async function registerBusinessRoutes(app: FastifyInstance, store: BusinessDetailsStore): Promise<void> {
  app.get("/business-details", async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return store.get();
  });

  await registerAdminRoutes(app, (admin) => {
    admin.put(
      "/business-details",
      { config: ADMIN_RATE_LIMIT, schema: { body: businessDetailsSchema } },
      async (request) => {
        // the same change, and the same audit row, as an admin's on the desk: the log names the token
        return store.change(
          ADMIN_TOKEN_ACTOR,
          { action: "business.update", subject: "business-details" },
          () => request.body,
        );
      },
    );
  });
}
