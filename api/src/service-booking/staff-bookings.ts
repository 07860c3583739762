import { leadReference } from "shared-types";
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
import { type Capacity, DEALERSHIP_ZONE, freeTimes } from "./free-times.js";

const DAY_MS = 86_400_000;
const calgaryClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: DEALERSHIP_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const calgaryDate = new Intl.DateTimeFormat("en-CA", { timeZone: DEALERSHIP_ZONE });

/** A booking as the service manager's day lists it. */
function deskBooking(row: { lead_id: string; service_booking: BookingSnapshot; fields: Record<string, string> }) {
  const booking = row.service_booking;
  const at = new Date(booking.starts_at);
  return {
    id: booking.id,
    lead_id: row.lead_id,
    reference: leadReference(row.lead_id),
    starts_at: booking.starts_at,
    ends_at: booking.ends_at,
    date: calgaryDate.format(at),
    clock: calgaryClock.format(at),
    status: booking.status,
    stay: booking.stay,
    name: [row.fields.first_name, row.fields.last_name].filter(Boolean).join(" "),
    company: row.fields.company ?? "",
    phone: row.fields.day_phone ?? "",
    email: row.fields.email ?? "",
    units: booking.units,
  };
}

/** The bay hours a day opens, and those still free: its booking hours for every bay, less what is held. */
function dayCapacity(rules: Capacity, date: string, held: { bayId: string; startsAt: number; endsAt: number }[]) {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
  const closed = rules.closures.some((closure) => closure.from <= date && date <= closure.to);
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const segments = closed ? [] : (rules.week[names[weekday] as keyof Capacity["week"]] ?? []);
  const open =
    segments.reduce((sum, segment) => sum + minutes(segment.close) - minutes(segment.open), 0) * rules.bays.length;
  const used = held
    .filter((span) => calgaryDate.format(new Date(span.startsAt)) === date)
    .reduce((sum, span) => sum + (span.endsAt - span.startsAt) / 60_000, 0);
  return { date, openBayHours: open / 60, freeBayHours: Math.max(0, open - used) / 60 };
}

/** The service manager's days from `from` (Calgary): each day's bay hours, the bays, and every booking on them. */
export async function serviceDays(db: Queryable, rules: Capacity, from: string, days: number) {
  const start = new Date(`${from}T00:00:00Z`).getTime() - DAY_MS;
  const end = start + (days + 2) * DAY_MS;
  const rows = await db.query<{ lead_id: string; service_booking: BookingSnapshot; fields: Record<string, string> }>(
    `select b.lead_id, l.service_booking, l.fields from service_bookings b join leads l on l.id = b.lead_id
      where b.starts_at >= $1 and b.starts_at < $2 order by b.starts_at`,
    [new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(new Date(`${from}T12:00:00Z`).getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
  const held = await heldBays(db, start, end, rules.stepMinutes);
  return {
    from,
    days: dates.map((date) => dayCapacity(rules, date, held)),
    bays: rules.bays.map(({ id, name }) => ({ id, name })),
    bookings: rows.map(deskBooking).filter((booking) => dates.includes(booking.date)),
  };
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
