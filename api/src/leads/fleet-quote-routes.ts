import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FLEET_QUOTE, FLEET_QUOTE_ADD, type FleetQuoteList } from "shared-types";
import {
  fleetQuoteAddSchema,
  fleetQuoteLineUpdateSchema,
  fleetQuoteTokenSchema,
  fleetQuoteTradeInSchema,
} from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { parseOrBadRequest, withSchemas } from "../http-errors.js";
import {
  addLine,
  addTradeIn,
  newListToken,
  readList,
  removeLine,
  removeTradeIn,
  updateLine,
} from "./fleet-quote-store.js";
import { checkedAgainstLineup, type LineupReader } from "./lineup.js";

export interface FleetQuoteRouteOptions {
  /** Team catalog's published line-up (lineupFromUrl); unset: never read, and no model line is named to the visitor. */
  lineup?: LineupReader;
}
const lineupNotRead: LineupReader = async () => null;

const listParams = z.object({ token: fleetQuoteTokenSchema });
const lineParams = z.object({ token: fleetQuoteTokenSchema, line: z.uuid() });
const tradeInParams = z.object({ token: fleetQuoteTokenSchema, tradeIn: z.uuid() });
const addBody = z.looseObject({ token: z.optional(fleetQuoteTokenSchema) });
const anyBody = z.optional(z.looseObject({}));

/** The list's key from the visitor's cookie, when it holds one that could be a key. */
function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[FLEET_QUOTE.cookie];
  return value && FLEET_QUOTE.tokenPattern.test(value) ? value : undefined;
}

const listAnswer = (reply: FastifyReply, token: string, list: FleetQuoteList) =>
  reply.header("cache-control", "no-store").send({ token, list });

/**
 * The fleet quote's lists (shared-types fleet-quote.ts): team leads' server reads and changes one by its key (from
 * the visitor's cookie, which the host hands it), and a page's add form, sent in place by the page's script, adds to
 * the visitor's own through the site's proxy (the cookie comes with it; a new list's cookie is set here). Writes take JSON only: a form on another site
 * cannot send JSON without the browser asking this site first, so no other site can fill a visitor's list. A model
 * is stored as the line-up names it, never as the page does.
 */
export function registerFleetQuoteRoutes(app: FastifyInstance, db: Database, options: FleetQuoteRouteOptions = {}) {
  const api = withSchemas(app);
  const lineup = options.lineup ?? lineupNotRead;

  api.post("/fleet-quote/lines", { schema: { body: addBody } }, async (request, reply) => {
    const sent = parseOrBadRequest(fleetQuoteAddSchema, request.body, "fleet quote line");
    const add = checkedAgainstLineup(sent, sent.kind === "model" ? await lineup() : null);
    const fromCookie = cookieToken(request);
    const token = request.body.token ?? fromCookie ?? newListToken();
    await addLine(db, token, add);
    if (!request.body.token) {
      // the browser's own list: its 30 days start again with each change
      reply.setCookie(FLEET_QUOTE.cookie, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: "auto",
        maxAge: FLEET_QUOTE.maxAgeDays * 24 * 60 * 60,
      });
    }
    const list = await readList(db, token);
    const units = `${list.unit_count} ${list.unit_count === 1 ? "unit" : "units"}`;
    // what a page's add form says in place (remote-kit IN_PLACE_FORM), and the count beside "Your fleet quote"
    return reply
      .code(fromCookie || request.body.token ? 200 : 201)
      .header("cache-control", "no-store")
      .send({
        token,
        list,
        said: `Added. Your fleet quote has ${units}.`,
        updates: { [FLEET_QUOTE_ADD.countUpdate]: `(${units})` },
      });
  });

  api.get("/fleet-quote/lists/:token", { schema: { params: listParams } }, async (request, reply) =>
    listAnswer(reply, request.params.token, await readList(db, request.params.token)),
  );

  api.post(
    "/fleet-quote/lists/:token/lines/:line",
    { schema: { params: lineParams, body: anyBody } },
    async (request, reply) => {
      const update = parseOrBadRequest(fleetQuoteLineUpdateSchema, request.body ?? {}, "fleet quote line");
      await updateLine(db, request.params.token, request.params.line, update);
      return listAnswer(reply, request.params.token, await readList(db, request.params.token));
    },
  );

  api.post(
    "/fleet-quote/lists/:token/lines/:line/remove",
    { schema: { params: lineParams, body: anyBody } },
    async (request, reply) => {
      await removeLine(db, request.params.token, request.params.line);
      return listAnswer(reply, request.params.token, await readList(db, request.params.token));
    },
  );

  api.post(
    "/fleet-quote/lists/:token/trade-ins",
    { schema: { params: listParams, body: anyBody } },
    async (request, reply) => {
      const tradeIn = parseOrBadRequest(fleetQuoteTradeInSchema, request.body ?? {}, "trade-in");
      await addTradeIn(db, request.params.token, tradeIn);
      return listAnswer(reply.code(201), request.params.token, await readList(db, request.params.token));
    },
  );

  api.post(
    "/fleet-quote/lists/:token/trade-ins/:tradeIn/remove",
    { schema: { params: tradeInParams, body: anyBody } },
    async (request, reply) => {
      await removeTradeIn(db, request.params.token, request.params.tradeIn);
      return listAnswer(reply, request.params.token, await readList(db, request.params.token));
    },
  );
}
