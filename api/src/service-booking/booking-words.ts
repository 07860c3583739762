import type { BookingNotice } from "../emails/booking-notice.js";
import type { BookingSnapshot } from "./booking-store.js";
import { DEALERSHIP_ZONE } from "./free-times.js";

// A booking in the dealership's words, as its emails, its page and the service desk say it.

const calgaryWhen = new Intl.DateTimeFormat("en-CA", {
  timeZone: DEALERSHIP_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Tuesday, December 1, 2026 at 7:30 a.m.": a booking's time as Calgary reads it. */
export const bookingWhen = (iso: string) => calgaryWhen.format(new Date(iso));

/** The work of a visit in the dealership's words: each kind once, with how many vehicles. */
export function workInWords(booking: BookingSnapshot): string[] {
  const counts = new Map<string, number>();
  for (const unit of booking.units) counts.set(unit.kind_name, (counts.get(unit.kind_name) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count === 1 ? name : `${name} (${count} vehicles)`));
}

/** Which notice a booking's delivery is: "" the booking itself, else the notice it was queued as ("moved:2"). */
export const noticeOf = (notice = ""): BookingNotice =>
  (["moved", "cancelled", "reminder", "ready"].find((kind) => notice.startsWith(kind)) as BookingNotice) ?? "booked";
