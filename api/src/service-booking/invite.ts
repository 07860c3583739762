import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** What a booking's calendar invite says. */
export interface InviteBooking {
  id: string;
  /** Each change (a new time, a cancellation) is a new version of the same event: calendars replace the old one. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  cancelled?: boolean;
}

/**
 * The booking as an iCalendar invite (RFC 5545, sent as RFC 5546's REQUEST, or CANCEL once cancelled): one event
 * whose UID is the booking's, so a calendar that took the invite moves or removes that event. Times are in UTC,
 * which every calendar shows in its own zone: Calgary's clock needs no time zone definition of ours.
 */
export function bookingInvite(booking: InviteBooking, domain: string): string {
  const calendar = ical({
    prodId: { company: booking.organizer.name, product: "Service booking", language: "EN" },
    method: booking.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${booking.id}@${domain}`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: booking.summary,
    description: booking.description,
    location: booking.location,
    organizer: booking.organizer,
    attendees: [
      { email: booking.attendee.email, ...(booking.attendee.name ? { name: booking.attendee.name } : {}), rsvp: false },
    ],
    status: booking.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
