import type { z } from "zod/mini";
import type { addressSchema, businessDetailsSchema, dayHoursSchema, openingSegmentSchema } from "./business.schema.js";

export type OpeningSegment = z.infer<typeof openingSegmentSchema>;

export type DayHours = z.infer<typeof dayHoursSchema>;

export type Address = z.infer<typeof addressSchema>;

export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export type Department = keyof BusinessDetails["hours"];

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
