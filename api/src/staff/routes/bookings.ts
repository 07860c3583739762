import { dealershipToday } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { bookingRules } from "../../service-booking/booking-routes.js";
import { BookingLinkSpent, readBooking } from "../../service-booking/booking-store.js";
import {
  BookingRefused,
  capacityRefusal,
  freeTimesFor,
  serviceDays,
  setBookingStatus,
  staffMoveBooking,
} from "../../service-booking/staff-bookings.js";
import { LeadLedger } from "../lead-ledger.js";
import { refuse, type StaffContext } from "../staff-context.js";

/**
 * The service manager's bookings: the day or the week, a booking moved on (confirmed, arrived, no-show, ready,
 * cancelled) or moved to another free time, and what the department can book (a bay or kind with visits to come
 * stays). Every change is audited with it.
 */
export function registerBookingRoutes({ route, db, options, member, actor }: StaffContext) {
  const booking = () => {
    if (!options.serviceBooking) throw refuse(404, "Service bookings are not kept by this API");
    return options.serviceBooking;
  };
  const now = () => options.now?.() ?? Date.now();
  const ledger = new LeadLedger(db, options.now);

  route(STAFF_API.serviceDay, {}, async (request) => {
    const rules = await bookingRules(booking());
    return serviceDays(db, rules, request.query.from ?? dealershipToday(new Date(now())), request.query.days);
  });

  const asDesk = async (bookingId: string) => {
    const rules = await bookingRules(booking());
    const [day] = await db.query<{ starts_at: Date }>("select starts_at from service_bookings where id = $1", [
      bookingId,
    ]);
    const date = new Date(day?.starts_at ?? now()).toISOString().slice(0, 10);
    const { bookings } = await serviceDays(db, rules, date, 2);
    const found = bookings.find((entry) => entry.id === bookingId);
    if (!found) throw refuse(404, "No booking here");
    return { booking: found };
  };

  route(STAFF_API.bookingStatus, {}, async (request) => {
    const { status } = request.body;
    const changed = await setBookingStatus(db, request.params.id, status, actor(request)).catch((error: unknown) => {
      throw error instanceof BookingRefused ? refuse(409, error.message) : error;
    });
    // a booking confirmed with the customer is a lead answered: its speed to first contact is measured there
    if (status === "confirmed") await ledger.markContacted(changed.leadId, member(request));
    booking().onLeadStored?.();
    return asDesk(request.params.id);
  });

  route(STAFF_API.bookingFreeTimes, {}, async (request) => {
    const rules = await bookingRules(booking());
    const found = await readBooking(db, request.params.id);
    if (!found) throw refuse(404, "No booking here");
    const { booking: desk } = await asDesk(request.params.id);
    const times = await freeTimesFor(db, rules, found, now());
    return { booking: desk, times: times.map(({ startsAt, date, clock }) => ({ startsAt, date, clock })) };
  });

  route(STAFF_API.moveBooking, {}, async (request) => {
    const rules = await bookingRules(booking());
    const outcome = await staffMoveBooking(db, request.params.id, request.body.startsAt, actor(request), {
      rules,
      now: now(),
    }).catch((error: unknown) => {
      throw error instanceof BookingLinkSpent ? refuse(409, "This booking can no longer move") : error;
    });
    if (!("moved" in outcome)) throw refuse(409, "That time is no longer free: choose another");
    booking().onLeadStored?.();
    return asDesk(request.params.id);
  });

  route(STAFF_API.serviceCapacity, {}, async () => booking().capacity.get());

  route(STAFF_API.saveServiceCapacity, {}, async (request) => {
    const refusal = await capacityRefusal(db, await booking().capacity.get(), request.body, now());
    if (refusal) throw refuse(409, refusal);
    return booking().capacity.change(
      actor(request),
      { action: "service.capacity", subject: "service-capacity" },
      () => request.body,
    );
  });
}
