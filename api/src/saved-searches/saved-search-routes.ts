import type { FastifyInstance } from "fastify";
import { type BusinessDetails, SAVED_SEARCH_ACTIONS } from "shared-types";
import { savedSearchRequestSchema, savedSearchTokenSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { HttpError, parseOrBadRequest, withSchemas } from "../http-errors.js";
import { sourcePage } from "../leads/source-page.js";
import { describeSearch, type SavedSearchAlerts, storedFilter } from "./saved-search-alerts.js";
import { confirmationEmail, type SavedSearchEmail } from "./saved-search-messages.js";
import { applyAction, linkToken, saveSearch, searchByLink } from "./saved-search-store.js";

export interface SavedSearchRouteOptions {
  siteUrl: string;
  secret: Buffer;
  business: () => Promise<BusinessDetails>;
  /** Sends the confirmation email; none (lead email off): searches cannot be saved (503). */
  sendMail?: (message: SavedSearchEmail) => Promise<void>;
  alerts: SavedSearchAlerts;
  rateLimit: { max: number; timeWindow: number };
  now?: () => number;
}

const actionParams = z.object({ id: z.uuid(), action: z.enum(SAVED_SEARCH_ACTIONS) });

/**
 * Saved searches (shared-types saved-search.ts): saved with the consent as given, and nothing sent but the one
 * email that asks the address to confirm (double opt-in); each email's links (confirm, renew, unsubscribe) are
 * signed, and unsubscribe takes RFC 8058's one-click POST (`List-Unsubscribe=One-Click`, form-encoded) as well as
 * team leads' page's JSON. Everything here is on the public edge.
 */
export async function registerSavedSearchRoutes(app: FastifyInstance, db: Database, options: SavedSearchRouteOptions) {
  const api = withSchemas(app);
  const now = () => new Date(options.now?.() ?? Date.now());

  api.post(
    "/saved-searches",
    { schema: { body: z.looseObject({}) }, config: { rateLimit: options.rateLimit } },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const saved = parseOrBadRequest(savedSearchRequestSchema, body, "saved search");
      if (!options.sendMail) {
        throw new HttpError(503, {
          error: "Service Unavailable",
          message: "We can't send email just now, so we can't save searches. Please try again later.",
        });
      }
      const filters = storedFilter(saved.filters);
      const id = await saveSearch(db, {
        email: saved.email,
        search: saved.search,
        filters,
        page: sourcePage(typeof body["-url"] === "string" ? body["-url"] : "", options.siteUrl),
      });
      const message = confirmationEmail(
        saved.email,
        describeSearch({ search: saved.search, filters }),
        { siteUrl: options.siteUrl, id, token: linkToken(options.secret, id) },
        await options.business(),
      );
      try {
        await options.sendMail(message);
      } catch (error) {
        request.log.error({ err: error, savedSearch: id }, "saved search: the confirmation email failed");
        throw new HttpError(503, {
          error: "Service Unavailable",
          message: "We couldn't send the confirmation email just now. Please try again in a moment.",
        });
      }
      request.log.info({ savedSearch: id }, "saved search: confirmation sent");
      reply.header("cache-control", "no-store");
      return reply.code(201).send({ id, status: "pending" });
    },
  );

  await app.register(async (links) => {
    // RFC 8058: a mailbox's one-click unsubscribe is a form-encoded POST
    links.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    withSchemas(links).post(
      "/saved-searches/:id/:action",
      { schema: { params: actionParams }, config: { rateLimit: options.rateLimit } },
      async (request, reply) => {
        const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
        const query = request.query as Record<string, unknown>;
        const { token } = parseOrBadRequest(
          z.object({ token: savedSearchTokenSchema }),
          { token: body.token ?? query.token },
          "saved search link",
        );
        const search = await searchByLink(db, options.secret, request.params.id, token);
        if (!search) {
          throw new HttpError(400, {
            error: "Bad Request",
            message: "This link is not valid: use the one in our email",
          });
        }
        const status = await applyAction(db, search, request.params.action, now(), () =>
          options.alerts.matches(search),
        );
        request.log.info({ savedSearch: search.id, action: request.params.action, status }, "saved search changed");
        reply.header("cache-control", "no-store");
        return { id: search.id, status };
      },
    );
  });
}
