import type { BusinessDetails, Closure, DayHours } from "shared-types";

export type { BusinessDetails, Closure };

export const DEPARTMENTS = ["sales", "service", "parts"] as const;
export const CONTACT_FIELDS = [
  ["phone_sales", "Sales phone"],
  ["phone_isuzu", "Isuzu sales phone"],
  ["phone_service", "Service phone"],
  ["primary_email", "Email"],
] as const;
export const ADDRESS_FIELDS = [
  ["recipient", "Name on the address"],
  ["line1", "Street address"],
  ["line2", "City, province and postal code (as shown)"],
  ["street_number", "Street number"],
  ["street_name", "Street name"],
  ["city", "City"],
  ["province", "Province"],
  ["postal_code", "Postal code"],
] as const;

const SEGMENT = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/** A day as the desk writes it: "08:00-17:00", "08:00-12:00, 13:00-17:00", or a word such as "Closed". */
export const dayText = (day: DayHours) =>
  day.segments.length > 0 ? day.segments.map((s) => `${s.open}-${s.close}`).join(", ") : (day.text ?? "");

/** What was typed for a day, read back: its opening times, or its words; null when it is empty. */
export function parseDay(day: DayHours["day"], typed: string): DayHours | null {
  const text = typed.trim();
  if (!text) return null;
  const parts = text.split(",").map((part) => part.replace(/\s+/g, ""));
  if (parts.every((part) => SEGMENT.test(part))) {
    return {
      day,
      segments: parts.map((part) => {
        const [open = "", close = ""] = part.split("-");
        return { open, close };
      }),
    };
  }
  return { day, segments: [], text };
}

/**
 * The details with what the form sent: contacts, address, each department's week. Every day is needed: the
 * reasons name the days left empty.
 */
export function withForm(
  current: BusinessDetails,
  form: Record<string, unknown>,
): { details: BusinessDetails; problems: string[] } {
  const value = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
  const problems: string[] = [];
  const details: BusinessDetails = { ...current, address: { ...current.address }, hours: { ...current.hours } };
  for (const [name] of CONTACT_FIELDS) details[name] = value(name);
  for (const [name] of ADDRESS_FIELDS) details.address[name] = value(`address.${name}`);
  for (const department of DEPARTMENTS) {
    details.hours[department] = current.hours[department].map((day) => {
      const parsed = parseDay(day.day, value(`hours.${department}.${day.day}`));
      if (!parsed)
        problems.push(`${department} hours, ${day.day}: enter times such as 08:00-17:00, or a word such as Closed`);
      return parsed ?? { day: day.day, segments: [], text: "" };
    });
  }
  return { details, problems };
}
