import { LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { TrailerEnquiryFormProps } from "../contracts/provides";
import { LEAD_MESSAGES, PREFILLED_MESSAGES } from "../copy";

/**
 * The trailer page's enquiry form (SPEC §2, §5): placeholders First Name, Last Name, Email, Phone Number; first
 * name and a well-formed email required; the stock number comes with it; its own thank-you text.
 */
export default function TrailerEnquiryForm({ stockNumber, name, manufacturer, vin }: TrailerEnquiryFormProps) {
  return (
    <LeadForm
      form="trailer-enquiry"
      heading="Ask about this trailer"
      placeholders
      inputs={[
        { name: "first_name", label: "First Name" },
        { name: "last_name", label: "Last Name" },
        { name: "email", label: "Email", type: "email" },
        { name: "day_phone", label: "Phone Number", type: "tel" },
        MESSAGE_INPUT,
      ]}
      hidden={{ stock_number: stockNumber, make: manufacturer, model: name, vin }}
      initialValues={{ message: PREFILLED_MESSAGES.trailer }}
      success={<p>{LEAD_MESSAGES.trailerSuccess}</p>}
      draftScope={stockNumber}
    />
  );
}
