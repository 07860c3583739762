import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import { type SchemaRoutes, withSchemas } from "../http-errors.js";
import { clientKey } from "./client-key.js";
import { staffScope } from "./edges.js";
import { sameSecret } from "./same-secret.js";
import { staffClientAddress } from "./staff-client.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts failed sign-ins to staff routes per client, and refuses a client past the limit (every route). */
    staffAuthFailures: FailedAuthentication;
  }
}

/** Failed tries one client may make at staff routes in a window, whatever the route. */
export const FAILED_AUTH_LIMIT = { points: 10, windowS: 15 * 60 };

/**
 * Failed sign-ins (a used or unknown link, a passkey that does not verify, a wrong admin token), counted per client
 * (IPv6 by /64, the visitor the desk names: staff-client.ts) in PostgreSQL when the API runs on a server (every API
 * process counts a client once), else in memory. A client past the limit is held back from signing in; a member
 * already signed in never is.
 */
export class FailedAuthentication {
  private readonly limiter: Promise<RateLimiterAbstract>;

  constructor(
    pool?: pg.Pool,
    private readonly deskKey?: string,
    limit = FAILED_AUTH_LIMIT,
  ) {
    const options = { points: limit.points, duration: limit.windowS, keyPrefix: "staff-auth-failures" };
    this.limiter = pool
      ? new Promise((resolve, reject) => {
          const made: RateLimiterPostgres = new RateLimiterPostgres(
            { ...options, storeClient: pool, storeType: "pool", tableName: "rate_limit_counters" },
            (error?: Error) => (error ? reject(error) : resolve(made)),
          );
        })
      : Promise.resolve(new RateLimiterMemory(options));
  }

  /** Seconds until the client may try again, or 0 when it may now. */
  async retryAfterS(request: FastifyRequest): Promise<number> {
    const limiter = await this.limiter;
    const used = await limiter.get(this.clientOf(request));
    return used && used.consumedPoints >= limiter.points ? Math.max(1, Math.ceil(used.msBeforeNext / 1000)) : 0;
  }

  async failed(request: FastifyRequest): Promise<void> {
    const limiter = await this.limiter;
    await limiter.penalty(this.clientOf(request), 1);
  }

  private clientOf(request: FastifyRequest): string {
    return clientKey(staffClientAddress(request, this.deskKey));
  }
}

const holdsToken = (header: string | undefined, token: string) => sameSecret(header, `Bearer ${token}`);

const refuse = (reply: FastifyReply, status: 401 | 429, message: string) =>
  reply
    .code(status)
    .header("cache-control", "no-store")
    .send({ error: status === 401 ? "Unauthorized" : "Too Many Requests", message });

/**
 * Routes for the dealership's staff only: served on the staff listener alone (never through the public site),
 * behind the admin bearer token, checked before the body is read. A client that fails it too often is refused on
 * every staff route for a while, right token or not. Without a configured token (ADMIN_TOKEN) they do not exist
 * (404, not 401).
 */
export async function registerAdminRoutes(app: FastifyInstance, routes: (admin: SchemaRoutes) => void): Promise<void> {
  const adminToken = app.config.ADMIN_TOKEN;
  if (!adminToken) return;
  await app.register(async (admin) => {
    staffScope(admin);
    admin.addHook("onRequest", async (request, reply) => {
      const failures = app.staffAuthFailures;
      const wait = await failures.retryAfterS(request);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        return refuse(reply, 429, `Too many failed sign-ins. Please try again in ${wait} seconds.`);
      }
      if (holdsToken(request.headers.authorization, adminToken)) return;
      await failures.failed(request);
      request.log.warn({ audit: "staff-auth-failed", route: request.routeOptions.url }, "staff sign-in refused");
      return refuse(reply, 401, "A valid admin token is required");
    });
    routes(withSchemas(admin));
  });
}

/** Staff routes change things rarely: a stolen token cannot hammer them. */
export const ADMIN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60 * 60 * 1000 } } as const;
