import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { ServiceBookingFormProps } from "../contracts/provides";
import { LEAD_MESSAGES } from "../copy";

const HEADINGS = { service: "BOOK SERVICE APPOINTMENT", "body-shop": "BOOK ESTIMATE APPOINTMENT" } as const;

/**
 * The inline booking form of service and body-shop pages: nothing required (SPEC §5), its own two-line thank-you
 * (SPEC §4). The service the page is about travels with the lead.
 */
export default function ServiceBookingForm({ section, serviceTitle, placement = "" }: ServiceBookingFormProps) {
  return (
    <LeadForm
      form="service-booking"
      heading={HEADINGS[section]}
      inputs={[
        ...CONTACT_INPUTS,
        { name: "v_make", label: "Vehicle Make" },
        { name: "v_model", label: "Vehicle Model" },
        { ...MESSAGE_INPUT, label: "How can we help?" },
      ]}
      hidden={{ customer_action: `${section === "body-shop" ? "Estimate" : "Service"} booking: ${serviceTitle}` }}
      initialValues={{ message: `I would like to book: ${serviceTitle}.` }}
      success={
        <>
          <p className="leads-form__success-heading">{LEAD_MESSAGES.serviceBookingSuccess.heading}</p>
          <p>{LEAD_MESSAGES.serviceBookingSuccess.text}</p>
        </>
      }
      draftScope={`${section}:${serviceTitle}:${placement}`}
      submitLabel="Book Appointment"
    />
  );
}
