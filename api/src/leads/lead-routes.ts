import { randomUUID } from "node:crypto";
import fastifyBearerAuth from "@fastify/bearer-auth";
import fastifyCookie from "@fastify/cookie";
import fastifyCsrf from "@fastify/csrf-protection";
import type { FastifyInstance } from "fastify";
import {
  consentWording,
  LEAD_SPAM_GUARD,
  type LeadCapture,
  type LeadCaptureResponse,
  type PrivacyFacts,
  UNVERSIONED_CONSENT,
} from "shared-types";
import { identifier, leadCaptureRequestSchema, safeText } from "shared-types/schemas";
import { z } from "zod";
import type { BusinessDetailsStore } from "../business/business-store.js";
import type { Database, Queryable } from "../db/database.js";
import { type Channel, channelsFor, enqueueDeliveries } from "../delivery/outbox.js";
import { HttpError, parseOrBadRequest, withSchemas } from "../http-errors.js";
import { signFormStart, verifyFormStart, verifyUnsubscribeToken } from "../security/signing.js";
import { readList, takeList } from "./fleet-quote-store.js";
import { IdempotencyKeyReused, once } from "./idempotency.js";
import { loadLeads, toAdf, toCsv } from "./lead-export.js";
import { sourcePage } from "./source-page.js";

/**
 * What the lead routes are given besides the app's configuration (its LEAD_* variables, read as `app.config`): the
 * secret the database keeps, the dealership's details, the outbox's channels, the public site's origin.
 */
export interface LeadRouteOptions {
  /** Signs form starts and unsubscribe links (security/signing.ts). */
  signingSecret: Buffer;
  /** The dealership's details: its phone in refusals, its name and address in the export. */
  business: BusinessDetailsStore;
  /** Where every stored lead is sent (one outbox row each, written in the lead's own transaction). */
  deliveryChannels: readonly Channel[];
  /** Told once a lead is committed, so its deliveries go out now rather than at the next poll. */
  onLeadStored?: () => void;
  /** The public site's origin: a lead's source page is kept only when it is on it. */
  siteUrl: string;
}

/** axios's convention: it copies this cookie into the X-XSRF-TOKEN header of same-origin writes. */
export const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "x-xsrf-token";

const idempotencyKeySchema = z.optional(identifier(/^[A-Za-z0-9._:-]{8,128}$/, "8 to 128 letters, digits or ._:-"));
/** The capture's headers: its Idempotency-Key checked, every other header kept as sent. */
const captureHeadersSchema = z.looseObject({ "idempotency-key": idempotencyKeySchema });
const exportQuerySchema = z.object({
  format: z.enum(["adf", "csv", "json"]).default("adf"),
  since: z.iso.datetime({ offset: true }).optional(),
});
const unsubscribeSchema = z.object({
  email: safeText(254).check(z.minLength(3)),
  token: identifier(/^[A-Za-z0-9_-]{43}$/, "the token of an unsubscribe link"),
});

/** Why a submission is a bot's, or null for a person's. The fill time is measured on the API's own clock. */
function spamReason(lead: LeadCapture, minFillMs: number, startedAt: number | null): string | null {
  if (lead.website) return "honeypot filled";
  if (minFillMs <= 0) return null;
  if (startedAt === null) return "no signed form start";
  const fillMs = Date.now() - startedAt;
  if (fillMs < minFillMs) return `sent ${fillMs} ms after the form appeared`;
  return null;
}

export async function registerLeadRoutes(app: FastifyInstance, db: Database, options: LeadRouteOptions) {
  await app.register(fastifyCookie);
  // double-submit: an HttpOnly secret cookie, and a token derived from it that the page echoes in a header
  await app.register(fastifyCsrf, {
    cookieKey: "fleet_csrf_secret",
    cookieOpts: { path: "/", sameSite: "strict", httpOnly: true, secure: "auto" },
    getToken: (request) => request.headers[XSRF_HEADER] as string | undefined,
  });

  app.get("/leads/token", async (_request, reply) => {
    const token = reply.generateCsrf();
    reply.setCookie(XSRF_COOKIE, token, { path: "/", sameSite: "strict", httpOnly: false, secure: "auto" });
    reply.header("cache-control", "no-store");
    return { ok: true };
  });

  app.get("/privacy", async (_request, reply): Promise<PrivacyFacts> => {
    reply.header("cache-control", "public, max-age=300");
    return {
      lead_retention_days: app.config.LEAD_RETENTION_DAYS,
      quarantine_retention_days: app.config.QUARANTINE_RETENTION_DAYS,
    };
  });

  /** A form asks for this when it first appears, and sends it back with the lead (LEAD_SPAM_GUARD.startedField). */
  app.get("/leads/start", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { [LEAD_SPAM_GUARD.startedField]: signFormStart(options.signingSecret) };
  });

  registerCapture(app, db, options);
  registerUnsubscribe(app, db, options);
  await registerExport(app, db, options);
}

