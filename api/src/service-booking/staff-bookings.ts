import { leadReference } from "shared-types";
import { Temporal } from "temporal-polyfill";
import type { Database, Queryable } from "../db/database.js";
import { enqueueDeliveries } from "../delivery/outbox.js";
import { type AuditActor, writeAudit } from "../staff/audit.js";
import { heldBays } from "./bay-claims.js";
import {
  type BookingContext,
  type BookingSnapshot,
  type BookingStatus,
  moveBookingBy,
  readBooking,
  saveBooking,
} from "./booking-store.js";
import {
  type AppointmentKind,
  addDays,
  type Bay,
  type Capacity,
  calgaryDayAndClock,
  DEALERSHIP_ZONE,
  freeTimes,
  type HeldBay,
} from "./free-times.js";

const DAY_MS = 86_400_000;

/** A booking as the service manager's day lists it. */
function deskBooking(row: { lead_id: string; service_booking: BookingSnapshot; fields: Record<string, string> }) {
  const booking = row.service_booking;
  const [date, clock] = calgaryDayAndClock(booking.starts_at);
  return {
    id: booking.id,
    lead_id: row.lead_id,
    reference: leadReference(row.lead_id),
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    date,
    clock,
    status: booking.status,
    stay: booking.stay,
    name: [row.fields.first_name, row.fields.last_name].filter(Boolean).join(" "),
    company: row.fields.company ?? "",
    phone: row.fields.day_phone ?? "",
    email: row.fields.email ?? "",
    units: booking.units,
    // the fleet's recurring plan that booked it ("Every 6 weeks"), or none
    plan: booking.plan ?? "",
  };
}

/**
 * Each bay's minutes open for bookings on each of `dates` (consecutive Calgary days), and those still free: counted
 * step by step by free-times' own calendar (the week, closures, the grid, the clocks' changes), as for a visit of
 * one step in that bay alone.
 */
function bayMinutes(rules: Capacity, dates: readonly string[], held: readonly HeldBay[]) {
  const step: AppointmentKind = { id: "step", name: "a step", minutes: rules.stepMinutes };
  const dayStarts = Temporal.PlainDate.from(dates[0] ?? "").toZonedDateTime(DEALERSHIP_ZONE).epochMilliseconds;
  const minutesByDate = (bay: Bay, taken: readonly HeldBay[]) => {
    const alone = { ...rules, bays: [{ ...bay, kinds: [step.id] }], kinds: [step], leadTimeHours: 0 };
    const steps = freeTimes(alone, [step.id], taken, { now: dayStarts, days: dates.length });
    const count = new Map<string, number>();
    for (const time of steps) count.set(time.date, (count.get(time.date) ?? 0) + rules.stepMinutes);
    return count;
  };
  const perBay = rules.bays.map((bay) => ({
    id: bay.id,
    open: minutesByDate(bay, []),
    free: minutesByDate(bay, held),
  }));
  return dates.map((date) => ({
    date,
    bays: perBay.map(({ id, open, free }) => ({
      id,
      openMinutes: open.get(date) ?? 0,
      freeMinutes: free.get(date) ?? 0,
    })),
  }));
}

