import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { ModelRequestFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** /contact/inquiry/{id}: no validation; carries the model and the hidden customer action (SPEC §3, §5). */
export default function InquiryForm({ modelId, modelName }: ModelRequestFormProps) {
  return (
    <LeadForm
      form="inquiry"
      inputs={[...CONTACT_INPUTS, MESSAGE_INPUT]}
      hidden={{ model: modelName, customer_action: PREFILLED_MESSAGES.customerAction(modelName) }}
      initialValues={{ message: PREFILLED_MESSAGES.inquiry(modelName) }}
      draftScope={modelId}
    />
  );
}
