import { STATUS_CODES } from "node:http";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from "fastify-type-provider-zod";
import { requestForLog, startServerSpan } from "server-kit";
import { API_PREFIX, CACHE_TAGS, LEAD_SPAM_GUARD, SAVED_SEARCH } from "shared-types";
import { registerBusinessRoutes } from "./business/business-routes.js";
import { BusinessDetailsStore } from "./business/business-store.js";
import { type ChangeStreamOptions, DEFAULT_CHANGE_STREAM, registerChangeRoutes } from "./changes/change-routes.js";
import { ChangeSignal } from "./changes/change-signal.js";
import { DATABASE_RETRY_AFTER_S, isConnectionFailure } from "./db/availability.js";
import type { Database } from "./db/database.js";
import { registerDeliveryRoutes } from "./delivery/delivery-routes.js";
import { DEFAULT_CHANNELS } from "./delivery/delivery-setup.js";
import { registerFeedRoutes } from "./feeds/feed-routes.js";
import { FeedService, type FeedServiceOptions } from "./feeds/feed-service.js";
import { type PhotoPolicy, PhotoStore } from "./feeds/photos.js";
import { DATABASE_AWAY, databaseAnswers, HttpError, validationErrorBody } from "./http-errors.js";
import { InventoryIndex } from "./inventory/index/inventory-index.js";
import { registerInventoryRoutes } from "./inventory/inventory-routes.js";
import { registerUnitAdminRoutes } from "./inventory/unit-admin-routes.js";
import { type FleetQuoteRouteOptions, registerFleetQuoteRoutes } from "./leads/fleet-quote-routes.js";
import { registerHeldRoutes } from "./leads/held-routes.js";
import { type LeadRouteOptions, registerLeadRoutes } from "./leads/lead-routes.js";
import { DEFAULT_RETENTION } from "./leads/retention.js";
import { registerMediaRoutes } from "./media/media-routes.js";
import { registerPromotionRoutes } from "./promotions/promotion-routes.js";
import { SavedSearchAlerts } from "./saved-searches/saved-search-alerts.js";
import type { SavedSearchEmail } from "./saved-searches/saved-search-messages.js";
import { registerSavedSearchRoutes } from "./saved-searches/saved-search-routes.js";
import { FailedAuthentication } from "./security/admin-routes.js";
import { clientKey } from "./security/client-key.js";
import { declareEdges } from "./security/edges.js";
import { RecipientLimit } from "./security/recipient-limit.js";
import { postgresRateLimitStore } from "./security/shared-rate-limits.js";
import { loadSigningSecret } from "./security/signing.js";
import { LeadEscalation } from "./staff/escalation.js";
import { registerStaffRoutes, type StaffRouteOptions } from "./staff/staff-routes.js";
import { StaffStore } from "./staff/staff-store.js";
import { registerVitalsRoutes } from "./vitals/vitals-routes.js";
import { VitalsStore } from "./vitals/vitals-store.js";

