import type { FastifyInstance } from "fastify";
import { BUSINESS_DETAILS } from "shared-types";

export function registerBusinessRoutes(app: FastifyInstance): void {
  app.get("/business-details", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return BUSINESS_DETAILS;
  });
}
