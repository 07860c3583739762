import { leadReference, paths } from "shared-types";
import type { MessageContext } from "../delivery/lead-messages.js";
import { bookingNoticeEmail } from "../emails/booking-notice.js";
import type { HtmlEmail } from "../emails/email-layout.js";
import type { ExportedLead } from "../leads/lead-export.js";
import type { BookingSnapshot } from "./booking-store.js";
import { bookingWhen, noticeOf, workInWords } from "./booking-words.js";
import { bookingInvite } from "./invite.js";

/** The dealership's street address on one line, as the emails and the invite give it. */
const addressLine = ({ address }: MessageContext["business"]) =>
  `${address.line1}, ${address.city}, ${address.province} ${address.postal_code}`;

export interface BookingMessage {
  email: HtmlEmail;
  /** The calendar invite, for every notice of the appointment's time (none once the vehicles are ready) */
  invite?: { method: "REQUEST" | "CANCEL"; content: string };
}

/**
 * The visitor's email of a booking lead's delivery, with the invite their calendar takes (the same event, moved or
 * removed as the booking changes) and the link to the booking's page (`link`: its current version's token).
 */
export function bookingMessage(
  lead: ExportedLead & { service_booking: BookingSnapshot },
  context: MessageContext,
  link: string,
): BookingMessage {
  const booking = lead.service_booking;
  const { business } = context;
  const notice = noticeOf(context.notice);
  const address = addressLine(business);
  const email = bookingNoticeEmail({
    notice,
    when: bookingWhen(booking.starts_at),
    work: workInWords(booking),
    stay: booking.stay,
    ...(booking.plan ? { plan: booking.plan } : {}),
    reference: leadReference(lead.id),
    ...(booking.status === "cancelled" ? {} : { link: `${context.siteUrl}${paths.serviceBooking(link)}` }),
    business: { name: business.name, phone: business.phone_service, address },
  });
  if (notice === "ready") return { email };
  const cancelled = notice === "cancelled";
  const content = bookingCalendar(lead, business, cancelled);
  return { email, invite: { method: cancelled ? "CANCEL" : "REQUEST", content } };
}

/** The booking as one calendar event (invite.ts): the visitor's, and the service desk's copy of it. */
export function bookingCalendar(
  lead: ExportedLead & { service_booking: BookingSnapshot },
  business: MessageContext["business"],
  cancelled = lead.service_booking.status === "cancelled",
): string {
  const booking = lead.service_booking;
  const address = addressLine(business);
  return bookingInvite(
    {
      id: booking.id,
      sequence: booking.version,
      startsAt: new Date(booking.starts_at),
      endsAt: new Date(booking.ends_at),
      summary: `Service appointment at ${business.name}`,
      description: `${workInWords(booking).join("; ")}. Reference ${leadReference(lead.id)}. Service: ${business.phone_service}.`,
      location: address,
      organizer: { name: `${business.name} Service`, email: `service@${business.domain}` },
      attendee: { name: "", email: lead.fields.email ?? "" },
      cancelled,
    },
    business.domain,
  );
}
