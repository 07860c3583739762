import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from "fastify-type-provider-zod";
import { parseOriginList, requestForLog, startServerSpan } from "server-kit";
import { API_PREFIX, CACHE_TAGS } from "shared-types";
import { registerBusinessRoutes } from "./business/business-routes.js";
import { BusinessDetailsStore } from "./business/business-store.js";
import { type ChangeStreamOptions, DEFAULT_CHANGE_STREAM, registerChangeRoutes } from "./changes/change-routes.js";
import { ChangeSignal } from "./changes/change-signal.js";
import type { ApiConfig } from "./config.js";
import { DATABASE_RETRY_AFTER_S, isConnectionFailure } from "./db/availability.js";
import type { Database } from "./db/database.js";
import { registerDeliveryRoutes } from "./delivery/delivery-routes.js";
import { configuredChannels } from "./delivery/delivery-setup.js";
import { registerFeedRoutes } from "./feeds/feed-routes.js";
import { readFeed } from "./feeds/feed-schedule.js";
import { FeedService, type FeedServiceOptions } from "./feeds/feed-service.js";
import type { ColumnMap } from "./feeds/inventory-feed-format.js";
import { type PhotoPolicy, PhotoStore } from "./feeds/photos.js";
import { DATABASE_AWAY, databaseAnswers, HttpError, validationErrorBody } from "./http-errors.js";
import { InventoryIndex } from "./inventory/index/inventory-index.js";
import { registerInventoryRoutes } from "./inventory/inventory-routes.js";
import { registerUnitAdminRoutes } from "./inventory/unit-admin-routes.js";
import { type FleetQuoteRouteOptions, registerFleetQuoteRoutes } from "./leads/fleet-quote-routes.js";
import { registerHeldRoutes } from "./leads/held-routes.js";
import { registerLeadRoutes } from "./leads/lead-routes.js";
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
import { registerServiceBookingRoutes } from "./service-booking/booking-routes.js";
import type { ServiceBookingRouteOptions } from "./service-booking/booking-rules.js";
import { ServiceCapacityStore } from "./service-booking/capacity-store.js";
import { bookDuePlanVisits } from "./service-booking/plan-routes.js";
import { LeadEscalation } from "./staff/escalation.js";
import type { StaffRouteOptions } from "./staff/staff-context.js";
import { registerStaffRoutes } from "./staff/staff-routes.js";
import { StaffStore } from "./staff/staff-store.js";
import { registerVitalsRoutes } from "./vitals/vitals-routes.js";
import { VitalsStore } from "./vitals/vitals-store.js";

/**
 * What the app is given besides its configuration: the database, the mail it sends through the process's transport,
 * the lead outbox's worker, and what tests set (a log to read, shorter time limits, a clock of their own).
 */
export interface AppServices {
  db: Database;
  /** Tracing is on (startTracing found an OTLP endpoint): each request is a span of the caller's trace. */
  traced?: boolean;
  /** Where the log goes (stdout by default; tests read it to prove what it leaves out). */
  logStream?: { write(line: string): void };
  /** Server time limits: a client that trickles its request is cut off (tests shorten them). */
  timeouts?: { requestMs: number; connectionMs: number; keepAliveMs: number };
  /** The lead outbox's worker, when this process runs one: its health is reported and new leads wake it. */
  delivery?: { nudge(): void };
  /** Sends the sales desk the digest of held (quarantined) submissions now; staff can ask for it with ADMIN_TOKEN. */
  sendHeldDigest?: () => Promise<{ sent: number } | null>;
  /** Emails one member of staff (sign-in links, invitations, escalations); none: links are only printed. */
  sendStaffMail?: StaffRouteOptions["sendMail"];
  /** Saved searches' emails (confirmation, alerts); none: searches cannot be saved. */
  sendSavedSearchMail?: (message: SavedSearchEmail) => Promise<void>;
  /** Tells the sales desk about a feed run that needs a person; none: the report is only stored. */
  notifySalesDesk?: FeedServiceOptions["notifySalesDesk"];
  /** Fills in what a feed leaves out (the standard charges, the model's work-truck facts), after each import. */
  afterImport?: FeedServiceOptions["afterImport"];
  /** The command line's credential (staff:invite), written where only the API's owner reads it. */
  cliToken?: string;
  /** Team catalog's published line-up (lineupFromUrl(LINEUP_DATA_URL)): fleet quote models are named by it. */
  lineup?: FleetQuoteRouteOptions["lineup"];
  /** The change stream's cap on followers and idle time-out. */
  changeStream?: Partial<ChangeStreamOptions>;
  /** Saved searches' alerts go out as soon as the stock changes (true); a test with its own clock runs them itself. */
  alertOnChange?: boolean;
  /** The clock of staff sessions, escalations and saved searches' alerts (tests set their own). */
  now?: () => number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The API's configuration (config.ts), parsed once: what every route and plugin reads its settings from. */
    config: ApiConfig;
    /** The feeds' importer: the scheduled pull and the sample feed use it as the upload route does. */
    feeds: FeedService;
    /** Saved searches' alerts: run when the stock changes, each minute (main.ts), or when a test says. */
    savedSearchAlerts: SavedSearchAlerts;
    /** Books each fleet plan's visit now due (main.ts runs it as a periodic job; tests call it) */
    bookDuePlanVisits: () => Promise<number>;
  }
}

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

