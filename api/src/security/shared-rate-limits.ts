import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type pg from "pg";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, counted?: Counted) => void;

/** The table rate-limiter-flexible keeps every API process's counters in (it creates it). */
const TABLE = "rate_limit_counters";

/**
 * @fastify/rate-limit's counters kept in PostgreSQL, so every API process on the same database counts the same
 * visitor once (two processes behind a load balancer give no one twice the limit). The counting is
 * rate-limiter-flexible's RateLimiterPostgres (an atomic upsert per request); this only adapts it to the plugin's
 * store interface. Used when the API runs on a PostgreSQL server; the embedded database is one process's, and its
 * counters stay in memory.
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  /** One limiter per window length; the plugin decides what is over the limit from the count. */
  const limiters = new Map<number, Promise<RateLimiterPostgres>>();
  const limiterFor = (windowMs: number) => {
    let limiter = limiters.get(windowMs);
    if (!limiter) {
      // ready once its table exists (it creates it if need be)
      limiter = new Promise<RateLimiterPostgres>((resolve, reject) => {
        const made: RateLimiterPostgres = new RateLimiterPostgres(
          {
            storeClient: pool,
            storeType: "pool",
            tableName: TABLE,
            keyPrefix: `w${windowMs}`,
            points: Number.MAX_SAFE_INTEGER,
            duration: Math.max(1, Math.ceil(windowMs / 1000)),
          },
          (error?: Error) => (error ? reject(error) : resolve(made)),
        );
      });
      limiters.set(windowMs, limiter);
      limiter.catch(() => limiters.delete(windowMs));
    }
    return limiter;
  };

  class SharedRateLimitStore implements FastifyRateLimitStore {
    /** The plugin makes the first with its options; each route's own limit gets a child named by its route. */
    constructor(
      _options?: unknown,
      readonly routeKey = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      limiterFor(timeWindow)
        .then((limiter) => limiter.consume(`${this.routeKey}${key}`, 1))
        .then(
          (res: RateLimiterRes) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (error: unknown) => {
            // RateLimiterPostgres rejects with its result when over its points (never, here) and with an Error
            // when the database cannot count: the plugin then lets the request through (skipOnError)
            if (error instanceof Error) return callback(error);
            const res = error as RateLimiterRes;
            callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
          },
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ""].flat().join(",");
      return new SharedRateLimitStore(undefined, `${this.routeKey}${method}${route?.url ?? ""}-`);
    }
  }
  return SharedRateLimitStore;
}
