import { randomUUID } from "node:crypto";
import { type BookedUnit, dealershipToday, type ServiceBookingRequest } from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { heldBays } from "./bay-claims.js";
import { type BookingContext, type BookingHooks, type BookingSnapshot, createBooking } from "./booking-store.js";
import { addDays, calgaryDayAndClock, type FreeTime, freeTimes } from "./free-times.js";

// A fleet's recurring plan: the visit it booked, again every so many weeks, or for each unit that has run so many
// kilometres since its last plan visit (the odometer readings the fleet reports on the plan's page). Each occurrence
// is booked as the time comes, as the fleet would book it (a lead of its own, the visitor's email with its invite),
// at the plan's time of day when it is free, else at the next free time.

/** A unit of the plan: as booked, with the odometer at its last plan visit and the last reading the fleet sent. */
export interface PlanUnit extends BookedUnit {
  serviced_km: number | null;
  reported_km: number | null;
}

export interface ServicePlanRow {
  id: string;
  /** Who the fleet is and how it visits: the first booking's contact, stay and comments */
  request: Omit<ServiceBookingRequest, "startsAt" | "units" | "plan">;
  units: PlanUnit[];
  every_weeks: number | null;
  every_km: number | null;
  /** The plan's time of day, Calgary's "HH:MM": its first visit's */
  preferred_clock: string;
  /** A plan by weeks: the day its next visit is due */
  next_due: string | null;
  status: "active" | "stopped";
}

/** A plan by weeks is booked this many days before its visit is due (so its bays are still free). */
export const PLAN_BOOKS_AHEAD_DAYS = 14;
/** A unit on a plan by distance is due when it is this close to its distance (its reading, not its next service). */
const DUE_SHARE = 0.9;
const DAY_MS = 86_400_000;

/** "Every 6 weeks", "Every 15,000 km": the plan as the emails, its page and the desk say it. */
export const planWords = (plan: Pick<ServicePlanRow, "every_weeks" | "every_km">) =>
  plan.every_weeks ? `Every ${plan.every_weeks} weeks` : `Every ${(plan.every_km ?? 0).toLocaleString("en-CA")} km`;

/** The places of the plan's units now due: all on a plan by weeks, those near their distance on one by distance. */
export function dueUnits(plan: ServicePlanRow, today: string): number[] {
  const all = plan.units.map((_, index) => index);
  if (plan.every_weeks) return plan.next_due && plan.next_due <= addDays(today, PLAN_BOOKS_AHEAD_DAYS) ? all : [];
  const every = plan.every_km ?? 0;
  return all.filter((index) => {
    const unit = plan.units[index] as PlanUnit;
    return unit.reported_km !== null && unit.reported_km - (unit.serviced_km ?? 0) >= every * DUE_SHARE;
  });
}

