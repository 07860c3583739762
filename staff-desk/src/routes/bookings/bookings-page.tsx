import type { deskBookingSchema, serviceDaySchema } from "shared-types/schemas";
import type { z } from "zod/mini";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";

type ServiceDays = z.infer<typeof serviceDaySchema>;
type DeskBooking = z.infer<typeof deskBookingSchema>;

const STATUS_WORDS: Record<DeskBooking["status"], string> = {
  booked: "Booked",
  confirmed: "Confirmed",
  arrived: "Arrived",
  ready: "Ready for pick-up",
  "no-show": "No-show",
  cancelled: "Cancelled",
};

/** What the desk can do next with a booking, as it stands. */
const ACTIONS: Record<DeskBooking["status"], { status: string; label: string }[]> = {
  booked: [
    { status: "confirmed", label: "Confirm" },
    { status: "arrived", label: "Arrived" },
    { status: "no-show", label: "No-show" },
    { status: "cancelled", label: "Cancel" },
  ],
  confirmed: [
    { status: "arrived", label: "Arrived" },
    { status: "no-show", label: "No-show" },
    { status: "cancelled", label: "Cancel" },
  ],
  arrived: [{ status: "ready", label: "Ready: tell the customer" }],
  ready: [],
  "no-show": [],
  cancelled: [],
};

const dayName = new Intl.DateTimeFormat("en-CA", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const dayLabel = (date: string) => dayName.format(new Date(`${date}T12:00:00Z`));
const shift = (date: string, days: number) =>
  new Date(new Date(`${date}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

function BookingItem({ booking, bays }: { booking: DeskBooking; bays: Map<string, string> }) {
  const id = encodeURIComponent(booking.id);
  return (
    <li className="desk-lead desk-booking" data-booking-status={booking.status}>
      <p className="desk-booking__head">
        <strong>{booking.clock}</strong> {booking.name}
        {booking.company ? `, ${booking.company}` : ""} · {STATUS_WORDS[booking.status]} ·{" "}
        {booking.stay === "wait" ? "waits" : "drops off"} · {booking.reference}
      </p>
      <p>
        <a href={`tel:${booking.phone}`}>{booking.phone}</a> · <a href={`mailto:${booking.email}`}>{booking.email}</a>
      </p>
      <ul>
        {booking.units.map((unit, index) => (
          <li key={index}>
            {bays.get(unit.bay) ?? unit.bay}: {unit.kind_name}, {unit.year} {unit.make} {unit.model}
            {unit.unit_number ? `, unit ${unit.unit_number}` : ""}
            {unit.vin ? `, VIN ${unit.vin}` : ""}
            {unit.odometer_km !== null ? `, ${unit.odometer_km.toLocaleString("en-CA")} km` : ""}
          </li>
        ))}
      </ul>
      {ACTIONS[booking.status].length > 0 ? (
        <div className="desk-lead__actions">
          {booking.status === "booked" || booking.status === "confirmed" ? (
            <a className="desk-button" href={`/bookings/${id}/move`}>
              Move
            </a>
          ) : null}
          {ACTIONS[booking.status].map((action) => (
            <form key={action.status} method="post" action={`/bookings/${id}/status`}>
              <input type="hidden" name="status" value={action.status} />
              <button type="submit" className={action.status === "cancelled" ? "desk-button--quiet" : undefined}>
                {action.label}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The service manager's day (or week): each day's bay hours still free, and its bookings in time order with who,
 * what, which bay, and what can happen next (confirm, arrived, no-show, ready, cancel).
 */
export function BookingsPage({
  signedIn,
  days,
  week,
  notice,
}: {
  signedIn: SignedIn;
  days: ServiceDays;
  week: boolean;
  notice?: NoticeProps;
}) {
  const bays = new Map(days.bays.map((bay) => [bay.id, bay.name]));
  const span = week ? 7 : 1;
  const view = (from: string, asWeek = week) => `/bookings?from=${from}${asWeek ? "&view=week" : ""}`;
  return (
    <Layout title="Service bookings" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <nav className="desk-booking__nav" aria-label="Days">
        <a href={view(shift(days.from, -span))}>{week ? "Previous week" : "Previous day"}</a>
        <a href={view(shift(days.from, span))}>{week ? "Next week" : "Next day"}</a>
        <a href={view(days.from, !week)}>{week ? "This day only" : "The week"}</a>
        <a href="/bookings/capacity">Bays, services and hours</a>
      </nav>
      {days.days.map((day) => {
        const booked = days.bookings.filter((booking) => booking.date === day.date);
        return (
          <section key={day.date} className="desk-booking__day" aria-labelledby={`desk-day-${day.date}`}>
            <h2 id={`desk-day-${day.date}`}>{dayLabel(day.date)}</h2>
            <p className="desk-hint">
              {day.openBayHours === 0
                ? "Closed for bookings."
                : `${day.freeBayHours.toFixed(1)} of ${day.openBayHours.toFixed(1)} bay hours free.`}
            </p>
            {booked.length === 0 ? (
              <p>No bookings.</p>
            ) : (
              <ul className="desk-leads">
                {booked.map((booking) => (
                  <BookingItem key={booking.id} booking={booking} bays={bays} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </Layout>
  );
}

/** A booking's move: the free times for its vehicles' work, its own bays counting as free. */
export function MoveBookingPage({
  signedIn,
  booking,
  times,
  notice,
}: {
  signedIn: SignedIn;
  booking: DeskBooking;
  times: { startsAt: string; date: string; clock: string }[];
  notice?: NoticeProps;
}) {
  const days = [...new Set(times.map((time) => time.date))].slice(0, 10);
  return (
    <Layout title={`Move ${booking.reference}`} signedIn={signedIn}>
      <PageNotice notice={notice} />
      <p>
        {booking.name}, now {dayLabel(booking.date)} at {booking.clock}:{" "}
        {booking.units.map((unit) => unit.kind_name).join("; ")}. The customer is emailed the new time.
      </p>
      {times.length === 0 ? (
        <p>No other free time in the weeks the department books.</p>
      ) : (
        <form method="post" action={`/bookings/${encodeURIComponent(booking.id)}/move`} className="desk-form">
          {days.map((date) => (
            <fieldset key={date} className="desk-fieldset">
              <legend>{dayLabel(date)}</legend>
              <div className="desk-checks">
                {times
                  .filter((time) => time.date === date)
                  .map((time) => (
                    <label key={time.startsAt}>
                      <input type="radio" name="startsAt" value={time.startsAt} required /> {time.clock}
                    </label>
                  ))}
              </div>
            </fieldset>
          ))}
          <button type="submit">Move to this time</button>
        </form>
      )}
      <p>
        <a href={`/bookings?from=${booking.date}`}>Back to the day</a>
      </p>
    </Layout>
  );
}