export interface AppOptions {
  /** Tracing is on (startTracing found an OTLP endpoint): each request is a span of the caller's trace. */
  traced?: boolean;
  db: Database;
  logLevel?: string;
  /** Where the log goes (stdout by default; tests read it to prove what it leaves out). */
  logStream?: { write(line: string): void };
  /** Which proxies' X-Forwarded-For to believe (Fastify trustProxy syntax). */
  trustProxy?: string;
  leads?: Partial<Omit<LeadRouteOptions, "signingSecret" | "business">> & { signingSecret?: string };
  /** The lead outbox's worker, when this process runs one: its health is reported and new leads wake it. */
  delivery?: { nudge(): void };
  /** Requests one visitor may make per minute (reads; leads have their own, stricter limit). */
  readRateLimitMax?: number;
  /** Enables PUT /api/business-details for whoever holds this bearer token. */
  adminToken?: string;
  /**
   * The staff desk's key (STAFF_DESK_KEY): a request to the staff listener that carries it may name the visitor it
   * comes from, whose failed sign-ins are then counted apart from everyone else's.
   */
  staffDeskKey?: string;
  /** Server time limits: a client that trickles its request is cut off (tests shorten them). */
  timeouts?: { requestMs: number; connectionMs: number; keepAliveMs: number };
  /** Sends the sales desk the digest of held (quarantined) submissions now; staff can ask for it with ADMIN_TOKEN. */
  sendHeldDigest?: () => Promise<{ sent: number } | null>;
  /** How the dealership's feeds are imported (the removal guard, a vendor's column map, the sales desk's alerts). */
  feeds?: Partial<Omit<FeedServiceOptions, "photos" | "log">>;
  /** Where the feed's photos are kept and where they may come from; none: photos are not fetched. */
  photos?: { dir: string; policy: PhotoPolicy };
  /** The public site's origin (PUBLIC_SITE_URL): a lead's source page is kept only when it is on it. */
  siteUrl?: string;
  /** The change stream's cap on followers and idle time-out. */
  changeStream?: Partial<ChangeStreamOptions>;
  /** The staff desk's sign-in and its emails (staff/); unset: the desk at http://localhost:4190, links not emailed. */
  staff?: Partial<StaffRouteOptions>;
  /** Saved searches' emails (confirmation, alerts); unset: searches cannot be saved. */
  savedSearches?: {
    sendMail?: (message: SavedSearchEmail) => Promise<void>;
    /** At most one alert per search in this many hours (24). */
    alertIntervalHours?: number;
    /** Alerts go out as soon as the stock changes (true); a test with its own clock runs them itself. */
    alertOnChange?: boolean;
    now?: () => number;
  };
  /** Team catalog's published line-up (LINEUP_DATA_URL, lineupFromUrl): fleet quote models are named by it. */
  lineup?: FleetQuoteRouteOptions["lineup"];
}

declare module "fastify" {
  interface FastifyInstance {
    /** The feeds' importer: the scheduled pull and the sample feed use it as the upload route does. */
    feeds: FeedService;
    /** Saved searches' alerts: run when the stock changes, each minute (main.ts), or when a test says. */
    savedSearchAlerts: SavedSearchAlerts;
  }
}

export const DEFAULT_LEAD_OPTIONS = {
  rateLimitMax: 10,
  rateLimitWindowMs: 10 * 60 * 1000,
  minFillMs: LEAD_SPAM_GUARD.minFillMs,
  retention: DEFAULT_RETENTION,
  deliveryChannels: DEFAULT_CHANNELS,
};

/** A lead is a few kilobytes; anything far larger is refused before it is parsed. */
const BODY_LIMIT_BYTES = 64 * 1024;
export const DEFAULT_TIMEOUTS = { requestMs: 15_000, connectionMs: 15_000, keepAliveMs: 5_000 };

/**
 * What the log keeps of an error: its kind, message, code and stack. Never the extra fields a database error
 * carries (its detail and context quote the values sent, which can be a visitor's name, email or phone).
 */
function errorForLog(error: Error & { code?: string; statusCode?: number }) {
  return {
    type: error.name,
    message: error.message,
    code: error.code,
    statusCode: error.statusCode,
    stack: error.stack ?? "",
  };
}

/**
 * PostgreSQL's data exceptions (class 22: a character the database cannot store, a value it cannot read) are the
 * request's fault, not the server's: a backstop behind the schemas, answered 400.
 */
const isDataException = (error: { code?: unknown }) =>
  typeof error.code === "string" && /^22[0-9A-Z]{3}$/.test(error.code);

/** The API's own callers on this machine (the remotes' renderers) come without a forwarded address. */
const isInternalCall = (request: FastifyRequest) =>
  !request.headers["x-forwarded-for"] &&
  ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(request.socket.remoteAddress ?? "");

