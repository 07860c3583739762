import type { FormOutcome, FormPost } from "remote-kit/protocol";
import { apiPaths, paths } from "shared-types";
import { serviceBookingRequestSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import { type ChangeAnswer, sendBookingChange } from "../api/booking-api";

/** Team service's forms: "service:booking" books; "service:booking-move:<token>" and "-cancel:<token>" change one. */
export const BOOKING_FORMS = { book: "booking", move: "booking-move", cancel: "booking-cancel" } as const;

const MESSAGES = {
  refused: "Please check the fields marked below.",
  failed: (phone: string) => `We couldn't book just now. Please try again in a moment, or call us at ${phone}.`,
  taken: (next: string) =>
    `That time was just taken. The next free time, ${next}, is chosen below: book it, or choose another.`,
  none: "That time was just taken, and no later time is free in the weeks we book: send us a request below and we will call.",
};

/** How many vehicles a booking form sent ("units.<n>.kind" for each). */
const unitCount = (fields: Record<string, string>) =>
  Object.keys(fields).filter((name) => /^units\.\d+\.kind$/.test(name)).length;

/** The booking as the API takes it, from the form's fields as typed. */
function bookingFrom(fields: Record<string, string>) {
  const unitField = (index: number, name: string) => fields[`units.${index}.${name}`] ?? "";
  return {
    startsAt: fields.startsAt ?? "",
    stay: fields.stay ?? "",
    first_name: fields.first_name ?? "",
    last_name: fields.last_name ?? "",
    company: fields.company ?? "",
    email: fields.email ?? "",
    phone: fields.phone ?? "",
    comments: fields.comments ?? "",
    units: Array.from({ length: unitCount(fields) }, (_, index) => ({
      kind: unitField(index, "kind"),
      year: unitField(index, "year"),
      make: unitField(index, "make"),
      model: unitField(index, "model"),
      vin: unitField(index, "vin"),
      unit_number: unitField(index, "unit_number"),
      ...(unitField(index, "odometer_km") ? { odometer_km: unitField(index, "odometer_km") } : {}),
    })),
  };
}

/** Each refused field's first reason, by its form name ("units.0.vin"). */
function reasonsOf(error: z.core.$ZodError): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const issue of error.issues) reasons[issue.path.map(String).join(".")] ??= issue.message;
  return reasons;
}

/** What the API's answer means for the visitor: their booking's page, or this page again and why. */
function outcomeOf(answer: ChangeAnswer, post: FormPost, id: string, done: string): FormOutcome {
  const again = (status: number, message: string, errors: Record<string, string> = {}, values = post.fields) =>
    ({ kind: "page", status, form: { id, values, errors, message } }) satisfies FormOutcome;
  if (answer.kind === "done" && answer.link)
    return { kind: "redirect", location: `${paths.serviceBooking(answer.link)}?done=${done}` };
  if (answer.kind === "taken") {
    if (!answer.next) return again(409, MESSAGES.none);
    const next = `${answer.next.date} at ${answer.next.clock}`;
    return again(409, MESSAGES.taken(next), {}, { ...post.fields, startsAt: answer.next.startsAt });
  }
  if (answer.kind === "refused") return again(answer.status, answer.message || MESSAGES.refused, answer.fields);
  return again(503, MESSAGES.failed(post.site.business.phone_service));
}

/**
 * Team service's booking forms sent without scripts: checked by the shared rules (each refusal by its field), sent to
 * the API with the visitor's address, and answered with the booking's page (303) or this page again with what was
 * typed and why, the next free time chosen when theirs was taken meanwhile.
 */
export async function submitBookingForm(post: FormPost, id: string): Promise<FormOutcome> {
  const [, kind = "", token = ""] = id.split(":");
  if (kind === BOOKING_FORMS.cancel) {
    const answer = await sendBookingChange(apiPaths.serviceBookingLink(token, "cancel"), {}, post.clientIp ?? "");
    return outcomeOf(answer, post, id, "cancelled");
  }
  if (kind === BOOKING_FORMS.move) {
    const body = { startsAt: post.fields.startsAt ?? "" };
    const answer = await sendBookingChange(apiPaths.serviceBookingLink(token, "move"), body, post.clientIp ?? "");
    return outcomeOf(answer, post, id, "moved");
  }
  const checked = z.safeParse(serviceBookingRequestSchema, { ...bookingFrom(post.fields), page: post.pageUrl });
  if (!checked.success) {
    return {
      kind: "page",
      status: 422,
      form: { id, values: post.fields, errors: reasonsOf(checked.error), message: MESSAGES.refused },
    };
  }
  const answer = await sendBookingChange(apiPaths.serviceBookings(), checked.data, post.clientIp ?? "");
  return outcomeOf(answer, post, id, "booked");
}
