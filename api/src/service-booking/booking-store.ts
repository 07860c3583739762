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
): Promise<BookingOutcome> {
  const bookingId = randomUUID();
  const leadId = randomUUID();
  let booking: BookingSnapshot | null = null;
  const claim = await bookTime(
    db,
    context.rules,
    request.units,
    { bookingId, startsAt: request.startsAt, now: context.now, days: context.rules.days },
    async (tx, time) => {
      booking = {
        id: bookingId,
        starts_at: time.startsAt,
        ends_at: visitEnd(context.rules, time, request.units),
        stay: request.stay,
        units: keptUnits(context.rules, request, time),
        status: "booked",
        version: 0,
      };
      await tx.query(
        `insert into service_bookings (id, lead_id, starts_at, ends_at, units, stay) values ($1, $2, $3, $4, $5, $6)`,
        [bookingId, leadId, booking.starts_at, booking.ends_at, JSON.stringify(booking.units), booking.stay],
      );
      await storeLead(tx, leadId, request, booking, context);
    },
  );
  if (!claim.taken) return claim;
  return { booked: true, booking: booking as unknown as BookingSnapshot, leadId };
}
