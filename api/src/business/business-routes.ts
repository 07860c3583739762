import fastifyBearerAuth from "@fastify/bearer-auth";
import type { FastifyInstance } from "fastify";
import { businessDetailsSchema } from "shared-types/schemas";
import { parseOrBadRequest } from "../http-errors.js";
import type { BusinessDetailsStore } from "./business-store.js";

/**
 * GET /business-details: the site's one source of phones, hours and address (the host server puts them in every
 * page). PUT, with the admin token, changes them for every page at once; without a token there is no PUT.
 */
export async function registerBusinessRoutes(
  app: FastifyInstance,
  store: BusinessDetailsStore,
  adminToken?: string,
): Promise<void> {
  app.get("/business-details", async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return store.get();
  });

  if (!adminToken) return;
  await app.register(async (admin) => {
    await admin.register(fastifyBearerAuth, {
      keys: new Set([adminToken]),
      addHook: "preParsing",
      errorResponse: () => ({ error: "Unauthorized", message: "A valid admin token is required" }),
    });
    admin.put(
      "/business-details",
      { config: { rateLimit: { max: 30, timeWindow: 60 * 60 * 1000 } } },
      async (request) => {
        const details = parseOrBadRequest(businessDetailsSchema, request.body, "business details");
        const saved = await store.set(details);
        request.log.info({ audit: "business-details-changed", ip: request.ip }, "business details changed");
        return saved;
      },
    );
  });
}
