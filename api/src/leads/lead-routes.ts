import { randomUUID, timingSafeEqual } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyCsrf from "@fastify/csrf-protection";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { BUSINESS_DETAILS, type LeadCapture, type LeadCaptureResponse, MARKETING_CONSENT_TEXT } from "shared-types";
import { leadCaptureRequestSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { HttpError, parseOrBadRequest } from "../http-errors.js";
import { loadLeads, toAdf, toCsv } from "./lead-export.js";

export interface LeadRouteOptions {
  rateLimitMax: number;
  rateLimitWindowMs: number;
  minFillMs: number;
  /** Enables GET /leads/export for a CRM holding this bearer token. */
  exportToken?: string;
}

/** axios's convention: it copies this cookie into the X-XSRF-TOKEN header of same-origin writes. */
export const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "x-xsrf-token";

const idempotencyKeySchema = z.string().trim().min(8).max(128).optional();
const exportQuerySchema = z.object({
  format: z.enum(["adf", "csv", "json"]).default("adf"),
  since: z.iso.datetime({ offset: true }).optional(),
});

/** Why a submission is a bot's, or null for a person's. */
function spamReason(lead: LeadCapture, minFillMs: number): string | null {
  if (lead.website) return "honeypot filled";
  if (lead.fill_ms === undefined) return "no fill time";
  if (lead.fill_ms < minFillMs) return `sent ${lead.fill_ms} ms after the form appeared`;
  return null;
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function registerLeadRoutes(app: FastifyInstance, db: Database, options: LeadRouteOptions) {
  await app.register(fastifyCookie);
  // double-submit: an HttpOnly secret cookie, and a token derived from it that the page echoes in a header
  await app.register(fastifyCsrf, {
    cookieKey: "fleet_csrf_secret",
    cookieOpts: { path: "/", sameSite: "strict", httpOnly: true, secure: "auto" },
    getToken: (request) => request.headers[XSRF_HEADER] as string | undefined,
  });
  await app.register(fastifyRateLimit, { global: false });

  app.get("/leads/token", async (_request, reply) => {
    const token = reply.generateCsrf();
    reply.setCookie(XSRF_COOKIE, token, { path: "/", sameSite: "strict", httpOnly: false, secure: "auto" });
    reply.header("cache-control", "no-store");
    return { ok: true };
  });

  /**
   * Stores a lead and answers 201 only once it is committed. A repeated Idempotency-Key (a double click, a retry
   * after a lost answer) returns the lead already stored instead of storing a second one. A bot's submission gets
   * the same-looking 201 but is quarantined, never delivered as a lead.
   */
  app.post(
    "/leads/capture",
    {
      onRequest: app.csrfProtection,
      config: {
        rateLimit: {
          max: options.rateLimitMax,
          timeWindow: options.rateLimitWindowMs,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            error: "Too Many Requests",
            message: `Too many enquiries from this connection. Please try again in ${context.after}, or call us at ${BUSINESS_DETAILS.phone_sales}.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const lead = parseOrBadRequest(leadCaptureRequestSchema, request.body, "lead");
      const key = parseOrBadRequest(idempotencyKeySchema, request.headers["idempotency-key"], "Idempotency-Key header");
      const { destination, form, website: _honeypot, fill_ms: _fillMs, marketing_opt_in, ...fields } = lead;
      const { FirstName: _f, LastName: _l, Email: _e, Phone: _p, ...stored } = fields;
      const reason = spamReason(lead, options.minFillMs);
      if (reason) {
        await db.query("insert into quarantined_leads (id, reason, destination, fields) values ($1, $2, $3, $4)", [
          randomUUID(),
          reason,
          destination,
          JSON.stringify({ ...stored, form }),
        ]);
        request.log.warn({ reason, destination }, "lead quarantined as spam");
        return reply.code(201).send({ id: randomUUID(), received_at: `${new Date().toISOString().slice(0, 19)}Z` });
      }
      const [row] = await db.query<{ id: string; received_at: string }>(
        `insert into leads (id, destination, form, fields, marketing_opt_in, consent_text, idempotency_key)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
         returning id, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at`,
        [
          randomUUID(),
          destination,
          form,
          JSON.stringify(stored),
          marketing_opt_in,
          marketing_opt_in ? MARKETING_CONSENT_TEXT : "",
          key ?? null,
        ],
      );
      const body: LeadCaptureResponse = { id: row?.id ?? "", received_at: row?.received_at ?? "" };
      return reply.code(201).send(body);
    },
  );

  app.get("/leads/export", async (request, reply) => {
    const token = options.exportToken;
    if (!token) throw new HttpError(404, { error: "Not Found", message: "Lead export is not enabled on this server" });
    if (!bearerMatches(request, token)) {
      throw new HttpError(401, { error: "Unauthorized", message: "A valid export token is required" });
    }
    const query = parseOrBadRequest(exportQuerySchema, request.query, "query");
    const leads = await loadLeads(db, query.since ? new Date(query.since) : undefined);
    reply.header("cache-control", "no-store");
    if (query.format === "json") return { leads };
    // ADF needs at least one prospect, so "nothing new" is an empty answer rather than an invalid document
    if (leads.length === 0) return reply.code(204).send();
    if (query.format === "csv") return reply.type("text/csv; charset=utf-8").send(toCsv(leads));
    return reply.type("application/xml; charset=utf-8").send(toAdf(leads));
  });
}