/** The hooks of a plan's first booking: the plan is kept with it, in its transaction. */
export function startPlan(request: ServiceBookingRequest): BookingHooks | undefined {
  const { plan, units, startsAt: _startsAt, ...contact } = request;
  if (!plan) return undefined;
  const id = randomUUID();
  const every_weeks = plan.every === "weeks" ? plan.weeks : null;
  const every_km = plan.every === "km" ? plan.km : null;
  const kept: PlanUnit[] = units.map((unit) => ({ ...unit, serviced_km: unit.odometer_km ?? null, reported_km: null }));
  return {
    plan: { id, words: planWords({ every_weeks, every_km }) },
    after: async (tx, booking) => {
      const [date, clock] = calgaryDayAndClock(booking.starts_at);
      await tx.query(
        `insert into service_plans (id, request, units, every_weeks, every_km, preferred_clock, next_due)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          JSON.stringify(contact),
          JSON.stringify(kept),
          every_weeks,
          every_km,
          clock,
          every_weeks ? addDays(date, every_weeks * 7) : null,
        ],
      );
    },
  };
}

export async function readPlan(db: Queryable, id: string, lock = false): Promise<ServicePlanRow | null> {
  const [row] = await db.query<ServicePlanRow>(
    `select id, request, units, every_weeks, every_km, preferred_clock, next_due, status from service_plans
      where id = $1${lock ? " for update" : ""}`,
    [id],
  );
  return row ?? null;
}

/** The plan's visit on or after `from`: at its time of day that day when free, else the first free time after. */
async function planTime(db: Queryable, context: BookingContext, kinds: string[], plan: ServicePlanRow, from: string) {
  const { rules, now } = context;
  const held = await heldBays(db, now, now + (rules.days + 1) * DAY_MS, rules.stepMinutes);
  const times = freeTimes(rules, kinds, held, { now, days: rules.days }).filter((time) => time.date >= from);
  return times.find((time) => time.date === from && time.clock === plan.preferred_clock) ?? times[0] ?? null;
}

/** Thrown in a plan visit's transaction when the plan changed since it was read (stopped, or booked by another). */
class PlanMovedOn extends Error {}

/** The plan's hooks for an occurrence: still due as read (under its row's lock), then moved on to the next. */
function occurrenceHooks(plan: ServicePlanRow, due: number[], today: string): BookingHooks {
  return {
    plan: { id: plan.id, words: planWords(plan) },
    before: async (tx) => {
      const now = await readPlan(tx, plan.id, true);
      const moved = now?.status !== "active" || now.next_due !== plan.next_due;
      if (moved || dueUnits(now, today).join() !== due.join()) throw new PlanMovedOn();
    },
    after: async (tx) => {
      const units = plan.units.map((unit, index) =>
        due.includes(index) && plan.every_km ? { ...unit, serviced_km: unit.reported_km } : unit,
      );
      const next = plan.every_weeks && plan.next_due ? addDays(plan.next_due, plan.every_weeks * 7) : null;
      await tx.query("update service_plans set units = $2, next_due = $3, updated_at = now() where id = $1", [
        plan.id,
        JSON.stringify(units),
        next,
      ]);
    },
  };
}

/**
 * Books the plan's visit when one is due: its due units at the plan's time of day on the day due (a plan by weeks)
 * or from today (by distance), or the next free time. Answers the booking, or null when nothing is due or free.
 */
export async function bookPlanVisit(
  db: Database,
  planId: string,
  context: BookingContext,
): Promise<BookingSnapshot | null> {
  const plan = await readPlan(db, planId);
  const today = dealershipToday(new Date(context.now));
  if (plan?.status !== "active") return null;
  const due = dueUnits(plan, today);
  if (due.length === 0) return null;
  const units = due.map((index) => plan.units[index] as PlanUnit);
  const from = plan.next_due && plan.next_due > today ? plan.next_due : today;
  let time: FreeTime | null = await planTime(
    db,
    context,
    units.map((unit) => unit.kind),
    plan,
    from,
  );
  const hooks = occurrenceHooks(plan, due, today);
  while (time) {
    const request = { ...plan.request, startsAt: time.startsAt, units: units.map(bookedUnit) };
    const outcome = await createBooking(db, request, context, hooks).catch((error: unknown) => {
      if (error instanceof PlanMovedOn) return null;
      throw error;
    });
    if (!outcome) return null;
    if ("booked" in outcome) return outcome.booking;
    time = outcome.next;
  }
  return null;
}

const bookedUnit = ({ serviced_km: _s, reported_km: _r, ...unit }: PlanUnit): BookedUnit => unit;

/** Each active plan with a visit due is booked (the periodic job): answers how many visits were booked. */
export async function bookDuePlans(db: Database, context: BookingContext): Promise<number> {
  const horizon = addDays(dealershipToday(new Date(context.now)), PLAN_BOOKS_AHEAD_DAYS);
  const plans = await db.query<{ id: string }>(
    `select id from service_plans where status = 'active' and (every_km is not null or next_due <= $1) order by id`,
    [horizon],
  );
  let booked = 0;
  for (const { id } of plans) if (await bookPlanVisit(db, id, context)) booked++;
  return booked;
}

/** A reading the plan cannot take: said to the fleet as it is. */
export class PlanRefusal extends Error {}

/** The fleet's odometer readings, each against its unit: a reading is never below the last one kept. */
export async function reportReadings(
  db: Database,
  planId: string,
  readings: readonly { unit: number; odometer_km: number }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await readPlan(tx, planId, true);
    if (plan?.status !== "active") throw new PlanRefusal("This plan is stopped: book a visit from our site instead.");
    if (!plan.every_km) throw new PlanRefusal("This plan goes by weeks: it needs no odometer readings.");
    const units = [...plan.units];
    for (const { unit, odometer_km } of readings) {
      const kept = units[unit];
      if (!kept) throw new PlanRefusal(`The plan has no vehicle ${unit + 1}.`);
      const last = Math.max(kept.reported_km ?? 0, kept.serviced_km ?? 0);
      if (odometer_km < last) {
        throw new PlanRefusal(
          `Vehicle ${unit + 1}'s reading is below the last one we have (${last.toLocaleString("en-CA")} km): check it.`,
        );
      }
      units[unit] = { ...kept, reported_km: odometer_km };
    }
    await tx.query("update service_plans set units = $2, updated_at = now() where id = $1", [
      planId,
      JSON.stringify(units),
    ]);
  });
}

/** The fleet stops its plan: no visit is booked by it from now on (those booked stay, each with its own link). */
export async function stopPlan(db: Queryable, planId: string): Promise<void> {
  await db.query("update service_plans set status = 'stopped', updated_at = now() where id = $1", [planId]);
}

/** The plan's visits still to come, soonest first. */
export async function upcomingPlanVisits(db: Queryable, planId: string, now: number) {
  return db.query<{ service_booking: BookingSnapshot; lead_id: string }>(
    `select l.service_booking, b.lead_id from service_bookings b join leads l on l.id = b.lead_id
      where b.plan_id = $1 and b.starts_at > $2 and b.status in ('booked', 'confirmed') order by b.starts_at`,
    [planId, new Date(now).toISOString()],
  );
}
