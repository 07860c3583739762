import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingInvite, type InviteBooking } from "../src/service-booking/invite.js";

const BOOKING: InviteBooking = {
  id: "0b7c6a1e-booking",
  sequence: 0,
  startsAt: new Date("2026-12-01T14:30:00Z"),
  endsAt: new Date("2026-12-01T17:30:00Z"),
  summary: "Commercial Vehicle Inspection at Summit Heavy Fleet",
  description: "Unit 12, 2021 Isuzu NPR-HD; you wait. Bring the unit's registration; the inspection takes 3 hours.",
  location: "5440 76 Avenue SE, Calgary, AB T2C 4S3",
  organizer: { name: "Summit Heavy Fleet Service", email: "service@summitheavyfleet.ca" },
  attendee: { name: "Dana O'Neil; Fleet, Inc.", email: "dana@example.com" },
};

/** The invite as a calendar reads it: parsed by Mozilla's iCalendar library (ical.js). */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  return { calendar, event };
}

describe("a booking's calendar invite", () => {
  it("is one event a calendar reads: its time, place, organiser and attendee, asked for as an invitation", () => {
    const { calendar, event } = parsed(bookingInvite(BOOKING, "summitheavyfleet.ca"));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe("0b7c6a1e-booking@summitheavyfleet.ca");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-01T17:30:00.000Z");
    expect(event.summary).toBe(BOOKING.summary);
    expect(event.description).toBe(BOOKING.description);
    expect(event.location).toBe(BOOKING.location);
    expect(event.organizer.toLowerCase()).toBe("mailto:service@summitheavyfleet.ca");
    expect(String(event.attendees[0]?.getFirstValue()).toLowerCase()).toBe("mailto:dana@example.com");
    expect(event.attendees[0]?.getParameter("cn")).toBe("Dana O'Neil; Fleet, Inc.");
  });

  it("moves or removes the same event: a later sequence, and CANCEL once cancelled", () => {
    const moved = parsed(
      bookingInvite({ ...BOOKING, sequence: 1, startsAt: new Date("2026-12-02T15:00:00Z") }, "x.ca"),
    );
    expect(moved.event.sequence).toBe(1);
    const cancelled = parsed(bookingInvite({ ...BOOKING, sequence: 2, cancelled: true }, "x.ca"));
    expect(cancelled.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.event.uid).toBe(moved.event.uid);
  });

  it("folds long lines at 75 octets and ends each with CRLF, as RFC 5545 asks", () => {
    const text = bookingInvite({ ...BOOKING, description: "x".repeat(300) }, "x.ca");
    const lines = text.split("\r\n");
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n/);
  });
});
