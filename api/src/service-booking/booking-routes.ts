import type { FastifyInstance } from "fastify";
import { dealershipToday, leadReference } from "shared-types";
import { freeTimesQuerySchema, serviceBookingRequestSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { HttpError, parseOrBadRequest, withSchemas } from "../http-errors.js";
import { bookingLinkToken, planLinkToken, verifyBookingLinkToken } from "../security/signing.js";
import { heldBays } from "./bay-claims.js";
import { bookingContext, bookingRules, type ServiceBookingRouteOptions } from "./booking-rules.js";
import {
  BookingLinkSpent,
  type BookingSnapshot,
  cancelBooking,
  changeable,
  createBooking,
  moveBooking,
  readBooking,
} from "./booking-store.js";
import { bookingWhen, workInWords } from "./booking-words.js";
import { freeTimes } from "./free-times.js";
import { registerPlanRoutes } from "./plan-routes.js";
import { startPlan } from "./plan-store.js";

// the staff routes read the department's rules as the public ones do
export { bookingRules, type ServiceBookingRouteOptions };

const DAY_MS = 86_400_000;

/** Team service's booking, on the public edge: what can be booked, and when a visit can be. */
export function registerServiceBookingRoutes(app: FastifyInstance, db: Database, options: ServiceBookingRouteOptions) {
  const now = () => options.now?.() ?? Date.now();

  app.get("/service/booking", async () => {
    const capacity = await options.capacity.get();
    return { kinds: capacity.kinds, weeksAhead: capacity.weeksAhead, today: dealershipToday(new Date(now())) };
  });

  /** ?kind=<each unit's kind>: the times the whole visit can start, soonest first, over the weeks ahead. */
  app.get("/service/free-times", async (request) => {
    const raw = request.query as Record<string, string | string[]>;
    const query = parseOrBadRequest(freeTimesQuerySchema, { ...raw, kind: [raw.kind ?? []].flat() }, "query");
    const rules = await bookingRules(options);
    const known = new Set(rules.kinds.map((kind) => kind.id));
    const unknown = query.kind.find((kind) => !known.has(kind));
    if (unknown) {
      throw new HttpError(400, {
        error: "Bad Request",
        message: `We do not book "${unknown}": choose a service from the list`,
      });
    }
    const at = now();
    const held = await heldBays(db, at, at + (rules.days + 1) * DAY_MS, rules.stepMinutes);
    const times = freeTimes(rules, query.kind, held, { now: at, days: rules.days });
    return { times: query.from ? times.filter((time) => time.date >= (query.from as string)) : times };
  });

  /** A visitor books a free time: 201 with the booking's link, or 409 with the next free time when it went meanwhile. */
  withSchemas(app).post(
    "/service/bookings",
    {
      schema: { body: serviceBookingRequestSchema },
      config: { rateLimit: { max: app.config.LEAD_RATE_LIMIT_MAX, timeWindow: app.config.LEAD_RATE_LIMIT_WINDOW_MS } },
    },
    async (request, reply) => {
      const context = await bookingContext(options);
      const known = new Set(context.rules.kinds.map((kind) => kind.id));
      const unknown = request.body.units.find((unit) => !known.has(unit.kind));
      if (unknown)
        throw new HttpError(400, {
          error: "Bad Request",
          message: `We do not book "${unknown.kind}": choose a service from the list`,
        });
      const outcome = await createBooking(db, request.body, context, startPlan(request.body));
      if (!("booked" in outcome)) {
        return reply.code(409).send({
          error: "Conflict",
          message: "That time is no longer free: choose another",
          next: outcome.next,
        });
      }
      request.log.info({ booking: outcome.booking.id, leadId: outcome.leadId }, "service booked");
      options.onLeadStored?.();
      return reply.code(201).send({
        ...outcome.booking,
        reference: leadReference(outcome.leadId),
        link: bookingLinkToken(options.signingSecret, outcome.booking.id, 0),
      });
    },
  );

  registerBookingLinkRoutes(app, db, options);
  registerPlanRoutes(app, db, options);
}

const SPENT =
  "This link has been used or the booking can no longer change: the newest email we sent you has the link that works. Or call us.";

/** The link a booking email carries: its page (GET, never a change, so a mail scanner's visit does nothing), cancel, move. */
function registerBookingLinkRoutes(app: FastifyInstance, db: Database, options: ServiceBookingRouteOptions) {
  const now = () => options.now?.() ?? Date.now();
  const linked = (token: string) => {
    const link = verifyBookingLinkToken(options.signingSecret, token);
    if (!link) throw new HttpError(404, { error: "Not Found", message: "We have no booking by this link." });
    return link;
  };
  const spent = () => new HttpError(410, { error: "Gone", message: SPENT });
  // the service desk hears of a visitor's change as of the booking itself, with the updated invite
  const deskChannels = options.channels.filter((channel) => channel === "department-email");
  const view = (booking: BookingSnapshot, leadId: string) => ({
    reference: leadReference(leadId),
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    when: bookingWhen(booking.starts_at),
    work: workInWords(booking),
    kinds: booking.units.map((unit) => unit.kind),
    stay: booking.stay,
    status: booking.status,
    changeable: changeable(booking, now()),
    // the fleet's recurring plan that booked it: its page stops the plan or takes odometer readings
    plan: booking.plan_id
      ? { words: booking.plan ?? "", link: planLinkToken(options.signingSecret, booking.plan_id) }
      : null,
  });
  const params = z.object({ token: z.string().check(z.maxLength(200)) });

  withSchemas(app).get("/service/bookings/:token", { schema: { params } }, async (request) => {
    const link = linked(request.params.token);
    const booking = await readBooking(db, link.bookingId);
    if (!booking) throw new HttpError(404, { error: "Not Found", message: "We have no booking by this link." });
    if (booking.version !== link.version) throw spent();
    return view(booking, booking.lead_id);
  });

  withSchemas(app).post("/service/bookings/:token/cancel", { schema: { params } }, async (request) => {
    const link = linked(request.params.token);
    const cancelled = await cancelBooking(db, link, now(), deskChannels).catch(refuseSpent(spent));
    options.onLeadStored?.();
    request.log.info({ booking: cancelled.id }, "service booking cancelled by the visitor");
    // the page of the cancelled booking: its link for the version now (it can change no more)
    return {
      ...view(cancelled, (await readBooking(db, cancelled.id))?.lead_id ?? ""),
      link: bookingLinkToken(options.signingSecret, cancelled.id, cancelled.version),
    };
  });

  withSchemas(app).post(
    "/service/bookings/:token/move",
    { schema: { params, body: z.object({ startsAt: z.iso.datetime({ message: "Choose a time from the list" }) }) } },
    async (request, reply) => {
      const link = linked(request.params.token);
      const rules = await bookingRules(options);
      const outcome = await moveBooking(db, link, request.body.startsAt, { rules, now: now() }, deskChannels).catch(
        refuseSpent(spent),
      );
      if (!("moved" in outcome)) {
        return reply
          .code(409)
          .send({ error: "Conflict", message: "That time is no longer free: choose another", next: outcome.next });
      }
      options.onLeadStored?.();
      const moved = outcome.moved;
      return {
        ...view(moved, (await readBooking(db, moved.id))?.lead_id ?? ""),
        link: bookingLinkToken(options.signingSecret, moved.id, moved.version),
      };
    },
  );
}

/** A spent link's refusal in place of BookingLinkSpent; anything else goes on as it was. */
const refuseSpent =
  (spent: () => HttpError) =>
  (error: unknown): never => {
    throw error instanceof BookingLinkSpent ? spent() : error;
  };
