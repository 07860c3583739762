import type { z } from "zod/mini";
import type {
  addressSchema,
  businessDetailsSchema,
  closureSchema,
  dayHoursSchema,
  openingSegmentSchema,
  siteNoticeSchema,
} from "./business.schema.js";
import { DEPARTMENT_NAMES } from "./enumerations.js";

export type OpeningSegment = z.infer<typeof openingSegmentSchema>;

export type DayHours = z.infer<typeof dayHoursSchema>;

export type Address = z.infer<typeof addressSchema>;

export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export type Department = keyof BusinessDetails["hours"];

export type Closure = z.infer<typeof closureSchema>;

export type SiteNotice = z.infer<typeof siteNoticeSchema>;

/** The site's notice when it is shown on a day (Calgary's "YYYY-MM-DD"), or null. */
export function noticeOn(notice: SiteNotice | null | undefined, today: string): SiteNotice | null {
  if (!notice) return null;
  if (notice.from && notice.from > today) return null;
  if (notice.to && notice.to < today) return null;
  return notice;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "2026-12-25" -> "Friday, December 25" */
export function formatCalendarDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const weekday = DAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, ${MONTHS[month - 1]} ${day}`;
}

/** Calgary's calendar: made once (making an Intl formatter costs far more than using one, and pages ask often). */
let calgaryDay: Intl.DateTimeFormat | undefined;

/** Today in Calgary, "YYYY-MM-DD": the day the dealership's closures are counted in. */
export function dealershipToday(now: Date = new Date()): string {
  calgaryDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Edmonton" });
  return calgaryDay.format(now);
}

/** Calgary's clock, made once as its calendar is. */
let calgaryMoment: Intl.DateTimeFormat | undefined;

/**
 * A moment in the dealership's own time, "Nov 25, 2026, 8:00 a.m." (Calgary): how staff read every time, on the desk
 * and in their emails, whatever form it was stored in; "" for none. A raw UTC timestamp would put the evening's leads
 * on the next day.
 */
export function formatDealershipTime(moment: string | Date | null | undefined): string {
  if (!moment) return "";
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return String(moment);
  calgaryMoment ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Edmonton",
    dateStyle: "medium",
    timeStyle: "short",
  });
  return calgaryMoment.format(date);
}

/** How long until the next day begins in Calgary (a closure's notice starts and ends then). */
export function msToDealershipMidnight(now: Date = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Edmonton",
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const elapsed =
    (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000 + now.getUTCMilliseconds();
  return 24 * 60 * 60 * 1000 - elapsed;
}

/** The closures not over yet (ending today or later), soonest first. */
export function closuresAhead(closures: readonly Closure[] | undefined, today: string): Closure[] {
  return (closures ?? []).filter((closure) => closure.to >= today).sort((a, b) => a.from.localeCompare(b.from));
}

/** "Sales", "Sales and Service", "Sales, Service and Parts" */
export function departmentsText(departments: readonly Department[]): string {
  const names = departments.map((department) => DEPARTMENT_NAMES[department]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "Closed Friday, December 25 to Saturday, December 26 (Sales, Service and Parts): Christmas" */
export function formatClosure(closure: Closure): string {
  const days =
    closure.from === closure.to
      ? formatCalendarDate(closure.from)
      : `${formatCalendarDate(closure.from)} to ${formatCalendarDate(closure.to)}`;
  return `Closed ${days} (${departmentsText(closure.departments)}): ${closure.note}`;
}

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