/** Where the feed's photos may come from and how much they may take (the FEED_PHOTO_* variables). */
const photoPolicy = (config: ApiConfig): PhotoPolicy => ({
  origins: parseOriginList(config.FEED_PHOTO_HOSTS),
  timeoutMs: config.FEED_PHOTO_TIMEOUT_MS,
  maxBytes: config.FEED_PHOTO_MAX_BYTES,
  maxPixels: config.FEED_PHOTO_MAX_PIXELS,
  concurrency: config.FEED_PHOTO_CONCURRENCY,
  perHostConcurrency: config.FEED_PHOTO_HOST_CONCURRENCY,
  fileDirs: [config.SAMPLE_FEED_DIR],
});

/** The Fastify server itself: its log (what it never writes), its body limit and time limits, its proxies. */
function createServer(config: ApiConfig, { logStream, timeouts = DEFAULT_TIMEOUTS }: AppServices) {
  return Fastify({
    logger: {
      level: config.LOG_LEVEL,
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
    trustProxy: config.TRUST_PROXY,
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
}

/** Each request a server span, a child of the caller's (the renderer's traceparent). */
function traceRequests(app: FastifyInstance) {
  const spans = new WeakMap<object, ReturnType<typeof startServerSpan>>();
  app.addHook("onRequest", async (request) => {
    spans.set(request, startServerSpan(request.headers, `api ${request.method} ${request.routeOptions.url ?? "?"}`));
  });
  app.addHook("onResponse", async (request, reply) => {
    spans.get(request)?.end(reply.statusCode);
  });
}

/** What a failure is answered with: the request's own fault a 4xx naming it, the database away a 503, never a stack. */
function answerErrors(app: FastifyInstance) {
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
}

/** The headers every answer carries, and the read limit every visitor has. */
async function registerProtections(app: FastifyInstance, db: Database, business: BusinessDetailsStore) {
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
    max: app.config.READ_RATE_LIMIT_MAX,
    keyGenerator: (request) => clientKey(request.ip),
    timeWindow: 60_000,
    allowList: (request) => isInternalCall(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: "Too Many Requests",
      message: `Too many requests. Please try again in ${context.after}, or call us at ${business.lastKnown.phone_sales}.`,
    }),
  });
}

/** What the routes share: the stores and services built once for the app. */
interface AppParts {
  business: BusinessDetailsStore;
  serviceBooking: ServiceBookingRouteOptions;
  signingSecret: Buffer;
  siteUrl: string;
  photoStore: PhotoStore;
  feedService: FeedService;
  changes: ChangeSignal;
  inventoryIndex: InventoryIndex;
  savedSearchAlerts: SavedSearchAlerts;
}

/** Every route of the API, under /api, each declaring the listener (edge) it is served on. */
async function registerRoutes(api: FastifyInstance, services: AppServices, parts: AppParts) {
  const { config } = api;
  const { db, delivery } = services;
  const { business, signingSecret, siteUrl, photoStore } = parts;
  const deliveryChannels = configuredChannels(config);
  // what a load balancer asks: 503 while the database cannot be reached, so it sends visitors elsewhere
  api.get("/health", async (_request, reply) => {
    if (await databaseAnswers(db)) return { ok: true, database: db.kind };
    return reply
      .code(503)
      .header("retry-after", DATABASE_RETRY_AFTER_S)
      .send({ ok: false, database: db.kind, ...DATABASE_AWAY });
  });
  registerChangeRoutes(api, parts.changes, { ...DEFAULT_CHANGE_STREAM, ...services.changeStream });
  await registerDeliveryRoutes(api, db, { onResend: () => delivery?.nudge() });
  await registerBusinessRoutes(api, business);
  registerInventoryRoutes(api, db, parts.inventoryIndex);
  await registerUnitAdminRoutes(api, db);
  await registerLeadRoutes(api, db, {
    signingSecret,
    business,
    deliveryChannels,
    siteUrl,
    onLeadStored: () => delivery?.nudge(),
  });
  registerFleetQuoteRoutes(api, db, { lineup: services.lineup });
  await registerSavedSearchRoutes(api, db, {
    siteUrl,
    secret: signingSecret,
    business: () => business.get(),
    sendMail: services.sendSavedSearchMail,
    alerts: parts.savedSearchAlerts,
    now: services.now,
  });
  await registerHeldRoutes(api, db, {
    signingSecret,
    deliveryChannels,
    sendDigest: services.sendHeldDigest,
    onLeadStored: () => delivery?.nudge(),
  });
  registerPromotionRoutes(api, db);
  const { serviceBooking } = parts;
  registerServiceBookingRoutes(api, db, serviceBooking);
  await registerFeedRoutes(api, parts.feedService, db);
  registerMediaRoutes(api, photoStore);
  registerVitalsRoutes(api, new VitalsStore(db));
  const feedUrl = config.FEED_URL;
  await registerStaffRoutes(api, db, {
    deskUrl: config.STAFF_DESK_URL,
    signInMailLimit: new RecipientLimit(db.pool ?? undefined, { name: "staff-sign-in" }),
    business,
    photos: photoStore,
    held: { channels: deliveryChannels, onReleased: () => delivery?.nudge() },
    serviceBooking,
    sendMail: services.sendStaffMail,
    cliToken: services.cliToken,
    now: services.now,
    pullFeedNow: feedUrl
      ? () =>
          parts.feedService.startInventoryImport(() => readFeed(feedUrl, [config.SAMPLE_FEED_DIR]), {
            source: feedUrl,
          })
      : undefined,
  });
}

