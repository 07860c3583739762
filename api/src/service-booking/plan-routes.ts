import type { FastifyInstance } from "fastify";
import { dealershipToday } from "shared-types";
import { planReadingsSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { HttpError, withSchemas } from "../http-errors.js";
import { bookingLinkToken, verifyPlanLinkToken } from "../security/signing.js";
import { bookingContext, type ServiceBookingRouteOptions } from "./booking-rules.js";
import { bookingWhen, workInWords } from "./booking-words.js";
import {
  bookDuePlans,
  bookPlanVisit,
  dueUnits,
  PlanRefusal,
  planWords,
  readPlan,
  reportReadings,
  type ServicePlanRow,
  stopPlan,
  upcomingPlanVisits,
} from "./plan-store.js";

const NO_PLAN = "We have no service plan by this link.";

/**
 * A fleet's recurring plan by its link (each of its bookings' pages carries it): see it and its visits to come,
 * report odometer readings (a unit near its distance is booked at once), stop it. GET never changes anything.
 */
export function registerPlanRoutes(app: FastifyInstance, db: Database, options: ServiceBookingRouteOptions) {
  const now = () => options.now?.() ?? Date.now();
  const params = z.object({ token: z.string().check(z.maxLength(200)) });
  const planOf = async (token: string) => {
    const id = verifyPlanLinkToken(options.signingSecret, token);
    const plan = id ? await readPlan(db, id) : null;
    if (!plan) throw new HttpError(404, { error: "Not Found", message: NO_PLAN });
    return plan;
  };
  const view = async (plan: ServicePlanRow) => {
    const visits = await upcomingPlanVisits(db, plan.id, now());
    const due = new Set(dueUnits(plan, dealershipToday(new Date(now()))));
    return {
      words: planWords(plan),
      every: plan.every_weeks ? "weeks" : "km",
      status: plan.status,
      next_due: plan.next_due,
      units: plan.units.map((unit, index) => ({
        name: [unit.year, unit.make, unit.model].join(" "),
        unit_number: unit.unit_number,
        kind: unit.kind,
        serviced_km: unit.serviced_km,
        reported_km: unit.reported_km,
        due: due.has(index),
      })),
      visits: visits.map(({ service_booking: booking }) => ({
        when: bookingWhen(booking.starts_at),
        work: workInWords(booking),
        link: bookingLinkToken(options.signingSecret, booking.id, booking.version),
      })),
    };
  };

  withSchemas(app).get("/service/plans/:token", { schema: { params } }, async (request) =>
    view(await planOf(request.params.token)),
  );

  withSchemas(app).post(
    "/service/plans/:token/readings",
    { schema: { params, body: planReadingsSchema } },
    async (request) => {
      const plan = await planOf(request.params.token);
      await reportReadings(db, plan.id, request.body.readings).catch((error: unknown) => {
        if (error instanceof PlanRefusal) throw new HttpError(422, { error: "Unprocessable", message: error.message });
        throw error;
      });
      const booked = await bookPlanVisit(db, plan.id, await bookingContext(options));
      if (booked) {
        request.log.info({ plan: plan.id, booking: booked.id }, "service plan visit booked on a reading");
        options.onLeadStored?.();
      }
      return {
        ...(await view((await readPlan(db, plan.id)) ?? plan)),
        booked: booked ? bookingWhen(booked.starts_at) : null,
      };
    },
  );

  withSchemas(app).post("/service/plans/:token/stop", { schema: { params } }, async (request) => {
    const plan = await planOf(request.params.token);
    await stopPlan(db, plan.id);
    request.log.info({ plan: plan.id }, "service plan stopped by the fleet");
    return view({ ...plan, status: "stopped" });
  });
}

/** The periodic job's run: each plan with a visit due is booked (api-jobs.ts "service-plans"). */
export async function bookDuePlanVisits(db: Database, options: ServiceBookingRouteOptions): Promise<number> {
  return bookDuePlans(db, await bookingContext(options));
}