interface Submission {
  destination: LeadCapture["destination"];
  form: LeadCapture["form"];
  /** What the visitor typed that is kept, its source page checked. */
  stored: Record<string, unknown>;
  marketing_opt_in: boolean;
  consentVersion: string;
  fleet_list?: string;
  /** Why it is a bot's (spamReason), or null for a person's. */
  reason: string | null;
}

/**
 * A submission, in its transaction: a person's a lead with its deliveries queued, a bot's quarantined. A fleet quote
 * asks for what its list holds: kept with the lead, and the list emptied, in the same transaction.
 */
async function storeSubmission(
  tx: Queryable,
  { destination, form, stored, marketing_opt_in, consentVersion, fleet_list, reason }: Submission,
  channels: Channel[],
): Promise<LeadCaptureResponse & { quarantined?: string }> {
  const receipt: LeadCaptureResponse = {
    id: randomUUID(),
    received_at: `${new Date().toISOString().slice(0, 19)}Z`,
  };
  const fleetQuote = fleet_list ? await readList(tx, fleet_list) : null;
  if (fleetQuote && fleetQuote.lines.length === 0) {
    const message = "Your fleet quote has no vehicles in it: add units or line-up models first";
    throw new HttpError(400, { error: "Bad Request", message, fields: { fleet_list: [message] } });
  }
  if (reason) {
    // kept with what it needs to become a lead, should the sales desk release it (held-enquiries.ts)
    await tx.query(
      `insert into quarantined_leads (id, reason, destination, fields, marketing_opt_in, consent_version)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        receipt.id,
        reason,
        destination,
        JSON.stringify({ ...stored, form, ...(fleetQuote ? { fleet_quote: fleetQuote } : {}) }),
        marketing_opt_in,
        consentVersion,
      ],
    );
    return { ...receipt, quarantined: reason };
  }
  if (fleet_list) await takeList(tx, fleet_list);
  await tx.query(
    `insert into leads (id, destination, form, fields, marketing_opt_in, consent_text, consent_version, received_at, fleet_quote)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      receipt.id,
      destination,
      form,
      JSON.stringify(stored),
      marketing_opt_in,
      consentVersion ? (consentWording(consentVersion) ?? "") : "",
      consentVersion,
      receipt.received_at,
      fleetQuote ? JSON.stringify(fleetQuote) : null,
    ],
  );
  await enqueueDeliveries(tx, receipt.id, channels);
  return receipt;
}

/**
 * Stores a lead and answers 201 only once it is committed. A repeated Idempotency-Key (a double click, a retry
 * after a lost answer) answers what the first request did; the same key with other content, or from another
 * visitor, is a 422. A bot's submission gets the same-looking 201 (on replay too) but is quarantined, never
 * delivered as a lead.
 */