/** The service manager's days from `from` (Calgary): each bay's time open and free each day, the bays, every booking. */
export async function serviceDays(db: Queryable, rules: Capacity, from: string, days: number) {
  const start = new Date(`${from}T00:00:00Z`).getTime() - DAY_MS;
  const end = start + (days + 2) * DAY_MS;
  const rows = await db.query<{ lead_id: string; service_booking: BookingSnapshot; fields: Record<string, string> }>(
    `select b.lead_id, l.service_booking, l.fields from service_bookings b join leads l on l.id = b.lead_id
      where b.starts_at >= $1 and b.starts_at < $2 order by b.starts_at`,
    [new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const dates = Array.from({ length: days }, (_, index) => addDays(from, index));
  const held = await heldBays(db, start, end, rules.stepMinutes);
  return {
    from,
    days: bayMinutes(rules, dates, held),
    bays: rules.bays.map(({ id, name }) => ({ id, name })),
    bookings: rows.map(deskBooking).filter((booking) => dates.includes(booking.date)),
  };
}

/**
 * Why the department cannot take a new capacity, or null: a bay or a kind of appointment it removes still has
 * visits to come, whose customers were promised that bay and that work.
 */
export async function capacityRefusal(
  db: Queryable,
  before: Pick<Capacity, "bays" | "kinds">,
  after: Pick<Capacity, "bays" | "kinds">,
  now: number,
): Promise<string | null> {
  const rows = await db.query<{ kind: string; bay: string }>(
    `select distinct unit->>'kind' as kind, unit->>'bay' as bay
       from service_bookings b, jsonb_array_elements(b.units) as unit
      where b.ends_at > $1 and b.status in ('booked', 'confirmed', 'arrived')`,
    [new Date(now).toISOString()],
  );
  const removed = <T extends { id: string }>(list: readonly T[], kept: readonly T[]) =>
    list.filter((entry) => !kept.some((other) => other.id === entry.id));
  const busy = [
    ...removed(before.bays, after.bays).filter((bay) => rows.some((row) => row.bay === bay.id)),
    ...removed(before.kinds, after.kinds).filter((kind) => rows.some((row) => row.kind === kind.id)),
  ];
  if (busy.length === 0) return null;
  const names = busy.map((entry) => `"${entry.name}"`).join(", ");
  return `${names} still ${busy.length === 1 ? "has" : "have"} bookings to come: move or cancel them first`;
}

/** Which statuses a booking may go to from where it stands, on the desk. */
const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  booked: ["confirmed", "arrived", "no-show", "cancelled"],
  confirmed: ["arrived", "no-show", "cancelled"],
  arrived: ["ready"],
  ready: [],
  "no-show": [],
  cancelled: [],
};

export class BookingRefused extends Error {}

/**
 * The service desk moves a booking on (confirmed, arrived, no-show, ready, cancelled), audited with it. A cancelled
 * or no-show visit lets its bays go; the visitor is told when it is cancelled (their calendar too) and when it is
 * ready; a cancellation spends the visitor's link.
 */
export async function setBookingStatus(db: Database, id: string, status: BookingStatus, by: AuditActor) {
  return db.transaction(async (tx) => {
    await tx.query("select id from service_bookings where id = $1 for update", [id]);
    const booking = await readBooking(tx, id);
    if (!booking) throw new BookingRefused("No booking here");
    if (!NEXT[booking.status].includes(status))
      throw new BookingRefused(`A booking ${booking.status} cannot become ${status}`);
    const { lead_id: leadId, ...before } = booking;
    const after: BookingSnapshot = { ...before, status, version: before.version + (status === "cancelled" ? 1 : 0) };
    if (status === "cancelled" || status === "no-show")
      await tx.query("delete from service_bay_steps where booking_id = $1", [id]);
    await saveBooking(tx, leadId, after);
    if (status === "cancelled")
      await enqueueDeliveries(tx, leadId, ["visitor-confirmation"], `cancelled:${after.version}`);
    if (status === "ready") await enqueueDeliveries(tx, leadId, ["visitor-confirmation"], "ready");
    await writeAudit(tx, by, `booking.${status}`, `booking:${id}`, { status: before.status }, { status });
    return { leadId, booking: after };
  });
}

/** The service desk moves a booking to another free time (the visitor is told, with the moved invite), audited. */
export async function staffMoveBooking(
  db: Database,
  id: string,
  startsAt: string,
  by: AuditActor,
  context: Pick<BookingContext, "rules" | "now">,
) {
  return moveBookingBy(db, id, startsAt, context, async (tx, before, after) => {
    await writeAudit(
      tx,
      by,
      "booking.move",
      `booking:${id}`,
      { starts_at: before.starts_at },
      { starts_at: after.starts_at },
    );
  });
}

/** The free times a booking could move to: as for a visitor, its own bays counting as free. */
export async function freeTimesFor(
  db: Queryable,
  rules: Capacity & { days: number },
  booking: BookingSnapshot,
  now: number,
) {
  const held = (await heldBays(db, now, now + (rules.days + 1) * DAY_MS, rules.stepMinutes)).filter(
    (span) =>
      !(
        booking.units.some((unit) => unit.bay === span.bayId) &&
        span.startsAt >= Date.parse(booking.starts_at) &&
        span.endsAt <= Date.parse(booking.ends_at)
      ),
  );
  return freeTimes(
    rules,
    booking.units.map((unit) => unit.kind),
    held,
    { now, days: rules.days },
  );
}
