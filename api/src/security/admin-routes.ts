import fastifyBearerAuth from "@fastify/bearer-auth";
import type { FastifyInstance } from "fastify";
import { type SchemaRoutes, withSchemas } from "../http-errors.js";

/**
 * Routes for the dealership's staff only: registered in their own scope behind the admin bearer token, checked
 * before the body is read. Without a configured token they do not exist at all (404, not 401).
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  adminToken: string | undefined,
  routes: (admin: SchemaRoutes) => void,
): Promise<void> {
  if (!adminToken) return;
  await app.register(async (admin) => {
    await admin.register(fastifyBearerAuth, {
      keys: new Set([adminToken]),
      addHook: "preParsing",
      errorResponse: () => ({ error: "Unauthorized", message: "A valid admin token is required" }),
    });
    routes(withSchemas(admin));
  });
}

/** Staff routes change things rarely: a stolen token cannot hammer them. */
export const ADMIN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60 * 60 * 1000 } } as const;