/**
 * The API: its configuration (config.ts, parsed once, decorated as `app.config` for every route and plugin to read)
 * and what it is given besides (the database, the mail it sends).
 */
export async function buildApp(config: ApiConfig, services: AppServices): Promise<FastifyInstance> {
  const { db } = services;
  const business = new BusinessDetailsStore(db);
  await business.seedIfMissing();
  const details = await business.get();
  const app = createServer(config, services);
  app.decorate("config", config);
  // each request a span of the caller's trace: no hook at all otherwise
  if (services.traced) traceRequests(app);

  // routes declare their request schemas (shared-types' zod); Fastify checks each part before the handler runs
  app.setValidatorCompiler(validatorCompiler);
  // and the listener they are served on: public (PUBLIC_API_ROUTES), internal or staff (security/edges.ts)
  declareEdges(app);
  app.decorate("staffAuthFailures", new FailedAuthentication(db.pool ?? undefined, config.STAFF_DESK_KEY));
  answerErrors(app);
  await registerProtections(app, db, business);

  const signingSecret = await loadSigningSecret(db, config.LEAD_SIGNING_SECRET);
  const photoStore = new PhotoStore(db, config.PHOTO_DIR, photoPolicy(config));
  const feedService = new FeedService(db, {
    maxRemovalPercent: config.FEED_MAX_REMOVAL_PERCENT,
    photoDeadlineMs: config.FEED_PHOTO_DEADLINE_S * 1000,
    columnMap: config.FEED_COLUMN_MAP
      ? (JSON.parse(readFileSync(config.FEED_COLUMN_MAP, "utf8")) as ColumnMap)
      : undefined,
    notifySalesDesk: services.notifySalesDesk,
    afterImport: services.afterImport,
    photos: photoStore,
    log: app.log,
  });
  app.decorate("feeds", feedService);
  app.decorate(
    "leadEscalation",
    new LeadEscalation(db, new StaffStore(db, services.now), {
      minutes: config.LEAD_ESCALATION_MINUTES,
      business: () => business.get(),
      sendMail: services.sendStaffMail ?? (async () => undefined),
      deskUrl: config.STAFF_DESK_URL,
      now: services.now,
      log: app.log,
    }),
  );
  // what changed, from every API process on this database, for the hosts that keep composed pages
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
  const siteUrl = config.PUBLIC_SITE_URL ?? `https://${details.domain}`;
  const savedSearchAlerts = new SavedSearchAlerts(db, inventoryIndex, {
    siteUrl,
    secret: signingSecret,
    business: () => business.get(),
    sendMail: services.sendSavedSearchMail ?? (async () => undefined),
    intervalHours: config.SAVED_SEARCH_ALERT_HOURS,
    now: services.now,
    log: app.log,
  });
  app.decorate("savedSearchAlerts", savedSearchAlerts);
  // a feed import or a staff change to a unit: the saved searches hear of it now, not at the next minute
  const stopAlerting = changes.subscribe((tags) => {
    if (!tags.includes(CACHE_TAGS.inventory) || !services.sendSavedSearchMail || services.alertOnChange === false)
      return;
    savedSearchAlerts.runOnce().catch((error: unknown) => app.log.error({ err: error }, "saved searches failed"));
  });
  app.addHook("onClose", async () => void stopAlerting());
  const capacity = new ServiceCapacityStore(db);
  await capacity.seedIfMissing();
  const serviceBooking = {
    capacity,
    business,
    signingSecret,
    channels: configuredChannels(config),
    siteUrl,
    onLeadStored: () => services.delivery?.nudge(),
    now: services.now,
  };
  app.decorate("bookDuePlanVisits", () => bookDuePlanVisits(db, serviceBooking));
  const parts = {
    business,
    serviceBooking,
    signingSecret,
    siteUrl,
    photoStore,
    feedService,
    changes,
    inventoryIndex,
    savedSearchAlerts,
  };
  await app.register((api) => registerRoutes(api, services, parts), { prefix: API_PREFIX });
  return app;
}
