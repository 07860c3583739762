import { randomUUID } from "node:crypto";
import { LEAD_DESTINATIONS, type ServiceBookingRequest } from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { type Channel, channelsFor, enqueueDeliveries } from "../delivery/outbox.js";
import { sourcePage } from "../leads/source-page.js";
import { bookTime, type Claim } from "./bay-claims.js";
import type { Capacity, FreeTime } from "./free-times.js";

/** A booked vehicle as kept: what the visitor said of it, the kind's name then, and the bay it holds. */
export interface KeptUnit {
  kind: string;
  kind_name: string;
  bay: string;
  year: number;
  make: string;
  model: string;
  vin: string;
  unit_number: string;
  odometer_km: number | null;
}

/** The appointment as its lead carries it to the CRM, the service desk and the visitor (leads.service_booking). */
export interface BookingSnapshot {
  id: string;
  starts_at: string;
  ends_at: string;
  stay: "wait" | "drop-off";
  units: KeptUnit[];
  status: BookingStatus;
  /** Moves on with each change the visitor makes: a link names the version it was sent with */
  version: number;
  /** The fleet's recurring plan that books it, and the plan in words ("Every 6 weeks") */
  plan_id?: string;
  plan?: string;
}

export const BOOKING_STATUSES = ["booked", "confirmed", "arrived", "ready", "no-show", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface BookingContext {
  rules: Capacity & { days: number };
  /** The lead channels this API delivers on (LEADS_* configuration) */
  channels: readonly Channel[];
  siteUrl: string;
  now: number;
}

export type BookingOutcome =
  | { booked: true; booking: BookingSnapshot; leadId: string }
  | Extract<Claim, { taken: false }>;

/** What else a booking does in its transaction: a recurring plan checks it is still due, and is kept or moved on. */
export interface BookingHooks {
  plan?: { id: string; words: string };
  before?(tx: Queryable): Promise<void>;
  after?(tx: Queryable, booking: BookingSnapshot): Promise<void>;
}

/** When the visit is over: the longest of its units' appointments after the start. */
function visitEnd(rules: Capacity, time: FreeTime, units: readonly { kind: string }[]): string {
  const minutes = Math.max(...units.map((unit) => rules.kinds.find((kind) => kind.id === unit.kind)?.minutes ?? 0));
  return new Date(new Date(time.startsAt).getTime() + minutes * 60_000).toISOString();
}

function keptUnits(rules: Capacity, request: ServiceBookingRequest, time: FreeTime): KeptUnit[] {
  return request.units.map((unit, index) => ({
    kind: unit.kind,
    kind_name: rules.kinds.find((kind) => kind.id === unit.kind)?.name ?? unit.kind,
    bay: time.bays[index] ?? "",
    year: unit.year,
    make: unit.make,
    model: unit.model,
    vin: unit.vin,
    unit_number: unit.unit_number,
    odometer_km: unit.odometer_km ?? null,
  }));
}

/**
 * The booking's lead, in the booking's transaction: the department's "service-booking" lead (the ledger, the CRM,
 * the service desk), with the appointment beside its fields; the visitor is sent the confirmation with the invite.
 */
async function storeLead(
  tx: Queryable,
  leadId: string,
  request: ServiceBookingRequest,
  booking: BookingSnapshot,
  context: BookingContext,
) {
  const { first_name, last_name, company, email, phone, comments, page } = request;
  // named as every lead's fields are (shared-types LEAD_FIELDS): the ledger, the desk and the export read them so
  const fields = { first_name, last_name, company, email, day_phone: phone, message: comments };
  await tx.query(
    `insert into leads (id, destination, form, fields, received_at, service_booking) values ($1, $2, $3, $4, $5, $6)`,
    [
      leadId,
      LEAD_DESTINATIONS.vehicleServiceRequest,
      "service-booking",
      JSON.stringify({ ...fields, "-url": sourcePage(page, context.siteUrl) }),
      `${new Date(context.now).toISOString().slice(0, 19)}Z`,
      JSON.stringify(booking),
    ],
  );
  const channels = channelsFor("service-booking", context.channels, request.email);
  // a booked time is confirmed to the visitor with its invite whenever the department is told of it
  const confirms = context.channels.includes("department-email") && !channels.includes("visitor-confirmation");
  await enqueueDeliveries(tx, leadId, confirms ? [...channels, "visitor-confirmation"] : channels);
}

/**
 * Books the visit at the time the visitor chose: the bays, the booking and its lead in one transaction. When the
 * time was taken meanwhile, nothing is kept and the next free time is answered.
 */
export async function createBooking(
  db: Database,
  request: ServiceBookingRequest,
  context: BookingContext,
  hooks: BookingHooks = {},
): Promise<BookingOutcome> {
  const bookingId = randomUUID();
  const leadId = randomUUID();
  let booking: BookingSnapshot | null = null;
  const claim = await bookTime(
    db,
    context.rules,
    { bookingId, startsAt: request.startsAt, now: context.now, days: context.rules.days },
    async (tx) => {
      await hooks.before?.(tx);
      return {
        units: request.units,
        store: async (time) => {
          booking = {
            id: bookingId,
            starts_at: time.startsAt,
            ends_at: visitEnd(context.rules, time, request.units),
            stay: request.stay,
            units: keptUnits(context.rules, request, time),
            status: "booked",
            version: 0,
            ...(hooks.plan ? { plan_id: hooks.plan.id, plan: hooks.plan.words } : {}),
          };
          await tx.query(
            `insert into service_bookings (id, lead_id, starts_at, ends_at, units, stay, plan_id)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              bookingId,
              leadId,
              booking.starts_at,
              booking.ends_at,
              JSON.stringify(booking.units),
              booking.stay,
              hooks.plan?.id ?? null,
            ],
          );
          await storeLead(tx, leadId, request, booking, context);
          await hooks.after?.(tx, booking);
        },
      };
    },
  );
  if (!claim.taken) return claim;
  return { booked: true, booking: booking as unknown as BookingSnapshot, leadId };
}

/** A booking's link that no longer works: another change came first, or the booking cannot change any more. */
export class BookingLinkSpent extends Error {}

/** The booking a link names, as it stands, or null when there is none. */
export async function readBooking(
  db: Queryable,
  bookingId: string,
): Promise<(BookingSnapshot & { lead_id: string }) | null> {
  const [row] = await db.query<{ lead_id: string; service_booking: BookingSnapshot }>(
    `select b.lead_id, l.service_booking from service_bookings b join leads l on l.id = b.lead_id where b.id = $1`,
    [bookingId],
  );
  return row ? { ...row.service_booking, lead_id: row.lead_id } : null;
}

/** Whether the visitor may still move or cancel it: booked or confirmed, and not begun. */
export const changeable = (booking: BookingSnapshot, now: number) =>
  (booking.status === "booked" || booking.status === "confirmed") && new Date(booking.starts_at).getTime() > now;

/** Writes a booking as it now stands to its row and to its lead's copy (what the emails and the CRM read). */
export async function saveBooking(tx: Queryable, leadId: string, booking: BookingSnapshot): Promise<void> {
  await tx.query(
    `update service_bookings set starts_at = $2, ends_at = $3, units = $4, status = $5, version = $6, updated_at = now()
      where id = $1`,
    [booking.id, booking.starts_at, booking.ends_at, JSON.stringify(booking.units), booking.status, booking.version],
  );
  await tx.query("update leads set service_booking = $2 where id = $1", [leadId, JSON.stringify(booking)]);
}

/**
 * The visitor cancels with the link of the booking's current version: the bays are let go, the version moves on
 * (the link is spent) and the visitor is sent the cancellation with its calendar's CANCEL.
 */
export async function cancelBooking(
  db: Database,
  link: { bookingId: string; version: number },
  now: number,
  alsoTell: readonly Channel[] = [],
) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query("select id from service_bookings where id = $1 for update", [link.bookingId]);
    const booking = locked ? await readBooking(tx, link.bookingId) : null;
    if (!booking || booking.version !== link.version || !changeable(booking, now)) throw new BookingLinkSpent();
    const { lead_id: leadId, ...kept } = booking;
    const cancelled: BookingSnapshot = { ...kept, status: "cancelled", version: booking.version + 1 };
    await tx.query("delete from service_bay_steps where booking_id = $1", [booking.id]);
    await saveBooking(tx, leadId, cancelled);
    await enqueueDeliveries(tx, leadId, ["visitor-confirmation", ...alsoTell], `cancelled:${cancelled.version}`);
    return cancelled;
  });
}

/**
 * Moves a booking to another free time: its bays are let go and the new time's taken in one transaction, the version
 * moves on (a visitor's link is spent) and the visitor is sent the moved invite; `onMoved` writes what else goes with
 * it (the desk's audit row). When the new time went meanwhile, nothing changes and the next free time is answered.
 */
export async function moveBookingBy(
  db: Database,
  bookingId: string,
  startsAt: string,
  context: Pick<BookingContext, "rules" | "now">,
  onMoved: (tx: Queryable, before: BookingSnapshot, after: BookingSnapshot) => Promise<void>,
  mayMove: (booking: BookingSnapshot) => boolean = (booking) => changeable(booking, context.now),
  alsoTell: readonly Channel[] = [],
): Promise<{ moved: BookingSnapshot } | Extract<Claim, { taken: false }>> {
  let moved: BookingSnapshot | null = null;
  const claim = await bookTime(
    db,
    context.rules,
    { bookingId, startsAt, now: context.now, days: context.rules.days },
    async (tx) => {
      await tx.query("select id from service_bookings where id = $1 for update", [bookingId]);
      const booking = await readBooking(tx, bookingId);
      if (!booking || !mayMove(booking)) throw new BookingLinkSpent();
      await tx.query("delete from service_bay_steps where booking_id = $1", [booking.id]);
      const { lead_id: leadId, ...before } = booking;
      return {
        units: booking.units,
        store: async (time: FreeTime) => {
          const after: BookingSnapshot = {
            ...before,
            starts_at: time.startsAt,
            ends_at: visitEnd(context.rules, time, booking.units),
            units: booking.units.map((unit, index) => ({ ...unit, bay: time.bays[index] ?? unit.bay })),
            version: booking.version + 1,
          };
          await saveBooking(tx, leadId, after);
          await enqueueDeliveries(tx, leadId, ["visitor-confirmation", ...alsoTell], `moved:${after.version}`);
          await onMoved(tx, before, after);
          moved = after;
        },
      };
    },
  );
  if (!claim.taken) return claim;
  return { moved: moved as unknown as BookingSnapshot };
}

/**
 * The visitor moves the booking with the link of its current version (moveBookingBy); `alsoTell` (the service
 * desk's email) hears of it with the updated invite.
 */
export function moveBooking(
  db: Database,
  link: { bookingId: string; version: number },
  startsAt: string,
  context: Pick<BookingContext, "rules" | "now">,
  alsoTell: readonly Channel[] = [],
) {
  return moveBookingBy(
    db,
    link.bookingId,
    startsAt,
    context,
    async () => undefined,
    (booking) => booking.version === link.version && changeable(booking, context.now),
    alsoTell,
  );
}

/** How long before a booking its reminder goes: the day before, about this time. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the day-before reminder of every booking still on that starts within REMINDER_BEFORE_MS (and has not begun),
 * once each (reminded_at, and the notice's own once-only delivery); answers how many were queued.
 */
export async function queueReminders(db: Database, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: string; lead_id: string }>(
      `update service_bookings set reminded_at = $1
        where reminded_at is null and status in ('booked', 'confirmed') and starts_at > $1 and starts_at <= $2
        returning id, lead_id`,
      [new Date(now).toISOString(), new Date(now + REMINDER_BEFORE_MS).toISOString()],
    );
    for (const booking of due) await enqueueDeliveries(tx, booking.lead_id, ["visitor-confirmation"], "reminder");
    return due.length;
  });
}
