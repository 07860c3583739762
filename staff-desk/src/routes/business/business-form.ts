import { type BusinessDetails, type DayHours, DEPARTMENT_NAMES, DEPARTMENTS } from "shared-types";
import { openingSegmentSchema } from "shared-types/schemas";

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

/** A day as the desk writes it: "08:00-17:00", "08:00-12:00, 13:00-17:00", or a word such as "Closed". */
export const dayText = (day: DayHours) =>
  day.segments.length > 0 ? day.segments.map((s) => `${s.open}-${s.close}`).join(", ") : (day.text ?? "");

/**
 * What was typed for a day, read back: its opening times when each is one by shared-types' rule for them, or its
 * words; null when it is empty.
 */
export function parseDay(day: DayHours["day"], typed: string): DayHours | null {
  const text = typed.trim();
  if (!text) return null;
  const segments = text.split(",").map((part) => {
    const [open = "", close = ""] = part.replace(/\s+/g, "").split("-");
    return { open, close };
  });
  if (segments.every((segment) => openingSegmentSchema.safeParse(segment).success)) return { day, segments };
  return { day, segments: [], text };
}

/** A department's week as the form sent it; the reasons name the days left empty. */
export function weekFromForm(
  department: (typeof DEPARTMENTS)[number],
  current: readonly DayHours[],
  value: (name: string) => string,
): { week: DayHours[]; problems: string[] } {
  const problems: string[] = [];
  const week = current.map((day) => {
    const parsed = parseDay(day.day, value(`hours.${department}.${day.day}`));
    if (!parsed) {
      problems.push(
        `${DEPARTMENT_NAMES[department]} hours, ${day.day}: enter times such as 08:00-17:00, or a word such as Closed`,
      );
    }
    return parsed ?? { day: day.day, segments: [], text: "" };
  });
  return { week, problems };
}

/** A form's text field, trimmed ("" when it was not sent). */
export const formValue = (form: unknown) => (name: string) => {
  const value = (form as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The details with what the form sent: contacts, address, each department's week. */
export function withForm(current: BusinessDetails, form: unknown): { details: BusinessDetails; problems: string[] } {
  const value = formValue(form);
  const problems: string[] = [];
  const details: BusinessDetails = { ...current, address: { ...current.address }, hours: { ...current.hours } };
  for (const [name] of CONTACT_FIELDS) details[name] = value(name);
  for (const [name] of ADDRESS_FIELDS) details.address[name] = value(`address.${name}`);
  for (const department of DEPARTMENTS) {
    const { week, problems: missing } = weekFromForm(department, current.hours[department], value);
    details.hours[department] = week;
    problems.push(...missing);
  }
  return { details, problems };
}
