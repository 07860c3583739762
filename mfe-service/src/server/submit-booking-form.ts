import type { FormOutcome, FormPost } from "remote-kit/protocol";
import { apiPaths, paths } from "shared-types";
import { planReadingsSchema, serviceBookingRequestSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import { type ChangeAnswer, sendBookingChange } from "../api/booking-api";

/** Team service's forms: "service:booking" books; "service:booking-move:<token>" and "-cancel:<token>" change one. */
export const BOOKING_FORMS = {
  book: "booking",
  move: "booking-move",
  cancel: "booking-cancel",
  readings: "plan-readings",
  stopPlan: "plan-stop",
} as const;

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
    ...planFrom(fields),
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

/** The recurring plan chosen: by weeks or by distance, each with its own field ("plan_weeks", "plan_km"). */
function planFrom(fields: Record<string, string>) {
  if (fields.plan === "weeks") return { plan: { every: "weeks", weeks: fields.plan_weeks ?? "" } };
  if (fields.plan === "km") return { plan: { every: "km", km: (fields.plan_km ?? "").replace(/[\s,]/g, "") } };
  return {};
}

/** Each refused field's first reason, by its form name ("units.0.vin"; a plan's number by its own field). */
function reasonsOf(error: z.core.$ZodError): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path
      .map(String)
      .join(".")
      .replace(/^plan\.(weeks|km)$/, "plan_$1");
    reasons[name] ??= issue.message;
  }
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
  if (kind === BOOKING_FORMS.readings || kind === BOOKING_FORMS.stopPlan) return submitPlanForm(post, id, kind, token);
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

/** The odometer readings typed on a plan's page ("readings.<n>"), those left blank aside. */
const readingsFrom = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => ({ unit: Number(/^readings\.(\d)$/.exec(name)?.[1] ?? Number.NaN), odometer_km: value }))
    .filter((reading) => Number.isInteger(reading.unit) && reading.odometer_km.trim() !== "");

/** A fleet's plan: its readings (a vehicle due is booked at once) or its stop; back to the plan's page either way. */
async function submitPlanForm(post: FormPost, id: string, kind: string, token: string): Promise<FormOutcome> {
  const again = (status: number, message: string, errors: Record<string, string> = {}) =>
    ({ kind: "page", status, form: { id, values: post.fields, errors, message } }) satisfies FormOutcome;
  const page = (done: string) => ({ kind: "redirect", location: `${paths.servicePlan(token)}?done=${done}` }) as const;
  if (kind === BOOKING_FORMS.stopPlan) {
    const answer = await sendBookingChange(apiPaths.servicePlan(token, "stop"), {}, post.clientIp ?? "");
    return answer.kind === "done" ? page("stopped") : again(503, MESSAGES.failed(post.site.business.phone_service));
  }
  const readings = readingsFrom(post.fields);
  const checked = z.safeParse(planReadingsSchema, { readings });
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const reading = readings[Number(issue.path[1])];
      if (reading) errors[`readings.${reading.unit}`] ??= issue.message;
    }
    return again(422, checked.error.issues[0]?.message ?? MESSAGES.refused, errors);
  }
  const answer = await sendBookingChange(apiPaths.servicePlan(token, "readings"), checked.data, post.clientIp ?? "");
  if (answer.kind === "done") return page(answer.body.booked ? "booked" : "readings");
  if (answer.kind === "refused") return again(answer.status, answer.message || MESSAGES.refused, answer.fields);
  return again(503, MESSAGES.failed(post.site.business.phone_service));
}
