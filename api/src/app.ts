import Fastify, { type FastifyInstance } from "fastify";
import { API_PREFIX, LEAD_SPAM_GUARD } from "shared-types";
import { registerBusinessRoutes } from "./business/business-routes.js";
import type { Database } from "./db/database.js";
import { HttpError } from "./http-errors.js";
import { registerInventoryRoutes } from "./inventory/inventory-routes.js";
import { type LeadRouteOptions, registerLeadRoutes } from "./leads/lead-routes.js";
import { registerMediaRoutes } from "./media/media-routes.js";
import { registerPromotionRoutes } from "./promotions/promotion-routes.js";

export interface AppOptions {
  db: Database;
  logLevel?: string;
  /** Which proxies' X-Forwarded-For to believe (Fastify trustProxy syntax). */
  trustProxy?: string;
  leads?: Partial<LeadRouteOptions>;
}

export const DEFAULT_LEAD_OPTIONS: LeadRouteOptions = {
  rateLimitMax: 10,
  rateLimitWindowMs: 10 * 60 * 1000,
  minFillMs: LEAD_SPAM_GUARD.minFillMs,
};

/** A lead is a few kilobytes; anything far larger is refused before it is parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({
  db,
  logLevel = "silent",
  trustProxy = "loopback",
  leads = {},
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel }, bodyLimit: BODY_LIMIT_BYTES, trustProxy });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.code ?? "Bad Request", message: error.message });
    }
    request.log.error(error);
    return reply
      .code(503)
      .send({ error: "Service Unavailable", message: "The service is temporarily unavailable. Please try again." });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${request.url}` }),
  );

  await app.register(
    async (api) => {
      api.get("/health", async () => ({ ok: true, database: db.kind }));
      registerBusinessRoutes(api);
      registerInventoryRoutes(api, db);
      await registerLeadRoutes(api, db, { ...DEFAULT_LEAD_OPTIONS, ...leads });
      registerPromotionRoutes(api, db);
      registerMediaRoutes(api);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