export async function buildApp({
  db,
  logLevel = "silent",
  logStream,
  trustProxy = "loopback",
  leads = {},
  readRateLimitMax = 600,
  timeouts = DEFAULT_TIMEOUTS,
  adminToken,
  staffDeskKey,
  delivery,
  savedSearches = {},
  sendHeldDigest,
  feeds = {},
  photos,
  siteUrl,
  changeStream = {},
  staff = {},
  traced = false,
  lineup,
}: AppOptions): Promise<FastifyInstance> {
  const business = new BusinessDetailsStore(db);
  await business.seedIfMissing();
  const details = await business.get();
  const app = Fastify({
    logger: {
      level: logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // a request's query is never logged: unsubscribe and release links carry tokens and addresses there
      serializers: { err: errorForLog, req: requestForLog },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: "[redacted]",
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the request and header limits only every connectionsCheckingInterval (30 s by default): a
    // request that trickles in is cut off at its limit, not up to half a minute later
    http: {
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.requestMs / 3))),
    },
  });

  if (traced) {
    // each request a server span, a child of the caller's (the renderer's traceparent): no hook at all otherwise
    const spans = new WeakMap<object, ReturnType<typeof startServerSpan>>();
    app.addHook("onRequest", async (request) => {
      spans.set(request, startServerSpan(request.headers, `api ${request.method} ${request.routeOptions.url ?? "?"}`));
    });
    app.addHook("onResponse", async (request, reply) => {
      spans.get(request)?.end(reply.statusCode);
    });
  }

  // routes declare their request schemas (shared-types' zod); Fastify checks each part before the handler runs
  app.setValidatorCompiler(validatorCompiler);
  // and the listener they are served on: public (PUBLIC_API_ROUTES), internal or staff (security/edges.ts)
  declareEdges(app);
  app.decorate("staffAuthFailures", new FailedAuthentication(db.pool ?? undefined, staffDeskKey));
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(validationErrorBody(error));
    if (isDataException(error)) {
      request.log.warn({ err: error }, "refused data the database cannot store");
      return reply
        .code(400)
        .send({ error: "Bad Request", message: "The request contains characters that cannot be stored" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const label = (error as { error?: string }).error ?? STATUS_CODES[status] ?? "Bad Request";
      return reply.code(status).send({ error: label, message: error.message });
    }
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, "the database cannot be reached: answered 503");
      return reply.code(503).header("retry-after", DATABASE_RETRY_AFTER_S).send(DATABASE_AWAY);
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .code(503)
      .header("retry-after", DATABASE_RETRY_AFTER_S)
      .send({ error: "Service Unavailable", message: "The service is temporarily unavailable. Please try again." });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${request.url.split("?")[0]}` }),
  );

  // JSON and drawn images only: the strictest policy, nothing may run or be framed
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false, // sent by the host, which knows whether the visitor came over TLS
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  });

  // a visitor may read freely but not flood: generous for people (and for the search benchmark's own client)
  await app.register(fastifyRateLimit, {
    // counted in PostgreSQL when there is a server: every API process on it counts a visitor once
    ...(db.pool ? { store: postgresRateLimitStore(db.pool), skipOnError: true } : {}),
    global: true,
    max: readRateLimitMax,
    keyGenerator: (request) => clientKey(request.ip),
    timeWindow: 60_000,
    allowList: (request) => isInternalCall(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: "Too Many Requests",
      message: `Too many requests. Please try again in ${context.after}, or call us at ${business.lastKnown.phone_sales}.`,
    }),
  });

  const signingSecret = await loadSigningSecret(db, leads.signingSecret);
  // what changed, from every API process on this database, for the hosts that keep composed pages
  const photoStore = photos ? new PhotoStore(db, photos.dir, photos.policy) : null;
  const feedService = new FeedService(db, { maxRemovalPercent: 30, ...feeds, photos: photoStore, log: app.log });
  app.decorate("feeds", feedService);
  app.decorate(
    "leadEscalation",
    new LeadEscalation(db, new StaffStore(db, staff.now), {
      minutes: staff.escalationMinutes ?? 60,
      business: () => business.get(),
      sendMail: staff.sendMail ?? (async () => undefined),
      deskUrl: staff.deskUrl ?? "http://localhost:4190",
      now: staff.now,
      log: app.log,
    }),
  );
  const changes = new ChangeSignal(db);
  await changes.start();
  app.addHook("onClose", async () => changes.close());
  const inventoryIndex = new InventoryIndex(db);
  // the embedded database, one session in this process, tells of a change before the statement that made it returns:
  // what the index heard is all there is. PostgreSQL tells a moment later, on another connection, and a request in
  // that moment must see the change too: there the index reads the revision for each request (a round trip).
  if (db.kind === "pglite") {
    const stopFollowing = inventoryIndex.followChanges(changes);
    app.addHook("onClose", async () => stopFollowing());
  }
  const publicSiteUrl = siteUrl ?? `https://${details.domain}`;
  const savedSearchAlerts = new SavedSearchAlerts(db, inventoryIndex, {
    siteUrl: publicSiteUrl,
    secret: signingSecret,
    business: () => business.get(),
    sendMail: savedSearches.sendMail ?? (async () => undefined),
    intervalHours: savedSearches.alertIntervalHours ?? SAVED_SEARCH.alertIntervalHours,
    now: savedSearches.now,
    log: app.log,
  });
  app.decorate("savedSearchAlerts", savedSearchAlerts);
  // a feed import or a staff change to a unit: the saved searches hear of it now, not at the next minute
  const stopAlerting = changes.subscribe((tags) => {
    if (!tags.includes(CACHE_TAGS.inventory) || !savedSearches.sendMail || savedSearches.alertOnChange === false)
      return;
    savedSearchAlerts.runOnce().catch((error: unknown) => app.log.error({ err: error }, "saved searches failed"));
  });
  app.addHook("onClose", async () => void stopAlerting());
  await app.register(
    async (api) => {
      // what a load balancer asks: 503 while the database cannot be reached, so it sends visitors elsewhere
      api.get("/health", async (_request, reply) => {
        if (await databaseAnswers(db)) return { ok: true, database: db.kind };
        return reply
          .code(503)
          .header("retry-after", DATABASE_RETRY_AFTER_S)
          .send({ ok: false, database: db.kind, ...DATABASE_AWAY });
      });
      registerChangeRoutes(api, changes, { ...DEFAULT_CHANGE_STREAM, ...changeStream });
      await registerDeliveryRoutes(api, db, { adminToken, onResend: () => delivery?.nudge() });
      await registerBusinessRoutes(api, business, adminToken);
      registerInventoryRoutes(api, db, inventoryIndex);
      await registerUnitAdminRoutes(api, db, adminToken);
      await registerLeadRoutes(api, db, {
        ...DEFAULT_LEAD_OPTIONS,
        onLeadStored: () => delivery?.nudge(),
        ...leads,
        signingSecret,
        business,
        siteUrl: siteUrl ?? `https://${details.domain}`,
      });
      registerFleetQuoteRoutes(api, db, { lineup });
      await registerSavedSearchRoutes(api, db, {
        siteUrl: publicSiteUrl,
        secret: signingSecret,
        business: () => business.get(),
        sendMail: savedSearches.sendMail,
        alerts: savedSearchAlerts,
        rateLimit: {
          max: leads.rateLimitMax ?? DEFAULT_LEAD_OPTIONS.rateLimitMax,
          timeWindow: leads.rateLimitWindowMs ?? DEFAULT_LEAD_OPTIONS.rateLimitWindowMs,
        },
        now: savedSearches.now,
      });
      await registerHeldRoutes(api, db, {
        signingSecret,
        deliveryChannels: leads.deliveryChannels ?? DEFAULT_LEAD_OPTIONS.deliveryChannels,
        adminToken,
        sendDigest: sendHeldDigest,
        onLeadStored: () => delivery?.nudge(),
      });
      registerPromotionRoutes(api, db);
      await registerFeedRoutes(api, feedService, db, adminToken);
      registerMediaRoutes(api, photoStore);
      registerVitalsRoutes(api, new VitalsStore(db));
      await registerStaffRoutes(api, db, {
        deskUrl: "http://localhost:4190",
        signInMailLimit: new RecipientLimit(db.pool ?? undefined, { name: "staff-sign-in" }),
        business,
        photos: photoStore,
        held: {
          channels: leads.deliveryChannels ?? DEFAULT_LEAD_OPTIONS.deliveryChannels,
          onReleased: () => delivery?.nudge(),
        },
        ...staff,
      });
    },
    { prefix: API_PREFIX },
  );
  return app;
}
