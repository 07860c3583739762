import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import {
  type BusinessDetails,
  describeInventoryFilter,
  type InventoryFilter,
  inventoryFilterKey,
  SAVED_SEARCH_ACTIONS,
} from "shared-types";
import { savedSearchRequestSchema, savedSearchTokenSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { HttpError, parseOrBadRequest, withSchemas } from "../http-errors.js";
import { sourcePage } from "../leads/source-page.js";
import { RecipientLimit } from "../security/recipient-limit.js";
import { type SavedSearchAlerts, storedFilter } from "./saved-search-alerts.js";
import { confirmationEmail, confirmationWords, type SavedSearchEmail } from "./saved-search-messages.js";
import { applyAction, forgetUnsent, linkToken, saveSearch, searchByLink, valuesInStock } from "./saved-search-store.js";

export interface SavedSearchRouteOptions {
  siteUrl: string;
  secret: Buffer;
  business: () => Promise<BusinessDetails>;
  /** Sends the confirmation email; none (lead email off): searches cannot be saved (503). */
  sendMail?: (message: SavedSearchEmail) => Promise<void>;
  alerts: SavedSearchAlerts;
  now?: () => number;
  /** Confirmations per address (anyone can type anyone's): unset, 3 an hour each, counted on the database. */
  recipientLimit?: RecipientLimit;
}

/** What the same search is, whoever asks: its words (any case) and what its filter selects. */
const sameSearchOf = (search: { search: string; filters: InventoryFilter }) =>
  `${search.search.toLowerCase()}\n${inventoryFilterKey(search.filters)}`;

/** The answer to every request to save a search that was not refused: the same whether an email went out or not. */
const CHECK_YOUR_EMAIL = "Check your email to confirm your saved search.";

const actionParams = z.object({ id: z.uuid(), action: z.enum(SAVED_SEARCH_ACTIONS) });

/**
 * Saved searches (shared-types saved-search.ts): saved with the consent as given, and nothing sent but the one
 * email that asks the address to confirm (double opt-in); each email's links (confirm, renew, unsubscribe) are
 * signed, and unsubscribe takes RFC 8058's one-click POST (`List-Unsubscribe=One-Click`, form-encoded) as well as
 * team leads' page's JSON. Everything here is on the public edge.
 */
export async function registerSavedSearchRoutes(app: FastifyInstance, db: Database, options: SavedSearchRouteOptions) {
  const api = withSchemas(app);
  // a saved search is asked for as a lead is: the leads' limit (LEAD_RATE_LIMIT_MAX in its window) applies
  const rateLimit = { max: app.config.LEAD_RATE_LIMIT_MAX, timeWindow: app.config.LEAD_RATE_LIMIT_WINDOW_MS };
  const now = () => new Date(options.now?.() ?? Date.now());
  const recipients =
    options.recipientLimit ?? new RecipientLimit(db.pool ?? undefined, { name: "saved-search-confirmation" });

  /** Stores the search (pending) and sends its confirmation; a failed send stores nothing and counts nothing. */
  async function sendConfirmation(
    sendMail: (message: SavedSearchEmail) => Promise<void>,
    search: { email: string; search: string; filters: InventoryFilter },
    page: string,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const known = await valuesInStock(db, search.filters);
    const described = confirmationWords(describeInventoryFilter(known.filter), search.search !== "" || known.leftOut);
    const id = await saveSearch(db, { ...search, page });
    const links = { siteUrl: options.siteUrl, id, token: linkToken(options.secret, id) };
    try {
      await sendMail(confirmationEmail(search.email, described, links, await options.business()));
    } catch (error) {
      log.error({ err: error, savedSearch: id }, "saved search: the confirmation email failed");
      await forgetUnsent(db, id);
      await recipients.release(search.email, sameSearchOf(search));
      throw new HttpError(503, {
        error: "Service Unavailable",
        message: "We couldn't send the confirmation email just now. Please try again in a moment.",
      });
    }
    log.info({ savedSearch: id }, "saved search: confirmation sent");
  }

  api.post(
    "/saved-searches",
    { schema: { body: z.looseObject({}) }, config: { rateLimit } },
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
      const search = { email: saved.email, search: saved.search.trim(), filters };
      const verdict = await recipients.take(saved.email, sameSearchOf(search));
      if (verdict === "send") {
        const page = sourcePage(typeof body["-url"] === "string" ? body["-url"] : "", options.siteUrl);
        await sendConfirmation(options.sendMail, search, page, request.log);
      } else {
        // nothing stored and nothing sent; the answer is the same, so it tells no one whether an email went out
        request.log.info({ verdict }, "saved search: confirmation not sent (recipient limit)");
      }
      reply.header("cache-control", "no-store");
      return reply.code(202).send({ status: "pending", message: CHECK_YOUR_EMAIL });
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
      { schema: { params: actionParams }, config: { rateLimit } },
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
