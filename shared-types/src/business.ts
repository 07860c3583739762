import type { z } from "zod/mini";
import type { addressSchema, businessDetailsSchema, dayHoursSchema, openingSegmentSchema } from "./business.schema.js";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export type OpeningSegment = z.infer<typeof openingSegmentSchema>;

export type DayHours = z.infer<typeof dayHoursSchema>;

export type Address = z.infer<typeof addressSchema>;

export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export type Department = keyof BusinessDetails["hours"];

const weekdays = (open: string, close: string) =>
  WEEKDAYS.slice(0, 5).map((day) => ({ day, segments: [{ open, close }] }));

/**
 * The dealership's own details: the one source every package reads (the API serves it at /api/business-details,
 * the host server hands it to every page). A plain object, checked against the schema by the tests, so no page
 * pays for parsing it.
 */
export const BUSINESS_DETAILS: BusinessDetails = {
  name: "Summit Heavy Fleet",
  domain: "summitheavyfleet.ca",
  primary_email: "sales@summitheavyfleet.ca",
  phone_sales: "403-555-0140",
  phone_isuzu: "403-555-0177",
  phone_service: "403-555-0162",
  hours: {
    sales: [
      ...weekdays("08:00", "17:00"),
      { day: "Saturday", segments: [], text: "Closed" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    service: [
      ...weekdays("07:30", "16:30"),
      { day: "Saturday", segments: [], text: "By Appointment Only" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    parts: [
      ...weekdays("08:00", "18:00").slice(0, 4),
      { day: "Friday", segments: [{ open: "08:00", close: "17:30" }] },
      { day: "Saturday", segments: [{ open: "08:00", close: "15:00" }] },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
  },
  address: {
    recipient: "Summit Heavy Fleet",
    line1: "5440 76 Avenue SE",
    line2: "Calgary, AB T2C 4S3",
    street_number: "5440",
    street_name: "76 Avenue SE",
    city: "Calgary",
    province: "AB",
    country: "Canada",
    postal_code: "T2C 4S3",
  },
  geo: { latitude: 50.9866, longitude: -113.9631 },
};

/** "08:00" -> "8:00 AM", "17:30" -> "5:30 PM". */
export function formatClockTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** What a visitor reads for one day: "8:00 AM - 5:00 PM", "Closed", "By Appointment Only". */
export function formatDayHours(day: DayHours): string {
  if (day.segments.length === 0) return day.text ?? "Closed";
  return day.segments.map((s) => `${formatClockTime(s.open)} - ${formatClockTime(s.close)}`).join(", ");
}

/** "403-555-0140" -> "tel:+14035550140" */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
