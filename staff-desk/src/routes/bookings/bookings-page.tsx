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

/** "3 h 30 min", "9 h", "30 min": a stretch of bay time as the service manager reads it. */
function hoursAndMinutes(minutes: number) {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** How much of the open bay time is still free ("3 h 30 min free of 9 h"), or that nothing can be booked. */
function timeLeft(bays: readonly { openMinutes: number; freeMinutes: number }[]) {
  const open = bays.reduce((sum, bay) => sum + bay.openMinutes, 0);
  const free = bays.reduce((sum, bay) => sum + bay.freeMinutes, 0);
  return open === 0 ? "Closed for bookings" : `${hoursAndMinutes(free)} free of ${hoursAndMinutes(open)}`;
}

/** A booking: who, when, the vehicles (only one bay's, in that bay's column), and what can happen next. */
function BookingItem({ booking, bays, bayId }: { booking: DeskBooking; bays: Map<string, string>; bayId?: string }) {
  const id = encodeURIComponent(booking.id);
  const units = booking.units.filter((unit) => bayId === undefined || unit.bay === bayId);
  const elsewhere = [...new Set(booking.units.map((unit) => unit.bay))].filter((bay) => bayId && bay !== bayId);
  return (
    <li className="desk-lead desk-booking" data-booking-status={booking.status}>
      <p className="desk-booking__head">
        <strong>{booking.clock}</strong> {booking.name}
        {booking.company ? `, ${booking.company}` : ""} · {STATUS_WORDS[booking.status]} ·{" "}
        {booking.stay === "wait" ? "waits" : "drops off"} · {booking.reference}
        {booking.plan ? ` · Plan: ${booking.plan}` : ""}
      </p>
      <p>
        <a href={`tel:${booking.phone}`}>{booking.phone}</a> · <a href={`mailto:${booking.email}`}>{booking.email}</a>
      </p>
      <ul>
        {units.map((unit, index) => (
          <li key={index}>
            {bayId ? "" : `${bays.get(unit.bay) ?? unit.bay}: `}
            {unit.kind_name}, {unit.year} {unit.make} {unit.model}
            {unit.unit_number ? `, unit ${unit.unit_number}` : ""}
            {unit.vin ? `, VIN ${unit.vin}` : ""}
            {unit.odometer_km !== null ? `, ${unit.odometer_km.toLocaleString("en-CA")} km` : ""}
          </li>
        ))}
      </ul>
      {elsewhere.length > 0 ? (
        <p className="desk-hint">
          The visit's other vehicles: {elsewhere.map((bay) => bays.get(bay) ?? bay).join(", ")}.
        </p>
      ) : null}
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

type Day = ServiceDays["days"][number];

/**
 * One day, bay by bay: a column per bay (stacked on a phone), its bookings by time and its time still free. A bay
 * removed since keeps a column on the days it had bookings.
 */
function BayGrid({ day, days, bays }: { day: Day; days: ServiceDays; bays: Map<string, string> }) {
  const booked = days.bookings.filter((booking) => booking.date === day.date);
  const removed = [...new Set(booked.flatMap((booking) => booking.units.map((unit) => unit.bay)))]
    .filter((id) => !day.bays.some((bay) => bay.id === id))
    .map((id) => ({ id, time: "No longer a bay" }));
  const columns = [...day.bays.map((bay) => ({ id: bay.id, time: timeLeft([bay]) })), ...removed];
  return (
    <div className="desk-bays">
      {columns.map((bay) => {
        const inBay = booked.filter((booking) => booking.units.some((unit) => unit.bay === bay.id));
        return (
          <section key={bay.id} className="desk-bay" aria-labelledby={`desk-bay-${bay.id}`}>
            <h3 id={`desk-bay-${bay.id}`}>{bays.get(bay.id) ?? bay.id}</h3>
            <p className="desk-hint">{bay.time}</p>
            {inBay.length === 0 ? (
              <p>No bookings.</p>
            ) : (
              <ul className="desk-leads">
                {inBay.map((booking) => (
                  <BookingItem key={booking.id} booking={booking} bays={bays} bayId={bay.id} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** One day of the week: its time still free in all, and its bookings in time order. */
function DayList({ day, days, bays }: { day: Day; days: ServiceDays; bays: Map<string, string> }) {
  const booked = days.bookings.filter((booking) => booking.date === day.date);
  return booked.length === 0 ? (
    <p>No bookings.</p>
  ) : (
    <ul className="desk-leads">
      {booked.map((booking) => (
        <BookingItem key={booking.id} booking={booking} bays={bays} />
      ))}
    </ul>
  );
}

/**
 * The service manager's day, bay by bay, or the week as a list: each day's bay time still free, and its bookings in
 * time order with who, what, which bay, and what can happen next (confirm, arrived, no-show, ready, cancel).
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
      {days.days.map((day) => (
        <section key={day.date} className="desk-booking__day" aria-labelledby={`desk-day-${day.date}`}>
          <h2 id={`desk-day-${day.date}`}>
            {week ? <a href={view(day.date, false)}>{dayLabel(day.date)}</a> : dayLabel(day.date)}
          </h2>
          <p className="desk-hint">All bays: {timeLeft(day.bays)}.</p>
          {week ? <DayList day={day} days={days} bays={bays} /> : <BayGrid day={day} days={days} bays={bays} />}
        </section>
      ))}
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
