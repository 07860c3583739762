import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import type { ServiceBookingFormProps } from "../remote";

const HEADINGS = { service: "BOOK SERVICE APPOINTMENT", "body-shop": "BOOK ESTIMATE APPOINTMENT" } as const;

/**
 * The inline booking form of service and body-shop pages: nothing required (SPEC §5), its own two-line thank-you
 * (SPEC §4). The service the page is about travels with the lead.
 */
function ServiceBookingForm({ section, serviceTitle, placement = "" }: ServiceBookingFormProps) {
  return (
    <LeadForm
      form="service-booking"
      heading={HEADINGS[section]}
      hidden={{ customer_action: `${section === "body-shop" ? "Estimate" : "Service"} booking: ${serviceTitle}` }}
      initialValues={{ message: `I would like to book: ${serviceTitle}.` }}
      draftScope={`${section}:${serviceTitle}:${placement}`}
    />
  );
}

export default defineIsland("leads/service-booking-form", ServiceBookingForm, { hydrate: "form" });
