import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { TrailerEnquiryFormProps } from "../remote";

/**
 * The trailer page's enquiry form (SPEC §2, §5): placeholders First Name, Last Name, Email, Phone Number; first
 * name and a well-formed email required; the stock number comes with it; its own thank-you text.
 */
function TrailerEnquiryForm({ stockNumber, name, manufacturer, vin }: TrailerEnquiryFormProps) {
  return (
    <LeadForm
      form="trailer-enquiry"
      hidden={{ stock_number: stockNumber, make: manufacturer, model: name, vin }}
      initialValues={{ message: PREFILLED_MESSAGES.trailer }}
      draftScope={stockNumber}
    />
  );
}

export default defineIsland("leads/trailer-enquiry-form", TrailerEnquiryForm, { hydrate: "form" });
