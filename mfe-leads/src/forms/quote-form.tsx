import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { ModelRequestFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** /contact/quote/{id}: like the inquiry, but its last field is Additional Information (SPEC §2). */
export default function QuoteForm({ modelId, modelName }: ModelRequestFormProps) {
  return (
    <LeadForm
      form="quote"
      inputs={[...CONTACT_INPUTS, { ...MESSAGE_INPUT, label: "Additional Information" }]}
      hidden={{ model: modelName, customer_action: PREFILLED_MESSAGES.customerAction(modelName) }}
      initialValues={{ message: PREFILLED_MESSAGES.quote(modelName) }}
      draftScope={modelId}
      submitLabel="Request a Quote"
    />
  );
}
