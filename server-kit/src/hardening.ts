import { constants as zlib } from "node:zlib";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyServerOptions } from "fastify";

/** How long a server waits on a client: a request trickled in a byte at a time is cut off, not held open. */
export const DEFAULT_TIME_LIMITS = {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: 15_000,
  /** A connection silent for this long is closed. */
  connectionMs: 15_000,
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: 5_000,
};
export type TimeLimits = typeof DEFAULT_TIME_LIMITS;

/**
 * Fastify's options for these limits. Node checks the request and header limits only every
 * connectionsCheckingInterval (30 s by default): here often enough that a limit holds to within a third of itself.
 */
export function timeLimitOptions(limits: TimeLimits = DEFAULT_TIME_LIMITS): Partial<FastifyServerOptions> {
  return {
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.connectionMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: {
      headersTimeout: limits.requestMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(limits.requestMs / 3))),
    },
  } as Partial<FastifyServerOptions>;
}

/**
 * @fastify/compress for what a server makes per request (pages, JSON): brotli at 1 and gzip at 3 cost a quarter
 * to a third of a millisecond for a 70 KB page, within a tenth of their best size (brotli 2 costs half as much
 * again for 4 per cent less, brotli 4 and gzip 6 twice as much for 10 per cent less; brotli's default, 11, costs
 * tens). A page the host keeps is compressed again, smaller, once it is served again (host KEPT_COMPRESSION). Built files
 * are compressed once at build time at the best settings and served as they are (preCompressed).
 */
export const DYNAMIC_COMPRESSION = {
  threshold: 512,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 3 },
};

/** Powerful browser features no page of the site uses: none may be turned on, not even by an embedded frame. */
const PERMISSIONS_POLICY =
  "accelerometer camera display-capture geolocation gyroscope magnetometer microphone payment usb"
    .split(" ")
    .map((feature) => `${feature}=()`)
    .join(", ");

/** Two years: what the HSTS preload list asks for. */
const HSTS_HEADER = "max-age=63072000; includeSubDomains";

export interface SecurityHeaderOptions {
  /**
   * The Content-Security-Policy of every response (helmet's directive names). A response may set its own (a page
   * with its nonce): this is the default for everything else.
   */
  contentSecurityPolicy: Record<string, string[]>;
  /** Who may embed this server's files (CORP): "same-origin" unless they are loaded from another origin. */
  crossOriginResourcePolicy: "same-origin" | "same-site" | "cross-origin";
  /**
   * COOP (same-origin) on this server's documents; default on. The site's pages go without it: in Chromium it puts
   * a page in a browsing context group (and on Android a process) of its own, whose start-up the lab measures as
   * 150-450 ms of blocking time on a page that runs no script (bench:web), for no protection the site needs: its
   * pages are the same for every visitor, hold nothing of theirs, and may not be framed (frame-ancestors 'none').
   */
  crossOriginOpenerPolicy?: boolean;
}

/**
 * The security headers of every response, from helmet: the policy given, nosniff, a strict referrer policy,
 * COOP and CORP, no framing, the permissions policy, and HSTS on a request that came over TLS (directly, or
 * through a proxy the server trusts, whose X-Forwarded-Proto Fastify then reads as request.protocol).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: options.contentSecurityPolicy },
    crossOriginResourcePolicy: { policy: options.crossOriginResourcePolicy },
    crossOriginOpenerPolicy: options.crossOriginOpenerPolicy === false ? false : { policy: "same-origin" },
    // COEP would need every embedded frame (the map, the credit application) to opt in; they do not
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // sent below, only where it means something: over TLS
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS_HEADER);
  });
}

/**
 * What a server's log keeps of a request: its method, its path without the query (unsubscribe, release and
 * sign-in links carry addresses and tokens there), and who sent it. Fastify's `serializers.req`.
 */
export function requestForLog(request: { method: string; url: string; ip: string }) {
  return { method: request.method, url: request.url.split("?", 1)[0], remoteAddress: request.ip };
}