function registerCapture(app: FastifyInstance, db: Database, options: LeadRouteOptions) {
  withSchemas(app).post(
    "/leads/capture",
    {
      onRequest: app.csrfProtection,
      schema: { body: leadCaptureRequestSchema, headers: captureHeadersSchema },
      config: {
        rateLimit: {
          max: app.config.LEAD_RATE_LIMIT_MAX,
          timeWindow: app.config.LEAD_RATE_LIMIT_WINDOW_MS,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            error: "Too Many Requests",
            message: `Too many enquiries from this connection. Please try again in ${context.after}, or call us at ${options.business.lastKnown.phone_sales}.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const lead = request.body;
      const key = request.headers["idempotency-key"];
      const {
        destination,
        form,
        website: _honeypot,
        fill_ms: _clientFillTime,
        form_started,
        marketing_opt_in,
        consent_version,
        fleet_list,
        ...fields
      } = lead;
      const { FirstName: _f, LastName: _l, Email: _e, Phone: _p, ...typed } = fields;
      const stored = { ...typed, "-url": sourcePage(typed["-url"], options.siteUrl) };
      const reason = spamReason(
        lead,
        app.config.LEAD_MIN_FILL_MS,
        verifyFormStart(options.signingSecret, form_started),
      );
      const consentVersion = marketing_opt_in ? (consent_version ?? UNVERSIONED_CONSENT) : "";
      try {
        const submission = { destination, form, stored, marketing_opt_in, consentVersion, fleet_list, reason };
        const channels = channelsFor(form, options.deliveryChannels, typed.email ?? "");
        const answer = await once(db, { key, client: request.ip, request: request.body }, (tx) =>
          storeSubmission(tx, submission, channels),
        );
        const { quarantined, ...receipt } = answer;
        // the lead's id, never what the visitor typed: the log is no place for personal data
        if (quarantined)
          request.log.warn({ quarantineId: receipt.id, reason: quarantined }, "lead quarantined as spam");
        else {
          request.log.info({ leadId: receipt.id, form }, "lead stored");
          options.onLeadStored?.();
        }
        return reply.code(201).send(receipt);
      } catch (error) {
        if (error instanceof IdempotencyKeyReused) {
          throw new HttpError(422, { error: "Unprocessable Entity", message: error.message });
        }
        throw error;
      }
    },
  );
}

/**
 * A marketing email's unsubscribe link (and RFC 8058 one-click: a POST). Records the withdrawal of consent for
 * the address; the dealership's mailings must leave it out from then on.
 */
function registerUnsubscribe(app: FastifyInstance, db: Database, options: LeadRouteOptions) {
  app.post("/consent/unsubscribe", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const body = (typeof request.body === "object" && request.body ? request.body : {}) as Record<string, unknown>;
    const { email, token } = parseOrBadRequest(
      unsubscribeSchema,
      { email: body.email ?? query.email, token: body.token ?? query.token },
      "unsubscribe link",
    );
    if (!verifyUnsubscribeToken(options.signingSecret, email, token)) {
      throw new HttpError(400, { error: "Bad Request", message: "This unsubscribe link is not valid" });
    }
    const id = randomUUID();
    await db.query("insert into consent_withdrawals (id, email, source) values ($1, $2, $3)", [
      id,
      email.toLowerCase(),
      "unsubscribe link",
    ]);
    request.log.info({ withdrawalId: id }, "marketing consent withdrawn");
    reply.header("cache-control", "no-store");
    return { unsubscribed: true };
  });
}

async function registerExport(app: FastifyInstance, db: Database, options: Pick<LeadRouteOptions, "business">) {
  // The CRM's pull of stored leads: only when a token is configured, behind bearer authentication (a well-kept
  // plugin), throttled so a guessed token costs time, and every export written to the log.
  const exportToken = app.config.LEADS_EXPORT_TOKEN;
  if (exportToken) {
    await app.register(async (exporting) => {
      await exporting.register(fastifyBearerAuth, {
        keys: new Set([exportToken]),
        // after onRequest, where the rate limit counts: every try, wrong token or right, uses up the allowance
        addHook: "preParsing",
        errorResponse: () => ({ error: "Unauthorized", message: "A valid export token is required" }),
      });
      withSchemas(exporting).get(
        "/leads/export",
        {
          schema: { querystring: exportQuerySchema },
          config: {
            // the CRM's pull is a machine's, on the internal listener: never the public site's
            edge: "internal",
            // counted before the token is checked: a guessed token costs an hour per 30 tries
            rateLimit: { max: 30, timeWindow: 60 * 60 * 1000 },
          },
        },
        async (request, reply) => {
          const { query } = request;
          const leads = await loadLeads(db, query.since ? new Date(query.since) : undefined);
          request.log.info(
            {
              audit: "leads-export",
              format: query.format,
              since: query.since ?? null,
              count: leads.length,
              ip: request.ip,
            },
            "leads exported",
          );
          reply.header("cache-control", "no-store");
          if (query.format === "json") return { leads };
          // ADF needs at least one prospect, so "nothing new" is an empty answer rather than an invalid document
          if (leads.length === 0) return reply.code(204).send();
          if (query.format === "csv") return reply.type("text/csv; charset=utf-8").send(toCsv(leads));
          return reply.type("application/xml; charset=utf-8").send(toAdf(leads, await options.business.get()));
        },
      );
    });
  }
}
