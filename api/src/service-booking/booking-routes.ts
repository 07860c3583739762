import type { FastifyInstance } from "fastify";
import { dealershipToday } from "shared-types";
import { freeTimesQuerySchema } from "shared-types/schemas";
import type { BusinessDetailsStore } from "../business/business-store.js";
import type { Database } from "../db/database.js";
import { HttpError, parseOrBadRequest } from "../http-errors.js";
import { heldBays } from "./bay-claims.js";
import type { ServiceCapacityStore } from "./capacity-store.js";
import { type Capacity, freeTimes } from "./free-times.js";

export interface ServiceBookingRouteOptions {
  capacity: ServiceCapacityStore;
  business: BusinessDetailsStore;
  now?: () => number;
}

const DAY_MS = 86_400_000;

/** The department's capacity as the free times are counted: its closures are the service department's, as set. */
export async function bookingRules(options: ServiceBookingRouteOptions): Promise<Capacity & { days: number }> {
  const [capacity, details] = await Promise.all([options.capacity.get(), options.business.get()]);
  const closures = (details.closures ?? []).filter((closure) => closure.departments.includes("service"));
  return { ...capacity, closures, days: capacity.weeksAhead * 7 };
}

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
    return { times: freeTimes(rules, query.kind, held, { now: at, days: rules.days }) };
  });
}
