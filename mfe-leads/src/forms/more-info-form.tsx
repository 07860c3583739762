import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { MoreInfoFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** /contact/more-info/{stock_number} for a vehicle or a trailer: nothing required (SPEC §5). */
export default function MoreInfoForm({ stockNumber }: MoreInfoFormProps) {
  return (
    <LeadForm
      form="more-info"
      inputs={[...CONTACT_INPUTS, MESSAGE_INPUT]}
      hidden={{ stock_number: stockNumber }}
      initialValues={{ message: PREFILLED_MESSAGES.vehicle }}
      draftScope={stockNumber}
    />
  );
}
